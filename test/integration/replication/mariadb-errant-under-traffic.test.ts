import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReplicationTopology } from '../../../src/shared/replication';
import { withConnection } from '../../servers/connect';
import type { RunningServer } from '../../servers/instance';
import {
  applyShape,
  resetReplication,
  settleShape,
  useServerSet,
  type TopologyShape,
} from '../../servers/topology-shapes';
import { startWriteLoad, type WriteLoad } from '../../servers/topology-write-load';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession } from '../backend/session-helpers';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { mariadbOracle, nodeIn, readGtidVariables } from './errant-scenario';

// MariaDB 10.11 co-masters, both taking writes, with a replica under one of them: while the
// writes run, neither co-master is blamed for its own writes in flight, and the replica's own
// write is found exactly.

failOnUnhandledErrors();
const servers = useServerSet('mariadb', 3);

describe('errant detection under traffic on MariaDB 10.11 co-masters', () => {
  let b: BackendUnderTest;
  let sessions: string[];
  let loads: WriteLoad[] = [];

  beforeAll(async () => {
    b = await startBackend();
    sessions = [];
    for (const [i, s] of servers().entries()) sessions.push(await openSession(b, s, `m${i}`));
  });
  afterEach(async () => {
    await Promise.all(loads.map((l) => l.stop().catch(() => 0)));
    loads = [];
  });
  afterAll(async () => {
    await b?.dispose();
  });

  it('no false positive on either co-master, the replica’s write found exactly', async () => {
    const [a, bb, c] = servers() as [RunningServer, RunningServer, RunningServer];
    const shape: TopologyShape = {
      name: 'co-masters with a replica',
      links: [
        { replica: 0, source: 1 },
        { replica: 1, source: 0 },
        { replica: 2, source: 0 },
      ],
    };
    await resetReplication(servers(), 'topo_');
    await applyShape(servers(), shape);
    await withConnection(a, (x) => x.query('CREATE DATABASE topo_load'));
    await settleShape(servers(), shape);
    await withConnection(c, (x) => x.query('CREATE DATABASE topo_errant_c'));
    const expected = mariadbOracle(await readGtidVariables(c), [await readGtidVariables(a)]);
    expect(expected.gtids).toBe('0-3-2');

    // Both co-masters write in domain 0, as each replicates the other there.
    loads.push(await startWriteLoad(a, 'topo_load.on_a'));
    loads.push(await startWriteLoad(bb, 'topo_load.on_b'));
    for (const from of [0, 1, 2, 0, 1, 2]) {
      const t: ReplicationTopology = await (async () => {
        const r = await b.call('replication.topology', { sessionId: sessions[from]! });
        if (!r.ok) throw new Error(r.error.message);
        return r.value;
      })();
      expect([nodeIn(t, a).errant, nodeIn(t, bb).errant]).toEqual([null, null]);
      expect(nodeIn(t, c).errant?.localWrites.map((w) => w.gtid)).toEqual(['0-3-2']);
    }
    await Promise.all(loads.splice(0).map((l) => l.stop()));
    await settleShape(servers(), shape);
  });
});
