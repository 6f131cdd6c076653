import type { Connection } from 'mysql2/promise';
import type { LockWait } from '../../../shared/processlist/lock-wait';
import { processRowsFrom } from '../../../shared/processlist/map-process-row';
import { rowLockWaitFrom } from '../../../shared/processlist/map-row-lock-wait';
import { transactionFrom } from '../../../shared/processlist/map-transaction';
import { metadataLockWaits } from '../../../shared/processlist/metadata-lock-waits';
import {
  joinDataLockWaits,
  joinPerformanceSchemaRows,
} from '../../../shared/processlist/join-performance-schema';
import {
  chooseProcesslistSource,
  stageProgressNotice,
} from '../../../shared/processlist/processlist-source';
import { numberOf, textOf, type RawRow } from '../../../shared/processlist/raw-value';
import type { ProcesslistNotice, ProcesslistSnapshot } from '../../../shared/processlist/snapshot';
import type { Transaction } from '../../../shared/processlist/transaction';
import type { ServerInfo } from '../../../shared/server/server-info';
import type { ServerRun } from '../../../shared/server/server-run';
import type { AccessProbe } from './access-probe';
import {
  CURRENT_STATEMENTS,
  DATA_LOCK_WAITS,
  DATA_LOCKS_OF,
  INNODB_LOCK_WAITS,
  INNODB_TRANSACTIONS,
  informationSchemaProcesslist,
  METADATA_LOCKS,
  PERFORMANCE_SCHEMA_PROCESSLIST,
  THREADS_OF,
  threadActivity,
} from './processlist-sql';
import { isAccessDenied, queryRows } from './query-rows';

/** States of sessions waiting for a metadata lock (table, schema, global read, backup...). */
const MDL_WAIT_STATE = /^Waiting for .*(metadata|global read|backup|commit) lock/i;

/** Runs `sql`; an access error becomes a notice and an empty answer instead of a failure. */
async function readOrNotice(
  conn: Connection,
  sql: string,
  notices: ProcesslistNotice[],
  notice: ProcesslistNotice,
  values: unknown[] = [],
): Promise<RawRow[]> {
  try {
    return await queryRows(conn, sql, values);
  } catch (e) {
    if (!isAccessDenied(e)) throw e;
    if (!notices.some((n) => n.key === notice.key)) notices.push(notice);
    return [];
  }
}

/** performance_schema threads of this connection's server, by processlist id (see THREADS_OF). */
export type ThreadCache = Map<number, RawRow>;

/**
 * performance_schema.processlist with each row's thread (from the cache, read for new
 * connections only; gone ones dropped), running statement and, when `activitySql` is given,
 * memory and stage progress, joined here.
 */
async function readPerformanceSchema(
  conn: Connection,
  threads: ThreadCache,
  activitySql: string | null,
): Promise<RawRow[]> {
  const processlist = await queryRows(conn, PERFORMANCE_SCHEMA_PROCESSLIST);
  const ids = new Set<number>();
  for (const r of processlist) {
    const id = numberOf(r.ID);
    if (id !== null) ids.add(id);
  }
  const unknown = [...ids].filter((id) => !threads.has(id));
  if (unknown.length > 0) {
    for (const t of await queryRows(conn, THREADS_OF, [unknown])) {
      const id = numberOf(t.PROCESSLIST_ID);
      if (id !== null) threads.set(id, t);
    }
  }
  for (const id of threads.keys()) if (!ids.has(id)) threads.delete(id);
  const [statements, activity] = await Promise.all([
    queryRows(conn, CURRENT_STATEMENTS),
    activitySql === null ? [] : queryRows(conn, activitySql),
  ]);
  return joinPerformanceSchemaRows(processlist, threads, statements, activity);
}

/** Row-lock waits of performance_schema, named by processlist id through the thread cache. */
async function readDataLockWaits(
  conn: Connection,
  threads: ThreadCache,
  notices: ProcesslistNotice[],
  notice: ProcesslistNotice,
): Promise<RawRow[]> {
  const waits = await readOrNotice(conn, DATA_LOCK_WAITS, notices, notice);
  if (waits.length === 0) return [];
  const lockIds = [
    ...new Set(waits.flatMap((w) => [w.REQUESTING_ENGINE_LOCK_ID, w.BLOCKING_ENGINE_LOCK_ID])),
  ];
  const locks = await readOrNotice(conn, DATA_LOCKS_OF, notices, notice, [lockIds]);
  const processOf = new Map<number, number>();
  for (const [id, t] of threads) {
    const threadId = numberOf(t.THREAD_ID);
    if (threadId !== null) processOf.set(threadId, id);
  }
  return joinDataLockWaits(waits, locks, (t) => processOf.get(t) ?? null);
}

/**
 * One poll on `conn` (the processlist tool's own connection, id `selfId`): the rows from the
 * best source the server and the account allow, InnoDB transactions, row-lock and metadata-lock
 * waits. Whatever the account may not read is named in `notices` with what is shown instead.
 */
export async function readSnapshot(
  conn: Connection,
  server: ServerInfo,
  probe: AccessProbe,
  selfId: number | null,
  threads: ThreadCache,
  serverRun: ServerRun,
): Promise<ProcesslistSnapshot> {
  const started = performance.now();
  const notices: ProcesslistNotice[] = [];
  const plan = chooseProcesslistSource(server.capabilities, {
    performanceSchema: probe.performanceSchema,
  });
  let source = plan.processlist;
  let raw: RawRow[] | null = null;
  if (source === 'performance_schema') {
    try {
      raw = await readPerformanceSchema(
        conn,
        threads,
        threadActivity(server.capabilities.threadMemory, probe.stagesConsumer),
      );
    } catch (e) {
      if (!isAccessDenied(e)) throw e;
      notices.push({
        key: 'performance-schema-access',
        missing: 'SELECT on performance_schema',
        shownInstead:
          'information_schema.PROCESSLIST: no statement latency, lock time, rows examined or temporary tables, and no lock waits from performance_schema.',
      });
      source = 'information_schema';
    }
  }
  raw ??= await queryRows(conn, informationSchemaProcesslist(plan.processlistExtras));
  const stages = stageProgressNotice(source, probe.stagesConsumerSetting);
  if (stages) notices.push(stages);
  const rows = processRowsFrom(raw, selfId);

  const trxRows = await readOrNotice(conn, INNODB_TRANSACTIONS, notices, {
    key: 'process-privilege',
    missing: 'PROCESS privilege',
    shownInstead:
      "only this account's own sessions, without InnoDB transactions or row-lock waits.",
  });
  const transactions = trxRows.map(transactionFrom).filter((t): t is Transaction => t !== null);

  const waits: LockWait[] = [];
  const hasLockWait = transactions.some((t) => t.state === 'LOCK WAIT');
  const lockNotice: ProcesslistNotice = {
    key: 'lock-waits-access',
    missing: 'access to the lock tables (PROCESS and SELECT on performance_schema)',
    shownInstead: 'row-lock waits show as LOCK WAIT transactions, without their blocker.',
  };
  if (hasLockWait && !notices.some((n) => n.key === 'process-privilege')) {
    let lockRows: RawRow[] = [];
    if (plan.rowLocks === 'data_lock_waits' && source === 'performance_schema') {
      lockRows = await readDataLockWaits(conn, threads, notices, lockNotice);
    } else if (plan.rowLocks === 'innodb_lock_waits') {
      lockRows = await readOrNotice(conn, INNODB_LOCK_WAITS, notices, lockNotice);
    }
    for (const r of lockRows) {
      const w = rowLockWaitFrom(r);
      if (w) waits.push(w);
    }
  }

  if (rows.some((r) => MDL_WAIT_STATE.test(r.state ?? ''))) {
    waits.push(...(await readMetadataWaits(conn, plan.metadataLocks, probe, notices)));
  }

  return {
    takenAt: new Date().toISOString(),
    serverRun,
    source,
    rows,
    transactions,
    waits,
    notices,
    pollMs: performance.now() - started,
  };
}

async function readMetadataWaits(
  conn: Connection,
  available: boolean,
  probe: AccessProbe,
  notices: ProcesslistNotice[],
): Promise<LockWait[]> {
  const shownInstead = 'metadata-lock waits show in the State column, without their blocker.';
  if (!available || probe.mdlInstrument === 'absent') {
    notices.push({
      key: 'metadata-locks',
      missing: 'performance_schema (it is off)',
      shownInstead,
    });
    return [];
  }
  if (probe.mdlInstrument === 'off') {
    notices.push({
      key: 'metadata-locks',
      missing: "the performance_schema instrument 'wait/lock/metadata/sql/mdl' (it is disabled)",
      shownInstead,
    });
    return [];
  }
  const lockRows = await readOrNotice(conn, METADATA_LOCKS, notices, {
    key: 'metadata-locks',
    missing: 'SELECT on performance_schema',
    shownInstead,
  });
  const locks = lockRows.flatMap((r) => {
    const owner = numberOf(r.OWNER_ID);
    const objectType = textOf(r.OBJECT_TYPE);
    const lockType = textOf(r.LOCK_TYPE);
    const status = textOf(r.LOCK_STATUS);
    if (owner === null || !objectType || !lockType || !status) return [];
    return [
      {
        objectType,
        schema: textOf(r.OBJECT_SCHEMA),
        name: textOf(r.OBJECT_NAME),
        lockType,
        status,
        ownerThreadId: owner,
      },
    ];
  });
  // The query already names owners by processlist id.
  return metadataLockWaits(locks, (id) => id);
}
