import type { StatementClass } from './statement-class';
import type { SqlFlavor } from './lexer';
import { findSideEffect } from './side-effects';
import { isMark, isWord, type SqlToken } from './statement-tokens';

/**
 * Session variables that reach beyond the session: they change how the session's later writes
 * are replicated, or switch off the server's read-only guard. Setting them needs confirmation
 * even though the variable itself is only the session's.
 */
const REACHING_SESSION_VARIABLES: Record<string, string> = {
  gtid_next:
    'sets the GTID of the next transaction (followed by COMMIT it puts a transaction into the binary log)',
  gtid_seq_no: 'sets the GTID sequence number the next write is logged with',
  gtid_domain_id: 'sets the GTID domain the session writes are logged with',
  server_id: 'sets the server id the session writes are logged with',
  sql_log_bin: 'turns binary logging of the session writes on or off, hiding them from replicas',
  wsrep_on: 'turns Galera replication of the session writes on or off',
  pseudo_slave_mode: 'puts the session in replication-applier mode',
  pseudo_replica_mode: 'puts the session in replication-applier mode',
  pseudo_thread_id: 'makes the session log its writes under another connection id',
  sql_slave_skip_counter: 'makes replication skip events',
  sql_replica_skip_counter: 'makes replication skip events',
};
/** Read-only switches: setting them on is harmless, anything else lifts the server's guard. */
const READ_ONLY_SWITCHES = new Set(['transaction_read_only', 'tx_read_only']);
const GLOBAL_SCOPES = new Set(['GLOBAL', 'PERSIST', 'PERSIST_ONLY']);
const GLOBAL_PREFIX = /^@@(global|persist|persist_only)\./i;
const SESSION_PREFIX = /^@@(session|local)\./i;

const read = (reason: string): StatementClass => ({ kind: 'read', keyword: 'SET', reason });
const write = (reason: string): StatementClass => ({ kind: 'write', keyword: 'SET', reason });

/**
 * Classifies a SET statement from the tokens after `SET`. Session-only SETs are 'read': user
 * variables, session system variables, NAMES, CHARACTER SET, ROLE, TRANSACTION characteristics -
 * they change nothing on the server that another session or a restart would see, and a client
 * that refuses them makes a read-only connection unusable (`SET NAMES` is sent by drivers).
 * Writes: any GLOBAL / PERSIST / PERSIST_ONLY assignment (a scope word or `@@global.` anywhere),
 * PASSWORD, DEFAULT ROLE, RESOURCE GROUP, `SET [SESSION] TRANSACTION READ WRITE` and the
 * session variables that reach beyond the session (gtid_next, sql_log_bin, ...). MariaDB's
 * `SET STATEMENT ... FOR stmt` is classified by its statement (`classifyInner`). Values that
 * call stored functions make it 'unknown'.
 */
export function classifySet(
  rest: readonly SqlToken[],
  flavor: SqlFlavor | undefined,
  classifyInner: (tokens: readonly SqlToken[]) => StatementClass,
): StatementClass {
  const first = rest[0];
  if (isWord(first, 'PASSWORD')) return write("changes an account's password");
  if (isWord(first, 'DEFAULT') && isWord(rest[1], 'ROLE')) {
    return write("changes an account's default roles");
  }
  if (isWord(first, 'RESOURCE')) return write('assigns threads to a resource group');
  if (isWord(first, 'STATEMENT')) return setStatement(rest, classifyInner);

  const transaction = rest.findIndex((t) => isWord(t, 'TRANSACTION'));
  if (transaction !== -1 && transaction <= 1) {
    if (isWord(first, 'GLOBAL'))
      return write('changes the default transaction settings of the server');
    const readWrite = rest.some((t, i) => isWord(t, 'READ') && isWord(rest[i + 1], 'WRITE'));
    if (readWrite) return write("lifts the session's read-only transaction guard");
    return read('changes only the characteristics of the session transactions');
  }

  for (const assignment of splitAssignments(rest)) {
    const reason = assignmentWrite(assignment);
    if (reason) return write(reason);
  }
  const effect = findSideEffect(rest, flavor, 'executed');
  if (effect) return { kind: effect.kind, keyword: 'SET', reason: effect.reason };
  return read("changes only this session's variables");
}

/** Why one `name = value` assignment is a write, or null when it is session-only. */
function assignmentWrite(tokens: readonly SqlToken[]): string | null {
  const first = tokens[0];
  if (!first) return null;
  if (first.kind === 'word' && GLOBAL_SCOPES.has(first.upper)) {
    return `SET ${first.upper} changes a server setting for every session`;
  }
  if (first.kind === 'variable' && GLOBAL_PREFIX.test(first.text)) {
    return `${first.text} changes a server setting for every session`;
  }
  const nameToken =
    first.kind === 'word' && (first.upper === 'SESSION' || first.upper === 'LOCAL')
      ? tokens[1]
      : first;
  if (!nameToken || (nameToken.text.startsWith('@') && !nameToken.text.startsWith('@@')))
    return null;
  const name = nameToken.text.replace(SESSION_PREFIX, '').replace(/^@@/, '').toLowerCase();
  const reaching = REACHING_SESSION_VARIABLES[name];
  if (reaching) return `${name}: ${reaching}`;
  if (READ_ONLY_SWITCHES.has(name)) {
    const value = tokens[tokens.findIndex((t) => isMark(t, '=') || isMark(t, ':=')) + 1];
    const on = value !== undefined && ['ON', '1', 'TRUE'].includes(value.upper);
    if (!on) return `${name}: lifts the session's read-only transaction guard`;
  }
  return null;
}

/** The assignments of a SET, split at the commas outside parentheses. */
function splitAssignments(tokens: readonly SqlToken[]): SqlToken[][] {
  const parts: SqlToken[][] = [[]];
  let depth = 0;
  for (const token of tokens) {
    if (isMark(token, '(')) depth++;
    else if (isMark(token, ')')) depth--;
    if (depth === 0 && isMark(token, ',')) parts.push([]);
    else parts[parts.length - 1]!.push(token);
  }
  return parts;
}

/** MariaDB `SET STATEMENT var = value [, ...] FOR statement`: the statement decides. */
function setStatement(
  rest: readonly SqlToken[],
  classifyInner: (tokens: readonly SqlToken[]) => StatementClass,
): StatementClass {
  let depth = 0;
  for (let i = 1; i < rest.length; i++) {
    if (isMark(rest[i], '(')) depth++;
    else if (isMark(rest[i], ')')) depth--;
    else if (depth === 0 && isWord(rest[i], 'FOR')) {
      const inner = classifyInner(rest.slice(i + 1));
      return {
        kind: inner.kind,
        keyword: 'SET',
        reason: `SET STATEMENT runs ${inner.keyword || 'a statement'}: ${inner.reason}`,
      };
    }
  }
  return { kind: 'unknown', keyword: 'SET', reason: 'SET STATEMENT without its FOR statement' };
}
