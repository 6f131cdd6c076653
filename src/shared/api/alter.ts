import { z } from 'zod';
import { ALTER_OPERATION_KINDS } from '../alter/alter-operation';
import { ALTER_ALGORITHMS, ALTER_LOCKS } from '../alter/alter-rules';
import { FindingSeveritySchema } from '../severity';
import { ApiErrorShapeSchema } from './errors';

const Id = z.string().min(1).max(64);
const Count = z.number().int().nonnegative();
const Sql = z
  .string()
  .min(1)
  .max(1024 * 1024);

export const AlterAlgorithmSchema = z.enum(ALTER_ALGORITHMS);
export const AlterLockSchema = z.enum(ALTER_LOCKS);
export const RiskSchema = z.object({
  severity: FindingSeveritySchema,
  text: z.string(),
});

export const PlannedOperationSchema = z.object({
  operation: z.object({
    kind: z.enum(ALTER_OPERATION_KINDS),
    text: z.string(),
    column: z.string().optional(),
    newName: z.string().optional(),
    index: z.string().optional(),
    definition: z.string().optional(),
    position: z
      .union([
        z.object({ at: z.literal('last') }),
        z.object({ at: z.literal('first') }),
        z.object({ at: z.literal('after'), column: z.string() }),
      ])
      .optional(),
    value: z.string().optional(),
  }),
  ruleKey: z.string(),
  algorithm: AlterAlgorithmSchema,
  lock: AlterLockSchema,
  why: z.string(),
  columnChange: z
    .enum([
      'same',
      'reorder',
      'varchar-widen',
      'varchar-widen-prefix',
      'varchar-widen-short',
      'enum-append',
      'nullability',
      'collation',
      'binary',
      'virtual-reorder',
      'charset-widen',
      'type',
    ])
    .optional(),
  certainty: z.enum(['known', 'unknown']),
  clauseIgnored: z.boolean(),
  rejected: z.string().optional(),
});

/**
 * A finding of `sightline lint` about the typed statement (src/shared/lint), placed by 1-based
 * line and column in it. `rule` is a lint rule id, or `input-error` when it could not be read.
 */
export const AlterFindingSchema = z.object({
  rule: z.string().min(1).max(64),
  title: z.string(),
  severity: FindingSeveritySchema,
  message: z.string(),
  fix: z.string().nullable(),
  line: z.number().int().positive(),
  column: z.number().int().positive(),
});
export type AlterFinding = z.infer<typeof AlterFindingSchema>;

/** The plan of src/shared/alter/plan-alter.ts, as it crosses the API. */
export const AlterPlanSchema = z.object({
  table: z.string(),
  schema: z.string().nullable(),
  operations: z.array(PlannedOperationSchema),
  algorithm: AlterAlgorithmSchema,
  lock: AlterLockSchema,
  certainty: z.enum(['known', 'unknown']),
  rejected: z.string().nullable(),
  summary: z.string(),
  clause: z.string().nullable(),
  clauseNote: z.string().nullable(),
  clauseIgnored: z.boolean(),
  proposedSql: z.string(),
  risks: z.array(RiskSchema),
});
export type AlterPlanDto = z.infer<typeof AlterPlanSchema>;

/** A session that holds, or waits for, the table's metadata lock, or has a transaction open. */
export const AlterBlockerSchema = z.object({
  processId: Count,
  user: z.string(),
  host: z.string(),
  db: z.string().nullable(),
  command: z.string(),
  timeSeconds: Count,
  state: z.string().nullable(),
  /** Its statement now, if any (an idle transaction has none). */
  info: z.string().nullable(),
  /** When its transaction started (server time), if one is open. */
  trxStarted: z.string().nullable(),
  /** MDL type (`SHARED_READ`) when the server tells; null on servers without metadata_locks. */
  lockType: z.string().nullable(),
  /** Holds a lock on the table, waits for one, or (MariaDB) has a transaction open that may. */
  relation: z.enum(['holds', 'waits', 'open-transaction']),
});
export type AlterBlocker = z.infer<typeof AlterBlockerSchema>;

export const TableFactsSchema = z.object({
  schema: z.string(),
  table: z.string(),
  engine: z.string().nullable(),
  rowFormat: z.string().nullable(),
  /** The engine's estimate. */
  rows: Count.nullable(),
  dataBytes: Count.nullable(),
  indexBytes: Count.nullable(),
  hasPrimaryKey: z.boolean(),
  indexes: z.array(
    z.object({
      name: z.string(),
      columns: z.array(z.string()),
      unique: z.boolean(),
      type: z.string(),
      /** Some column is indexed by a prefix only (`b(10)`). */
      prefixed: z.boolean().optional(),
    }),
  ),
  foreignKeysOut: z.array(z.object({ name: z.string(), referencedTable: z.string() })),
  foreignKeysIn: z.array(
    z.object({
      name: z.string(),
      fromTable: z.string(),
      /** The columns of this table the key references (absent: not read). */
      columns: z.array(z.string()).optional(),
    }),
  ),
  triggers: z.array(z.string()),
  partitions: Count,
  columns: z.array(
    z.object({
      name: z.string(),
      columnType: z.string(),
      nullable: z.boolean(),
      maxBytesPerChar: z.number().int().positive().nullable(),
      collation: z.string().nullable().optional(),
    }),
  ),
  /** INNODB_TABLES.TOTAL_ROW_VERSIONS on MySQL 8.0.29+, else null. */
  rowVersions: Count.nullable(),
  /**
   * InnoDB keeps a hidden FTS_DOC_ID column for a FULLTEXT index the table has or had (it stays
   * when the last one is dropped): ADD/DROP COLUMN are then never instant. Absent: not read.
   */
  hiddenFtsDocId: z.boolean().optional(),
  /**
   * MariaDB's @@innodb_instant_alter_column_allowed (10.3.23+); null on MySQL and on versions
   * without it, absent when not read.
   */
  instantAlterColumnAllowed: z
    .enum(['never', 'add_last', 'add_drop_reorder'])
    .nullable()
    .optional(),
  /** @@innodb_page_size in bytes; null when it could not be read, absent when not read. */
  innodbPageSize: z.number().int().positive().nullable().optional(),
  /**
   * The algorithm a server setting imposes on ALTERs that name none (MySQL @@old_alter_table=ON,
   * MariaDB @@alter_algorithm), with the setting in words; null: none, absent: not read.
   */
  serverAlgorithm: z
    .object({
      algorithm: z.enum(['COPY', 'INPLACE', 'NOCOPY', 'INSTANT']),
      setting: z.string().max(200),
    })
    .nullable()
    .optional(),
  createTable: z.string(),
  /**
   * The collation the server gives a character set named without COLLATE (`utf8mb4` →
   * `utf8mb4_0900_ai_ci`), for the character sets of the table's columns.
   */
  defaultCollations: z.record(z.string(), z.string()).optional(),
});
export type TableFactsDto = z.infer<typeof TableFactsSchema>;

export const ReplicaInfoSchema = z.object({
  serverId: Count,
  host: z.string(),
  port: Count,
});

export const ToolCommandSchema = z.object({
  tool: z.enum(['gh-ost', 'pt-online-schema-change']),
  /** For bash/zsh, every value quoted; null when the tool cannot be given this table. */
  command: z.string().nullable(),
  /** The same for PowerShell. */
  powershell: z.string().nullable(),
  notes: z.array(z.string()),
  blocker: z.string().nullable(),
});

/** Everything the wizard shows before a run: the plan checked against the live server. */
export const AlterPreflightSchema = z.object({
  sql: z.string(),
  plan: AlterPlanSchema,
  facts: TableFactsSchema,
  /** Sessions the ALTER would queue behind (and everyone else behind it). */
  blockers: z.array(AlterBlockerSchema),
  /** Replicas registered with this server (SHOW REPLICAS); their lag is only known on them. */
  replicas: z.array(ReplicaInfoSchema),
  /** This server's own delay when it is itself a replica. */
  ownReplicaLagSeconds: Count.nullable(),
  binlogOn: z.boolean(),
  /** Bytes to have free for a rebuild or copy (the table's size), 0 when nothing is rewritten. */
  spaceNeededBytes: Count,
  onlineAlterLogMaxBytes: Count.nullable(),
  /** Rows written per second to the table, measured over a second (MySQL performance_schema). */
  writeRowsPerSecond: z.number().nonnegative().nullable(),
  /** A rough duration, in seconds, with how it was made. */
  estimateSeconds: z.number().nonnegative().nullable(),
  estimateBasis: z.string(),
  /** gh-ost / pt-osc command lines, for tables above the size threshold that need a rebuild/copy. */
  toolCommands: z.array(ToolCommandSchema),
  /** Plan risks and live ones, worst first. */
  risks: z.array(RiskSchema),
  /** What `sightline lint` says of the statement on this live table, worst first. */
  findings: z.array(AlterFindingSchema),
  /** MySQL: progress needs stage instruments and consumers that are off now (ask first). */
  stageInstrumentsOff: z.boolean(),
  /** How progress will be read: MySQL stage events, MariaDB processlist, or not at all. */
  progressSource: z.enum(['stages', 'processlist', 'none']),
  lockWaitTimeoutSeconds: Count,
});
export type AlterPreflight = z.infer<typeof AlterPreflightSchema>;

export const ProgressViewSchema = z.object({
  percent: z.number().min(0).max(100),
  stage: z.string(),
  workCompleted: z.number(),
  workEstimated: z.number(),
  percentPerSecond: z.number().nullable(),
  etaSeconds: z.number().nullable(),
  elapsedSeconds: z.number(),
});

export const ALTER_RUN_STATES = [
  'running',
  'waiting-lock',
  'done',
  'failed',
  'cancelled',
  'unknown',
] as const;

/** A running or finished ALTER (ours, or someone else's seen in the processlist). */
export const AlterRunStatusSchema = z.object({
  runId: Id,
  connectionId: Id,
  schema: z.string(),
  table: z.string(),
  sql: z.string(),
  state: z.enum(ALTER_RUN_STATES),
  progress: ProgressViewSchema.nullable(),
  progressSource: z.enum(['stages', 'processlist', 'none']),
  /** Sessions it waits behind while its state is `waiting-lock`. */
  blockers: z.array(AlterBlockerSchema),
  /** The server's id of the connection running it (what KILL QUERY names). */
  processId: Count.nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  elapsedMs: Count,
  error: ApiErrorShapeSchema.nullable(),
  /** After a cancel or failure: whether SHOW CREATE TABLE is as before. */
  tableUnchanged: z.boolean().nullable(),
  /** After a lost connection: whether the definition changed (null until checked). */
  applied: z.boolean().nullable(),
  /** The server's stages seen during the run, in order (none for an instant change). */
  stages: z.array(z.string()),
  /** Whether stage instruments were switched on for it (and restored after). */
  instrumentsEnabled: z.boolean(),
  /** A sentence for the outcome. */
  outcome: z.string().nullable(),
  /** When progress was last read from the server (null before the first read). */
  progressReadAt: z.string().nullable(),
  /**
   * Why the latest progress read failed, while they fail (a server that stopped answering):
   * the figures shown are from `progressReadAt`, not current. Null once a read succeeds.
   */
  progressReadError: ApiErrorShapeSchema.nullable(),
});
export type AlterRunStatus = z.infer<typeof AlterRunStatusSchema>;

/** One line of the ALTER history. */
export const AlterHistoryEntrySchema = z.object({
  runId: Id,
  connectionId: Id,
  connectionName: z.string(),
  server: z.string(),
  schema: z.string(),
  table: z.string(),
  sql: z.string(),
  algorithm: AlterAlgorithmSchema,
  lock: AlterLockSchema,
  startedAt: z.string(),
  endedAt: z.string(),
  state: z.enum(ALTER_RUN_STATES),
  outcome: z.string(),
  tableBytes: Count.nullable(),
  /**
   * For a run whose outcome was `unknown` (the connection was lost): whether the later check
   * found the change applied; null or absent until it was checked.
   */
  applied: z.boolean().nullable().optional(),
});
export type AlterHistoryEntry = z.infer<typeof AlterHistoryEntrySchema>;

/** An ALTER someone else runs, seen in the processlist. */
export const ExternalAlterSchema = z.object({
  processId: Count,
  user: z.string(),
  sql: z.string(),
  timeSeconds: Count,
  state: z.string().nullable(),
  progress: ProgressViewSchema.nullable(),
});

function method<P extends z.ZodType, R extends z.ZodType>(params: P, result: R) {
  return { params, result };
}

/** The guided ALTER TABLE: plan, preflight, run with progress, cancel, history. */
export const alterContract = {
  /** Plans the ALTER against the live table and checks what would get in its way. */
  'alter.preflight': method(z.object({ sessionId: Id, sql: Sql }), AlterPreflightSchema),
  /**
   * Runs exactly `sql` (after the screen confirmed it) on the tool's session; returns at once,
   * `alter.update` events follow. `enableStageInstruments` is the user's consent to switch on
   * MySQL's stage instruments/consumers for progress (restored afterwards). On a read-only
   * connection `confirmedReadOnly` must be true (the user was asked a second time).
   */
  'alter.run': method(
    z.object({
      sessionId: Id,
      sql: Sql,
      lockWaitTimeoutSeconds: z.number().int().min(1).max(31_536_000),
      enableStageInstruments: z.boolean(),
      confirmedReadOnly: z.boolean().optional(),
    }),
    AlterRunStatusSchema,
  ),
  'alter.status': method(z.object({ runId: Id }), AlterRunStatusSchema),
  /** KILL QUERY on the running ALTER (the screen confirmed); the status says if the table is unchanged. */
  'alter.cancel': method(z.object({ runId: Id }), AlterRunStatusSchema),
  /** KILL (connection) of a session the ALTER waits behind (the screen confirmed `KILL id`). */
  'alter.killBlocker': method(
    z.object({ runId: Id, processId: Count }),
    z.object({ killed: z.boolean() }),
  ),
  /** After a lost connection: reconnects and compares the table's definition. */
  'alter.verify': method(z.object({ runId: Id }), AlterRunStatusSchema),
  /** Finished runs, newest first. */
  'alter.history': method(
    z.object({ connectionId: Id.optional(), limit: z.number().int().min(1).max(1000).optional() }),
    z.array(AlterHistoryEntrySchema),
  ),
  /** ALTER TABLE statements other sessions are running, with their progress. */
  'alter.external': method(z.object({ sessionId: Id }), z.array(ExternalAlterSchema)),
} as const;

export const alterEvents = {
  /** An ALTER run progressed (throttled), started waiting, or ended. */
  'alter.update': AlterRunStatusSchema,
} as const;
