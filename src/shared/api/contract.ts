import { z } from 'zod';
import { ServerInfoSchema } from '../server/server-info';
import {
  ConnectionSettingsSchema,
  SavedConnectionSchema,
  SecretsPatchSchema,
  SecretsSchema,
  UnreadableConnectionSchema,
} from './connection';
import { ApiErrorShapeSchema } from './errors';
import { ExplainRunResultSchema } from './explain';
import { StatementTextSchema } from './message-limits';
import {
  HistoryClearedSchema,
  HistoryClearParamsSchema,
  HistoryPageSchema,
  HistorySearchParamsSchema,
} from './history';
import {
  ExportDefaultPathSchema,
  ExportDownloadParamsSchema,
  ExportFormatSchema,
  ExportParamsSchema,
  ExportStatusSchema,
} from './export';
import {
  CellSliceSchema,
  MAX_CELL_SLICE,
  MAX_ROWS_PER_PAGE,
  QueryRowsSchema,
  QueryStatusSchema,
  QueryUpdateSchema,
} from './query';
import { processlistContract } from './processlist';
import { schemaContract } from './schema';
import { alterContract, alterEvents } from './alter';
import { updatesContract } from './updates';
import { settingsContract } from './settings';
import { replicationContract } from './replication';
import { tuningContract } from './tuning';
import { slowlogContract, slowlogEvents } from './slowlog';
import { driftContract, driftEvents } from './drift';
import { resultEditContract } from './result-edit';
import { CancelOutcomeSchema } from './cancel-outcome';
import { StoreWriteStatusSchema } from './store-writes';

const Id = z.string().min(1).max(64);
const Empty = z.object({}).strict();

export const AppInfoSchema = z.object({
  version: z.string(),
  /** How this backend is reached: the desktop app's MessagePort or browser mode's WebSocket. */
  mode: z.enum(['desktop', 'web']),
  /** Where saved secrets are protected: the OS keychain via Electron, or an AES key file. */
  secretStorage: z.enum(['safe-storage', 'key-file']),
  dataDir: z.string(),
  backendPid: z.number().int(),
  /** A warning about the store (e.g. the connection file was corrupt and the backup was used). */
  storeWarning: z.string().nullable(),
  /** Stores whose latest changes could not be written yet (kept in memory, being retried). */
  storeWrites: z.array(StoreWriteStatusSchema),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const SessionOpenedSchema = z.object({
  sessionId: Id,
  connectionId: Id,
  server: ServerInfoSchema,
});
export type SessionOpened = z.infer<typeof SessionOpenedSchema>;

export const SessionStatusSchema = z.object({
  sessionId: Id,
  server: ServerInfoSchema,
  /** True when the connection had been lost and this call reconnected it. */
  reconnected: z.boolean(),
  /** Whether a transaction is open, as the server's status flags last said; null if unknown. */
  inTransaction: z.boolean().nullable(),
});
export type SessionStatus = z.infer<typeof SessionStatusSchema>;

function method<P extends z.ZodType, R extends z.ZodType>(params: P, result: R) {
  return { params, result };
}

/**
 * The whole API between screens and the backend. Both transports carry exactly this;
 * the backend validates every `params` against it and every screen gets typed results.
 */
export const contract = {
  'app.info': method(Empty, AppInfoSchema),

  'connections.list': method(Empty, z.array(SavedConnectionSchema)),
  /**
   * Saved connections this version cannot read (kept as written; `connections.delete` is the
   * only change allowed on them), in the file's order.
   */
  'connections.unreadable': method(Empty, z.array(UnreadableConnectionSchema)),
  /** Creates (no id) or updates (id) a saved connection and patches its secrets. */
  'connections.save': method(
    z.object({
      id: Id.optional(),
      settings: ConnectionSettingsSchema,
      secrets: SecretsPatchSchema,
    }),
    SavedConnectionSchema,
  ),
  'connections.duplicate': method(z.object({ id: Id }), SavedConnectionSchema),
  'connections.delete': method(z.object({ id: Id }), z.object({ deleted: z.literal(true) })),
  /**
   * Connects once with these settings and reports the server. With an `id`, secrets not given
   * here are taken from the saved connection, so an edit dialog can test without retyping.
   */
  'connections.test': method(
    z.object({
      id: Id.optional(),
      settings: ConnectionSettingsSchema,
      secrets: SecretsPatchSchema,
    }),
    ServerInfoSchema,
  ),

  /** Opens a server session for a saved connection; `secrets` answers an "ask each time". */
  'session.open': method(
    z.object({ connectionId: Id, secrets: SecretsSchema.optional() }),
    SessionOpenedSchema,
  ),
  'session.close': method(z.object({ sessionId: Id }), z.object({ closed: z.boolean() })),
  /** Refreshes what the server reports; reconnects first when the connection was lost. */
  'session.status': method(z.object({ sessionId: Id }), SessionStatusSchema),

  /**
   * Starts one statement in a session and returns at once; `query.update` events follow, and
   * rows are pulled with `query.rows` as the grid shows them. A statement over
   * MAX_STATEMENT_BYTES, or over the session's `max_allowed_packet`, is refused with
   * INVALID_REQUEST (field `sql`, both sizes named) before anything reaches the server. So is
   * text that is not exactly one statement (the session never takes several in one call), and,
   * on a connection marked read-only, a statement not known to only read unless
   * `readOnlyConfirmed` says the user was asked a second time.
   */
  'query.start': method(
    z.object({
      sessionId: Id,
      sql: StatementTextSchema,
      readOnlyConfirmed: z.boolean().optional(),
    }),
    QueryStatusSchema,
  ),
  'query.status': method(z.object({ queryId: Id }), QueryStatusSchema),
  'query.rows': method(
    z.object({
      queryId: Id,
      offset: z.number().int().nonnegative(),
      limit: z.number().int().min(1).max(MAX_ROWS_PER_PAGE),
    }),
    QueryRowsSchema,
  ),
  /** Part of one cell's full value, for values too long to travel in a page. */
  'query.cell': method(
    z.object({
      queryId: Id,
      row: z.number().int().nonnegative(),
      column: z.number().int().nonnegative(),
      offset: z.number().int().nonnegative(),
      length: z.number().int().min(1).max(MAX_CELL_SLICE),
    }),
    CellSliceSchema,
  ),
  /** Stops a running statement with KILL QUERY; harmless when it already finished. */
  'query.cancel': method(z.object({ queryId: Id }), CancelOutcomeSchema),
  /**
   * Closes the connection a statement waits on (the user confirmed), for a server that does not
   * answer: the statement fails at once, an open transaction is lost, the session reconnects on
   * its next statement. `givenUp` is false when the statement had ended or its connection changed.
   */
  'query.giveUp': method(z.object({ queryId: Id }), z.object({ givenUp: z.boolean() })),
  /** Frees a result's rows. */
  'query.discard': method(z.object({ queryId: Id }), z.object({ discarded: z.boolean() })),

  /** Statements run so far (secrets masked), newest first, found by text and connection. */
  'history.search': method(HistorySearchParamsSchema, HistoryPageSchema),
  /** Forgets the history of one connection, or all of it. */
  'history.clear': method(HistoryClearParamsSchema, HistoryClearedSchema),
  /**
   * Writes a result in full to a file by running its statement again (see ExportParamsSchema);
   * returns at once, `export.update` events follow. FILE_ERROR names a bad path.
   */
  'query.export': method(ExportParamsSchema, ExportStatusSchema),
  /** The same, as a browser download in browser mode (see ExportDownloadParamsSchema). */
  'query.exportDownload': method(ExportDownloadParamsSchema, ExportStatusSchema),
  'export.status': method(z.object({ exportId: Id }), ExportStatusSchema),
  /** Stops an export (KILL QUERY) and removes its partial file; harmless once it ended. */
  'export.cancel': method(z.object({ exportId: Id }), z.object({ cancelled: z.boolean() })),
  /** A fresh file name for an export, in the home folder of the user running the backend. */
  'export.defaultPath': method(z.object({ format: ExportFormatSchema }), ExportDefaultPathSchema),

  /** Metadata for the schema browser and completion (see ./schema). */
  ...schemaContract,
  /** Update notifications: settings and the release feed check (see ./updates). */
  ...updatesContract,
  ...settingsContract,
  /** The live processlist (see ./processlist). */
  ...processlistContract,
  /** Replication status, topology and the errant-transaction fix (see ./replication). */
  ...replicationContract,
  /** Data drift: a table compared between the session's server and a replica (see ./drift). */
  ...driftContract,
  /** Explains one statement on the session in the server's best format (ANALYZE runs it). */
  'explain.run': method(
    z.object({
      sessionId: Id,
      sql: z
        .string()
        .min(1)
        .max(1024 * 1024),
      analyze: z.boolean(),
    }),
    ExplainRunResultSchema,
  ),
  /**
   * Stops the session's running explain (ANALYZE runs the statement) with KILL QUERY, under the
   * same checks as `query.cancel`; `explain.run` then fails with CANCELLED.
   */
  'explain.cancel': method(z.object({ sessionId: Id }), CancelOutcomeSchema),
  /** As `query.giveUp`, for the session's running explain (the user confirmed). */
  'explain.giveUp': method(z.object({ sessionId: Id }), z.object({ givenUp: z.boolean() })),
  /** Top statements, index experiments, schema health, plans as evidence (see ./tuning). */
  ...tuningContract,
  /** Slow query log analysis for the tuning screen (see ./slowlog). */
  ...slowlogContract,
  /** Guided ALTER TABLE: preflight, run with progress, cancel, history (see ./alter). */
  ...alterContract,
  /** Changing a result's rows in place, previewed and applied in one transaction. */
  ...resultEditContract,
} as const;

export type Contract = typeof contract;
export type MethodName = keyof Contract;
export type MethodParams<M extends MethodName> = z.input<Contract[M]['params']>;
export type MethodResult<M extends MethodName> = z.output<Contract[M]['result']>;

/** Events the backend pushes to screens. */
export const events = {
  /** A session's connection broke (server restart, network); the next action reconnects. */
  'session.lost': z.object({
    sessionId: Id,
    connectionId: Id,
    error: ApiErrorShapeSchema,
  }),
  /**
   * A lost session's connection was opened again (by the next action): the server as it is now
   * (its new session id, a version changed by an upgrade). Session state did not survive.
   */
  'session.reconnected': z.object({
    sessionId: Id,
    connectionId: Id,
    server: ServerInfoSchema,
  }),
  /**
   * A statement started, got its columns, received rows (throttled) or finished. Progress
   * updates leave the columns out (see QueryUpdateSchema).
   */
  'query.update': QueryUpdateSchema,
  /** An export progressed (throttled) or ended. */
  'export.update': ExportStatusSchema,
  ...alterEvents,
  ...slowlogEvents,
  ...driftEvents,
  /**
   * A store's write failed (its changes are kept in memory and retried), or, after failing,
   * everything reached the file again. Sent to every screen the moment it happens.
   */
  'store.writeStatus': StoreWriteStatusSchema,
} as const;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]>;

/** True when `name` is a method of the contract. */
export function isMethodName(name: string): name is MethodName {
  return Object.prototype.hasOwnProperty.call(contract, name);
}
