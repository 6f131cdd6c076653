import { z } from 'zod';
import { ServerFlavorSchema } from '../server/flavor';

/**
 * The server variables that decide how replication behaves, by flavor. Both spellings of a
 * renamed MySQL variable are read (`replica_*` since 8.0.26, `slave_*` before); a server simply
 * lacks the ones it does not have (semi-sync without its plugin, dependency tracking after 8.4).
 */
export const REPLICATION_SETTING_NAMES = [
  'log_bin',
  'binlog_format',
  'binlog_row_image',
  'sync_binlog',
  'innodb_flush_log_at_trx_commit',
  'relay_log_recovery',
  'gtid_mode',
  'enforce_gtid_consistency',
  'log_replica_updates',
  'log_slave_updates',
  'replica_parallel_workers',
  'slave_parallel_workers',
  'replica_parallel_type',
  'slave_parallel_type',
  'replica_preserve_commit_order',
  'slave_preserve_commit_order',
  'binlog_transaction_dependency_tracking',
  'binlog_transaction_compression',
  'sql_require_primary_key',
  'sql_generate_invisible_primary_key',
  'rpl_semi_sync_source_enabled',
  'rpl_semi_sync_replica_enabled',
  'rpl_semi_sync_master_enabled',
  'rpl_semi_sync_slave_enabled',
  // MariaDB
  'slave_parallel_threads',
  'slave_parallel_mode',
  'gtid_strict_mode',
  'log_bin_compress',
] as const;

/** A table the replica must scan to apply a row change: no primary key and no usable unique key. */
export const KeylessTableSchema = z.object({
  schema: z.string(),
  table: z.string(),
  engine: z.string().nullable(),
  /** The server's estimate (information_schema.TABLES.TABLE_ROWS); null when unknown. */
  rows: z.number().nonnegative().nullable(),
});
export type KeylessTable = z.infer<typeof KeylessTableSchema>;

/** What decides one server's replication behaviour, as read from it. */
export const ReplicationSettingsSchema = z.object({
  flavor: ServerFlavorSchema,
  /** `SELECT VERSION()`. */
  version: z.string(),
  /** The variables of REPLICATION_SETTING_NAMES the server has, by name, as it shows them. */
  variables: z.record(z.string(), z.string()),
  /** Whether the server replicates from a source (has a channel). */
  isReplica: z.boolean(),
  /** Whether replicas are connected to it now (binlog dump threads). */
  hasReplicas: z.boolean(),
  /** User tables without a primary or non-null unique key, largest first, at most `limit`. */
  keylessTables: z.array(KeylessTableSchema),
  /** How many such tables there are in all. */
  keylessTableCount: z.number().int().nonnegative(),
});
export type ReplicationSettings = z.infer<typeof ReplicationSettingsSchema>;

/** The most keyless tables read and sent by name; the rest are counted. */
export const MAX_KEYLESS_TABLES = 50;
