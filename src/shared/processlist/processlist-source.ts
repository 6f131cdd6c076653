import type { Capabilities } from '../server/capabilities';
import type { ProcesslistSource } from './snapshot';

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
