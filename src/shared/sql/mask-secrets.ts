import { isSignificant, tokenize, type LexerOptions, type SqlFlavor } from './lexer';
import { closingParenthesis, isMark, isWord, type SqlToken } from './statement-tokens';
import { decodeStringLiteral } from './string-literal';

/** What a masked literal becomes. */
export const MASK = "'***'";

/**
 * Parts of every word that starts a masking rule (in upper case, as tokens are compared). Text
 * without any of them has no secret, even inside its string literals.
 */
const TRIGGER_WORDS = [
  'IDENTIFIED',
  'PASSWORD',
  'REPLACE',
  'SECRET',
  'TOKEN',
  'KEYRING',
  'CRYPT',
  'ENCODE',
  'DECODE',
  'RDS_SET_EXTERNAL',
  'AZ_REPLICATION_CHANGE_MASTER',
  'SETUPEXTERNAL',
  'AUTHENTICATION_STRING',
];

/** Functions whose string arguments are secrets (or data a secret protects): all are masked. */
const SECRET_FUNCTIONS = new Set([
  'PASSWORD',
  'OLD_PASSWORD',
  'AES_ENCRYPT',
  'AES_DECRYPT',
  'DES_ENCRYPT',
  'DES_DECRYPT',
  'ENCRYPT',
  'ENCODE',
  'DECODE',
  'KEYRING_KEY_STORE',
]);

/**
 * Managed servers' procedures that point replication at a source, the replication password
 * among their arguments, where CHANGE REPLICATION SOURCE is not allowed: Amazon RDS and Aurora
 * `mysql.rds_set_external_master(host, port, user, 'pw', ...)` and every
 * `rds_set_external_source*` variant, Azure `mysql.az_replication_change_master*`, Cloud SQL
 * `mysql.setupExternalSource*`. Every string argument is masked, as for SECRET_FUNCTIONS.
 */
const SECRET_PROCEDURE = /^(?:RDS_SET_EXTERNAL_|AZ_REPLICATION_CHANGE_MASTER|SETUPEXTERNAL)/;

/**
 * Option and variable names whose value is a secret: `PASSWORD`, `SOURCE_PASSWORD`,
 * `MASTER_PASSWORD`, `keyring_encrypted_file_password`, `@@global.x_secret`, `@api_token`, any
 * `keyring_*` setting.
 */
const SECRET_NAME = /(?:PASSWORD|SECRET|TOKEN)$|^(?:@@(?:\w+\.)?)?KEYRING_|^AUTHENTICATION_STRING$/;

/**
 * A mysql_native_password hash as the server stores it (`*` and 40 hex digits): enough to
 * attack the password offline, and never anything else in practice, so masked wherever it is
 * a literal (`INSERT INTO mysql.user ... VALUES (..., '*2470...')`, `JSON_SET(priv, ...)`).
 */
const NATIVE_PASSWORD_HASH = /\*[0-9A-F]{40}/i;
const NATIVE_PASSWORD_HASH_LITERAL = /^['"]\*[0-9A-F]{40}['"]$/i;

/** Strings inside strings are read this deep (PREPARE of an EXECUTE IMMEDIATE of ...). */
const MAX_NESTING = 4;

/** One piece of a statement to replace: `[start, end)` of the text becomes `replacement`. */
export interface SecretEdit {
  start: number;
  end: number;
  replacement: string;
}

/**
 * How the server reads a session's SQL, as far as it is known: `null` is "unknown", and then
 * masking reads the text every way it could be read.
 */
export interface SessionLexing {
  flavor: SqlFlavor | null;
  noBackslashEscapes: boolean | null;
  ansiQuotes: boolean | null;
}

/** Nothing known: masking reads the text under both flavors and every sql_mode that matters. */
export const UNKNOWN_LEXING: SessionLexing = {
  flavor: null,
  noBackslashEscapes: null,
  ansiQuotes: null,
};

/**
 * SQL text fit to keep on disk: the literal of every password in it replaced by `'***'`, the
 * rest left readable. Works on tokens read with the session's real quoting rules (`options`),
 * so quotes and comments cannot fool it (a `'IDENTIFIED BY x'` string is left alone, an
 * `IDENTIFIED /* c *\/ BY 'x'` is masked, so is one inside an executable comment). Masked, after
 * optional `_charset` introducers, with any adjacent literal the server would concatenate
 * (`'a' 'b'`), unterminated ones to the end of the text:
 * - after IDENTIFIED: the literal after `BY`, `AS`, `USING` (`IDENTIFIED BY 'x'`, `IDENTIFIED
 *   WITH plugin BY 'x'` / `AS 'hash'`, `BY PASSWORD 'hash'`, MariaDB `IDENTIFIED VIA plugin
 *   USING 'x'`), and `REPLACE 'current'`;
 * - every string argument of `PASSWORD(...)`, `OLD_PASSWORD(...)`, `AES_ENCRYPT(...)` and the
 *   other functions taking a key (SECRET_FUNCTIONS), `keyring_key_store(...)`, and of the
 *   managed servers' replication set-up procedures (SECRET_PROCEDURE:
 *   `CALL mysql.rds_set_external_master(host, port, user, 'pw', ...)`);
 * - the value of an option or variable named for a secret (SECRET_NAME), after `=`, `:=` or
 *   nothing: `SET PASSWORD [FOR user] = 'x'`, `PASSWORD = 'x'` / `PASSWORD 'x'` (START
 *   REPLICA, START GROUP_REPLICATION, CREATE SERVER ... OPTIONS), `SOURCE_PASSWORD = 'x'`,
 *   `MASTER_PASSWORD = 'x'`, `SET GLOBAL keyring_encrypted_file_password = 'x'`, and a
 *   stored hash written by hand (`SET authentication_string = '...'`);
 * - a literal that is a mysql_native_password hash (`'*2470C0...'`, 40 hex digits), anywhere;
 * - inside any other string literal that itself holds such SQL (`PREPARE s FROM '...'`,
 *   `EXECUTE IMMEDIATE '...'`, `SET @s = '...'`), read as the server will read it and masked
 *   with the literal's own quoting (`'... IDENTIFIED BY ''***'''`). When a secret runs past the
 *   end of such a literal (`CONCAT('... BY ''', 'pw', '''')`), every later literal is masked.
 * A text that cannot be read with confidence (a string, quoted name or comment left open) has
 * every string literal masked, and the open one to the end.
 */
export function maskSecrets(sql: string, options: LexerOptions = {}): string {
  return applyEdits(sql, secretEdits(sql, options));
}

/**
 * maskSecrets for a session whose quoting rules are known only in part: the text is read every
 * way the unknown settings allow and whatever any reading calls a secret is masked, so a wrong
 * guess can hide too much, never too little.
 */
export function maskSecretsForSession(sql: string, lexing: SessionLexing = UNKNOWN_LEXING): string {
  if (!hasTriggerWord(sql)) return sql;
  const edits: SecretEdit[] = [];
  for (const options of possibleOptions(lexing, sql)) edits.push(...secretEdits(sql, options));
  return applyEdits(sql, edits);
}

/**
 * `text` with every string literal replaced by `'***'` as any reading `lexing` allows would
 * see it, and a literal, comment or name left open masked to the end: for text about a
 * statement with secrets whose literals cannot be told apart (a plan's printed conditions).
 */
export function maskAllStringLiterals(
  text: string,
  lexing: SessionLexing = UNKNOWN_LEXING,
): string {
  const edits: SecretEdit[] = [];
  for (const options of possibleOptions(lexing, text)) {
    for (const token of tokenize(text, options)) {
      if (token.kind === 'string')
        edits.push({ start: token.start, end: token.end, replacement: MASK });
      if (token.unterminated)
        edits.push({ start: token.start, end: text.length, replacement: MASK });
    }
  }
  return applyEdits(text, edits);
}

/** The pieces of `sql` that maskSecrets replaces, in order, not overlapping. */
export function secretEdits(sql: string, options: LexerOptions = {}): SecretEdit[] {
  return findEdits(sql, options, 0).edits;
}

interface Found {
  edits: SecretEdit[];
  /** A masked secret was left open at the end of the text: it goes on past it. */
  spills: boolean;
}

function findEdits(sql: string, options: LexerOptions, depth: number): Found {
  // Every rule starts at a word containing a trigger: most text (a long INSERT) is then
  // returned without the cost of tokenizing it.
  if (!hasTriggerWord(sql) && !NATIVE_PASSWORD_HASH.test(sql)) return { edits: [], spills: false };
  const all = tokenize(sql, options);
  // Only the last token can be left open: it runs to the end of the text.
  const last = all.at(-1);
  const tokens: SqlToken[] = [];
  for (const token of all) {
    if (!isSignificant(token)) continue;
    const text = sql.slice(token.start, token.end);
    // One object shape for all, and upper case only where rules compare keywords and names:
    // a long INSERT is mostly literals.
    const named = token.kind === 'word' || token.kind === 'variable';
    tokens.push({
      kind: token.kind,
      start: token.start,
      end: token.end,
      unterminated: token.unterminated ?? false,
      text,
      upper: named ? text.toUpperCase() : '',
    });
  }
  const masked = new Set<number>();
  const nested: SecretEdit[] = [];
  let spills = false;
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
    // A double-quoted password under ANSI_QUOTES is a name the server refuses, but the
    // statement is still kept with its error.
    while (tokens[j]?.kind === 'string' || tokens[j]?.kind === 'quoted-identifier') {
      masked.add(j++);
    }
  };

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    if (isMark(token, ';')) {
      identified = false;
    } else if (token.kind === 'string' && NATIVE_PASSWORD_HASH_LITERAL.test(token.text)) {
      masked.add(i);
    } else if (token.kind === 'word' && token.upper === 'IDENTIFIED') {
      identified = true;
    } else if (token.kind === 'word' && identified && ['BY', 'AS', 'USING'].includes(token.upper)) {
      maskLiteral(i + 1);
    } else if (token.kind === 'word' && token.upper === 'REPLACE') {
      maskLiteral(i + 1);
    } else if (
      ((token.kind === 'word' && SECRET_FUNCTIONS.has(token.upper)) || isSecretProcedure(token)) &&
      isMark(next, '(')
    ) {
      const close = closingParenthesis(tokens, i + 1);
      for (let j = i + 2; j <= close; j++) {
        if (tokens[j]!.kind === 'string') masked.add(j);
      }
    } else if (
      (token.kind === 'word' || token.kind === 'variable') &&
      SECRET_NAME.test(token.upper)
    ) {
      const assign = isWord(next, 'FOR') ? assignmentAfter(tokens, i) : i + 1;
      maskLiteral(isAssignment(tokens[assign]) ? assign + 1 : i + 1);
    }
  }

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'string' || masked.has(i) || depth >= MAX_NESTING) continue;
    // Only a literal whose value names a trigger can hold a secret (escapes aside:
    // `PASS\WORD` reads as PASSWORD), and most literals are then never decoded.
    if (!hasTriggerWord(token.text.replaceAll('\\', ''))) continue;
    const inner = nestedEdits(sql, token, options, depth);
    nested.push(...inner.edits);
    if (!inner.spills) continue;
    const end = statementEnd(tokens, i);
    for (let j = i + 1; j < end; j++) if (tokens[j]!.kind === 'string') masked.add(j);
  }

  for (const index of masked) {
    if (tokens[index]!.unterminated) spills = true;
  }
  // Only a whole statement is held to this: text inside a literal may not be SQL at all.
  const open = depth === 0 && last?.unterminated ? last : undefined;
  if (open) {
    for (let i = 0; i < tokens.length; i++) if (tokens[i]!.kind === 'string') masked.add(i);
  }
  const edits = [...masked].map((index) => ({
    start: tokens[index]!.start,
    end: tokens[index]!.end,
    replacement: MASK,
  }));
  // An open string, comment or name hides the rest of the text from the rules: it goes whole.
  if (open) edits.push({ start: open.start, end: sql.length, replacement: MASK });
  return { edits: mergeEdits([...edits, ...nested]), spills };
}

/**
 * Edits inside the string literal `token`, when its value is SQL with secrets: the value is
 * masked as text the server will parse with the same rules, and each edit mapped back onto the
 * literal as written.
 */
function nestedEdits(sql: string, token: SqlToken, options: LexerOptions, depth: number): Found {
  const decoded = decodeStringLiteral(sql, token.start, token.end, options);
  if (!decoded) return { edits: [], spills: false };
  const inner = findEdits(decoded.text, options, depth + 1);
  const edits = inner.edits
    .filter((edit) => edit.end > edit.start)
    .map((edit) => ({
      start: decoded.from[edit.start]!,
      end: decoded.to[edit.end - 1]!,
      replacement: decoded.encode(edit.replacement),
    }));
  // A secret left open in a literal that is itself closed goes on in whatever comes next.
  return { edits, spills: inner.spills && !token.unterminated };
}

/** The index of the `;` ending the statement that holds token `from`, or the token count. */
function statementEnd(tokens: readonly SqlToken[], from: number): number {
  for (let i = from; i < tokens.length; i++) if (isMark(tokens[i], ';')) return i;
  return tokens.length;
}

function isAssignment(token: SqlToken | undefined): boolean {
  return isMark(token, '=') || isMark(token, ':=');
}

/** `SET PASSWORD FOR user = 'x'`: the index of the `=` or `:=` after the account, or -1. */
function assignmentAfter(tokens: readonly SqlToken[], from: number): number {
  for (let i = from + 1; i < tokens.length && !isMark(tokens[i], ';'); i++) {
    if (isAssignment(tokens[i])) return i;
  }
  return -1;
}

/** A procedure name of SECRET_PROCEDURE: bare, or quoted (backticks, or ANSI_QUOTES `"`). */
function isSecretProcedure(token: SqlToken): boolean {
  if (token.kind === 'word') return SECRET_PROCEDURE.test(token.upper);
  if (token.kind !== 'quoted-identifier') return false;
  const quote = token.text[0]!;
  const name = token.text.slice(1, -1).replaceAll(quote + quote, quote);
  return SECRET_PROCEDURE.test(name.toUpperCase());
}

function hasTriggerWord(sql: string): boolean {
  const upper = sql.toUpperCase();
  return TRIGGER_WORDS.some((word) => upper.includes(word));
}

/**
 * Every set of lexer options `lexing` allows for `text` (all eight when nothing is known): a
 * setting that cannot change how `text` reads is fixed instead of tried both ways (ANSI_QUOTES
 * without a `"`, NO_BACKSLASH_ESCAPES without a backslash, the flavor without `/*M!` or `$`).
 */
export function possibleOptions(lexing: SessionLexing, text: string): LexerOptions[] {
  const either = <T>(value: T | null, values: T[], matters: boolean): T[] =>
    value !== null ? [value] : matters ? values : values.slice(0, 1);
  const flavors = either<SqlFlavor>(
    lexing.flavor,
    ['mysql', 'mariadb'],
    text.includes('$') || text.includes('/*M!'),
  );
  const escapes = either(lexing.noBackslashEscapes, [false, true], text.includes('\\'));
  const ansi = either(lexing.ansiQuotes, [false, true], text.includes('"'));
  const out: LexerOptions[] = [];
  for (const flavor of flavors) {
    for (const noBackslashEscapes of escapes) {
      for (const ansiQuotes of ansi) out.push({ flavor, noBackslashEscapes, ansiQuotes });
    }
  }
  return out;
}

/**
 * Edits sorted and made disjoint: overlapping ones (two readings of the text, or a literal and
 * an edit inside it) become one that masks all of them.
 */
function mergeEdits(edits: SecretEdit[]): SecretEdit[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: SecretEdit[] = [];
  for (const edit of sorted) {
    const last = out.at(-1);
    if (!last || edit.start >= last.end) out.push(edit);
    else if (edit.end > last.end)
      out[out.length - 1] = { ...last, end: edit.end, replacement: MASK };
    // Otherwise it lies within the last one, which hides it already.
  }
  return out;
}

function applyEdits(sql: string, edits: SecretEdit[]): string {
  if (edits.length === 0) return sql;
  let result = '';
  let from = 0;
  for (const edit of mergeEdits(edits)) {
    result += sql.slice(from, edit.start) + edit.replacement;
    from = edit.end;
  }
  return result + sql.slice(from);
}
