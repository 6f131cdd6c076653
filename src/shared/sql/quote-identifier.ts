/**
 * Quoting for SQL the app writes itself (previews of KILL, SET GTID_NEXT, ALTER ...): names in
 * backticks and values as string literals, valid whatever the session's ANSI_QUOTES setting.
 */

/**
 * A name in backticks, inner backticks doubled: `` a`b `` → `` `a``b` ``. Backticks work for
 * every name on both servers and under any sql_mode. Throws on names no server object can
 * have: empty, with a NUL, or with a character beyond the Basic Multilingual Plane (names are
 * stored as utf8mb3: MariaDB refuses `` `e😀` ``, MySQL 9.7 turns it into `` `e?` `` with a
 * mere warning - a DROP would hit another table).
 */
export function quoteIdentifier(name: string): string {
  if (name === '') throw new Error('an SQL name cannot be empty');
  if (name.includes('\0')) throw new Error('an SQL name cannot contain a NUL character');
  if (/[\uD800-\uDFFF]/.test(name)) {
    throw new Error('an SQL name cannot contain characters beyond the Basic Multilingual Plane');
  }
  return '`' + name.replaceAll('`', '``') + '`';
}

/**
 * A name in backticks for showing it (messages, copied text for the user to finish): the same as
 * {@link quoteIdentifier}, but a name no server object could have is still shown, not refused.
 */
export function displayIdentifier(name: string): string {
  return '`' + name.replaceAll('`', '``') + '`';
}

/** `` `schema`.`table` ``, or just `` `table` `` when there is no schema. */
export function qualifiedName(schema: string | null | undefined, name: string): string {
  const quoted = quoteIdentifier(name);
  return schema === null || schema === undefined || schema === ''
    ? quoted
    : `${quoteIdentifier(schema)}.${quoted}`;
}

export interface QuoteStringOptions {
  /**
   * The session's sql_mode has NO_BACKSLASH_ESCAPES (default false, the servers' default).
   * Read it from the session: with the wrong setting a value containing a backslash comes out
   * wrong - though never unterminated when this is false.
   */
  noBackslashEscapes?: boolean;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const ESCAPES: Record<string, string> = {
  '\0': '\\0',
  '\n': '\\n',
  '\r': '\\r',
  '\x1a': '\\Z',
  '\\': '\\\\',
  "'": "''",
};

/**
 * A single-quoted SQL string literal for `value`. Quotes are doubled (`''`), which both servers
 * read the same way in every sql_mode. With backslash escapes (the default) a backslash
 * becomes `\\` and NUL, newline, carriage return and Ctrl-Z become `\0`, `\n`, `\r`, `\Z`, so
 * the literal stays on one line and survives logs and terminals; with NO_BACKSLASH_ESCAPES
 * those characters are kept as they are (the only way to write them there). JavaScript strings
 * that are not well-formed UTF-16 (a lone surrogate) are refused: the driver would send them as
 * U+FFFD, not as the value given.
 */
export function quoteString(value: string, options: QuoteStringOptions = {}): string {
  if (LONE_SURROGATE.test(value)) {
    throw new Error('the value is not well-formed UTF-16 (it has a lone surrogate)');
  }
  if (options.noBackslashEscapes) return "'" + value.replaceAll("'", "''") + "'";
  let quoted = "'";
  for (const c of value) quoted += ESCAPES[c] ?? c;
  return quoted + "'";
}
