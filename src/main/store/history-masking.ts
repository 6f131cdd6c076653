/**
 * What the files Sightline writes keep of a statement and of the messages about it, with
 * passwords taken out before anything reaches disk.
 */
import {
  MASK,
  maskSecrets,
  maskSecretsForSession,
  possibleOptions,
  UNKNOWN_LEXING,
  type SessionLexing,
} from '../../shared/sql/mask-secrets';
import { statementTokens } from '../../shared/sql/statement-tokens';
import { decodeStringLiteral } from '../../shared/sql/string-literal';

/** A syntax error quotes the statement from where parsing failed: `... near '<text>' at line 1`. */
const NEAR_FRAGMENT = /near '[\s\S]*' at line (\d+)/;

/** Secret texts shorter than this are not hunted for in messages: they would match too much. */
const MIN_SECRET_LENGTH = 4;

/** Literals inside literals are looked into this deep, as masking does. */
const MAX_NESTING = 4;

/**
 * `sql` with every password literal masked (see maskSecrets). What is not known of how the
 * session reads SQL (the flavor, NO_BACKSLASH_ESCAPES, ANSI_QUOTES) is tried every way: masking
 * by several readings can only hide more, never less.
 */
export function maskStatementForHistory(
  sql: string,
  lexing: SessionLexing = UNKNOWN_LEXING,
): string {
  return maskSecretsForSession(sql, lexing);
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
  return hideSecretsOf(message.replace(NEAR_FRAGMENT, `near ${MASK} at line $1`), sql, maskedSql);
}

/**
 * `text` (a message, a plan document) with every secret that masking took out of `sql` replaced
 * by `***`: each as written, with its quotes and as the value inside them, also as it reads
 * inside a JSON string.
 */
export function hideSecretsOf(text: string, sql: string, maskedSql: string): string {
  if (maskedSql === sql) return text;
  let safe = text;
  for (const secret of maskedLiterals(sql, maskedSql, 0)) {
    for (const form of new Set([secret, JSON.stringify(secret).slice(1, -1)])) {
      safe = safe.split(form).join(MASK);
    }
  }
  return safe;
}

/**
 * The literals of `sql` that masking removed (those no longer found in `maskedSql`), each as
 * written with its quotes and as the text inside them, and the same for literals inside those,
 * longest first so a longer form is replaced before a shorter one inside it.
 */
function maskedLiterals(sql: string, maskedSql: string, depth: number): string[] {
  const found = new Set<string>();
  for (const options of possibleOptions(UNKNOWN_LEXING, sql)) {
    for (const token of statementTokens(sql, options)) {
      if (token.kind !== 'string' || maskedSql.includes(token.text)) continue;
      found.add(token.text);
      const inner = decodeStringLiteral(sql, token.start, token.end, options)?.text ?? '';
      if (inner.length >= MIN_SECRET_LENGTH) found.add(inner);
      if (depth < MAX_NESTING) {
        for (const nested of maskedLiterals(inner, maskSecrets(inner, options), depth + 1)) {
          found.add(nested);
        }
      }
    }
  }
  return [...found].sort((a, b) => b.length - a.length);
}
