import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplicationTopology } from '../../../src/shared/replication';
import { queryRow, withConnection } from '../../servers/connect';
import { useTopology } from '../../servers/dedicated-servers';
import type { RunningServer } from '../../servers/instance';
import { waitForCatchUp } from '../../servers/replication';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession } from '../backend/session-helpers';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';

// MariaDB 10.11 source + replica through the backend API: status normalised from SHOW ALL
// SLAVES STATUS, the topology from either end, and a write made on the replica flagged as a
// local write in a replicated domain.

failOnUnhandledErrors();
const topology = useTopology('mariadb', 1);
const id = (server: RunningServer) => `127.0.0.1:${server.port}`;

describe('replication through the backend API on MariaDB 10.11 (source + replica)', () => {
  let b: BackendUnderTest;
  let source: RunningServer;
  let replica: RunningServer;
  let onSource: string;
  let onReplica: string;
  const topologyFrom = async (sessionId: string): Promise<ReplicationTopology> => {
    const t = await b.call('replication.topology', { sessionId });
    if (!t.ok) throw new Error(`${t.error.code}: ${t.error.message}`);
    return t.value;
  };

  beforeAll(async () => {
    const t = topology();
    source = t.source;
    replica = t.replicas[0]!;
    b = await startBackend();
    onSource = await openSession(b, source, 'mariadb source');
    onReplica = await openSession(b, replica, 'mariadb replica');
  });
  afterAll(async () => {
    await b?.dispose();
  });

  it('normalises SHOW ALL SLAVES STATUS into the same channel model', async () => {
    const status = await b.call('replication.status', { sessionId: onReplica });
    if (!status.ok) throw new Error(status.error.message);
    expect(status.value.channels).toHaveLength(1);
    expect(status.value.channels[0]).toMatchObject({
      name: '',
      sourceHost: '127.0.0.1',
      sourcePort: source.port,
      sourceUser: 'root',
      sourceServerId: 1,
      sourceUuid: null,
      ioState: 'running',
      sqlState: 'running',
      ioActivity: 'Waiting for master to send event',
      sqlActivity: 'Slave has read all relay log; waiting for more updates',
      ioError: null,
      sqlError: null,
      lag: { seconds: 0, source: 'seconds-behind', secondsBehind: 0 },
      retrievedGtids: '0-1-2',
      executedGtids: '0-1-2',
      autoPosition: true,
      usingGtid: 'Slave_Pos',
      ssl: false,
    });
    expect(status.value.channels[0]!.extra.Parallel_Mode).toBe('optimistic');
    expect(status.value.server).toMatchObject({ flavor: 'mariadb', serverId: 2, serverUuid: null });
    expect(status.value.problems.map((p) => `${p.severity}:${p.code}`)).toEqual([
      'warning:writable-replica',
      'info:no-ssl',
    ]);
  });

  it('measures lag from a pt-heartbeat table when one is found', async () => {
    await withConnection(source, (c) =>
      c.query(
        `CREATE DATABASE percona;
         CREATE TABLE percona.heartbeat (ts VARCHAR(26) NOT NULL, server_id INT UNSIGNED NOT NULL PRIMARY KEY,
           file VARCHAR(255), position BIGINT UNSIGNED, relay_master_log_file VARCHAR(255),
           exec_master_log_pos BIGINT UNSIGNED);
         INSERT INTO percona.heartbeat (ts, server_id)
           VALUES (DATE_FORMAT(NOW(6) - INTERVAL 42 SECOND, '%Y-%m-%dT%H:%i:%s.%f'), 1);`,
      ),
    );
    try {
      await waitForCatchUp(source, replica);
      const status = await b.call('replication.status', { sessionId: onReplica });
      if (!status.ok) throw new Error(status.error.message);
      const lag = status.value.channels[0]!.lag;
      expect(lag.source).toBe('heartbeat');
      expect(lag.secondsBehind).toBe(0);
      expect(lag.seconds).toBeGreaterThanOrEqual(42);
      expect(lag.seconds).toBeLessThan(52);
      expect(status.value.problems.map((p) => `${p.severity}:${p.code}`)).toEqual([
        'warning:lag',
        'warning:writable-replica',
        'info:no-ssl',
      ]);
    } finally {
      await withConnection(source, (c) => c.query('DROP DATABASE percona'));
      await waitForCatchUp(source, replica);
    }
  });

  it('discovers both servers from either end, SHOW SLAVE HOSTS and replica status alike', async () => {
    for (const from of [onSource, onReplica]) {
      const t = await topologyFrom(from);
      expect(t.nodes.map((n) => n.id).sort()).toEqual([id(source), id(replica)].sort());
      const top = t.nodes.find((n) => n.id === id(source))!;
      expect(top.replicaIds).toEqual([id(replica)]);
      expect(t.nodes.find((n) => n.id === id(replica))!.sourceIds).toEqual([id(source)]);
      expect(t.nodes.every((n) => n.errant === null)).toBe(true);
    }
  });

  it('flags a write made on the replica as a local write in a replicated domain', async () => {
    const replicated = await withConnection(replica, async (c) =>
      String((await queryRow(c, 'SELECT @@GLOBAL.gtid_slave_pos AS v')).v),
    );
    const [, seq] = /^0-1-(\d+)$/.exec(replicated) ?? [];
    expect(seq).toMatch(/^\d+$/);
    const own = `0-2-${Number(seq) + 1}`;
    await withConnection(replica, (c) => c.query('CREATE DATABASE errant_local'));
    const binlogPos = await withConnection(replica, async (c) =>
      String((await queryRow(c, 'SELECT @@GLOBAL.gtid_binlog_pos AS v')).v),
    );
    expect(binlogPos).toBe(own);
    const t = await topologyFrom(onSource);
    const node = t.nodes.find((n) => n.id === id(replica))!;
    expect(node.errant).toMatchObject({
      method: 'mariadb-local',
      gtids: own,
      count: '1',
      localWrites: [{ gtid: own, replicated, foundIn: 'binlog-state', kind: 'ahead' }],
    });
    expect(node.problems[0]).toMatchObject({
      severity: 'danger',
      code: 'errant',
      title: `Local writes in a replicated domain: ${own}`,
    });
    expect(node.problems[0]!.detail).toContain('error 1950');
    // There is no empty-transaction fix on MariaDB: the fix says so rather than guessing.
    const fix = await b.call('replication.errantFix', {
      sessionId: onSource,
      nodeId: id(replica),
      run: false,
    });
    expect(fix.ok).toBe(false);
    if (!fix.ok)
      expect(fix.error.message).toContain('MariaDB local writes have no empty-transaction fix');
  });
});
