import type { Connection } from 'mysql2/promise';
import {
  BlockerStorySchema,
  connectAttributesFrom,
  historyConsumersFrom,
  historyPlan,
  pastStatementsFrom,
  type BlockerStory,
  type BlockerTransaction,
  type HistoryConsumers,
  type StatementHistory,
} from '../../../shared/processlist/blocker-story';
import { numberOf, textOf, type RawRow } from '../../../shared/processlist/raw-value';
import type { ServerInfo } from '../../../shared/server/server-info';
import type { AccessProbe } from './access-probe';
import { isAccessDenied, queryRows } from './query-rows';

const SESSION = `SELECT USER, HOST, COMMAND, TIME FROM information_schema.PROCESSLIST WHERE ID = ?`;

/** trx_started as text, so the server's own time zone is shown as it is, not converted. */
const TRANSACTION = `SELECT trx_id, trx_state, DATE_FORMAT(trx_started, '%Y-%m-%d %H:%i:%s') AS STARTED,
  TIMESTAMPDIFF(SECOND, trx_started, NOW()) AS AGE_SECONDS, trx_isolation_level,
  trx_rows_locked, trx_rows_modified, trx_tables_locked
FROM information_schema.INNODB_TRX WHERE trx_mysql_thread_id = ?`;

const THREAD = `SELECT THREAD_ID FROM performance_schema.threads WHERE PROCESSLIST_ID = ?`;

const ATTRIBUTES = `SELECT ATTR_NAME, ATTR_VALUE FROM performance_schema.session_connect_attrs
WHERE PROCESSLIST_ID = ? ORDER BY ORDINAL_POSITION`;

const CONSUMERS = `SELECT NAME, ENABLED FROM performance_schema.setup_consumers WHERE NAME IN
  ('global_instrumentation', 'thread_instrumentation', 'events_statements_current',
   'events_statements_history', 'events_statements_history_long')`;

/** The timer at the start of this very statement: "now" on performance_schema's clock. */
const NOW_PS = `SELECT TIMER_START FROM performance_schema.events_statements_current
WHERE THREAD_ID = (SELECT THREAD_ID FROM performance_schema.threads WHERE PROCESSLIST_ID = CONNECTION_ID())
  AND END_EVENT_ID IS NULL ORDER BY EVENT_ID LIMIT 1`;

/** The open transaction's event: the statements run in it nest in it. */
const TRANSACTION_EVENT = `SELECT EVENT_ID FROM performance_schema.events_transactions_current
WHERE THREAD_ID = ? AND STATE = 'ACTIVE'`;

/** Top-level statements only: those a stored program ran nest in its CALL. */
function historyOf(table: string): string {
  return `SELECT EVENT_ID, SQL_TEXT, TIMER_START, TIMER_WAIT, ROWS_AFFECTED, ROWS_EXAMINED,
  MYSQL_ERRNO, MESSAGE_TEXT, NESTING_EVENT_ID
FROM performance_schema.${table}
WHERE THREAD_ID = ? AND (NESTING_EVENT_TYPE IS NULL OR NESTING_EVENT_TYPE = 'TRANSACTION')`;
}

/** Runs `sql`; null when the account may not read it. */
async function readIfAllowed(
  conn: Connection,
  sql: string,
  values: unknown[] = [],
): Promise<RawRow[] | null> {
  try {
    return await queryRows(conn, sql, values);
  } catch (e) {
    if (isAccessDenied(e)) return null;
    throw e;
  }
}

function transactionOf(rows: RawRow[] | null): BlockerTransaction | null {
  const r = rows?.[0];
  const trxId = r ? textOf(r.trx_id) : null;
  if (!r || trxId === null) return null;
  return {
    trxId,
    state: textOf(r.trx_state) ?? '',
    startedAt: textOf(r.STARTED),
    ageSeconds: Math.max(0, numberOf(r.AGE_SECONDS) ?? 0),
    isolation: textOf(r.trx_isolation_level),
    rowsLocked: numberOf(r.trx_rows_locked),
    rowsModified: numberOf(r.trx_rows_modified),
    tablesLocked: numberOf(r.trx_tables_locked),
  };
}

async function readHistory(
  conn: Connection,
  server: ServerInfo,
  probe: AccessProbe,
  threadId: number | null,
): Promise<StatementHistory> {
  const flavor = server.flavor === 'mariadb' ? 'mariadb' : 'mysql';
  let consumers: HistoryConsumers | 'denied' = 'denied';
  if (probe.performanceSchema) {
    const rows = await readIfAllowed(conn, CONSUMERS);
    if (rows !== null) consumers = historyConsumersFrom(rows);
  }
  const plan = historyPlan(flavor, probe.performanceSchema, consumers);
  if (plan.state !== 'read') return plan;
  if (threadId === null) return { state: 'read', sources: plan.sources, statements: [] };
  const [history, now, trx] = await Promise.all([
    Promise.all(plan.sources.map((t) => readIfAllowed(conn, historyOf(t), [threadId]))),
    readIfAllowed(conn, NOW_PS),
    readIfAllowed(conn, TRANSACTION_EVENT, [threadId]),
  ]);
  if (history.some((rows) => rows === null)) {
    return historyPlan(flavor, true, 'denied') as StatementHistory;
  }
  return {
    state: 'read',
    sources: plan.sources,
    statements: pastStatementsFrom(
      history.flatMap((rows) => rows ?? []),
      numberOf(now?.[0]?.TIMER_START),
      numberOf(trx?.[0]?.EVENT_ID),
    ),
  };
}

/**
 * Reads what session `id` is and did, on the tool's connection: its processlist row, its InnoDB
 * transaction, its connection attributes and statement history (performance_schema, where on
 * and readable). What cannot be read is said in the answer, never thrown.
 */
export async function readBlockerStory(
  conn: Connection,
  server: ServerInfo,
  probe: AccessProbe,
  id: number,
): Promise<BlockerStory> {
  const [session, trx] = await Promise.all([
    queryRows(conn, SESSION, [id]),
    readIfAllowed(conn, TRANSACTION, [id]),
  ]);
  const row = session[0];
  let threadId: number | null = null;
  let attributes: Record<string, string> = {};
  let programName: string | null = null;
  let attributesNote: string | null = null;
  if (!probe.performanceSchema) {
    attributesNote =
      'Connection attributes (program name) are in performance_schema, which is OFF here.';
  } else {
    const [thread, attrs] = await Promise.all([
      readIfAllowed(conn, THREAD, [id]),
      readIfAllowed(conn, ATTRIBUTES, [id]),
    ]);
    threadId = numberOf(thread?.[0]?.THREAD_ID);
    if (attrs === null) {
      attributesNote =
        'Connection attributes need SELECT on performance_schema.session_connect_attrs.';
    } else {
      ({ attributes, programName } = connectAttributesFrom(attrs));
      if (row && attrs.length === 0) attributesNote = 'The client sent no connection attributes.';
    }
  }
  // Checked here, at the boundary: the answer is built from several tables.
  return BlockerStorySchema.parse({
    id,
    user: row ? textOf(row.USER) : null,
    host: row ? textOf(row.HOST) : null,
    command: row ? textOf(row.COMMAND) : null,
    timeSeconds: row ? numberOf(row.TIME) : null,
    programName,
    attributes,
    attributesNote,
    transaction: transactionOf(trx),
    history: await readHistory(conn, server, probe, threadId),
  });
}
