/**
 * What the history keeps of a statement and its error, with passwords taken out before anything
 * reaches disk.
 */
import type { SqlFlavor } from '../../shared/sql/lexer';
import { MASK, maskSecrets } from '../../shared/sql/mask-secrets';
import { statementTokens } from '../../shared/sql/statement-tokens';

/**
 * The history does not know which server a statement went to, and the two flavors read some
 * text differently (`/*M! ... *\/` is SQL on MariaDB and a comment on MySQL; `$$...$$` is a
 * string on MySQL only), so statements are masked as read by both: masking twice can only hide
 * more, never less.
 */
const FLAVORS: readonly SqlFlavor[] = ['mariadb', 'mysql'];

/** A syntax error quotes the statement from where parsing failed: `... near '<text>' at line 1`. */
const NEAR_FRAGMENT = /near '[\s\S]*' at line (\d+)/;

/** Secret texts shorter than this are not hunted for in messages: they would match too much. */
const MIN_SECRET_LENGTH = 4;

/** `sql` with every password literal masked (see maskSecrets), whichever server ran it. */
export function maskStatementForHistory(sql: string): string {
  return FLAVORS.reduce((text, flavor) => maskSecrets(text, { flavor }), sql);
}

/**
 * An error message safe to keep next to the masked statement. Servers echo the statement in
 * syntax errors (`near 'IDENTIFIED BY 'pw'' at line 1`), so when the statement had secrets the
 * echoed fragment is masked whole, and any masked literal quoted elsewhere in the message is too.
 * Messages of statements without secrets are kept as they are.
 */
export function maskErrorMessageForHistory(
  message: string,
  sql: string,
  maskedSql: string,
): string {
  if (maskedSql === sql) return message;
  let safe = message.replace(NEAR_FRAGMENT, `near ${MASK} at line $1`);
  for (const secret of maskedLiterals(sql, maskedSql)) safe = safe.split(secret).join(MASK);
  return safe;
}

/**
 * The literals of `sql` that masking removed (those no longer found in `maskedSql`), each as
 * written with its quotes and as the text inside them, longest first so a longer form is
 * replaced before a shorter one inside it.
 */
function maskedLiterals(sql: string, maskedSql: string): string[] {
  const found = new Set<string>();
  for (const flavor of FLAVORS) {
    for (const token of statementTokens(sql, { flavor })) {
      if (token.kind !== 'string' || maskedSql.includes(token.text)) continue;
      found.add(token.text);
      const quote = token.text.search(/['"$]/);
      const inner = token.unterminated
        ? token.text.slice(quote + 1)
        : token.text.slice(quote + 1, token.text.length - 1);
      if (inner.length >= MIN_SECRET_LENGTH) found.add(inner);
    }
  }
  return [...found].sort((a, b) => b.length - a.length);
}
