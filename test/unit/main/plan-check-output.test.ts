import { describe, expect, it } from 'vitest';
import { planCheckText } from '../../../src/main/cli/plan-check/plan-check-output';
import type { StatementOutcome } from '../../../src/main/cli/plan-check/statement-outcome';

const outcome = (status: StatementOutcome['status'], line: number): StatementOutcome => ({
  file: 'q.sql',
  line,
  statement: `SELECT ${line}`,
  status,
  changes: [],
  regressions: [],
});

describe('planCheckText', () => {
  it('counts one error as one error, several as errors', () => {
    const one = planCheckText([outcome('pass', 1), outcome('error', 2)])
      .trimEnd()
      .split('\n');
    expect(one.at(-1)).toBe(
      '2 statements: 1 passed, 0 failed, 0 new, 0 updated, 0 skipped, 1 error',
    );
    const two = planCheckText([outcome('error', 1), outcome('error', 2)])
      .trimEnd()
      .split('\n');
    expect(two.at(-1)).toBe(
      '2 statements: 0 passed, 0 failed, 0 new, 0 updated, 0 skipped, 2 errors',
    );
  });

  it('cuts a long statement to one line of 80 characters', () => {
    const long = { ...outcome('pass', 1), statement: `SELECT\n  ${'a, '.repeat(40)}b` };
    const first = planCheckText([long]).split('\n')[0]!;
    expect(first.startsWith('q.sql:1: PASS SELECT a, a,')).toBe(true);
    expect(first.slice('q.sql:1: PASS '.length)).toHaveLength(80);
    expect(first.endsWith('…')).toBe(true);
  });
});
