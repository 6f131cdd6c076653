import { classifySet } from './classify-set';
import type { LexerOptions, SqlFlavor } from './lexer';
import { findSideEffect } from './side-effects';
import type { StatementClass } from './statement-class';
import {
  isMark,
  isWord,
  statementAfterWith,
  statementTokens,
  type SqlToken,
} from './statement-tokens';

export type { StatementClass } from './statement-class';

/** `flavor` picks the built-in function list; the quoting options must match the session. */
export type ClassifyOptions = LexerOptions;

/**
 * Whether running one statement (as splitStatements returns it) can change anything beyond the
 * session - see StatementClass. Anything not known to be read-only is 'write' or 'unknown',
 * never 'read'. Decisions:
 * - SELECT, TABLE, VALUES, WITH ... SELECT, SHOW, HELP: read, unless they contain `INTO
 *   OUTFILE`/`INTO DUMPFILE` (writes a file), a locking read (`FOR UPDATE`, `FOR SHARE`, `LOCK
 *   IN SHARE MODE`: the rows stay locked until the transaction ends and other sessions wait;
 *   the server itself refuses these in a read-only transaction), a sequence step (`NEXT VALUE
 *   FOR`, NEXTVAL(), SETVAL()), a named lock (GET_LOCK(), RELEASE_LOCK()) - all 'write' - or a
 *   call of anything that is not a built-in function: a stored function can write, so that is
 *   'unknown'. `INTO @var` and `@v := x` only set session variables: still read.
 * - EXPLAIN / DESCRIBE / DESC: read - plain EXPLAIN does not run the statement, even of an
 *   UPDATE (though the server refuses EXPLAIN UPDATE in a read-only transaction); but `EXPLAIN
 *   ANALYZE` and MariaDB's `ANALYZE stmt` run it, so they are what the statement is.
 *   `ANALYZE TABLE` writes statistics: write.
 * - USE, session SET, transaction control (BEGIN, START TRANSACTION, COMMIT, ROLLBACK,
 *   SAVEPOINT, RELEASE SAVEPOINT): read - they change only the session; COMMIT makes permanent
 *   only what earlier statements, each classified on its own, did. For SET see classifySet.
 * - DO, CALL, EXECUTE, `BEGIN NOT ATOMIC`: unknown (they run code that is not visible here).
 * - A statement that starts with an executable comment (`/*!40101 SET ... *\/`): unknown; whether
 *   its content runs depends on the server's version and flavor.
 * Leading comments and parentheses (`(SELECT ...)`) are skipped.
 */
export function classifyStatement(text: string, options: ClassifyOptions = {}): StatementClass {
  return classifyTokens(statementTokens(text, options), options.flavor);
}

function classifyTokens(
  tokens: readonly SqlToken[],
  flavor: SqlFlavor | undefined,
): StatementClass {
  const first = tokens[0];
  if (!first) return unknown('', 'an empty statement: only whitespace and comments');
  if (first.kind === 'conditional-start') {
    const word = tokens.find((t) => t.kind === 'word');
    return unknown(
      word?.upper ?? '',
      'starts with an executable comment (/*! ... */), whose content runs or not depending on the server version and flavor',
    );
  }
  let i = 0;
  while (isMark(tokens[i], '(')) i++;
  const head = tokens[i];
  if (head?.kind !== 'word') return unknown(head?.text ?? '', 'does not start with a keyword');
  const keyword = head.upper;
  const rest = tokens.slice(i + 1);
  switch (keyword) {
    case 'SELECT':
    case 'TABLE':
    case 'VALUES':
      return query(keyword, tokens, flavor, `${keyword} only reads`);
    case 'WITH':
      return withQuery(tokens.slice(i), flavor);
    case 'SHOW':
      return query(keyword, tokens, flavor, 'SHOW only reads');
    case 'EXPLAIN':
    case 'DESCRIBE':
    case 'DESC':
      return explain(keyword, rest, flavor);
    case 'ANALYZE':
      return analyze(rest, flavor);
    case 'HELP':
      return read(keyword, 'HELP only reads the help tables');
    case 'USE':
      return read(keyword, "USE changes only the session's default database");
    case 'SET':
      return classifySet(rest, flavor, (inner) => classifyTokens(inner, flavor));
    case 'DO':
      return unknown(
        keyword,
        'DO evaluates expressions only for their side effects (stored functions, GET_LOCK(), ...)',
      );
    case 'BEGIN':
      if (isWord(rest[0], 'NOT') && isWord(rest[1], 'ATOMIC')) {
        return unknown(keyword, 'a compound statement runs the statements inside it');
      }
      return read(keyword, TRANSACTION_CONTROL);
    case 'START':
      if (!isWord(rest[0], 'TRANSACTION')) return write(keyword, WRITES.START!);
      if (rest.some((t, j) => isWord(t, 'READ') && isWord(rest[j + 1], 'WRITE'))) {
        return write(keyword, "READ WRITE lifts the session's read-only transaction guard");
      }
      return read(keyword, TRANSACTION_CONTROL);
    case 'COMMIT':
    case 'ROLLBACK':
    case 'SAVEPOINT':
    case 'RELEASE':
      return read(keyword, TRANSACTION_CONTROL);
    case 'CALL':
      return unknown(keyword, 'CALL runs a stored procedure, which can change data');
    case 'EXECUTE':
      return unknown(keyword, 'EXECUTE runs a prepared statement whose text is not known here');
    default: {
      const reason = WRITES[keyword];
      if (reason !== undefined) return write(keyword, reason);
      return unknown(keyword, `${keyword} is not a statement known to only read`);
    }
  }
}

const TRANSACTION_CONTROL =
  'transaction control changes no data by itself (COMMIT keeps only what earlier statements did)';

const WRITES: Record<string, string> = {
  INSERT: 'INSERT adds rows',
  UPDATE: 'UPDATE changes rows',
  DELETE: 'DELETE removes rows',
  REPLACE: 'REPLACE adds or replaces rows',
  LOAD: 'LOAD loads data into a table',
  CREATE: 'CREATE creates an object',
  ALTER: 'ALTER changes an object',
  DROP: 'DROP removes an object',
  RENAME: 'RENAME renames objects',
  TRUNCATE: 'TRUNCATE removes all rows of a table',
  GRANT: 'GRANT changes privileges',
  REVOKE: 'REVOKE changes privileges',
  KILL: 'KILL ends another session or its statement',
  FLUSH: 'FLUSH changes server state',
  RESET: 'RESET changes server state',
  PURGE: 'PURGE deletes binary logs',
  OPTIMIZE: 'OPTIMIZE rebuilds tables',
  REPAIR: 'REPAIR rewrites tables',
  INSTALL: 'INSTALL adds a plugin or component',
  UNINSTALL: 'UNINSTALL removes a plugin or component',
  CHANGE: 'CHANGE changes replication settings',
  START: 'START starts replication or another server activity',
  STOP: 'STOP stops replication or another server activity',
  LOCK: 'LOCK takes locks that other sessions wait for',
  XA: 'XA controls a distributed transaction',
  SHUTDOWN: 'SHUTDOWN stops the server',
  RESTART: 'RESTART restarts the server',
  CLONE: 'CLONE replaces or copies data directories',
  IMPORT: 'IMPORT adds tables',
  CACHE: 'CACHE INDEX changes the key caches',
  BINLOG: 'BINLOG applies binary log events',
  BACKUP: 'BACKUP takes server-wide locks',
};

function read(keyword: string, reason: string): StatementClass {
  return { kind: 'read', keyword, reason };
}
function write(keyword: string, reason: string): StatementClass {
  return { kind: 'write', keyword, reason };
}
function unknown(keyword: string, reason: string): StatementClass {
  return { kind: 'unknown', keyword, reason };
}

/** A statement that runs a query: read unless something in it has a side effect. */
function query(
  keyword: string,
  tokens: readonly SqlToken[],
  flavor: SqlFlavor | undefined,
  reason: string,
): StatementClass {
  const effect = findSideEffect(tokens, flavor, 'executed');
  if (effect) return { kind: effect.kind, keyword, reason: effect.reason };
  const setsVariables = tokens.some(
    (t, i) => isMark(t, ':=') || (isWord(t, 'INTO') && tokens[i + 1]?.kind === 'variable'),
  );
  return read(keyword, setsVariables ? `${reason} (and sets session variables)` : reason);
}

/** `WITH [RECURSIVE] name [(columns)] AS (...) [, ...]` then the statement that uses them. */
function withQuery(tokens: readonly SqlToken[], flavor: SqlFlavor | undefined): StatementClass {
  const main = tokens[statementAfterWith(tokens, 0)];
  if (main?.kind === 'word' && ['SELECT', 'TABLE', 'VALUES'].includes(main.upper)) {
    return query('WITH', tokens, flavor, `WITH ... ${main.upper} only reads`);
  }
  if (main?.kind === 'word' && ['UPDATE', 'DELETE', 'INSERT', 'REPLACE'].includes(main.upper)) {
    return write('WITH', `WITH ... ${main.upper} changes rows`);
  }
  return unknown('WITH', 'WITH is not followed by a statement known to only read');
}

const EXPLAINABLE = new Set([
  'SELECT',
  'TABLE',
  'VALUES',
  'WITH',
  'INSERT',
  'UPDATE',
  'DELETE',
  'REPLACE',
]);

/** EXPLAIN, DESCRIBE, DESC: of a table, of a connection, or of a statement. */
function explain(
  keyword: string,
  rest: readonly SqlToken[],
  flavor: SqlFlavor | undefined,
): StatementClass {
  let analyzes = false;
  let i = 0;
  for (;;) {
    const token = rest[i];
    if (isWord(token, 'ANALYZE')) {
      analyzes = true;
      i++;
    } else if (isWord(token, 'EXTENDED') || isWord(token, 'PARTITIONS')) {
      i++;
    } else if (isWord(token, 'FORMAT')) {
      i += isMark(rest[i + 1], '=') ? 3 : 2;
    } else if (isWord(token, 'INTO')) {
      i += 2; // INTO @variable (MySQL 8.1+)
    } else if (isWord(token, 'FOR') && isWord(rest[i + 1], 'CONNECTION')) {
      return read(
        keyword,
        `${keyword} FOR CONNECTION shows the plan of another session's statement`,
      );
    } else if (
      isWord(token, 'FOR') &&
      (isWord(rest[i + 1], 'SCHEMA') || isWord(rest[i + 1], 'DATABASE'))
    ) {
      i += 3;
    } else {
      break;
    }
  }
  const target = rest.slice(i);
  let j = 0;
  while (isMark(target[j], '(')) j++;
  const head = target[j];
  if (head?.kind !== 'word' || !EXPLAINABLE.has(head.upper)) {
    if (analyzes || head === undefined)
      return unknown(keyword, `${keyword} of something unexpected`);
    return read(keyword, `${keyword} of a table only reads its definition`);
  }
  if (analyzes) return runs(keyword, `${keyword} ANALYZE`, target, flavor);
  const effect = findSideEffect(target, flavor, 'planned');
  if (effect) {
    return {
      kind: 'unknown',
      keyword,
      reason: `${effect.reason} (the optimizer may evaluate it while planning)`,
    };
  }
  return read(keyword, `${keyword} shows the plan without running the statement`);
}

/** MariaDB's ANALYZE of a statement (runs it), or ANALYZE TABLE (writes statistics). */
function analyze(rest: readonly SqlToken[], flavor: SqlFlavor | undefined): StatementClass {
  const first = rest[0];
  if (isWord(first, 'TABLE') || isWord(first, 'NO_WRITE_TO_BINLOG') || isWord(first, 'LOCAL')) {
    return write('ANALYZE', 'ANALYZE TABLE rewrites index statistics (and is binlogged)');
  }
  const start = isWord(first, 'FORMAT') ? (isMark(rest[1], '=') ? 3 : 2) : 0;
  return runs('ANALYZE', 'ANALYZE', rest.slice(start), flavor);
}

/** EXPLAIN ANALYZE / ANALYZE run the statement: they are what it is. */
function runs(
  keyword: string,
  what: string,
  statement: readonly SqlToken[],
  flavor: SqlFlavor | undefined,
): StatementClass {
  const inner = classifyTokens(statement, flavor);
  if (inner.kind === 'read') return read(keyword, `${what} runs the statement, which only reads`);
  return { kind: inner.kind, keyword, reason: `${what} runs the statement: ${inner.reason}` };
}
