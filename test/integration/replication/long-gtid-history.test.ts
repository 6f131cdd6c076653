import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrantFixResult } from '../../../src/shared/api/replication';
import { formatGtidSet, requireGtidSet } from '../../../src/shared/gtid';
import type { ReplicationTopology, TopologyNode } from '../../../src/shared/replication';
import { queryRow, withConnection } from '../../servers/connect';
import { useTopology } from '../../servers/dedicated-servers';
import type { RunningServer } from '../../servers/instance';
import { waitForCatchUp, waitForReplicaThreads } from '../../servers/replication';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession } from '../backend/session-helpers';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';

// A fleet with a long GTID history (10^5 intervals, about 640 KB of text) on MySQL 9.7: a source
// and two replicas share the history of a retired source, replica 1 has one errant GTID deep
// inside it (past what SHOW VARIABLES shows) and one errant write of its own. Errant detection,
// the promotion check and the guided fix must see the whole sets, not the first 1,024 characters.

failOnUnhandledErrors();
const topology = useTopology('mysql', 2);

/** The history's UUID: sorts first, so a cut set keeps only the start of its intervals. */
const RETIRED = '00000000-1111-4222-8333-444444444444';
const INTERVALS = 100_000;
/** Every odd number up to 2 * INTERVALS: one interval each. */
const HISTORY = Array.from({ length: INTERVALS }, (_, i) => 2 * i + 1);
/** A hole of the history that replica 1 alone has, purged from its binary logs. */
const ERRANT_IN_HISTORY = 150_000;
/** Servers of other sources, so that Retrieved_Gtid_Set is longer than 1,024 characters too. */
const OTHER_SOURCES = Array.from(
  { length: 40 },
  (_, i) => `ffffffff-0000-4000-8000-${String(i).padStart(12, '0')}`,
);

const scalar = async (server: RunningServer, expression: string): Promise<string> =>
  withConnection(server, async (c) => String((await queryRow(c, `SELECT ${expression} AS v`)).v));
const run = (server: RunningServer, statements: string[]) =>
  withConnection(server, async (c) => {
    for (const statement of statements) await c.query(statement);
  });
/**
 * Adds the GTIDs to gtid_purged. MySQL 9.7 takes about 10 s for 10^5 intervals given in
 * ascending order and under 1 s in descending order, hence the sort.
 */
const addPurged = (server: RunningServer, numbers: number[]) =>
  run(server, [
    `SET GLOBAL gtid_purged = '+${RETIRED}:${[...numbers].sort((a, b) => b - a).join(':')}'`,
  ]);
const id = (server: RunningServer) => `127.0.0.1:${server.port}`;

describe('a 10^5-interval GTID history on MySQL 9.7 (source + 2 replicas)', () => {
  let b: BackendUnderTest;
  let source: RunningServer;
  let replica1: RunningServer;
  let replica2: RunningServer;
  let onSource: string;
  let onReplica1: string;
  let uuid1: string;
  let errant: string;

  const topologyFrom = async (sessionId: string): Promise<ReplicationTopology> => {
    const t = await b.call('replication.topology', { sessionId });
    if (!t.ok) throw new Error(`${t.error.code}: ${t.error.message}`);
    return t.value;
  };
  const nodeOf = (t: ReplicationTopology, server: RunningServer): TopologyNode => {
    const n = t.nodes.find((x) => x.id === id(server));
    if (!n) throw new Error(`no node ${id(server)} in ${t.nodes.map((x) => x.id).join(', ')}`);
    return n;
  };
  const fix = async (nodeId: string, run: boolean, plan?: ErrantFixResult['targets']) =>
    b.call('replication.errantFix', {
      sessionId: onSource,
      nodeId,
      run,
      ...(plan ? { plan } : {}),
    });
  /** Length first, so that a cut value fails with two numbers rather than a 640 KB diff. */
  const expectWhole = (actual: string | undefined, whole: string) => {
    expect(actual?.length).toBe(whole.length);
    expect(actual === whole).toBe(true);
  };

  beforeAll(async () => {
    const t = topology();
    source = t.source;
    [replica1, replica2] = t.replicas as [RunningServer, RunningServer];
    await Promise.all([run(replica1, ['STOP REPLICA']), run(replica2, ['STOP REPLICA'])]);
    await Promise.all([
      addPurged(source, HISTORY),
      addPurged(replica1, [...HISTORY, ERRANT_IN_HISTORY]),
      addPurged(replica2, HISTORY),
    ]);
    await Promise.all([run(replica1, ['START REPLICA']), run(replica2, ['START REPLICA'])]);
    await Promise.all([waitForReplicaThreads(replica1), waitForReplicaThreads(replica2)]);
    const injected = OTHER_SOURCES.flatMap((uuid) => [
      `SET GTID_NEXT = '${uuid}:1'`,
      'BEGIN',
      'COMMIT',
    ]);
    await run(source, [...injected, "SET GTID_NEXT = 'AUTOMATIC'"]);
    await run(replica1, ['CREATE DATABASE errant_db']);
    await waitForCatchUp(source, replica1);
    await waitForCatchUp(source, replica2);
    uuid1 = await scalar(replica1, '@@server_uuid');
    errant = formatGtidSet(requireGtidSet(`${RETIRED}:${ERRANT_IN_HISTORY},${uuid1}:1`));
    b = await startBackend();
    onSource = await openSession(b, source, 'source');
    onReplica1 = await openSession(b, replica1, 'replica 1');
  });
  afterAll(async () => {
    await b?.dispose();
  });

  it('is cut by SHOW GLOBAL VARIABLES on the server itself, and whole from SELECT @@GLOBAL', async () => {
    const whole = await scalar(source, '@@GLOBAL.gtid_executed');
    expect(whole.length).toBeGreaterThan(600_000);
    expect(requireGtidSet(whole).entries.find((e) => e.uuid === RETIRED)?.intervals).toHaveLength(
      2 * INTERVALS,
    );
    const shown = await withConnection(source, async (c) =>
      String((await queryRow(c, "SHOW GLOBAL VARIABLES LIKE 'gtid_executed'")).Value),
    );
    expect(shown.length).toBe(1024);
    expect(whole.startsWith(shown)).toBe(true);
  });

  it('reads every GTID set whole: gtid_executed, gtid_purged and the channel sets', async () => {
    const t = await topologyFrom(onSource);
    for (const server of [source, replica1, replica2]) {
      const [executed, purged] = await Promise.all([
        scalar(server, '@@GLOBAL.gtid_executed'),
        scalar(server, '@@GLOBAL.gtid_purged'),
      ]);
      expectWhole(nodeOf(t, server).server?.gtidExecuted, executed);
      expectWhole(nodeOf(t, server).server?.gtidPurged, purged);
    }
    const status = await b.call('replication.status', { sessionId: onReplica1 });
    if (!status.ok) throw new Error(status.error.message);
    const channel = status.value.channels[0]!;
    const [executed, received] = await Promise.all([
      scalar(replica1, '@@GLOBAL.gtid_executed'),
      scalar(
        replica1,
        "(SELECT RECEIVED_TRANSACTION_SET FROM performance_schema.replication_connection_status WHERE CHANNEL_NAME = '')",
      ),
    ]);
    // SHOW REPLICA STATUS does not cut its sets: both arrive whole.
    expectWhole(channel.executedGtids, executed);
    expect(channel.retrievedGtids.length).toBeGreaterThan(1024);
    expect(formatGtidSet(requireGtidSet(channel.retrievedGtids))).toBe(
      formatGtidSet(requireGtidSet(received)),
    );
    expect(channel.lag).toMatchObject({ seconds: 0, source: 'commit-timestamps' });
  });

  it('finds exactly the two errant GTIDs, one purged deep in the history, and no others', async () => {
    // The server's own arithmetic over the whole sets says the same.
    const [executed1, sourceExecuted] = await Promise.all([
      scalar(replica1, '@@GLOBAL.gtid_executed'),
      scalar(source, '@@GLOBAL.gtid_executed'),
    ]);
    const subtracted = await withConnection(source, async (c) =>
      String((await queryRow(c, 'SELECT GTID_SUBTRACT(?, ?) AS v', [executed1, sourceExecuted])).v),
    );
    expect(subtracted).toBe(errant);

    const t = await topologyFrom(onSource);
    expect(nodeOf(t, replica1).errant).toMatchObject({
      method: 'source',
      gtids: errant,
      count: '2',
      inBinlogs: `${uuid1}:1`,
      purged: `${RETIRED}:${ERRANT_IN_HISTORY}`,
      comparedWith: [id(source)],
    });
    expect(nodeOf(t, replica2).errant).toBeNull();
    expect(nodeOf(t, source).errant).toBeNull();
  });

  it('checks promotion on the whole sets: replica 1 purged a GTID that replica 2 would need', async () => {
    const t = await topologyFrom(onSource);
    // Promoted, replica 1 could not serve replica 2 the GTID it purged (error 1236).
    expect(nodeOf(t, replica1).promotion).toEqual({
      canPromote: false,
      peers: [id(replica2)],
      missing: [],
      behind: [],
      purgedButNeeded: [{ peer: id(replica2), gtids: `${RETIRED}:${ERRANT_IN_HISTORY}` }],
      unreadPeers: [],
    });
    expect(nodeOf(t, replica2).promotion).toEqual({
      canPromote: false,
      peers: [id(replica1)],
      missing: [{ peer: id(replica1), gtids: errant }],
      behind: [],
      purgedButNeeded: [],
      unreadPeers: [],
    });
  });

  it('plans exactly the two empty transactions per server, runs them, and nothing is errant after', async () => {
    const preview = await fix(id(replica1), false);
    if (!preview.ok) throw new Error(preview.error.message);
    const statements = [
      `SET GTID_NEXT='${RETIRED}:${ERRANT_IN_HISTORY}'`,
      'BEGIN',
      'COMMIT',
      `SET GTID_NEXT='${uuid1}:1'`,
      'BEGIN',
      'COMMIT',
      "SET GTID_NEXT='AUTOMATIC'",
    ];
    expect(preview.value.errant).toBe(errant);
    expect(preview.value.targets).toEqual([
      {
        nodeId: id(source),
        transactions: 2,
        statements,
        script: `SET GTID_NEXT='${RETIRED}:${ERRANT_IN_HISTORY}'; BEGIN; COMMIT;\nSET GTID_NEXT='${uuid1}:1'; BEGIN; COMMIT;\nSET GTID_NEXT='AUTOMATIC';\n`,
      },
      { nodeId: id(replica2), transactions: 2, statements, script: expect.any(String) },
    ]);

    const applied = await fix(id(replica1), true, preview.value.targets);
    if (!applied.ok) throw new Error(applied.error.message);
    expect(applied.value.outcomes).toEqual([
      { nodeId: id(source), ok: true, failedStatement: null, error: null },
      { nodeId: id(replica2), ok: true, failedStatement: null, error: null },
    ]);
    expect(applied.value.errantAfter).toBe('');
    expect(applied.value.notRechecked).toBeNull();
    await waitForCatchUp(source, replica1);
    await waitForCatchUp(source, replica2);
    const t = await topologyFrom(onSource);
    expect(t.nodes.map((n) => n.errant)).toEqual([null, null, null]);
    expect(nodeOf(t, replica1).promotion?.canPromote).toBe(true);
    expect(
      await scalar(
        source,
        `GTID_SUBSET('${RETIRED}:${ERRANT_IN_HISTORY}', @@GLOBAL.gtid_executed)`,
      ),
    ).toBe('1');
    // Empty transactions: the database exists on replica 1 only, and replication still runs.
    const errantSchemas =
      "(SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'errant_db')";
    expect(await scalar(source, errantSchemas)).toBe('0');
    expect(await scalar(replica2, errantSchemas)).toBe('0');
    await waitForReplicaThreads(replica1, 5000);
    await waitForReplicaThreads(replica2, 5000);
  });
});
