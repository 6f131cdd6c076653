import { z } from 'zod';
import { severityRank, SeveritySchema, type Severity } from '../severity';
import type { ReplicationSettings } from './replication-settings';

/** One setting (or a few that work together) read, explained, and what to do about it. */
export const SettingAdviceSchema = z.object({
  /** Stable id of the rule, e.g. `binlog-format`. */
  id: z.string(),
  severity: SeveritySchema,
  /** The variables this is about, with their values as the server shows them. */
  settings: z.array(z.object({ name: z.string(), value: z.string() })),
  /** What the values mean for replication, in a sentence. */
  title: z.string(),
  /** Why it matters. */
  detail: z.string(),
  /** What changing it does and how (null when nothing needs changing). */
  change: z.string().nullable(),
  /** The manual page that says so. */
  manual: z.object({ title: z.string(), url: z.string().url() }),
});
export type SettingAdvice = z.infer<typeof SettingAdviceSchema>;

const MYSQL = 'https://dev.mysql.com/doc/refman/8.4/en/';
const MARIADB = 'https://mariadb.com/kb/en/';
const BINLOG_VARS = `${MYSQL}replication-options-binary-log.html#sysvar_`;
const REPLICA_VARS = `${MYSQL}replication-options-replica.html#sysvar_`;
const MARIADB_VARS = `${MARIADB}replication-and-binary-log-system-variables/#`;

/** The variables a rule reads, as name and value, for those the server has. */
type Read = { name: string; value: string };

/**
 * Advice on the settings that decide how a server replicates, worst first: parallel applier and
 * dependency tracking, binlog format and row image, tables without a primary key under
 * row-based replication, durability (sync_binlog, innodb_flush_log_at_trx_commit), relay log
 * recovery, GTID mode and consistency (MariaDB's gtid_strict_mode), semi-sync, binlog
 * compression and logging of applied changes. Settings that only matter on a replica are
 * explained on any server, at `info` at most where the server is not one. Every advice cites
 * the manual of the server's flavor.
 */
export function adviseReplicationSettings(settings: ReplicationSettings): SettingAdvice[] {
  const ctx = new Reader(settings);
  const rules = settings.flavor === 'mariadb' ? MARIADB_RULES : MYSQL_RULES;
  const advice: SettingAdvice[] = [];
  for (const rule of rules) {
    const a = rule(ctx);
    if (a) advice.push(a);
  }
  return advice
    .map((a, order) => ({ a, order }))
    .sort((x, y) => severityRank(y.a.severity) - severityRank(x.a.severity) || x.order - y.order)
    .map(({ a }) => a);
}

/** Reads variables under either of their names. */
class Reader {
  constructor(readonly settings: ReplicationSettings) {}

  /** The first of `names` the server has. */
  read(...names: string[]): Read | null {
    for (const name of names) {
      const value = this.settings.variables[name];
      if (value !== undefined) return { name, value };
    }
    return null;
  }

  /** Whether a variable reads ON / 1 / TRUE. */
  isOn(read: Read | null): boolean {
    return read !== null && /^(?:ON|1|TRUE|YES)$/i.test(read.value.trim());
  }

  get binlogOn(): boolean {
    return this.isOn(this.read('log_bin'));
  }

  get replica(): boolean {
    return this.settings.isReplica;
  }

  /** A replica-only concern is at most `info` on a server that is not a replica now. */
  onReplica(severity: Severity): Severity {
    return this.replica || severity === 'ok' ? severity : 'info';
  }

  /**
   * The statement that sets a global variable for now and for the next start: MySQL's
   * SET PERSIST; MariaDB has none (it refuses the syntax), so SET GLOBAL and the option file.
   */
  persist(assignment: string): string {
    return this.settings.flavor === 'mariadb'
      ? `SET GLOBAL ${assignment} (and the same in the option file: MariaDB has no SET PERSIST)`
      : `SET PERSIST ${assignment}`;
  }

  /** Why a replica-only setting is shown on a server that is not one. */
  get notReplicaNote(): string {
    return this.replica ? '' : ' This server is not a replica now; this matters if it becomes one.';
  }
}

type Rule = (r: Reader) => SettingAdvice | null;

function advice(
  id: string,
  severity: Severity,
  settings: Array<Read | null>,
  title: string,
  detail: string,
  change: string | null,
  manual: [string, string],
): SettingAdvice {
  return {
    id,
    severity,
    settings: settings.filter((s): s is Read => s !== null),
    title,
    detail,
    change,
    manual: { title: manual[0], url: manual[1] },
  };
}

const binaryLog: Rule = (r) => {
  const logBin = r.read('log_bin');
  if (!logBin || r.binlogOn) return null;
  return advice(
    'binary-log',
    r.replica ? 'warning' : 'info',
    [logBin],
    'Binary logging is off',
    r.replica
      ? 'This replica keeps no binary log: it cannot become a source after a failover, and no replica can follow it.'
      : 'Without a binary log this server cannot be a replication source, and point-in-time recovery has nothing to replay.',
    'log_bin is a startup option: set it (and server_id) in the option file and restart.',
    r.settings.flavor === 'mariadb'
      ? ['MariaDB: Activating the binary log', `${MARIADB}activating-the-binary-log/`]
      : ['MySQL: The binary log', `${MYSQL}binary-log.html`],
  );
};

const binlogFormat: Rule = (r) => {
  const format = r.read('binlog_format');
  if (!format || !r.binlogOn) return null;
  const value = format.value.toUpperCase();
  const manual: [string, string] =
    r.settings.flavor === 'mariadb'
      ? ['MariaDB: Binary log formats', `${MARIADB}binary-log-formats/`]
      : ['MySQL: Advantages and disadvantages of SBR and RBR', `${MYSQL}replication-sbr-rbr.html`];
  if (value === 'ROW')
    return advice(
      'binlog-format',
      'ok',
      [format],
      'Row-based binary log',
      'Replicas apply the rows that changed, so non-deterministic statements give the same result everywhere.',
      null,
      manual,
    );
  return advice(
    'binlog-format',
    value === 'STATEMENT' ? 'warning' : 'info',
    [format],
    value === 'STATEMENT' ? 'Statement-based binary log' : 'Mixed binary log format',
    value === 'STATEMENT'
      ? 'Replicas run the statements again: statements with LIMIT without ORDER BY, UUID(), user variables or triggers can give other rows there, and replicas drift silently.'
      : 'Statements are logged as text unless the server judges them unsafe; row-based logging is what parallel appliers, change-data-capture tools and flashback read best.',
    `${r.persist("binlog_format = 'ROW'")} applies to new sessions; replicas must be able to read row events (every supported version can). Sessions already open keep their format.`,
    manual,
  );
};

const rowImage: Rule = (r) => {
  const image = r.read('binlog_row_image');
  const format = r.read('binlog_format');
  if (!image || !r.binlogOn || format?.value.toUpperCase() === 'STATEMENT') return null;
  const value = image.value.toUpperCase();
  const manual: [string, string] =
    r.settings.flavor === 'mariadb'
      ? ['MariaDB: binlog_row_image', `${MARIADB_VARS}binlog_row_image`]
      : ['MySQL: binlog_row_image', `${BINLOG_VARS}binlog_row_image`];
  if (value === 'FULL')
    return advice(
      'binlog-row-image',
      'ok',
      [image],
      'Full row images',
      'Every row event carries all columns before and after the change: any replica and tool can find and check the row.',
      null,
      manual,
    );
  return advice(
    'binlog-row-image',
    'info',
    [image],
    value === 'MINIMAL' ? 'Minimal row images' : 'Row images without BLOBs',
    'Smaller binary logs, but row events no longer carry every column: a replica whose table has another key or no key must search harder, and tools that rebuild or undo rows from the log (flashback, CDC) may not work.',
    `${r.persist("binlog_row_image = 'FULL'")} applies to new sessions.`,
    manual,
  );
};

const keylessTables: Rule = (r) => {
  const format = r.read('binlog_format');
  const count = r.settings.keylessTableCount;
  if (!r.binlogOn && !r.replica) return null;
  if (format?.value.toUpperCase() === 'STATEMENT' && !r.replica) return null;
  const require = r.read('sql_require_primary_key');
  const generate = r.read('sql_generate_invisible_primary_key');
  const manual: [string, string] =
    r.settings.flavor === 'mariadb'
      ? [
          'MariaDB: Row-based replication with no primary key',
          'https://mariadb.com/docs/server/ha-and-performance/standard-replication/row-based-replication-with-no-primary-key',
        ]
      : ['MySQL: Generated invisible primary keys', `${MYSQL}create-table-gipks.html`];
  if (count === 0)
    return advice(
      'keyless-tables',
      'ok',
      [require, generate],
      'Every user table has a primary or unique key',
      'Replicas find each changed row through the key.',
      null,
      manual,
    );
  const names = r.settings.keylessTables
    .slice(0, 5)
    .map((t) => `${t.schema}.${t.table}`)
    .join(', ');
  const more = count > 5 ? ` and ${count - 5} more` : '';
  return advice(
    'keyless-tables',
    'warning',
    [require, generate],
    `${count} table${count === 1 ? '' : 's'} without a primary key under row-based replication`,
    r.settings.flavor === 'mariadb'
      ? `${names}${more}. A replica finds each changed row of such a table through another index if it has one, and otherwise by reading the whole table, for every row: one large UPDATE or DELETE on the source can keep a replica behind for hours. This is the most common cause of a replica falling behind.`
      : `${names}${more}. With no primary key or NOT NULL unique key, a replica finds the rows of each row event by a hash scan of the table (or of another index): one large UPDATE or DELETE on the source can keep a replica behind for hours. This is the most common cause of a replica falling behind.`,
    r.settings.flavor === 'mariadb'
      ? 'Add a primary key (an AUTO_INCREMENT column if the data has none). Plan it as an ALTER in Sightline to see how it runs.'
      : 'Add a primary key; where the data has none, an invisible one (ALTER TABLE t ADD COLUMN my_row_id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT INVISIBLE PRIMARY KEY FIRST, MySQL 8.0.30+). sql_require_primary_key = ON refuses new tables without one; sql_generate_invisible_primary_key = ON adds one to new tables.',
    manual,
  );
};

const syncBinlog: Rule = (r) => {
  const sync = r.read('sync_binlog');
  if (!sync || !r.binlogOn || sync.value.trim() === '1') return null;
  return advice(
    'sync-binlog',
    r.replica && !r.settings.hasReplicas ? 'info' : 'warning',
    [sync],
    sync.value.trim() === '0'
      ? 'The binary log is flushed to disk when the OS decides'
      : `The binary log is flushed to disk every ${sync.value} commits`,
    'After an OS crash or a power loss, transactions already sent to replicas can be missing from the source’s binary log: the replicas then hold transactions the source no longer has, and a failover loses or duplicates them.',
    `${r.persist('sync_binlog = 1')} makes every commit durable in the binary log (at the cost of an fsync per group commit).`,
    r.settings.flavor === 'mariadb'
      ? ['MariaDB: sync_binlog', `${MARIADB_VARS}sync_binlog`]
      : ['MySQL: sync_binlog', `${BINLOG_VARS}sync_binlog`],
  );
};

const flushAtCommit: Rule = (r) => {
  const flush = r.read('innodb_flush_log_at_trx_commit');
  if (!flush || flush.value.trim() === '1') return null;
  return advice(
    'flush-log-at-commit',
    r.replica && !r.settings.hasReplicas ? 'info' : 'warning',
    [flush],
    `InnoDB flushes its log about once a second (innodb_flush_log_at_trx_commit = ${flush.value})`,
    'A crash (of the server with 0, of the OS with 2) loses up to a second of committed transactions, and InnoDB and the binary log can disagree about what was committed. On a replica that no server replicates from, with relay_log_recovery = ON and GTID auto-positioning, the lost part is fetched again.',
    `${r.persist('innodb_flush_log_at_trx_commit = 1')} makes every commit durable.`,
    r.settings.flavor === 'mariadb'
      ? [
          'MariaDB: innodb_flush_log_at_trx_commit',
          `${MARIADB}innodb-system-variables/#innodb_flush_log_at_trx_commit`,
        ]
      : [
          'MySQL: innodb_flush_log_at_trx_commit',
          `${MYSQL}innodb-parameters.html#sysvar_innodb_flush_log_at_trx_commit`,
        ],
  );
};

const relayLogRecovery: Rule = (r) => {
  const recovery = r.read('relay_log_recovery');
  if (!recovery) return null;
  const manual: [string, string] =
    r.settings.flavor === 'mariadb'
      ? ['MariaDB: relay_log_recovery', `${MARIADB_VARS}relay_log_recovery`]
      : ['MySQL: relay_log_recovery', `${REPLICA_VARS}relay_log_recovery`];
  if (r.isOn(recovery))
    return advice(
      'relay-log-recovery',
      'ok',
      [recovery],
      'Relay log recovery is on',
      'After a crash the replica discards relay logs it had not applied and fetches them again from the source.',
      null,
      manual,
    );
  return advice(
    'relay-log-recovery',
    r.onReplica('warning'),
    [recovery],
    'Relay log recovery is off',
    `After a crash the replica goes on from relay logs that may be cut or corrupt, or applies a transaction twice: replication stops with an error or the data drifts.${r.notReplicaNote}`,
    'relay_log_recovery is read at startup: set it to ON in the option file and restart the replica.',
    manual,
  );
};

const mysqlGtid: Rule = (r) => {
  const mode = r.read('gtid_mode');
  const consistency = r.read('enforce_gtid_consistency');
  if (!mode) return null;
  const manual: [string, string] = [
    'MySQL: gtid_mode',
    `${MYSQL}replication-options-gtids.html#sysvar_gtid_mode`,
  ];
  if (mode.value.toUpperCase() === 'ON')
    return advice(
      'gtid',
      'ok',
      [mode, consistency],
      'GTIDs are on',
      'Every transaction has a global ID: replicas position themselves automatically, and errant transactions can be found exactly.',
      null,
      manual,
    );
  return advice(
    'gtid',
    'warning',
    [mode, consistency],
    `GTID mode is ${mode.value}`,
    'Without GTIDs a replica is positioned by file and offset: after a failover each replica must be moved by hand to the right position of the new source, and errant transactions cannot be detected.',
    'GTID mode is raised one step at a time on every server (enforce_gtid_consistency = ON, then gtid_mode OFF_PERMISSIVE → ON_PERMISSIVE → ON) with replication running; the manual gives the exact order.',
    [
      'MySQL: Enabling GTID transactions online',
      `${MYSQL}replication-mode-change-online-enable-gtids.html`,
    ],
  );
};

const mariadbGtidStrict: Rule = (r) => {
  const strict = r.read('gtid_strict_mode');
  if (!strict) return null;
  const manual: [string, string] = [
    'MariaDB: gtid_strict_mode',
    `${MARIADB}gtid/#gtid_strict_mode`,
  ];
  if (r.isOn(strict))
    return advice(
      'gtid-strict-mode',
      'ok',
      [strict],
      'GTID strict mode is on',
      'A GTID out of order or logged twice stops replication at once, where it happened.',
      null,
      manual,
    );
  return advice(
    'gtid-strict-mode',
    'warning',
    [strict],
    'GTID strict mode is off',
    'A replica accepts GTIDs out of order, and two servers can log the same GTID with different changes: the binary logs diverge silently, and a later failover or a replica moved to another source finds it.',
    `${r.persist('gtid_strict_mode = ON')} on every server of the topology.`,
    manual,
  );
};

const mysqlParallel: Rule = (r) => {
  const workers = r.read('replica_parallel_workers', 'slave_parallel_workers');
  if (!workers) return null;
  const order = r.read('replica_preserve_commit_order', 'slave_preserve_commit_order');
  const type = r.read('replica_parallel_type', 'slave_parallel_type');
  const n = Number(workers.value);
  if (!(n > 1))
    return advice(
      'parallel-applier',
      r.onReplica('info'),
      [workers],
      'One applier thread',
      `The replica applies transactions one after the other: a source that commits in parallel outpaces it under load.${r.notReplicaNote}`,
      'SET PERSIST replica_parallel_workers = 4 (the default since 8.0.27) with replica_preserve_commit_order = ON, then STOP REPLICA SQL_THREAD; START REPLICA SQL_THREAD.',
      ['MySQL: replica_parallel_workers', `${REPLICA_VARS}replica_parallel_workers`],
    );
  if (order && !r.isOn(order))
    return advice(
      'parallel-applier',
      r.onReplica('warning'),
      [workers, order, type],
      `${n} applier threads that may commit out of order`,
      `Transactions commit on the replica in another order than on the source: readers of the replica can see states the source never had, and after a crash its executed GTIDs have gaps.${r.notReplicaNote}`,
      'SET PERSIST replica_preserve_commit_order = ON (the default since 8.0.27), then restart the applier.',
      ['MySQL: replica_preserve_commit_order', `${REPLICA_VARS}replica_preserve_commit_order`],
    );
  if (type && type.value.toUpperCase() === 'DATABASE')
    return advice(
      'parallel-applier',
      r.onReplica('info'),
      [workers, type, order],
      `${n} applier threads, in parallel by schema only`,
      `Only transactions on different schemas run at the same time: a server with one busy schema gets no parallelism.${r.notReplicaNote}`,
      "SET PERSIST replica_parallel_type = 'LOGICAL_CLOCK', then restart the applier.",
      ['MySQL: replica_parallel_type', `${REPLICA_VARS}replica_parallel_type`],
    );
  return advice(
    'parallel-applier',
    'ok',
    [workers, order, type],
    `${n} applier threads, committing in the source's order`,
    'Independent transactions are applied in parallel and committed in the order the source committed them.',
    null,
    ['MySQL: replica_parallel_workers', `${REPLICA_VARS}replica_parallel_workers`],
  );
};

const dependencyTracking: Rule = (r) => {
  const tracking = r.read('binlog_transaction_dependency_tracking');
  if (!tracking || !r.binlogOn) return null;
  const manual: [string, string] = [
    'MySQL: binlog_transaction_dependency_tracking',
    `https://dev.mysql.com/doc/refman/8.0/en/replication-options-binary-log.html#sysvar_binlog_transaction_dependency_tracking`,
  ];
  if (tracking.value.toUpperCase() === 'COMMIT_ORDER')
    return advice(
      'dependency-tracking',
      'info',
      [tracking],
      'Dependencies tracked by commit order',
      'Replicas of this server run in parallel only transactions that committed together here: with few concurrent commits, their appliers mostly wait.',
      "SET PERSIST binlog_transaction_dependency_tracking = 'WRITESET' on this server lets its replicas apply any transactions that touch different rows in parallel (MySQL 8.4 always does).",
      manual,
    );
  return advice(
    'dependency-tracking',
    'ok',
    [tracking],
    `Dependencies tracked by ${tracking.value}`,
    'Replicas of this server can apply transactions that touched different rows in parallel.',
    null,
    manual,
  );
};

const mariadbParallel: Rule = (r) => {
  const threads = r.read('slave_parallel_threads');
  if (!threads) return null;
  const mode = r.read('slave_parallel_mode');
  const manual: [string, string] = [
    'MariaDB: Parallel replication',
    `${MARIADB}parallel-replication/`,
  ];
  const n = Number(threads.value);
  if (!(n > 0))
    return advice(
      'parallel-applier',
      r.onReplica('info'),
      [threads, mode],
      'Parallel replication is off',
      `The replica's SQL thread applies every transaction itself, one after the other: a busy source outpaces it.${r.notReplicaNote}`,
      'STOP SLAVE; SET GLOBAL slave_parallel_threads = 4; START SLAVE; (and in the option file). slave_parallel_mode = optimistic (the default) runs transactions in parallel and retries on conflicts.',
      manual,
    );
  const value = mode?.value.toLowerCase() ?? '';
  if (value === 'none' || value === 'minimal' || value === 'conservative')
    return advice(
      'parallel-applier',
      r.onReplica('info'),
      [threads, mode],
      `${n} applier threads in ${value} mode`,
      value === 'conservative'
        ? 'Only transactions that group-committed together on the source run in parallel.'
        : `Little or nothing runs in parallel in this mode.${r.notReplicaNote}`,
      "SET GLOBAL slave_parallel_mode = 'optimistic' (with the slave stopped) runs transactions in parallel and rolls back and retries on a conflict, in the source's order.",
      manual,
    );
  return advice(
    'parallel-applier',
    'ok',
    [threads, mode],
    `${n} applier threads in ${value || 'the default'} mode`,
    "Transactions are applied in parallel and committed in the source's order.",
    null,
    manual,
  );
};

const logReplicaUpdates: Rule = (r) => {
  const updates = r.read('log_replica_updates', 'log_slave_updates');
  if (!updates) return null;
  const manual: [string, string] =
    r.settings.flavor === 'mariadb'
      ? ['MariaDB: log_slave_updates', `${MARIADB_VARS}log_slave_updates`]
      : ['MySQL: log_replica_updates', `${BINLOG_VARS}log_replica_updates`];
  if (r.isOn(updates))
    return advice(
      'log-replica-updates',
      'ok',
      [updates],
      'Applied changes are written to this server’s binary log',
      'It can become a source after a failover, and replicas can follow it in a chain.',
      null,
      manual,
    );
  return advice(
    'log-replica-updates',
    r.onReplica('warning'),
    [updates],
    'Applied changes are not written to this server’s binary log',
    `Its binary log holds only local writes: after a failover to it, other replicas cannot continue from it, and a chain of replicas stops here.${r.notReplicaNote}`,
    'Set log_replica_updates (log_slave_updates) = ON in the option file and restart.',
    manual,
  );
};

const semiSync: Rule = (r) => {
  const source = r.read('rpl_semi_sync_source_enabled', 'rpl_semi_sync_master_enabled');
  const replica = r.read('rpl_semi_sync_replica_enabled', 'rpl_semi_sync_slave_enabled');
  const manual: [string, string] =
    r.settings.flavor === 'mariadb'
      ? ['MariaDB: Semisynchronous replication', `${MARIADB}semisynchronous-replication/`]
      : ['MySQL: Semisynchronous replication', `${MYSQL}replication-semisync.html`];
  const sourceOn = r.isOn(source);
  const replicaOn = r.isOn(replica);
  if (sourceOn || replicaOn)
    return advice(
      'semi-sync',
      'ok',
      [source, replica],
      sourceOn ? 'Semi-synchronous as a source' : 'Semi-synchronous as a replica',
      sourceOn
        ? 'A commit returns once a replica has received it: a failover does not lose acknowledged transactions (unless the source fell back to asynchronous after its timeout).'
        : 'This replica acknowledges what it receives to a semi-synchronous source.',
      null,
      manual,
    );
  return advice(
    'semi-sync',
    'info',
    [source, replica],
    source || replica
      ? 'Asynchronous replication'
      : 'Asynchronous replication (the semi-sync plugin is not loaded)',
    'Commits on the source do not wait for any replica: a failover can lose the transactions the source committed last.',
    r.settings.flavor === 'mariadb'
      ? 'SET GLOBAL rpl_semi_sync_master_enabled = ON on the source and rpl_semi_sync_slave_enabled = ON on replicas (built in since 10.3).'
      : "INSTALL PLUGIN rpl_semi_sync_source SONAME 'semisync_source.so' on the source (semisync_replica.so on replicas), then enable rpl_semi_sync_source_enabled / rpl_semi_sync_replica_enabled.",
    manual,
  );
};

const compression: Rule = (r) => {
  const setting = r.read('binlog_transaction_compression', 'log_bin_compress');
  if (!setting || !r.binlogOn) return null;
  const manual: [string, string] =
    r.settings.flavor === 'mariadb'
      ? [
          'MariaDB: Compressing events',
          `${MARIADB}compressing-events-to-reduce-size-of-the-binary-log/`,
        ]
      : [
          'MySQL: Binary log transaction compression',
          `${MYSQL}binary-log-transaction-compression.html`,
        ];
  if (r.isOn(setting))
    return advice(
      'binlog-compression',
      'ok',
      [setting],
      'The binary log is compressed',
      'Less disk and network per transaction, for some CPU on the source and replicas.',
      null,
      manual,
    );
  return advice(
    'binlog-compression',
    'info',
    [setting],
    'The binary log is not compressed',
    'Large row events travel to every replica and sit in binary and relay logs as they are.',
    r.settings.flavor === 'mariadb'
      ? 'SET GLOBAL log_bin_compress = ON compresses events larger than log_bin_compress_min_len; replicas must be 10.2 or later.'
      : 'SET PERSIST binlog_transaction_compression = ON compresses each transaction with zstd (8.0.20+); replicas keep them compressed in their relay logs.',
    manual,
  );
};

const MYSQL_RULES: Rule[] = [
  binaryLog,
  keylessTables,
  mysqlParallel,
  dependencyTracking,
  binlogFormat,
  rowImage,
  syncBinlog,
  flushAtCommit,
  relayLogRecovery,
  mysqlGtid,
  logReplicaUpdates,
  semiSync,
  compression,
];

const MARIADB_RULES: Rule[] = [
  binaryLog,
  keylessTables,
  mariadbParallel,
  binlogFormat,
  rowImage,
  syncBinlog,
  flushAtCommit,
  relayLogRecovery,
  mariadbGtidStrict,
  logReplicaUpdates,
  semiSync,
  compression,
];
