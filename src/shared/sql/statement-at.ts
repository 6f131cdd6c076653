import type { Statement } from './split-statements';

/**
 * The statement "run statement at cursor" runs, for a cursor at `offset` (between characters, as
 * in an editor): the statement whose text contains the cursor or ends right at it; a cursor
 * after a statement's delimiter, in the blank lines or comments before the next statement, takes
 * the statement before it (you typed `...;` and pressed run: the statement just finished is
 * meant, as in DataGrip); a cursor before the first statement takes the first. Null when there
 * is no statement. `statements` must be in script order, as splitStatements returns them.
 */
export function statementAt(statements: readonly Statement[], offset: number): Statement | null {
  let low = 0;
  let high = statements.length - 1;
  let found = -1;
  // The last statement that starts at or before the cursor.
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (statements[middle]!.start <= offset) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return statements[Math.max(found, 0)] ?? null;
}
