import {
  isMark,
  isWord,
  statementAfterWith,
  statementTokens,
} from '../../../shared/sql/statement-tokens';

/** What plan-check needs to know of a statement before it explains it. */
export interface StatementAccess {
  /** The statement's first keyword (`WITH` for a CTE), upper case; '' when none. */
  keyword: string;
  /** Whether EXPLAIN takes it: SELECT, TABLE, INSERT, REPLACE, UPDATE, DELETE, also after WITH. */
  explainable: boolean;
  /**
   * Whether the server refuses to explain it in a read-only transaction: a write (also
   * `WITH ... DELETE`), or a locking read (`FOR UPDATE`, `FOR SHARE`, `LOCK IN SHARE MODE`),
   * which MariaDB refuses there even under EXPLAIN.
   */
  writes: boolean;
}

const READS = new Set(['SELECT', 'TABLE']);
const WRITES = new Set(['INSERT', 'REPLACE', 'UPDATE', 'DELETE']);

/** Reads a statement's keywords (comments, strings and quoted names are not words). */
export function statementAccess(sql: string): StatementAccess {
  const tokens = statementTokens(sql);
  let i = 0;
  while (isMark(tokens[i], '(')) i++;
  const first = tokens[i];
  const keyword = first?.kind === 'word' ? first.upper : '';
  if (keyword === 'WITH') i = statementAfterWith(tokens, i);
  const main = tokens[i]?.kind === 'word' ? tokens[i]!.upper : '';
  const locking = tokens.some(
    (t, k) =>
      (isWord(t, 'FOR') && (isWord(tokens[k + 1], 'UPDATE') || isWord(tokens[k + 1], 'SHARE'))) ||
      (isWord(t, 'LOCK') && isWord(tokens[k + 1], 'IN') && isWord(tokens[k + 2], 'SHARE')),
  );
  return {
    keyword,
    explainable: READS.has(main) || WRITES.has(main),
    writes: WRITES.has(main) || locking,
  };
}
