import type { LexerOptions } from './lexer';
import { isWord, statementTokens, type SqlToken } from './statement-tokens';

/**
 * The session's default schema (what `DATABASE()` returns) after `sql` ran successfully, given
 * the one before, worked out from the text alone so that knowing it costs the server nothing:
 * - `USE db` makes `db` the default;
 * - `DROP DATABASE|SCHEMA [IF EXISTS] db` of the default one leaves none (null);
 * - anything else keeps it. `USE` is not allowed in stored routines or prepared statements, so
 *   only a statement of its own can switch the schema.
 * A reconnect resets the schema too; that is for the caller to notice.
 */
export function defaultSchemaAfter(
  sql: string,
  before: string | null,
  options: LexerOptions = {},
): string | null {
  // Executable-comment markers (`/*!40000 USE x *\/`) wrap SQL the server runs: look through them.
  const tokens = statementTokens(sql, options).filter(
    (t) => t.kind !== 'conditional-start' && t.kind !== 'conditional-end',
  );
  const first = tokens[0];
  if (isWord(first, 'USE')) return identifierName(tokens[1]) ?? before;
  if (isWord(first, 'DROP') && (isWord(tokens[1], 'DATABASE') || isWord(tokens[1], 'SCHEMA'))) {
    const at = isWord(tokens[2], 'IF') && isWord(tokens[3], 'EXISTS') ? 4 : 2;
    const dropped = identifierName(tokens[at]);
    return dropped !== null && dropped === before ? null : before;
  }
  return before;
}

/** The name an identifier token stands for: a bare word as written, a quoted one unquoted. */
function identifierName(token: SqlToken | undefined): string | null {
  if (token?.kind === 'word') return token.text;
  if (token?.kind === 'quoted-identifier' && !token.unterminated) {
    const quote = token.text[0]!;
    return token.text
      .slice(1, -1)
      .split(quote + quote)
      .join(quote);
  }
  return null;
}
