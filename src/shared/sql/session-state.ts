import type { LexerOptions } from './lexer';
import { isMark, isWord, statementTokens, type SqlToken } from './statement-tokens';

/**
 * What a statement can leave in its session beyond the connection's defaults, which a new
 * connection would not have: the current schema (USE), session and user variables (SET, `@v :=`,
 * `INTO @v`), temporary tables, locks held by the session (LOCK TABLES, GET_LOCK(), FLUSH TABLES
 * WITH READ LOCK, LOCK INSTANCE FOR BACKUP), prepared statements and open HANDLERs, and
 * `code`: CALL, DO and EXECUTE, whose effect on the session cannot be seen here. Transactions are
 * not among them: the server's status flags say whether one is open.
 */
export type SessionStateKind = 'schema' | 'variables' | 'temporary' | 'locks' | 'prepared' | 'code';

/** Every kind, in the order they are best told in. */
export const SESSION_STATE_KINDS: readonly SessionStateKind[] = [
  'schema',
  'variables',
  'temporary',
  'locks',
  'prepared',
  'code',
];

/** How much of a statement is lexed to find its first words. */
const HEAD_CHARS = 4096;

/** Functions whose call leaves a lock held by the session. */
const LOCK_FUNCTIONS = new Set(['GET_LOCK']);

/**
 * The kinds of session state running `text` (one statement, as splitStatements returns it) may
 * leave behind; empty for a statement that leaves none (a plain read, or a write whose
 * transaction the status flags follow). Errs towards naming a kind: an executable comment
 * (`/*!...*\/`) counts as `code`.
 */
export function sessionStateLeftBy(
  text: string,
  options: LexerOptions = {},
): Set<SessionStateKind> {
  // Run after every statement: a script's INSERTs can be megabytes each (lexing one costs
  // ~150 ms a MB), so its head is read from its start, and the whole only when it may assign
  // a variable or take a named lock somewhere.
  const long = text.length > HEAD_CHARS;
  let tokens = statementTokens(long ? text.slice(0, HEAD_CHARS) : text, options);
  const anywhere = /:=|\binto\s+@|get_lock\s*\(/i.test(text);
  if (long && (anywhere || tokens.every((t) => t.end >= HEAD_CHARS - 1))) {
    tokens = statementTokens(text, options);
  }
  const kinds = new Set<SessionStateKind>();
  let i = 0;
  while (isMark(tokens[i], '(')) i++;
  const head = tokens[i];
  if (!head) return kinds;
  if (head.kind === 'conditional-start') {
    kinds.add('code');
    return kinds;
  }
  const next = tokens[i + 1];
  switch (head.upper) {
    case 'USE':
      kinds.add('schema');
      break;
    case 'SET':
      // MariaDB's `SET STATEMENT var = x FOR stmt` sets it for that one statement.
      if (isWord(next, 'STATEMENT')) break;
      if (!isGlobalOnly(tokens.slice(i + 1))) kinds.add('variables');
      break;
    case 'CREATE':
      if (tokens.slice(i + 1, i + 4).some((t) => isWord(t, 'TEMPORARY'))) kinds.add('temporary');
      break;
    case 'LOCK':
      kinds.add('locks');
      break;
    case 'FLUSH':
      if (tokens.some((t) => isWord(t, 'LOCK'))) kinds.add('locks');
      break;
    case 'PREPARE':
      kinds.add('prepared');
      break;
    case 'HANDLER':
      if (tokens.slice(i + 1).some((t) => isWord(t, 'OPEN'))) kinds.add('prepared');
      break;
    case 'CALL':
    case 'DO':
    case 'EXECUTE':
      kinds.add('code');
      break;
    case 'BEGIN':
      // MariaDB's `BEGIN NOT ATOMIC ... END` runs code; a plain BEGIN opens a transaction.
      if (isWord(next, 'NOT')) kinds.add('code');
      break;
  }
  if (!anywhere) return kinds;
  for (let k = i; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind === 'variable' && !t.text.startsWith('@@') && isAssignment(tokens, k)) {
      kinds.add('variables');
    } else if (t.kind === 'word' && LOCK_FUNCTIONS.has(t.upper) && isMark(tokens[k + 1], '(')) {
      kinds.add('locks');
    }
  }
  return kinds;
}

/** `@v := x`, `INTO @v`, `INTO @a, @b`: the user variable at `at` gets a value. */
function isAssignment(tokens: readonly SqlToken[], at: number): boolean {
  if (isMark(tokens[at + 1], ':=')) return true;
  for (let k = at - 1; k >= 0; k--) {
    const t = tokens[k]!;
    if (isWord(t, 'INTO')) return true;
    if (!(isMark(t, ',') || t.kind === 'variable')) return false;
  }
  return false;
}

/** SET whose every assignment is GLOBAL or PERSIST: nothing of it stays with the session. */
function isGlobalOnly(rest: readonly SqlToken[]): boolean {
  const first = rest[0];
  if (!first) return false;
  const scoped = (t: SqlToken | undefined) =>
    isWord(t, 'GLOBAL') ||
    isWord(t, 'PERSIST') ||
    isWord(t, 'PERSIST_ONLY') ||
    (t?.kind === 'variable' && /^@@(global|persist|persist_only)\./i.test(t.text));
  if (!scoped(first)) return false;
  // Each assignment after a top-level comma must be scoped as well.
  let depth = 0;
  for (let k = 0; k < rest.length; k++) {
    const t = rest[k]!;
    if (isMark(t, '(')) depth++;
    else if (isMark(t, ')')) depth--;
    else if (depth === 0 && isMark(t, ',') && !scoped(rest[k + 1])) return false;
  }
  return true;
}
