import { z } from 'zod';
import type { ServerFlavor } from './flavor';
import { compareVersions, v, type ServerVersion } from './version';

/**
 * The one place that knows which server does what. Features branch on these flags, never on
 * version numbers of their own. `null` in a row: that flavor never has it.
 * Percona Server follows MySQL's row.
 */
const TABLE = {
  explainJson: { mysql: '5.6.5', mariadb: '10.1.0', about: 'EXPLAIN FORMAT=JSON' },
  explainTree: { mysql: '8.0.16', mariadb: null, about: 'EXPLAIN FORMAT=TREE' },
  explainAnalyze: { mysql: '8.0.18', mariadb: null, about: 'EXPLAIN ANALYZE (text tree)' },
  explainJsonV2: {
    mysql: '8.3.0',
    mariadb: null,
    about: 'explain_json_format_version=2 and EXPLAIN ANALYZE FORMAT=JSON',
  },
  analyzeJson: { mysql: null, mariadb: '10.1.0', about: 'MariaDB ANALYZE FORMAT=JSON' },
  explainForConnection: {
    mysql: '5.7.2',
    mariadb: '10.9.0',
    about: 'EXPLAIN FOR CONNECTION (MariaDB: also SHOW EXPLAIN FOR)',
  },
  mysqlGtid: { mysql: '5.6.5', mariadb: null, about: 'MySQL GTIDs (server_uuid:N sets)' },
  taggedGtids: { mysql: '8.3.0', mariadb: null, about: 'tagged GTIDs (uuid:tag:N)' },
  mariadbGtid: { mysql: null, mariadb: '10.0.2', about: 'MariaDB GTIDs (domain-server-seq)' },
  replicaStatements: {
    mysql: '8.0.22',
    mariadb: '10.5.1',
    about: 'SHOW REPLICA STATUS / START REPLICA wording',
  },
  showReplicas: { mysql: '8.0.22', mariadb: null, about: 'SHOW REPLICAS (else SHOW SLAVE HOSTS)' },
  allSlavesStatus: {
    mysql: null,
    mariadb: '10.0.0',
    about: 'SHOW ALL SLAVES STATUS (multi-source channels by Connection_name)',
  },
  replicationTransactionTimestamps: {
    mysql: '8.0.1',
    mariadb: null,
    about: 'performance_schema replication commit timestamps (lag per transaction)',
  },
  changeReplicationSource: {
    mysql: '8.0.23',
    mariadb: null,
    about: 'CHANGE REPLICATION SOURCE TO (else CHANGE MASTER TO)',
  },
  performanceSchemaDataLocks: {
    mysql: '8.0.1',
    mariadb: null,
    about: 'performance_schema.data_locks and data_lock_waits',
  },
  sysSchema: { mysql: '5.7.7', mariadb: '10.6.0', about: 'the sys schema' },
  performanceSchemaProcesslist: {
    mysql: '8.0.22',
    mariadb: null,
    about: 'performance_schema.processlist (a processlist read without the global mutex)',
  },
  processlistExtras: {
    mysql: null,
    mariadb: '10.0.1',
    about: 'information_schema.PROCESSLIST TIME_MS, STAGE, PROGRESS, MEMORY_USED, EXAMINED_ROWS',
  },
  innodbLockWaitsTable: {
    mysql: null,
    mariadb: '5.5.0',
    about: 'information_schema.INNODB_LOCK_WAITS and INNODB_LOCKS (row-lock waits)',
  },
  performanceSchemaMetadataLocks: {
    mysql: '5.7.3',
    mariadb: '10.5.2',
    about: 'performance_schema.metadata_locks (metadata-lock waits and their holders)',
  },
  // MariaDB 10.3.2 already added columns instantly, but the ALGORITHM=INSTANT and NOCOPY
  // clauses the plan proposes only parse from 10.3.7 (MariaDB blog, ALTER TABLE improvements in
  // 10.3; knowledge base, InnoDB Online DDL Overview).
  alterInstant: { mysql: '8.0.12', mariadb: '10.3.7', about: 'ALTER TABLE ... ALGORITHM=INSTANT' },
  alterInstantAddAnywhere: {
    mysql: '8.0.29',
    mariadb: '10.4.0',
    about: 'instant ADD COLUMN anywhere (FIRST/AFTER), not only last',
  },
  alterInstantDropColumn: { mysql: '8.0.29', mariadb: '10.4.0', about: 'instant DROP COLUMN' },
  alterInstantRenameColumn: { mysql: '8.0.28', mariadb: '10.3.7', about: 'instant column rename' },
  alterInstantRowVersions: {
    mysql: '8.0.29',
    mariadb: null,
    about: 'instant ADD/DROP COLUMN counted in INNODB_TABLES.TOTAL_ROW_VERSIONS (64 at most)',
  },
  alterInstantRowVersions255: {
    mysql: '9.1.0',
    mariadb: null,
    about: 'up to 255 instant row versions per table (was 64)',
  },
  alterInstantMetadata: {
    mysql: null,
    mariadb: '10.4.0',
    about:
      'instant VARCHAR widening, RENAME INDEX, DROP FOREIGN KEY and table option changes (comment, AUTO_INCREMENT, default charset)',
  },
  alterInstantVarcharExtend: {
    mysql: null,
    mariadb: '10.4.3',
    about:
      'instant VARCHAR widening from at most 127 bytes to 256 or more (a second length byte, MDEV-15563)',
  },
  alterNocopy: { mysql: null, mariadb: '10.3.7', about: 'ALTER TABLE ... ALGORITHM=NOCOPY' },
  alterPageCompressedInstant: {
    mysql: null,
    mariadb: '10.5.0',
    about: 'PAGE_COMPRESSED=1 turned on instantly (seen on 10.5; 10.11 rebuilds the table)',
  },
  alterPageCompressedUnsure: {
    mysql: null,
    mariadb: '10.6.0',
    about:
      'PAGE_COMPRESSED=1 may rebuild the table: instant on 10.5, a rebuild on 10.11, the versions between not known',
  },
  alterRenameColumnClause: {
    mysql: '8.0.3',
    mariadb: '10.5.2',
    about: 'ALTER TABLE ... RENAME COLUMN a TO b (else CHANGE COLUMN)',
  },
  alterRenameIndexClause: {
    mysql: '5.7.1',
    mariadb: '10.5.2',
    about: 'ALTER TABLE ... RENAME INDEX / RENAME KEY',
  },
  alterDropCheckClause: { mysql: '8.0.16', mariadb: null, about: 'ALTER TABLE ... DROP CHECK' },
  alterDropConstraintClause: {
    mysql: '8.0.19',
    mariadb: '10.2.1',
    about: 'ALTER TABLE ... DROP CONSTRAINT',
  },
  functionalKeyParts: {
    mysql: '8.0.13',
    mariadb: null,
    about: 'functional key parts: an index on an expression, ADD INDEX ((expr))',
  },
  alterRulesObserved: {
    mysql: '9.7.0',
    mariadb: '10.11.0',
    about:
      'ALTER rules seen only on Sightline’s test servers (MySQL 9.7, MariaDB 10.11 and 11.8) are trusted from these versions on; older ones get “unknown”',
  },
  alterRepartitionChecksAlgorithm: {
    mysql: '5.7.6',
    mariadb: '11.8.0',
    about:
      'ALGORITHM=INSTANT/NOCOPY refused for PARTITION BY / REMOVE PARTITIONING (MariaDB 10.11 takes them and copies anyway)',
  },
  alterPartitionClause: {
    mysql: '5.7.6',
    mariadb: null,
    about: 'ALGORITHM= and LOCK= with partition management (ADD/DROP/REORGANIZE PARTITION)',
  },
  alterCopyChecksAlgorithm: {
    mysql: '5.6.0',
    mariadb: '11.8.0',
    about:
      'ALGORITHM=INSTANT/NOCOPY/INPLACE refused for what only a copy does (another ENGINE, ORDER BY); MariaDB 10.11 takes them and copies anyway',
  },
  alterOnlineCopy: {
    mysql: null,
    mariadb: '11.2.1',
    about:
      'ALGORITHM=COPY with LOCK=NONE: the copy replays concurrent writes (online schema change)',
  },
  alterProgressStages: {
    mysql: '5.7.6',
    mariadb: null,
    about: 'ALTER progress from performance_schema stage events',
  },
  alterProgressColumn: {
    mysql: null,
    mariadb: '5.3.0',
    about: 'ALTER progress in the processlist Progress column',
  },
  statementTimeout: {
    mysql: '5.7.8',
    mariadb: '10.1.1',
    about: 'MAX_EXECUTION_TIME hint (MySQL) / max_statement_time (MariaDB)',
  },
  statementTimeoutStopsAlter: {
    mysql: null,
    mariadb: '10.1.1',
    about:
      'max_statement_time stops ALTER TABLE too (MariaDB; MySQL limits SELECT only; seen on 10.11)',
  },
  windowFunctions: { mysql: '8.0.2', mariadb: '10.2.0', about: 'window functions' },
  commonTableExpressions: { mysql: '8.0.1', mariadb: '10.2.1', about: 'WITH and WITH RECURSIVE' },
  invisibleIndexes: {
    mysql: '8.0.0',
    mariadb: '10.6.0',
    about: 'INVISIBLE (MySQL) / IGNORED (MariaDB) indexes',
  },
  statementDigests: {
    mysql: '5.6.5',
    mariadb: '10.0.0',
    about: 'performance_schema.events_statements_summary_by_digest (when performance_schema is ON)',
  },
  statementDigestFunction: {
    mysql: '8.0.4',
    mariadb: null,
    about:
      'STATEMENT_DIGEST(): an editor’s explain is kept under the statement’s digest (without it, earlier plans of a statement are found by its shape)',
  },
  digestQuerySample: {
    mysql: '8.0.3',
    mariadb: null,
    about: 'QUERY_SAMPLE_TEXT: an example statement per digest',
  },
  innodbRowVersions: {
    mysql: '8.0.29',
    mariadb: null,
    about: 'INNODB_TABLES.TOTAL_ROW_VERSIONS (instant ADD/DROP COLUMN)',
  },
  statsExpiry: {
    mysql: '8.0.3',
    mariadb: null,
    about: 'information_schema table statistics cached (information_schema_stats_expiry)',
  },
  columnDefaultsAsSql: {
    mysql: null,
    mariadb: '10.2.7',
    about: 'information_schema column defaults written as SQL (quoted literals, NULL)',
  },
  threadMemory: {
    mysql: '8.0.31',
    mariadb: null,
    about: 'performance_schema.threads TOTAL_MEMORY / MAX_TOTAL_MEMORY (memory per session)',
  },
  showAnalyze: {
    mysql: null,
    mariadb: '10.9.0',
    about: 'SHOW ANALYZE FORMAT=JSON FOR <id>: the plan of a running statement with its figures',
  },
} as const satisfies Record<
  string,
  { mysql: string | null; mariadb: string | null; about: string }
>;

export type CapabilityKey = keyof typeof TABLE;
export const CAPABILITY_KEYS = Object.keys(TABLE) as CapabilityKey[];

export const CapabilitiesSchema = z.object(
  Object.fromEntries(CAPABILITY_KEYS.map((k) => [k, z.boolean()])) as Record<
    CapabilityKey,
    z.ZodBoolean
  >,
);
export type Capabilities = Record<CapabilityKey, boolean>;

/** What each capability means, for the connection details screen. */
export function describeCapability(key: CapabilityKey): string {
  return TABLE[key].about;
}

/** The first version of `flavor` that has `key`, or null when that flavor never has it. */
export function capabilitySince(key: CapabilityKey, flavor: ServerFlavor): ServerVersion | null {
  const since: string | null = TABLE[key][flavor === 'mariadb' ? 'mariadb' : 'mysql'];
  return since === null ? null : v(since);
}

/** The capabilities of a server of this flavor and version. */
export function capabilitiesFor(flavor: ServerFlavor, version: ServerVersion): Capabilities {
  const column = flavor === 'mariadb' ? 'mariadb' : 'mysql';
  const result = {} as Capabilities;
  for (const key of CAPABILITY_KEYS) {
    const since: string | null = TABLE[key][column];
    result[key] = since !== null && compareVersions(version, v(since)) >= 0;
  }
  return result;
}
