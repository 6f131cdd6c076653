import { describe, expect, it } from 'vitest';
import type { ReplicationSettings } from '../../../src/shared/replication/replication-settings';
import { adviseReplicationSettings } from '../../../src/shared/replication/settings-advice';

/** MySQL 9.7's defaults on a replica, with durable settings; `variables` overrides. */
function mysql(
  variables: Record<string, string | undefined> = {},
  more: Partial<ReplicationSettings> = {},
): ReplicationSettings {
  const base: Record<string, string | undefined> = {
    log_bin: 'ON',
    binlog_format: 'ROW',
    binlog_row_image: 'FULL',
    sync_binlog: '1',
    innodb_flush_log_at_trx_commit: '1',
    relay_log_recovery: 'ON',
    gtid_mode: 'ON',
    enforce_gtid_consistency: 'ON',
    log_replica_updates: 'ON',
    replica_parallel_workers: '4',
    replica_preserve_commit_order: 'ON',
    binlog_transaction_compression: 'ON',
    ...variables,
  };
  return {
    flavor: 'mysql',
    version: '9.7.4',
    variables: Object.fromEntries(
      Object.entries(base).filter((e): e is [string, string] => e[1] !== undefined),
    ),
    isReplica: true,
    hasReplicas: false,
    keylessTables: [],
    keylessTableCount: 0,
    ...more,
  };
}

function mariadb(variables: Record<string, string> = {}): ReplicationSettings {
  return {
    ...mysql({
      log_replica_updates: undefined,
      replica_parallel_workers: undefined,
      replica_preserve_commit_order: undefined,
      binlog_transaction_compression: undefined,
      gtid_mode: undefined,
      enforce_gtid_consistency: undefined,
      log_slave_updates: 'ON',
      slave_parallel_threads: '4',
      slave_parallel_mode: 'optimistic',
      gtid_strict_mode: 'ON',
      log_bin_compress: 'ON',
      rpl_semi_sync_master_enabled: 'OFF',
      rpl_semi_sync_slave_enabled: 'ON',
      ...variables,
    }),
    flavor: 'mariadb',
    version: '10.11.19-MariaDB',
  };
}

const byId = (settings: ReplicationSettings) =>
  Object.fromEntries(adviseReplicationSettings(settings).map((a) => [a.id, a]));
const severities = (settings: ReplicationSettings) =>
  Object.fromEntries(adviseReplicationSettings(settings).map((a) => [a.id, a.severity]));

describe('replication settings advice (MySQL)', () => {
  it('has nothing to warn about on a durable, parallel, GTID replica', () => {
    expect(severities(mysql())).toEqual({
      'keyless-tables': 'ok',
      'parallel-applier': 'ok',
      'binlog-format': 'ok',
      'binlog-row-image': 'ok',
      'relay-log-recovery': 'ok',
      gtid: 'ok',
      'log-replica-updates': 'ok',
      // No semi-sync variables: the plugin is not loaded.
      'semi-sync': 'info',
      'binlog-compression': 'ok',
    });
    expect(byId(mysql())['semi-sync']!.title).toBe(
      'Asynchronous replication (the semi-sync plugin is not loaded)',
    );
  });

  it('orders advice worst first, keeping the rule order among equals', () => {
    const advice = adviseReplicationSettings(
      mysql({ binlog_format: 'STATEMENT', relay_log_recovery: 'OFF', sync_binlog: '0' }),
    );
    expect(advice.map((a) => `${a.id}:${a.severity}`).slice(0, 4)).toEqual([
      'binlog-format:warning',
      'relay-log-recovery:warning',
      'sync-binlog:info',
      'semi-sync:info',
    ]);
  });

  it('says what a single applier, out-of-order commits and schema-only parallelism cost', () => {
    expect(byId(mysql({ replica_parallel_workers: '0' }))['parallel-applier']).toMatchObject({
      severity: 'info',
      title: 'One applier thread',
    });
    const outOfOrder = byId(mysql({ replica_preserve_commit_order: 'OFF' }))['parallel-applier']!;
    expect(outOfOrder).toMatchObject({
      severity: 'warning',
      title: '4 applier threads that may commit out of order',
    });
    expect(outOfOrder.settings).toEqual([
      { name: 'replica_parallel_workers', value: '4' },
      { name: 'replica_preserve_commit_order', value: 'OFF' },
    ]);
    // MySQL 8.0 before the renames.
    const old = mysql({
      replica_parallel_workers: undefined,
      replica_preserve_commit_order: undefined,
      slave_parallel_workers: '8',
      slave_preserve_commit_order: 'ON',
      slave_parallel_type: 'DATABASE',
    });
    expect(byId(old)['parallel-applier']).toMatchObject({
      severity: 'info',
      title: '8 applier threads, in parallel by schema only',
    });
  });

  it('suggests WRITESET where the source still tracks dependencies by commit order', () => {
    const a = byId(mysql({ binlog_transaction_dependency_tracking: 'COMMIT_ORDER' }));
    expect(a['dependency-tracking']).toMatchObject({ severity: 'info' });
    expect(a['dependency-tracking']!.change).toContain("'WRITESET'");
    expect(
      byId(mysql({ binlog_transaction_dependency_tracking: 'WRITESET' }))['dependency-tracking']!
        .severity,
    ).toBe('ok');
  });

  it('names the tables without a key, five of them and how many more', () => {
    const tables = Array.from({ length: 7 }, (_, i) => ({
      schema: 'app',
      table: `t${i}`,
      engine: 'InnoDB',
      rows: 1000 - i,
    }));
    const a = byId(mysql({}, { keylessTables: tables, keylessTableCount: 7 }))['keyless-tables']!;
    expect(a.severity).toBe('warning');
    expect(a.title).toBe('7 tables without a primary key under row-based replication');
    expect(a.detail).toMatch(/^app\.t0, app\.t1, app\.t2, app\.t3, app\.t4 and 2 more\. /);
    expect(a.change).toContain('INVISIBLE PRIMARY KEY');
  });

  it('leaves keyless tables alone on a statement-based source, not on a replica', () => {
    const keyless = { keylessTables: [], keylessTableCount: 3 };
    expect(
      byId(mysql({ binlog_format: 'STATEMENT' }, { ...keyless, isReplica: false }))[
        'keyless-tables'
      ],
    ).toBeUndefined();
    expect(byId(mysql({ binlog_format: 'STATEMENT' }, keyless))['keyless-tables']!.severity).toBe(
      'warning',
    );
  });

  it('warns of lost transactions on a source; a leaf replica only gets a note', () => {
    const lax = { sync_binlog: '0', innodb_flush_log_at_trx_commit: '2' };
    expect(severities(mysql(lax, { isReplica: false, hasReplicas: true }))).toMatchObject({
      'sync-binlog': 'warning',
      'flush-log-at-commit': 'warning',
    });
    expect(severities(mysql(lax))).toMatchObject({
      'sync-binlog': 'info',
      'flush-log-at-commit': 'info',
    });
    expect(byId(mysql({ sync_binlog: '100' }))['sync-binlog']!.title).toBe(
      'The binary log is flushed to disk every 100 commits',
    );
  });

  it('keeps replica-only concerns at info on a server that is not a replica', () => {
    const notReplica = { isReplica: false, hasReplicas: true };
    const a = byId(mysql({ relay_log_recovery: 'OFF', log_replica_updates: 'OFF' }, notReplica));
    expect(a['relay-log-recovery']!.severity).toBe('info');
    expect(a['relay-log-recovery']!.detail).toMatch(/not a replica now/);
    expect(a['log-replica-updates']!.severity).toBe('info');
    expect(byId(mysql({ log_replica_updates: 'OFF' }))['log-replica-updates']!.severity).toBe(
      'warning',
    );
  });

  it('explains GTIDs off, binary log off and compression off', () => {
    const a = byId(mysql({ gtid_mode: 'OFF_PERMISSIVE', binlog_transaction_compression: 'OFF' }));
    expect(a.gtid).toMatchObject({ severity: 'warning', title: 'GTID mode is OFF_PERMISSIVE' });
    expect(a['binlog-compression']).toMatchObject({ severity: 'info' });
    const noBinlog = byId(mysql({ log_bin: 'OFF' }));
    expect(noBinlog['binary-log']).toMatchObject({ severity: 'warning' });
    // Without a binary log, its format, syncing and compression say nothing.
    expect(noBinlog['binlog-format']).toBeUndefined();
    expect(noBinlog['sync-binlog']).toBeUndefined();
    expect(noBinlog['binlog-compression']).toBeUndefined();
  });

  it('cites MySQL’s manual with a URL for every advice', () => {
    for (const a of adviseReplicationSettings(mysql({ binlog_format: 'MIXED' }))) {
      expect(a.manual.url).toMatch(/^https:\/\/dev\.mysql\.com\/doc\/refman\//);
    }
  });
});

describe('replication settings advice (MariaDB)', () => {
  it('knows parallel modes, strict GTIDs, semi-sync built in and event compression', () => {
    expect(severities(mariadb())).toEqual({
      'keyless-tables': 'ok',
      'parallel-applier': 'ok',
      'binlog-format': 'ok',
      'binlog-row-image': 'ok',
      'relay-log-recovery': 'ok',
      'gtid-strict-mode': 'ok',
      'log-replica-updates': 'ok',
      'semi-sync': 'ok',
      'binlog-compression': 'ok',
    });
    expect(byId(mariadb())['semi-sync']!.title).toBe('Semi-synchronous as a replica');
  });

  it('calls out no parallel threads, a conservative mode and strict mode off', () => {
    expect(byId(mariadb({ slave_parallel_threads: '0' }))['parallel-applier']).toMatchObject({
      severity: 'info',
      title: 'Parallel replication is off',
    });
    expect(
      byId(mariadb({ slave_parallel_mode: 'conservative' }))['parallel-applier'],
    ).toMatchObject({ severity: 'info', title: '4 applier threads in conservative mode' });
    expect(byId(mariadb({ gtid_strict_mode: 'OFF' }))['gtid-strict-mode']!.severity).toBe(
      'warning',
    );
  });

  it('never tells MariaDB to SET PERSIST, which it has not: SET GLOBAL and the option file', () => {
    const lax = {
      binlog_format: 'MIXED',
      binlog_row_image: 'MINIMAL',
      sync_binlog: '0',
      innodb_flush_log_at_trx_commit: '2',
      gtid_strict_mode: 'OFF',
    };
    const changes = Object.fromEntries(
      adviseReplicationSettings(mariadb(lax)).map((a) => [a.id, a.change]),
    );
    expect(changes).toMatchObject({
      'binlog-format':
        "SET GLOBAL binlog_format = 'ROW' (and the same in the option file: MariaDB has no SET PERSIST) applies to new sessions; replicas must be able to read row events (every supported version can). Sessions already open keep their format.",
      'binlog-row-image':
        "SET GLOBAL binlog_row_image = 'FULL' (and the same in the option file: MariaDB has no SET PERSIST) applies to new sessions.",
      'sync-binlog':
        'SET GLOBAL sync_binlog = 1 (and the same in the option file: MariaDB has no SET PERSIST) makes every commit durable in the binary log (at the cost of an fsync per group commit).',
      'flush-log-at-commit':
        'SET GLOBAL innodb_flush_log_at_trx_commit = 1 (and the same in the option file: MariaDB has no SET PERSIST) makes every commit durable.',
      'gtid-strict-mode':
        'SET GLOBAL gtid_strict_mode = ON (and the same in the option file: MariaDB has no SET PERSIST) on every server of the topology.',
    });
    for (const change of Object.values(changes)) expect(change ?? '').not.toMatch(/SET PERSIST /);
    // MySQL keeps SET PERSIST for the same advice.
    expect(byId(mysql(lax))['sync-binlog']!.change).toBe(
      'SET PERSIST sync_binlog = 1 makes every commit durable in the binary log (at the cost of an fsync per group commit).',
    );
  });

  it('cites MariaDB’s documentation for every advice', () => {
    for (const a of adviseReplicationSettings(mariadb({ binlog_format: 'MIXED' }))) {
      expect(a.manual.url).toMatch(/^https:\/\/mariadb\.com\//);
    }
  });
});
