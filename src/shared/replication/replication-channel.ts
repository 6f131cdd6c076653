import { z } from 'zod';

/** How a replication thread stands: `Yes`, `No` or `Connecting` (IO only), as servers say it. */
export const ThreadStateSchema = z.enum(['running', 'stopped', 'connecting', 'unknown']);
export type ThreadState = z.infer<typeof ThreadStateSchema>;

/** An error a replication thread or applier worker reported, with the server's number. */
export const ReplicationErrorSchema = z.object({
  /** The error number (e.g. 1062), never 0. */
  number: z.number().int().positive(),
  message: z.string(),
  /** When it happened, `YYYY-MM-DD hh:mm:ss` (see replicationErrorTime); '' when not said. */
  timestamp: z.string(),
});
export type ReplicationError = z.infer<typeof ReplicationErrorSchema>;

/** An applier worker's error (performance_schema.replication_applier_status_by_worker). */
export const WorkerErrorSchema = ReplicationErrorSchema.extend({
  workerId: z.number().int().nonnegative(),
});
export type WorkerError = z.infer<typeof WorkerErrorSchema>;

/**
 * Lag of a channel. `seconds` is the best figure available: the true lag from
 * performance_schema commit timestamps when the server has them (less SQL_Delay), else
 * Seconds_Behind_Source; null when unknown (a stopped thread).
 */
export const ChannelLagSchema = z.object({
  seconds: z.number().nonnegative().nullable(),
  /** Where `seconds` came from. */
  source: z.enum(['commit-timestamps', 'heartbeat', 'seconds-behind', 'none']),
  /** Seconds_Behind_Source / Seconds_Behind_Master as reported (null when the server says NULL). */
  secondsBehind: z.number().int().nonnegative().nullable(),
});
export type ChannelLag = z.infer<typeof ChannelLagSchema>;

/**
 * One replication channel of a replica, whatever the server (MySQL SHOW REPLICA STATUS or
 * SHOW SLAVE STATUS, MariaDB SHOW ALL SLAVES STATUS). Columns this model does not know are kept
 * in `extra` with the server's names and values as text.
 */
export const ReplicationChannelSchema = z.object({
  /** Channel_Name (MySQL) / Connection_name (MariaDB); '' for the default channel. */
  name: z.string(),
  sourceHost: z.string(),
  sourcePort: z.number().int().nonnegative(),
  sourceUser: z.string(),
  /** Source_Server_Id / Master_Server_Id (0 before the first connect). */
  sourceServerId: z.number().int().nonnegative(),
  /** Source_UUID (MySQL); null on MariaDB. */
  sourceUuid: z.string().nullable(),
  ioState: ThreadStateSchema,
  sqlState: ThreadStateSchema,
  /** What the IO thread is doing (Replica_IO_State / Slave_IO_State). */
  ioActivity: z.string(),
  /** What the SQL thread is doing (Replica_SQL_Running_State / Slave_SQL_Running_State). */
  sqlActivity: z.string(),
  ioError: ReplicationErrorSchema.nullable(),
  sqlError: ReplicationErrorSchema.nullable(),
  workerErrors: z.array(WorkerErrorSchema),
  lag: ChannelLagSchema,
  /** SQL_Delay: the configured delay in seconds (a delayed replica). */
  delaySeconds: z.number().int().nonnegative(),
  /** SQL_Remaining_Delay: seconds left before the next event is applied, when waiting. */
  remainingDelaySeconds: z.number().int().nonnegative().nullable(),
  /** MySQL Retrieved_Gtid_Set; MariaDB Gtid_IO_Pos. '' when none. */
  retrievedGtids: z.string(),
  /** MySQL Executed_Gtid_Set; MariaDB Gtid_Slave_Pos. */
  executedGtids: z.string(),
  /** MySQL Auto_Position=1; MariaDB Using_Gtid other than No. */
  autoPosition: z.boolean(),
  /** MariaDB Using_Gtid (`Slave_Pos`, `Current_Pos`, `No`); null on MySQL. */
  usingGtid: z.string().nullable(),
  /** Source_SSL_Allowed / Master_SSL_Allowed is Yes. */
  ssl: z.boolean(),
  /** Source_SSL_Verify_Server_Cert is Yes. */
  sslVerifyServerCert: z.boolean(),
  sourceLogFile: z.string(),
  readSourceLogPos: z.number().nonnegative(),
  relaySourceLogFile: z.string(),
  execSourceLogPos: z.number().nonnegative(),
  /** Columns this model does not map, as the server named them. */
  extra: z.record(z.string(), z.string().nullable()),
});
export type ReplicationChannel = z.infer<typeof ReplicationChannelSchema>;
