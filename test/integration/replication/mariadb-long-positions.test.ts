import type { RowDataPacket } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplicationTopology } from '../../../src/shared/replication';
import { queryRow, withConnection } from '../../servers/connect';
import { useTopology } from '../../servers/dedicated-servers';
import type { RunningServer } from '../../servers/instance';
import { waitForCatchUp } from '../../servers/replication';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession } from '../backend/session-helpers';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';

// MariaDB 10.11 source + replica replicating 600 GTID domains: every position lists one item per
// domain (about 5,400 characters), past the 4,096 at which SHOW VARIABLES cuts values. The
// replica's own write in the last domain must still be found, from the whole lists.

failOnUnhandledErrors();
const topology = useTopology('mariadb', 1);

const DOMAINS = Array.from({ length: 600 }, (_, i) => 1001 + i);
const LAST = DOMAINS[DOMAINS.length - 1]!;
const id = (server: RunningServer) => `127.0.0.1:${server.port}`;
const global = async (server: RunningServer, name: string): Promise<string> =>
  withConnection(server, async (c) =>
    String((await queryRow(c, `SELECT @@GLOBAL.${name} AS v`)).v),
  );

describe('MariaDB 10.11 positions longer than SHOW VARIABLES shows (600 domains)', () => {
  let b: BackendUnderTest;
  let source: RunningServer;
  let replica: RunningServer;
  let onSource: string;
  let onReplica: string;

  beforeAll(async () => {
    const t = topology();
    source = t.source;
    replica = t.replicas[0]!;
    await withConnection(source, (c) =>
      c.query(
        [
          'CREATE DATABASE domains; CREATE TABLE domains.t (d INT PRIMARY KEY)',
          ...DOMAINS.map(
            (d) => `SET SESSION gtid_domain_id = ${d}; INSERT INTO domains.t VALUES (${d})`,
          ),
        ].join(';'),
      ),
    );
    await waitForCatchUp(source, replica);
    // The replica's own write, in the domain listed last.
    await withConnection(replica, (c) =>
      c.query(`SET SESSION gtid_domain_id = ${LAST}; CREATE DATABASE errant_local`),
    );
    b = await startBackend();
    onSource = await openSession(b, source, 'mariadb source');
    onReplica = await openSession(b, replica, 'mariadb replica');
  });
  afterAll(async () => {
    await b?.dispose();
  });

  it('is cut by SHOW GLOBAL VARIABLES on the server itself, and whole from SELECT @@GLOBAL', async () => {
    const names = ['gtid_binlog_state', 'gtid_binlog_pos', 'gtid_current_pos', 'gtid_slave_pos'];
    const shown = await withConnection(replica, async (c) => {
      const [rows] = await c.query<RowDataPacket[]>(
        `SHOW GLOBAL VARIABLES WHERE Variable_name IN (${names.map(() => '?').join(', ')})`,
        names,
      );
      return new Map(rows.map((r) => [String(r.Variable_name), String(r.Value)]));
    });
    for (const name of names) {
      const whole = await global(replica, name);
      expect(whole.length, name).toBeGreaterThan(5000);
      expect(shown.get(name)?.length, name).toBe(4096);
      expect(whole.startsWith(shown.get(name)!), name).toBe(true);
    }
    // gtid_slave_pos lists domains in order: the last one is beyond what SHOW shows.
    expect(shown.get('gtid_slave_pos')).not.toContain(`${LAST}-`);
  });

  it('reads gtid_binlog_pos and the channel positions whole', async () => {
    const t = await b.call('replication.topology', { sessionId: onSource });
    if (!t.ok) throw new Error(t.error.message);
    for (const server of [source, replica]) {
      const node = t.value.nodes.find((n) => n.id === id(server));
      const whole = await global(server, 'gtid_binlog_pos');
      expect(whole.length).toBeGreaterThan(5000);
      expect(node?.server?.gtidExecuted).toBe(whole);
    }
    const status = await b.call('replication.status', { sessionId: onReplica });
    if (!status.ok) throw new Error(status.error.message);
    const [slavePos, currentPos] = await Promise.all([
      global(replica, 'gtid_slave_pos'),
      global(replica, 'gtid_current_pos'),
    ]);
    expect(slavePos.length).toBeGreaterThan(5000);
    // SHOW ALL SLAVES STATUS does not cut its positions (Gtid_IO_Pos lists them in another order).
    const channel = status.value.channels[0]!;
    // Its Gtid_Slave_Pos column is gtid_current_pos: the replica's own write in the last domain shows.
    expect(channel.executedGtids).toBe(currentPos);
    expect(currentPos.endsWith(`,${LAST}-2-2`)).toBe(true);
    expect(channel.retrievedGtids.split(',').sort()).toEqual(slavePos.split(',').sort());
  });

  it('finds exactly the local write in the last domain, and nothing on the source', async () => {
    const t = await b.call('replication.topology', { sessionId: onReplica });
    if (!t.ok) throw new Error(t.error.message);
    const nodeOf = (server: RunningServer, topology: ReplicationTopology) =>
      topology.nodes.find((n) => n.id === id(server));
    expect(nodeOf(replica, t.value)?.errant).toMatchObject({
      method: 'mariadb-local',
      gtids: `${LAST}-2-2`,
      count: '1',
      localWrites: [
        { gtid: `${LAST}-2-2`, replicated: `${LAST}-1-1`, foundIn: 'binlog-state', kind: 'ahead' },
      ],
    });
    expect(nodeOf(source, t.value)?.errant).toBeNull();
  });
});
