import { describe, expect, it } from 'vitest';
import { splitStatements } from '../../../src/shared/sql/split-statements';
import { statementAt } from '../../../src/shared/sql/statement-at';

const script = '-- header\nSELECT 1;  \n\n-- about two\nSELECT 2\n  FROM t;\nSELECT 3';
const statements = splitStatements(script);
/** The text of the statement run for a cursor just before `marker`'s n-th occurrence. */
const runAt = (offset: number) => statementAt(statements, offset)?.text;

describe('statementAt', () => {
  it('takes the statement the cursor is in, or right at the end of', () => {
    const two = script.indexOf('SELECT 2');
    expect(runAt(two)).toBe('SELECT 2\n  FROM t');
    expect(runAt(two + 12)).toBe('SELECT 2\n  FROM t');
    expect(runAt(script.indexOf('t;') + 1)).toBe('SELECT 2\n  FROM t');
    expect(runAt(script.length)).toBe('SELECT 3');
  });

  it('takes the statement before when the cursor is between statements', () => {
    const afterOne = script.indexOf(';') + 1;
    expect(runAt(afterOne)).toBe('SELECT 1');
    expect(runAt(afterOne + 3)).toBe('SELECT 1');
    expect(runAt(script.indexOf('-- about two') + 5)).toBe('SELECT 1');
    expect(runAt(script.indexOf('SELECT 2') - 1)).toBe('SELECT 1');
  });

  it('takes the first statement for a cursor before it', () => {
    expect(runAt(0)).toBe('SELECT 1');
    expect(runAt(3)).toBe('SELECT 1');
  });

  it('finds nothing in a script without statements', () => {
    expect(statementAt([], 0)).toBeNull();
    expect(statementAt(splitStatements('-- nothing\n;'), 5)).toBeNull();
  });
});
