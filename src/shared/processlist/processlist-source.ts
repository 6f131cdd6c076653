import type { Capabilities } from '../server/capabilities';
import type { ProcesslistNotice, ProcesslistSource } from './snapshot';

/** Where a server's processlist, row-lock waits and metadata-lock waits are read from. */
export interface SourcePlan {
  processlist: ProcesslistSource;
  /** Row-lock waits: performance_schema.data_lock_waits, INNODB_LOCK_WAITS, or none. */
  rowLocks: 'data_lock_waits' | 'innodb_lock_waits' | null;
  /** Metadata-lock waits: performance_schema.metadata_locks when the server has it. */
  metadataLocks: boolean;
  /** MariaDB's TIME_MS, STAGE, PROGRESS, MEMORY_USED, EXAMINED_ROWS columns. */
  processlistExtras: boolean;
}

/** What the server's settings allow on top of its version (probed once per connection). */
export interface SourceAvailability {
  /** @@performance_schema is ON and readable. */
  performanceSchema: boolean;
}

/**
 * The best sources for this server: performance_schema's processlist (with threads and the
 * current statement's figures) on MySQL 8.0.22+ when performance_schema is on and readable,
 * else information_schema.PROCESSLIST (with MariaDB's extra columns where it has them).
 */
export function chooseProcesslistSource(
  capabilities: Capabilities,
  available: SourceAvailability,
): SourcePlan {
  const ps = available.performanceSchema;
  return {
    processlist:
      ps && capabilities.performanceSchemaProcesslist ? 'performance_schema' : 'information_schema',
    rowLocks:
      ps && capabilities.performanceSchemaDataLocks
        ? 'data_lock_waits'
        : capabilities.innodbLockWaitsTable
          ? 'innodb_lock_waits'
          : null,
    metadataLocks: ps && capabilities.performanceSchemaMetadataLocks,
    processlistExtras: capabilities.processlistExtras,
  };
}

/** The key of the notice that MySQL's stage progress is off (see `stageProgressNotice`). */
export const STAGES_CONSUMER_NOTICE = 'stages-consumer';

/** What turns MySQL's stage progress on (until the server restarts). */
export const ENABLE_STAGES_CONSUMER =
  "UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME = 'events_stages_current';";

/**
 * The notice that stage progress (how far an ALTER TABLE, LOAD DATA... has got) cannot show
 * because the performance_schema consumer events_stages_current is off, with the statement that
 * turns it on; null when it is on, when it could not be read, or when the rows do not come from
 * performance_schema (MariaDB reports progress in its PROCESSLIST, whatever the consumer says).
 */
export function stageProgressNotice(
  source: ProcesslistSource,
  consumer: 'on' | 'off' | 'unknown',
): ProcesslistNotice | null {
  if (source !== 'performance_schema' || consumer !== 'off') return null;
  return {
    key: STAGES_CONSUMER_NOTICE,
    missing: "the performance_schema consumer 'events_stages_current' (it is off)",
    shownInstead: `no stage progress in the Progress column. To turn it on: ${ENABLE_STAGES_CONSUMER}`,
  };
}
