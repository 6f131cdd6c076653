import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingAdvice } from '../../../src/shared/replication/settings-advice';
import type { ReplicationSettings } from '../../../src/shared/replication/replication-settings';
import { withConnection } from '../../servers/connect';
import { useTopology } from '../../servers/dedicated-servers';
import type { RunningServer } from '../../servers/instance';
import type { ServerKind } from '../../servers/server-kind';
import { waitForCatchUp } from '../../servers/replication';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession } from '../backend/session-helpers';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';

// The replication settings beside the status, read from a real source and replica of each
// flavor (the test servers run with sync_binlog = 0 and innodb_flush_log_at_trx_commit = 2
// for speed, which the advice must call out), with tables without a usable key created on the
// source and replicated.

failOnUnhandledErrors();

const TABLES = [
  'CREATE TABLE rs.no_key (a INT)',
  'CREATE TABLE rs.nullable_unique (a INT, UNIQUE KEY (a))',
  'CREATE TABLE rs.not_null_unique (a INT NOT NULL, UNIQUE KEY (a))',
  'CREATE TABLE rs.with_pk (id INT PRIMARY KEY)',
];

/** Each advice as `id:severity`, in the order given. */
const verdicts = (advice: SettingAdvice[]) => advice.map((a) => `${a.id}:${a.severity}`);

function suite(kind: ServerKind, expected: { replica: string[]; source: string[] }) {
  describe(`replication settings on ${kind} (source + replica)`, () => {
    const topology = useTopology(kind, 1);
    let b: BackendUnderTest;
    let source: RunningServer;
    let replica: RunningServer;
    let onSource: string;
    let onReplica: string;
    const read = async (sessionId: string) => {
      const r = await b.call('replication.settings', { sessionId });
      if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
      return r.value;
    };

    beforeAll(async () => {
      const t = topology();
      source = t.source;
      replica = t.replicas[0]!;
      await withConnection(source, async (c) => {
        await c.query('CREATE DATABASE rs');
        for (const sql of TABLES) await c.query(sql);
      });
      await waitForCatchUp(source, replica);
      b = await startBackend();
      onSource = await openSession(b, source, `${kind} source`);
      onReplica = await openSession(b, replica, `${kind} replica`);
    });
    afterAll(async () => {
      await b?.dispose();
    });

    it('finds the replicated tables no index can identify a row of, and only those', async () => {
      const { settings } = await read(onReplica);
      expect(settings.keylessTables).toEqual([
        { schema: 'rs', table: 'no_key', engine: 'InnoDB', rows: 0 },
        { schema: 'rs', table: 'nullable_unique', engine: 'InnoDB', rows: 0 },
      ]);
      expect(settings.keylessTableCount).toBe(2);
      expect(settings).toMatchObject<Partial<ReplicationSettings>>({
        isReplica: true,
        hasReplicas: false,
      });
    });

    it('explains the replica’s settings, worst first, each citing the manual', async () => {
      const { advice, settings } = await read(onReplica);
      expect(settings.variables.sync_binlog).toBe('0');
      expect(settings.variables.innodb_flush_log_at_trx_commit).toBe('2');
      expect(verdicts(advice)).toEqual(expected.replica);
      const keyless = advice.find((a) => a.id === 'keyless-tables')!;
      expect(keyless.title).toBe('2 tables without a primary key under row-based replication');
      expect(keyless.detail).toMatch(/^rs\.no_key, rs\.nullable_unique\. /);
      for (const a of advice) {
        expect(a.manual.url).toMatch(
          kind === 'mysql' ? /^https:\/\/dev\.mysql\.com\/doc\// : /^https:\/\/mariadb\.com\//,
        );
        if (a.severity !== 'ok') expect(a.change).not.toBeNull();
      }
    });

    it('on the source, the durability settings that lose transactions are warnings', async () => {
      const { advice, settings } = await read(onSource);
      expect(settings).toMatchObject({ isReplica: false, hasReplicas: true });
      expect(verdicts(advice)).toEqual(expected.source);
    });

    if (kind === 'mysql') {
      it('sees semi-synchronous replication once the plugin is loaded and enabled', async () => {
        await withConnection(source, async (c) => {
          await c.query("INSTALL PLUGIN rpl_semi_sync_source SONAME 'semisync_source.so'");
          await c.query('SET GLOBAL rpl_semi_sync_source_enabled = ON');
        });
        try {
          const { advice, settings } = await read(onSource);
          expect(settings.variables.rpl_semi_sync_source_enabled).toBe('ON');
          const semi = advice.find((a) => a.id === 'semi-sync')!;
          expect(semi).toMatchObject({ severity: 'ok', title: 'Semi-synchronous as a source' });
        } finally {
          await withConnection(source, (c) => c.query('UNINSTALL PLUGIN rpl_semi_sync_source'));
        }
      });
    }
  });
}

suite('mysql', {
  replica: [
    'keyless-tables:warning',
    'relay-log-recovery:warning',
    'sync-binlog:info',
    'flush-log-at-commit:info',
    'semi-sync:info',
    'binlog-compression:info',
    'parallel-applier:ok',
    'binlog-format:ok',
    'binlog-row-image:ok',
    'gtid:ok',
    'log-replica-updates:ok',
  ],
  source: [
    'keyless-tables:warning',
    'sync-binlog:warning',
    'flush-log-at-commit:warning',
    'relay-log-recovery:info',
    'semi-sync:info',
    'binlog-compression:info',
    'parallel-applier:ok',
    'binlog-format:ok',
    'binlog-row-image:ok',
    'gtid:ok',
    'log-replica-updates:ok',
  ],
});

suite('mariadb', {
  replica: [
    'keyless-tables:warning',
    'relay-log-recovery:warning',
    'gtid-strict-mode:warning',
    'parallel-applier:info',
    'binlog-format:info',
    'sync-binlog:info',
    'flush-log-at-commit:info',
    'semi-sync:info',
    'binlog-compression:info',
    'binlog-row-image:ok',
    'log-replica-updates:ok',
  ],
  source: [
    'keyless-tables:warning',
    'sync-binlog:warning',
    'flush-log-at-commit:warning',
    'gtid-strict-mode:warning',
    'parallel-applier:info',
    'binlog-format:info',
    'relay-log-recovery:info',
    'semi-sync:info',
    'binlog-compression:info',
    'binlog-row-image:ok',
    'log-replica-updates:ok',
  ],
});
