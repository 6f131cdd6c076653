import { isBuiltinFunction } from './builtin-functions';
import type { SqlFlavor } from './lexer';
import { closingParenthesis, isMark, isWord, type SqlToken } from './statement-tokens';

/** Something in an otherwise reading statement that makes it not read-only. */
export interface SideEffect {
  kind: 'write' | 'unknown';
  reason: string;
}

/** Built-in functions that change state other sessions can see, and what they do. */
const STATEFUL_BUILTINS: Record<string, string> = {
  nextval: 'NEXTVAL() advances a sequence, which ROLLBACK does not undo',
  setval: 'SETVAL() changes a sequence',
  get_lock: 'GET_LOCK() takes a named lock that other sessions wait for',
  release_lock: 'RELEASE_LOCK() releases a named lock',
  release_all_locks: 'RELEASE_ALL_LOCKS() releases named locks',
};

/** Names followed by `(` that are table functions, never stored-function calls. */
const TABLE_FUNCTIONS = new Set(['json_table']);

/**
 * The first thing in `tokens` that makes a reading statement not read-only, or null.
 * `executed` (the statement runs) looks for everything: `INTO OUTFILE`/`DUMPFILE` (writes a
 * file), locking reads, sequences, named locks and stored-function calls. `planned` (plain
 * EXPLAIN, which does not run the statement) looks only for stored-function calls, because the
 * optimizer may evaluate constant expressions while planning. A `write` finding wins over an
 * `unknown` one.
 */
export function findSideEffect(
  tokens: readonly SqlToken[],
  flavor: SqlFlavor | undefined,
  mode: 'executed' | 'planned',
): SideEffect | null {
  let unknown: SideEffect | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    if (mode === 'executed') {
      const write = writeAt(tokens, i);
      if (write) return { kind: 'write', reason: write };
    }
    if ((token.kind === 'word' || token.kind === 'quoted-identifier') && isMark(next, '(')) {
      const call = callAt(tokens, i, flavor);
      if (call === null) continue;
      const stateful = call.builtin ? STATEFUL_BUILTINS[call.name] : undefined;
      if (stateful !== undefined && mode === 'executed') return { kind: 'write', reason: stateful };
      if (!call.builtin) {
        unknown ??= {
          kind: 'unknown',
          reason: `calls ${call.name}(), which is not a built-in function: a stored function can change data`,
        };
      }
    }
  }
  return unknown;
}

/** The reason the clause at `i` writes or locks, or null. */
function writeAt(tokens: readonly SqlToken[], i: number): string | null {
  const token = tokens[i];
  const next = tokens[i + 1];
  if (isWord(token, 'INTO') && (isWord(next, 'OUTFILE') || isWord(next, 'DUMPFILE'))) {
    return `INTO ${next!.upper} writes a file on the server host`;
  }
  const locking =
    (isWord(token, 'FOR') && (isWord(next, 'UPDATE') || isWord(next, 'SHARE'))) ||
    (isWord(token, 'LOCK') && isWord(next, 'IN') && isWord(tokens[i + 2], 'SHARE'));
  if (locking) {
    return 'a locking read: it locks the rows it reads until the transaction ends, and other sessions wait to change them';
  }
  if (isWord(token, 'NEXT') && isWord(next, 'VALUE') && isWord(tokens[i + 2], 'FOR')) {
    return 'NEXT VALUE FOR advances a sequence, which ROLLBACK does not undo';
  }
  return null;
}

/**
 * The function called at `i` (a name followed by `(`): its lower-case name and whether it is
 * built in; a qualified name (`db.f(`) is never built in. Null when the parenthesis is not a
 * call: a column list after an alias (`AS d (a, b)`, `cte (a) AS (...)`), `COLUMNS (...)` after
 * a JSON_TABLE path, `AGAINST (...)` after `MATCH (...)`, a table function.
 */
function callAt(
  tokens: readonly SqlToken[],
  i: number,
  flavor: SqlFlavor | undefined,
): { name: string; builtin: boolean } | null {
  const token = tokens[i]!;
  const previous = tokens[i - 1];
  if (isMark(previous, '.')) {
    const owner = tokens[i - 2];
    return { name: owner ? `${owner.text}.${token.text}` : token.text, builtin: false };
  }
  if (
    isWord(previous, 'AS') ||
    isMark(previous, ')') ||
    previous?.kind === 'string' ||
    (previous?.kind === 'word' && /^\d/.test(previous.text))
  ) {
    return null;
  }
  const afterList = closingParenthesis(tokens, i + 1) + 1;
  if (isWord(tokens[afterList], 'AS') && isMark(tokens[afterList + 1], '(')) return null;
  if (token.kind === 'quoted-identifier') return { name: token.text, builtin: false };
  const name = token.text.toLowerCase();
  if (TABLE_FUNCTIONS.has(name)) return null;
  return { name, builtin: isBuiltinFunction(name, flavor) };
}
