import type { LexerOptions } from './lexer';
import {
  closingParenthesis,
  isMark,
  isWord,
  statementTokens,
  type SqlToken,
} from './statement-tokens';

/** What a masked literal becomes. */
export const MASK = "'***'";

/** Parts of every keyword that starts a masking rule (in upper case, as tokens are compared). */
const TRIGGER_WORDS = ['IDENTIFIED', 'PASSWORD', 'REPLACE'];

/**
 * SQL text fit for the query history: the literal of every password in it replaced by `'***'`.
 * Works on tokens, so quotes and comments cannot fool it (a `'IDENTIFIED BY x'` string is left
 * alone, an `IDENTIFIED /* c *\/ BY 'x'` is masked, so is one inside an executable comment).
 * Masked, after optional `_charset` introducers, with any adjacent literal the server would
 * concatenate (`'a' 'b'`), unterminated ones to the end of the text:
 * - after IDENTIFIED: the literal after `BY`, `AS`, `USING` (`IDENTIFIED BY 'x'`, `IDENTIFIED
 *   WITH plugin BY 'x'` / `AS 'hash'`, `BY PASSWORD 'hash'`, MariaDB `IDENTIFIED VIA plugin
 *   USING 'x'`), and `REPLACE 'current'`;
 * - `PASSWORD('x')` and `OLD_PASSWORD('x')`;
 * - `SET PASSWORD [FOR user] = 'x'`, `PASSWORD = 'x'` / `PASSWORD 'x'` (START REPLICA, START
 *   GROUP_REPLICATION, CREATE SERVER ... OPTIONS), `SOURCE_PASSWORD = 'x'`,
 *   `MASTER_PASSWORD = 'x'`.
 * The lexer options must match how the statement was run; with NO_BACKSLASH_ESCAPES text read
 * with backslash escapes is masked too much, never too little.
 */
export function maskSecrets(sql: string, options: LexerOptions = {}): string {
  // Every rule below starts at a word containing one of these: most text (a long INSERT) is
  // then returned without the cost of tokenizing it.
  const upper = sql.toUpperCase();
  if (!TRIGGER_WORDS.some((word) => upper.includes(word))) return sql;
  const tokens = statementTokens(sql, options);
  const masked = new Set<number>();
  let identified = false;

  /** Masks the literal at `i` (after an optional introducer) and adjacent ones. */
  const maskLiteral = (i: number) => {
    let j = i;
    if (tokens[j]?.kind === 'word' && tokens[j]!.text.startsWith('_')) j++;
    const first = tokens[j];
    if (first?.kind === 'word' && /^0x/i.test(first.text)) {
      masked.add(j);
      return;
    }
    while (tokens[j]?.kind === 'string') masked.add(j++);
  };

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    if (isMark(token, ';')) {
      identified = false;
    } else if (token.kind !== 'word') {
      continue;
    } else if (token.upper === 'IDENTIFIED') {
      identified = true;
    } else if (identified && ['BY', 'AS', 'USING'].includes(token.upper)) {
      maskLiteral(i + 1);
    } else if (token.upper === 'REPLACE') {
      maskLiteral(i + 1);
    } else if (['PASSWORD', 'OLD_PASSWORD'].includes(token.upper) && isMark(next, '(')) {
      const close = closingParenthesis(tokens, i + 1);
      for (let j = i + 2; j < close; j++) if (tokens[j]!.kind === 'string') masked.add(j);
    } else if (['PASSWORD', 'SOURCE_PASSWORD', 'MASTER_PASSWORD'].includes(token.upper)) {
      const equals = isWord(next, 'FOR') ? assignmentAfter(tokens, i) : i + 1;
      maskLiteral(isMark(tokens[equals], '=') ? equals + 1 : i + 1);
    }
  }

  if (masked.size === 0) return sql;
  let result = '';
  let from = 0;
  for (const index of [...masked].sort((a, b) => a - b)) {
    const token = tokens[index]!;
    result += sql.slice(from, token.start) + MASK;
    from = token.end;
  }
  return result + sql.slice(from);
}

/** `SET PASSWORD FOR user = 'x'`: the index of the `=` after the account, or -1. */
function assignmentAfter(tokens: readonly SqlToken[], from: number): number {
  for (let i = from + 1; i < tokens.length && !isMark(tokens[i], ';'); i++) {
    if (isMark(tokens[i], '=')) return i;
  }
  return -1;
}
