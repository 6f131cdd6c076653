import { randomUUID } from 'node:crypto';
import type { Connection, FieldPacket, ResultSetHeader } from 'mysql2/promise';
import type { Cell, ResultColumn } from '../../shared/api/query';
import { ApiError } from '../../shared/api/errors';
import type { EditOutcome } from '../../shared/api/result-edit';
import type {
  Editability,
  EditTarget,
  EditValue,
  RowEdit,
} from '../../shared/result-edit/edit-model';
import type { LexerOptions } from '../../shared/sql/lexer';
import {
  judgeEditability,
  type LiveKey,
  type LiveTable,
} from '../../shared/result-edit/editability';
import { buildEditStatements, sqlLiteral } from '../../shared/result-edit/edit-statements';
import { findResultSource } from '../../shared/result-edit/result-source';
import { qualifiedName, quoteIdentifier } from '../../shared/sql/quote-identifier';
import type { Handlers } from '../backend/handlers';
import { columnEncoding } from '../db/column-decoder';
import type { DbSession } from '../db/db-session';
import { errorToApi } from '../db/error-to-api';
import { ER_QUERY_INTERRUPTED } from '../db/query-interrupted';
import { readServerStatus } from '../db/read-server-status';
import { transactionOpen } from '../db/server-status';
import { readSessionLexing } from '../db/session-lexing';
import { updateRowsMatched } from '../db/rows-matched';
import type { ConnectionStore } from '../store/connection-store';
import { encodeCell } from './query-result';
import type { SessionLocks } from './session-locks';
import type { SessionRegistry } from './session-registry';
import { guardUserSql } from './user-sql-guard';
import { cancelWork } from './cancel-work';
import { untagged } from '../db/tagged-connection';

/** Previews kept for applying; older ones are forgotten. */
const KEPT_PLANS = 20;

/** A previewed list of statements, waiting for the user's confirmation. */
interface EditPlan {
  peerId: string;
  sessionId: string;
  statements: string[];
  /** How the literals were quoted: the session must still read them the same way. */
  noBackslashEscapes: boolean;
  target: EditTarget;
  edits: RowEdit[];
}

/** Reads what information_schema says of a table now: its type, columns and unique keys. */
async function readLiveTable(
  conn: Connection,
  schema: string,
  name: string,
): Promise<LiveTable | null> {
  const [tables] = await conn.execute(
    'SELECT TABLE_NAME AS n, TABLE_TYPE AS t FROM information_schema.TABLES ' +
      'WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?',
    [schema, name],
  );
  const table = (tables as Array<{ n: string; t: string }>)[0];
  if (!table) return null;
  const [columns] = await conn.execute(
    'SELECT COLUMN_NAME AS n, DATA_TYPE AS t, IS_NULLABLE AS nullable, EXTRA AS extra ' +
      'FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ' +
      'ORDER BY ORDINAL_POSITION',
    [schema, table.n],
  );
  const [parts] = await conn.execute(
    'SELECT INDEX_NAME AS k, COLUMN_NAME AS c FROM information_schema.STATISTICS ' +
      'WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND NON_UNIQUE = 0 ' +
      'ORDER BY INDEX_NAME, SEQ_IN_INDEX',
    [schema, table.n],
  );
  const keys = new Map<string, LiveKey>();
  for (const p of parts as Array<{ k: string; c: string | null }>) {
    let key = keys.get(p.k);
    if (!key) {
      key = { name: p.k, primary: p.k === 'PRIMARY', columns: [] };
      keys.set(p.k, key);
    }
    key.columns.push(p.c);
  }
  return {
    schema,
    name: table.n,
    type: table.t,
    columns: (
      columns as Array<{ n: string; t: string; nullable: string; extra: string | null }>
    ).map((c) => ({
      name: c.n,
      dataType: String(c.t).toLowerCase(),
      nullable: c.nullable === 'YES',
      // Not MySQL's DEFAULT_GENERATED (an expression default): that column takes values.
      generated: /\b(VIRTUAL|STORED|PERSISTENT) GENERATED\b/i.test(c.extra ?? ''),
    })),
    keys: [...keys.values()],
  };
}

/** TABLE_TYPE of `schema.name`, or null when there is no such table or view. */
async function tableType(conn: Connection, schema: string, name: string): Promise<string | null> {
  const [rows] = await conn.execute(
    'SELECT TABLE_TYPE AS t FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?',
    [schema, name],
  );
  return (rows as Array<{ t: string }>)[0]?.t ?? null;
}

/**
 * Decides whether a result can be edited. The metadata is read on the session's side
 * connection, so the session's own keeps its warnings, FOUND_ROWS() and ROW_COUNT() for the
 * user's next statement and never waits behind a running one. `lexing` is how the session
 * reads SQL; by default the side connection's, with the session's NO_BACKSLASH_ESCAPES as its
 * last status flags said.
 */
async function decide(
  session: DbSession,
  sql: string,
  columns: ResultColumn[],
  lexing?: LexerOptions,
): Promise<Editability> {
  return session.withSideConnection(async (conn) => {
    let options = lexing;
    if (!options) {
      const side = await readSessionLexing(conn);
      const nbe = session.noBackslashEscapes;
      options = nbe === null ? side : { ...side, noBackslashEscapes: nbe };
    }
    const source = findResultSource(sql, columns, options);
    if (!source.ok) return { editable: false, reason: source.reason };
    const live = await readLiveTable(conn, source.schema, source.table);
    // An unqualified FROM name is looked up in the schema the columns come from: the side
    // connection does not follow the session's USE.
    const fromSchema = source.from.schema ?? source.schema;
    const type = await tableType(conn, fromSchema, source.from.name);
    return judgeEditability(columns, live, { name: source.from.name, type });
  });
}

function refused(message: string): ApiError {
  return new ApiError({ code: 'INVALID_REQUEST', message });
}

/** A result column's value in an edit as a literal's input: the given one, or the original. */
function keyValuesAfter(target: EditTarget, edit: RowEdit): Array<EditValue | undefined> {
  return target.key.columns.map((index) => {
    const given = edit.op === 'delete' ? undefined : edit.values.find((v) => v.column === index);
    if (given) return given.value;
    if (edit.op === 'insert') return undefined;
    const original = edit.original[index];
    return original === 'unknown' ? undefined : original;
  });
}

/**
 * The row an edit left behind, as the server holds it inside the transaction, in the result's
 * columns (null where a column is not one of the table's editable ones); null when the row
 * cannot be named (an insert that left a key column to a default other than AUTO_INCREMENT).
 */
async function readBack(
  conn: Connection,
  plan: EditPlan,
  edit: RowEdit,
  header: ResultSetHeader,
  options: { noBackslashEscapes: boolean },
): Promise<Cell[] | null> {
  const { target } = plan;
  const keys = keyValuesAfter(target, edit);
  const conditions: string[] = [];
  for (let k = 0; k < keys.length; k++) {
    let value = keys[k];
    // An AUTO_INCREMENT key left out of an INSERT: the id the server gave it.
    if (value === undefined && edit.op === 'insert' && keys.length === 1 && header.insertId) {
      value = { text: String(header.insertId) };
    }
    if (value === undefined || value === null) return null;
    const index = target.key.columns[k]!;
    const column = target.columns[index];
    const type = column?.editable ? column.dataType : '';
    conditions.push(
      `${quoteIdentifier(target.key.names[k]!)} = ${sqlLiteral(value, type, options)}`,
    );
  }
  const shown = target.columns.flatMap((c, i) => (c.editable ? [{ index: i, name: c.name }] : []));
  if (shown.length === 0) return null;
  const [rows, fields] = (await conn.query({
    sql:
      `SELECT ${shown.map((s) => quoteIdentifier(s.name)).join(', ')} ` +
      `FROM ${qualifiedName(target.schema, target.table)} WHERE ${conditions.join(' AND ')} LIMIT 2`,
    rowsAsArray: true,
    typeCast: false,
  })) as unknown as [Array<Array<Buffer | null>>, FieldPacket[]];
  if (rows.length !== 1) return null;
  const out: Cell[] = target.columns.map(() => null);
  shown.forEach((s, i) => {
    out[s.index] = encodeCell(rows[0]![i] ?? null, columnEncoding(fields[i]!), undefined);
  });
  return out;
}

type ResultEditMethods =
  'result.editability' | 'result.previewEdits' | 'result.applyEdits' | 'result.cancelApply';

/**
 * Changing a result's rows in place: decides from the result's column metadata and the live
 * table whether its rows can be named by a key, turns edits into exact statements to preview,
 * and applies a previewed list in one transaction where every statement must change exactly
 * one row.
 */
export function resultEditService(
  store: ConnectionStore,
  sessions: SessionRegistry,
  locks: SessionLocks,
): Handlers<ResultEditMethods> {
  const plans = new Map<string, EditPlan>();
  /** The apply each session runs now (see ApplyState). */
  const applying = new Map<string, ApplyState>();

  sessions.onClose((sessionId) => {
    for (const [id, p] of plans) if (p.sessionId === sessionId) plans.delete(id);
  });

  return {
    'result.editability': async ({ sessionId, sql, columns }, ctx) => {
      // On the side connection: answers while the session runs the next statement of a script.
      const { session } = sessions.owned(sessionId, ctx.peerId);
      return decide(session, sql, columns);
    },

    'result.previewEdits': async ({ sessionId, sql, columns, edits }, ctx) => {
      locks.refuseIfHeld(sessionId);
      const owner = sessions.owned(sessionId, ctx.peerId);
      const connection = store.get(owner.connectionId);
      if (connection.readOnly) {
        throw refused(
          `“${connection.name}” is marked read-only: changes to a result are not applied on it.`,
        );
      }
      if (owner.session.inTransaction === true) throw transactionOpenError();
      // The literals are quoted for the session's own sql_mode, read on its own connection.
      const lexing = await owner.session.run(readSessionLexing);
      const verdict = await decide(owner.session, sql, columns, lexing);
      if (!verdict.editable) throw refused(`This result cannot be edited: ${verdict.reason}.`);
      const noBackslashEscapes = lexing.noBackslashEscapes === true;
      let statements: string[];
      try {
        statements = buildEditStatements(verdict, edits, { noBackslashEscapes });
      } catch (e) {
        throw refused(e instanceof Error ? e.message : String(e));
      }
      const planId = randomUUID();
      plans.set(planId, {
        peerId: ctx.peerId,
        sessionId,
        statements,
        noBackslashEscapes,
        target: verdict,
        edits,
      });
      for (const id of [...plans.keys()].slice(0, Math.max(0, plans.size - KEPT_PLANS))) {
        plans.delete(id);
      }
      return {
        planId,
        statements,
        connection: {
          name: connection.name,
          color: connection.color,
          production: connection.production,
        },
      };
    },

    'result.applyEdits': async ({ planId }, ctx) => {
      const plan = plans.get(planId);
      if (!plan || plan.peerId !== ctx.peerId) {
        throw new ApiError({
          code: 'NOT_FOUND',
          message:
            'These changes were not previewed here, or were applied already: preview them again.',
        });
      }
      plans.delete(planId);
      // Busy is said at once, rather than after the guard's reads waited behind a statement.
      locks.refuseIfHeld(plan.sessionId);
      const owner = sessions.owned(plan.sessionId, ctx.peerId);
      const connection = store.get(owner.connectionId);
      // The guard every path that runs SQL goes through: one statement each, and nothing that
      // writes on a connection marked read-only (no second confirmation is asked here).
      for (const sql of plan.statements) {
        await guardUserSql(
          owner.session,
          sql,
          { kind: 'run', readOnlyConfirmed: false },
          connection,
        );
      }
      let running = true;
      locks.claim(plan.sessionId, 'statement', () => running);
      const state: ApplyState = { threadId: null, committing: false, killed: false };
      applying.set(plan.sessionId, state);
      try {
        return await owner.session.run(async (conn) => {
          state.threadId = owner.session.threadId;
          const flags = await readServerStatus(conn);
          if (flags !== null && transactionOpen(flags)) {
            owner.session.noteServerStatus(flags);
            throw transactionOpenError();
          }
          const lexing = await readSessionLexing(conn);
          if ((lexing.noBackslashEscapes === true) !== plan.noBackslashEscapes) {
            throw refused(
              'sql_mode changed since the statements were made (NO_BACKSLASH_ESCAPES): preview them again.',
            );
          }
          return applyInTransaction(conn, owner.session, plan, state);
        });
      } catch (e) {
        const error = e instanceof ApiError ? e : errorToApi(e);
        throw error.code === 'CONNECTION_LOST' ? lostDuringApply(error, state, plan) : error;
      } finally {
        running = false;
        applying.delete(plan.sessionId);
      }
    },

    'result.cancelApply': async ({ sessionId }, ctx) => {
      const owner = sessions.owned(sessionId, ctx.peerId);
      const state = applying.get(sessionId);
      if (state?.committing)
        return { cancelled: false, reason: 'The changes are being committed: too late to stop.' };
      return cancelWork(owner.session, state);
    },
  };
}

/**
 * An apply on its way: its connection's thread (for KILL QUERY), whether COMMIT was sent (from
 * then on it is not stopped: a KILL landing in it could leave the user unsure what happened),
 * and whether a Cancel killed it.
 */
interface ApplyState {
  threadId: number | null;
  committing: boolean;
  killed: boolean;
}

/**
 * A lost connection in words that say what became of the changes: a server rolls back the
 * transaction of a connection it loses, but once COMMIT is sent it may have committed before
 * the link broke, and nobody here can tell which.
 */
function lostDuringApply(error: ApiError, state: ApplyState, plan: EditPlan): ApiError {
  const changes = plan.statements.length === 1 ? 'change was' : 'changes were';
  return new ApiError({
    code: 'CONNECTION_LOST',
    message: state.committing
      ? `The connection was lost after COMMIT was sent: whether the ${changes} committed is unknown. Run the statement again to see the rows as they are now. (${error.message})`
      : `Not applied: the connection was lost before COMMIT, so the server rolls the transaction back and nothing changed. (${error.message})`,
  });
}

function transactionOpenError(): ApiError {
  return refused(
    'A transaction is open in this session: the changes would become part of it. ' +
      'COMMIT or ROLLBACK it first.',
  );
}

/** START TRANSACTION, each statement checked to change one row, read back, COMMIT. */
async function applyInTransaction(
  conn: Connection,
  session: DbSession,
  plan: EditPlan,
  state: ApplyState,
): Promise<EditOutcome> {
  await conn.query('START TRANSACTION');
  const rows: Array<Cell[] | null> = [];
  let index = 0;
  try {
    for (; index < plan.statements.length; index++) {
      const statement = plan.statements[index]!;
      // Sent exactly as the preview showed it: untagged.
      const [header] = (await untagged(conn).query(statement)) as unknown as [ResultSetHeader];
      const edit = plan.edits[index]!;
      // Counted as rows found: an UPDATE to the value the row already has matched it all the same.
      const found = edit.op === 'update' ? updateRowsMatched(header) : header.affectedRows;
      if (found !== 1) {
        await rollback(conn, session);
        const why =
          found === 0
            ? edit.op === 'insert'
              ? 'it inserted no row'
              : 'no row matched: it was changed or deleted by someone else since it was read'
            : `it would have changed ${found} rows`;
        return {
          applied: false,
          statementIndex: index,
          statement,
          message: `Statement ${index + 1} of ${plan.statements.length} changed ${found} rows instead of 1 (${why}). Everything was rolled back; nothing changed.`,
          error: null,
        };
      }
      rows.push(
        edit.op === 'delete'
          ? null
          : await readBack(conn, plan, edit, header, {
              noBackslashEscapes: plan.noBackslashEscapes,
            }),
      );
    }
    state.committing = true;
    await conn.query('COMMIT');
  } catch (e) {
    const error = errorToApi(e);
    if (error.code === 'CONNECTION_LOST') throw error;
    await rollback(conn, session);
    if (state.killed && error.serverCode === ER_QUERY_INTERRUPTED) {
      const at = Math.min(index, plan.statements.length - 1);
      return {
        applied: false,
        statementIndex: at,
        statement: plan.statements[at] ?? '',
        message: `Cancelled (KILL QUERY) at statement ${at + 1} of ${plan.statements.length}. Everything was rolled back; nothing changed.`,
        error: error.toShape(),
      };
    }
    return {
      applied: false,
      statementIndex: Math.min(index, plan.statements.length - 1),
      statement: plan.statements[Math.min(index, plan.statements.length - 1)] ?? '',
      message: `Statement ${index + 1} of ${plan.statements.length} failed: ${error.message}. Everything was rolled back; nothing changed.`,
      error: error.toShape(),
    };
  }
  // Committed: nothing after this may say otherwise (a failing read only leaves the session's
  // transaction flags as they were noted).
  const flags = await readServerStatus(conn).catch(() => null);
  if (flags !== null) session.noteServerStatus(flags);
  return { applied: true, rows };
}

async function rollback(conn: Connection, session: DbSession): Promise<void> {
  await conn.query('ROLLBACK');
  session.noteServerStatus(await readServerStatus(conn));
}
