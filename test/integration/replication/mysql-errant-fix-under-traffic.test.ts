import type mysql from 'mysql2/promise';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ErrantFixResult } from '../../../src/shared/api/replication';
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
import { mysqlOracle, nodeId, nodeIn, readGtidVariables } from './errant-scenario';

// The guided fix while the sources take writes: detection and the plan come from one reading of
// every server, the plan previewed is the plan run, and afterwards the errant transactions are
// gone, nothing else was injected, and every server holds the same rows.

failOnUnhandledErrors();
const servers = useServerSet('mysql', 3);

const scalar = (server: RunningServer, sql: string, values: unknown[] = []) =>
  withConnection(server, async (c) => {
    const [rows] = await c.query<mysql.RowDataPacket[]>(sql, values);
    return String(Object.values(rows[0]!)[0]);
  });
const run = (server: RunningServer, statements: string[]) =>
  withConnection(server, async (c) => {
    for (const s of statements) await c.query(s);
  });

describe('the errant fix under traffic on MySQL 9.7', () => {
  let b: BackendUnderTest;
  let sessions: string[];
  let loads: WriteLoad[] = [];

  beforeAll(async () => {
    b = await startBackend();
    sessions = [];
    for (const [i, s] of servers().entries()) sessions.push(await openSession(b, s, `t${i}`));
  });
  afterEach(async () => {
    await Promise.all(loads.map((l) => l.stop().catch(() => 0)));
    loads = [];
  });
  afterAll(async () => {
    await b?.dispose();
  });

  const topologyFrom = async (session: string): Promise<ReplicationTopology> => {
    const t = await b.call('replication.topology', { sessionId: session });
    if (!t.ok) throw new Error(`${t.error.code}: ${t.error.message}`);
    return t.value;
  };
  const fix = async (
    session: string,
    server: RunningServer,
    plan?: ErrantFixResult['targets'],
  ): Promise<ErrantFixResult> => {
    const r = await b.call('replication.errantFix', {
      sessionId: session,
      nodeId: nodeId(server),
      run: plan !== undefined,
      ...(plan ? { plan } : {}),
    });
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    return r.value;
  };
  /** The errant set of `replica` against `sources`, by the server's GTID_SUBTRACT. */
  const oracle = async (replica: RunningServer, ...sources: RunningServer[]) =>
    (
      await mysqlOracle(
        replica,
        await readGtidVariables(replica),
        await Promise.all(sources.map(readGtidVariables)),
      )
    ).gtids;

  it('leaves a delayed replica below the errant one to replication, so it gets the real transactions', async () => {
    const [s, r1, r3] = servers() as [RunningServer, RunningServer, RunningServer];
    const shape: TopologyShape = {
      name: 'source, errant replica, delayed replica below it',
      links: [
        { replica: 1, source: 0 },
        { replica: 2, source: 1, delaySeconds: 3600 },
      ],
    };
    await resetReplication(servers(), 'topo_');
    await applyShape(servers(), shape);
    await run(s, ['CREATE DATABASE topo_load']);
    await settleShape(servers(), shape);
    await run(r1, ['CREATE DATABASE topo_errant_1', 'CREATE DATABASE topo_errant_2']);
    // Taken before the load: the load adds only the source's own transactions.
    const expected = await oracle(r1, s);
    const uuid1 = await scalar(r1, 'SELECT @@server_uuid');
    expect(expected).toBe(`${uuid1}:1-2`);

    loads.push(await startWriteLoad(s, 'topo_load.t'));
    const t = await topologyFrom(sessions[0]!);
    expect(nodeIn(t, r1).errant?.gtids).toBe(expected);
    expect(nodeIn(t, s).errant).toBeNull();
    expect(nodeIn(t, r3).errant).toBeNull();

    const preview = await fix(sessions[0]!, r1);
    expect(preview.errant).toBe(expected);
    // Only the source: r3 gets r1's transactions from r1, an hour late.
    expect(preview.targets.map((x) => x.nodeId)).toEqual([nodeId(s)]);
    const applied = await fix(sessions[0]!, r1, preview.targets);
    expect(applied.outcomes.map((o) => [o.nodeId, o.ok])).toEqual([[nodeId(s), true]]);
    expect(applied.errantAfter).toBe('');
    expect(applied.notRechecked).toBeNull();

    const rows = await loads.pop()!.stop();
    await settleShape(servers(), shape);
    expect(await oracle(r1, s)).toBe('');
    expect(await scalar(r1, 'SELECT COUNT(*) FROM topo_load.t')).toBe(String(rows));
    // The delayed replica, let go, applies the real transactions: nothing empty stood in.
    await run(r3, [
      'STOP REPLICA',
      'CHANGE REPLICATION SOURCE TO SOURCE_DELAY = 0',
      'START REPLICA',
    ]);
    await settleShape(servers(), {
      ...shape,
      links: shape.links.map((l) => ({ ...l, delaySeconds: 0 })),
    });
    expect(
      await scalar(
        r3,
        "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE 'topo_errant_%'",
      ),
    ).toBe('2');
    expect(await scalar(r3, 'SELECT COUNT(*) FROM topo_load.t')).toBe(String(rows));
  });

  it('co-masters both taking writes: no false positive on either, the replica’s errant fixed on both', async () => {
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
    await run(a, ['CREATE DATABASE topo_load']);
    await settleShape(servers(), shape);
    await run(c, ['CREATE DATABASE topo_errant_c']);
    const expected = await oracle(c, a);
    expect(expected).toBe(`${await scalar(c, 'SELECT @@server_uuid')}:1`);

    loads.push(await startWriteLoad(a, 'topo_load.on_a'));
    loads.push(await startWriteLoad(bb, 'topo_load.on_b'));
    for (const from of [0, 1, 2]) {
      const t = await topologyFrom(sessions[from]!);
      expect([nodeIn(t, a).errant, nodeIn(t, bb).errant]).toEqual([null, null]);
      expect(nodeIn(t, c).errant?.gtids).toBe(expected);
    }
    // Nothing to fix on a co-master: its own writes in flight are not injected anywhere.
    const onA = await fix(sessions[2]!, a);
    expect([onA.errant, onA.targets]).toEqual(['', []]);

    const preview = await fix(sessions[2]!, c);
    expect(preview.errant).toBe(expected);
    expect(preview.targets.map((x) => x.nodeId).sort()).toEqual([nodeId(a), nodeId(bb)].sort());
    const applied = await fix(sessions[2]!, c, preview.targets);
    expect(applied.outcomes.every((o) => o.ok)).toBe(true);
    expect(applied.errantAfter).toBe('');
    expect(applied.notRechecked).toBeNull();

    const [rowsA, rowsB] = await Promise.all(loads.splice(0).map((l) => l.stop()));
    await settleShape(servers(), shape);
    expect([await oracle(c, a), await oracle(a, bb), await oracle(bb, a)]).toEqual(['', '', '']);
    for (const server of [a, bb, c]) {
      expect(await scalar(server, 'SELECT COUNT(*) FROM topo_load.on_a')).toBe(String(rowsA));
      expect(await scalar(server, 'SELECT COUNT(*) FROM topo_load.on_b')).toBe(String(rowsB));
    }
  });
});
