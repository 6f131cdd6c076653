import type { SqlFlavor } from '../../../shared/sql/lexer';
import { splitStatements } from '../../../shared/sql/split-statements';

/** Where the statement being typed lies in the editor's text. */
export interface StatementRegion {
  start: number;
  end: number;
}

/**
 * The statement the cursor is in: from just after the delimiter before it to the delimiter
 * after it (or the end). A cursor in the blank space after a delimiter is in the next
 * statement - what is typed there starts it.
 */
export function statementRegion(text: string, cursor: number, flavor: SqlFlavor): StatementRegion {
  let start = 0;
  for (const s of splitStatements(text, { flavor })) {
    if (s.delimiter === null) return { start, end: text.length };
    const delimiterAt = text.indexOf(s.delimiter, s.end);
    const after = delimiterAt + s.delimiter.length;
    if (delimiterAt === -1 || cursor <= delimiterAt) {
      return { start, end: delimiterAt === -1 ? text.length : delimiterAt };
    }
    start = after;
  }
  return { start, end: text.length };
}
