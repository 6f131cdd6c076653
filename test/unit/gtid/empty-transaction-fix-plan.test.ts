import { describe, expect, it } from 'vitest';
import {
  emptyTransactionFixPlan,
  FixPlanTooLargeError,
  requireGtidSet,
} from '../../../src/shared/gtid';

const U = '8a94f357-aab4-11df-86ab-c80aa9429562';

describe('emptyTransactionFixPlan', () => {
  it('writes one empty transaction per GTID, tags included, then AUTOMATIC', () => {
    const plan = emptyTransactionFixPlan(requireGtidSet(`${U}:1-2:ops:7`));
    expect(plan.transactions).toBe(3);
    expect(plan.statements).toEqual([
      `SET GTID_NEXT='${U}:1'`,
      'BEGIN',
      'COMMIT',
      `SET GTID_NEXT='${U}:2'`,
      'BEGIN',
      'COMMIT',
      `SET GTID_NEXT='${U}:ops:7'`,
      'BEGIN',
      'COMMIT',
      "SET GTID_NEXT='AUTOMATIC'",
    ]);
    expect(plan.script).toBe(
      [
        `SET GTID_NEXT='${U}:1'; BEGIN; COMMIT;`,
        `SET GTID_NEXT='${U}:2'; BEGIN; COMMIT;`,
        `SET GTID_NEXT='${U}:ops:7'; BEGIN; COMMIT;`,
        "SET GTID_NEXT='AUTOMATIC';",
        '',
      ].join('\n'),
    );
  });

  it('is empty for an empty set', () => {
    expect(emptyTransactionFixPlan(requireGtidSet(''))).toEqual({
      transactions: 0,
      statements: [],
      script: '',
    });
  });

  it('writes numbers past 2^53 exactly', () => {
    const plan = emptyTransactionFixPlan(requireGtidSet(`${U}:9223372036854775806`));
    expect(plan.statements[0]).toBe(`SET GTID_NEXT='${U}:9223372036854775806'`);
  });

  it('refuses to expand more than the limit (10,000 by default)', () => {
    expect(emptyTransactionFixPlan(requireGtidSet(`${U}:1-10000`)).transactions).toBe(10_000);
    expect(() => emptyTransactionFixPlan(requireGtidSet(`${U}:1-10001`))).toThrow(
      FixPlanTooLargeError,
    );
    expect(() =>
      emptyTransactionFixPlan(requireGtidSet(`${U}:1-9223372036854775806`), {
        maxTransactions: 5,
      }),
    ).toThrow(/9223372036854775806 transactions; a plan injects at most 5/);
  });

  it('refuses a tag MySQL stored from non-ASCII bytes, which no statement can name', () => {
    expect(() => emptyTransactionFixPlan(requireGtidSet(`${U}:aé:1`))).toThrow(/not ASCII/);
  });
});
