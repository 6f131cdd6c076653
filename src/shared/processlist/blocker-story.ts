import { z } from 'zod';
import { numberOf, textOf, type RawRow } from './raw-value';

const Count = z.number().nonnegative();

/** One statement a session ran, from performance_schema's statement history. */
export const PastStatementSchema = z.object({
  /** performance_schema's EVENT_ID: the order the thread ran them in. */
  eventId: z.number().int().nonnegative(),
  /** SQL_TEXT, as long as performance_schema kept it; null when it kept none. */
  sql: z.string().nullable(),
  /** How long before the read it started, ms; null when the server gave no timer. */
  startedAgoMs: Count.nullable(),
  durationMs: Count.nullable(),
  rowsAffected: Count.nullable(),
  rowsExamined: Count.nullable(),
  /** The error it ended with (MYSQL_ERRNO and MESSAGE_TEXT), or null. */
  error: z.string().nullable(),
  /** Ran inside the transaction that is open now (nested in its transaction event). */
  inTransaction: z.boolean(),
});
export type PastStatement = z.infer<typeof PastStatementSchema>;

export const HISTORY_SOURCES = [
  'events_statements_history',
  'events_statements_history_long',
] as const;
export type HistorySource = (typeof HISTORY_SOURCES)[number];

/** What a blocker's last statements are, or why they cannot be read and what it would take. */
export const StatementHistorySchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('read'),
    /** The tables read (both when both consumers are on). */
    sources: z.array(z.enum(HISTORY_SOURCES)).min(1),
    /** Oldest first. */
    statements: z.array(PastStatementSchema),
  }),
  z.object({
    state: z.literal('unavailable'),
    /** Why, in a sentence. */
    reason: z.string(),
    /** The exact statement that would make the history available now, or null when none can. */
    enableSql: z.string().nullable(),
    /** What else it takes (a restart, a privilege), or null. */
    more: z.string().nullable(),
  }),
]);
export type StatementHistory = z.infer<typeof StatementHistorySchema>;

/** The open transaction of a blocker, from information_schema.INNODB_TRX. */
export const BlockerTransactionSchema = z.object({
  trxId: z.string(),
  state: z.string(),
  /** trx_started as the server shows it (its own time zone), e.g. `2026-11-26 08:01:02`. */
  startedAt: z.string().nullable(),
  ageSeconds: Count,
  isolation: z.string().nullable(),
  rowsLocked: Count.nullable(),
  rowsModified: Count.nullable(),
  tablesLocked: Count.nullable(),
});
export type BlockerTransaction = z.infer<typeof BlockerTransactionSchema>;

/** What a (root) blocker is and did: who it is, its transaction and its last statements. */
export const BlockerStorySchema = z.object({
  id: z.number().int().nonnegative(),
  /** Null when the session is gone. */
  user: z.string().nullable(),
  /** The client's host and port as the server reports it. */
  host: z.string().nullable(),
  command: z.string().nullable(),
  timeSeconds: z.number().nullable(),
  /** The `program_name` connection attribute the client sent, or null. */
  programName: z.string().nullable(),
  /** Every connection attribute read (`_client_name`, `_pid`, `program_name`, ...). */
  attributes: z.record(z.string(), z.string()),
  /** Why attributes could not be read (performance_schema off, no privilege), or null. */
  attributesNote: z.string().nullable(),
  /** Null when it has no InnoDB transaction open. */
  transaction: BlockerTransactionSchema.nullable(),
  history: StatementHistorySchema,
});
export type BlockerStory = z.infer<typeof BlockerStorySchema>;

/** The consumers statement history depends on, as setup_consumers says (absent: not listed). */
export interface HistoryConsumers {
  global_instrumentation: boolean | null;
  thread_instrumentation: boolean | null;
  events_statements_current: boolean | null;
  events_statements_history: boolean | null;
  events_statements_history_long: boolean | null;
}

/** Consumers by name from setup_consumers rows (NAME, ENABLED). */
export function historyConsumersFrom(rows: readonly RawRow[]): HistoryConsumers {
  const consumers: HistoryConsumers = {
    global_instrumentation: null,
    thread_instrumentation: null,
    events_statements_current: null,
    events_statements_history: null,
    events_statements_history_long: null,
  };
  for (const r of rows) {
    const name = textOf(r.NAME);
    if (name !== null && name in consumers) {
      consumers[name as keyof HistoryConsumers] = textOf(r.ENABLED) === 'YES';
    }
  }
  return consumers;
}

/** Where to read a blocker's statements from, or what to say instead. */
export type HistoryPlan =
  { state: 'read'; sources: HistorySource[] } | Extract<StatementHistory, { state: 'unavailable' }>;

/**
 * Which history tables hold statements now, given performance_schema's state and its consumers.
 * Consumers form a hierarchy (global_instrumentation > thread_instrumentation >
 * events_statements_current > events_statements_history and _history_long): a table is kept
 * only when it and every consumer above it are on. When neither can be read the answer names
 * the exact UPDATE that turns on the per-thread history and whatever above it is off (MySQL has
 * them on by default; MariaDB, with performance_schema on, has the statement consumers off), and
 * says that it records from then on only. performance_schema itself is switched on at startup.
 */
export function historyPlan(
  flavor: 'mysql' | 'mariadb',
  performanceSchema: boolean,
  consumers: HistoryConsumers | 'denied',
): HistoryPlan {
  if (!performanceSchema) {
    const section = flavor === 'mariadb' ? '[mariadb]' : '[mysqld]';
    return {
      state: 'unavailable',
      reason:
        flavor === 'mariadb'
          ? 'performance_schema is OFF on this MariaDB server (MariaDB ships it off), so no statement history is kept.'
          : 'performance_schema is OFF on this server, so no statement history is kept.',
      enableSql: null,
      more: `It can only be turned on at startup: add performance_schema=ON under ${section} in the server's option file and restart it (it then takes some memory for its tables); after that, enable the consumer with UPDATE performance_schema.setup_consumers SET ENABLED='YES' WHERE NAME='events_statements_history'.`,
    };
  }
  if (consumers === 'denied') {
    return {
      state: 'unavailable',
      reason: 'This account may not read performance_schema.',
      enableSql: null,
      more: 'Statement history needs SELECT on performance_schema.*.',
    };
  }
  const above =
    consumers.global_instrumentation === true &&
    consumers.thread_instrumentation === true &&
    consumers.events_statements_current === true;
  const sources = HISTORY_SOURCES.filter((name) => above && consumers[name] === true);
  if (sources.length > 0) return { state: 'read', sources };
  const needed = (
    [
      'global_instrumentation',
      'thread_instrumentation',
      'events_statements_current',
      'events_statements_history',
    ] as const
  ).filter((name) => consumers[name] === false);
  if (consumers.events_statements_history === null || needed.length === 0) {
    return {
      state: 'unavailable',
      reason: 'This server lists no events_statements_history consumer.',
      enableSql: null,
      more: null,
    };
  }
  const where =
    needed.length === 1
      ? `NAME='${needed[0]}'`
      : `NAME IN (${needed.map((n) => `'${n}'`).join(', ')})`;
  return {
    state: 'unavailable',
    reason: `The performance_schema consumer${needed.length === 1 ? '' : 's'} ${needed.join(', ')} ${needed.length === 1 ? 'is' : 'are'} off, so no statement history is kept.`,
    enableSql: `UPDATE performance_schema.setup_consumers SET ENABLED='YES' WHERE ${where};`,
    more: 'It records from then on only (the last 10 statements per session by default): statements run before it was enabled cannot be shown. It lasts until the server restarts; to keep it, add performance-schema-consumer-events-statements-history=ON to the option file.',
  };
}

/** Picoseconds (performance_schema timers) to milliseconds. */
const PS_PER_MS = 1e9;

/**
 * The statements of one thread from history rows (EVENT_ID, SQL_TEXT, TIMER_START, TIMER_WAIT,
 * ROWS_AFFECTED, ROWS_EXAMINED, MYSQL_ERRNO, MESSAGE_TEXT, NESTING_EVENT_ID), possibly from both
 * history tables: each event once, oldest first, the last `limit` kept. `nowPs` is the timer of
 * the reading statement's start (for "how long ago"); `transactionEventId` the EVENT_ID of the
 * open transaction's event, whose statements nest in it.
 */
export function pastStatementsFrom(
  rows: readonly RawRow[],
  nowPs: number | null,
  transactionEventId: number | null,
  limit = 20,
): PastStatement[] {
  const byEvent = new Map<number, PastStatement>();
  for (const r of rows) {
    const eventId = numberOf(r.EVENT_ID);
    if (eventId === null || eventId < 0 || byEvent.has(eventId)) continue;
    const start = numberOf(r.TIMER_START);
    const wait = numberOf(r.TIMER_WAIT);
    const errno = numberOf(r.MYSQL_ERRNO);
    const nesting = numberOf(r.NESTING_EVENT_ID);
    byEvent.set(eventId, {
      eventId,
      sql: textOf(r.SQL_TEXT),
      startedAgoMs:
        start !== null && nowPs !== null && nowPs >= start ? (nowPs - start) / PS_PER_MS : null,
      durationMs: wait !== null && wait >= 0 ? wait / PS_PER_MS : null,
      rowsAffected: nonNegative(numberOf(r.ROWS_AFFECTED)),
      rowsExamined: nonNegative(numberOf(r.ROWS_EXAMINED)),
      error: errno !== null && errno !== 0 ? `${errno}: ${textOf(r.MESSAGE_TEXT) ?? ''}` : null,
      inTransaction: transactionEventId !== null && nesting === transactionEventId,
    });
  }
  return [...byEvent.values()].sort((a, b) => a.eventId - b.eventId).slice(-limit);
}

function nonNegative(n: number | null): number | null {
  return n === null || n < 0 ? null : n;
}

/** Connection attributes (ATTR_NAME, ATTR_VALUE) as a record; `program_name` picked out. */
export function connectAttributesFrom(rows: readonly RawRow[]): {
  attributes: Record<string, string>;
  programName: string | null;
} {
  const attributes: Record<string, string> = {};
  for (const r of rows) {
    const name = textOf(r.ATTR_NAME);
    const value = textOf(r.ATTR_VALUE);
    if (name !== null && value !== null) attributes[name] = value;
  }
  return { attributes, programName: attributes.program_name ?? null };
}
