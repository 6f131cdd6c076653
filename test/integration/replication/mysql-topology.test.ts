import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtidSetMembers, requireGtidSet } from '../../../src/shared/gtid';
import type { ErrantFixResult } from '../../../src/shared/api/replication';
import type { ReplicationTopology, TopologyNode } from '../../../src/shared/replication';
import { queryRow, withConnection } from '../../servers/connect';
import { useTopology } from '../../servers/dedicated-servers';
import type { RunningServer } from '../../servers/instance';
import { waitForCatchUp, waitForReplicaThreads } from '../../servers/replication';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession } from '../backend/session-helpers';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';

// Replication status, topology, errant transactions and the guided fix through the backend
// API, on one MySQL 9.7 source with two GTID replicas. The tests build on each other in order:
// errant writes on replica 1, found with the source up and down, fixed, then replica 1 promoted.

failOnUnhandledErrors();
const topology = useTopology('mysql', 2);

const scalar = async (server: RunningServer, expression: string): Promise<string> =>
  withConnection(server, async (c) => String((await queryRow(c, `SELECT ${expression} AS v`)).v));
const run = (server: RunningServer, statements: string[]) =>
  withConnection(server, async (c) => {
    for (const statement of statements) await c.query(statement);
  });
const id = (server: RunningServer) => `127.0.0.1:${server.port}`;

describe('replication through the backend API on MySQL 9.7 (source + 2 replicas)', () => {
  let b: BackendUnderTest;
  let source: RunningServer;
  let replica1: RunningServer;
  let replica2: RunningServer;
  let onSource: string;
  let onReplica1: string;
  let onReplica2: string;
  let sourceUuid: string;
  let uuid1: string;

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
  const fix = async (
    sessionId: string,
    nodeId: string,
    run: boolean,
    plan?: ErrantFixResult['targets'],
  ) => b.call('replication.errantFix', { sessionId, nodeId, run, ...(plan ? { plan } : {}) });

  beforeAll(async () => {
    const t = topology();
    source = t.source;
    [replica1, replica2] = t.replicas as [RunningServer, RunningServer];
    b = await startBackend();
    onSource = await openSession(b, source, 'source');
    onReplica1 = await openSession(b, replica1, 'replica 1');
    onReplica2 = await openSession(b, replica2, 'replica 2');
    [sourceUuid, uuid1] = await Promise.all([
      scalar(source, '@@server_uuid'),
      scalar(replica1, '@@server_uuid'),
    ]);
  });
  afterAll(async () => {
    await b?.dispose();
  });

  it('normalises the replica status and measures lag from commit timestamps', async () => {
    const status = await b.call('replication.status', { sessionId: onReplica1 });
    if (!status.ok) throw new Error(status.error.message);
    const [channel, ...others] = status.value.channels;
    expect(others).toEqual([]);
    expect(channel).toMatchObject({
      name: '',
      sourceHost: '127.0.0.1',
      sourcePort: source.port,
      sourceUser: 'root',
      sourceServerId: 1,
      sourceUuid,
      ioState: 'running',
      sqlState: 'running',
      ioError: null,
      sqlError: null,
      workerErrors: [],
      // Caught up: nothing applying, nothing arriving, everything received applied.
      lag: { seconds: 0, source: 'commit-timestamps' },
      retrievedGtids: `${sourceUuid}:1-2`,
      executedGtids: `${sourceUuid}:1-2`,
      autoPosition: true,
      delaySeconds: 0,
    });
    // Seconds_Behind_Source rounds against the last event's timestamp: 0, or 1 just after it.
    expect([0, 1]).toContain(channel!.lag.secondsBehind);
    expect(status.value.server).toMatchObject({ flavor: 'mysql', serverId: 2, serverUuid: uuid1 });
    // MySQL 9.7 replicates over TLS by default; the replica accepting writes is the one remark.
    expect(channel!.ssl).toBe(true);
    expect(status.value.problems.map((p) => `${p.severity}:${p.code}`)).toEqual([
      'warning:writable-replica',
    ]);
    expect(status.value.health).toBe('warning');
    // read_only alone still lets administrators (root here) write: said, as a note.
    await run(replica1, ['SET GLOBAL read_only = ON']);
    try {
      const readOnly = await b.call('replication.status', { sessionId: onReplica1 });
      if (!readOnly.ok) throw new Error(readOnly.error.message);
      expect(readOnly.value.problems.map((p) => `${p.severity}:${p.code}`)).toEqual([
        'info:admin-writable-replica',
      ]);
      await run(replica1, ['SET GLOBAL super_read_only = ON']);
      const superReadOnly = await b.call('replication.status', { sessionId: onReplica1 });
      if (!superReadOnly.ok) throw new Error(superReadOnly.error.message);
      expect(superReadOnly.value.problems).toEqual([]);
    } finally {
      await run(replica1, ['SET GLOBAL super_read_only = OFF', 'SET GLOBAL read_only = OFF']);
    }

    const onTop = await b.call('replication.status', { sessionId: onSource });
    if (!onTop.ok) throw new Error(onTop.error.message);
    expect(onTop.value.channels).toEqual([]);
    expect(onTop.value.connectedReplicas).toBe(2);
  });

  it('discovers the whole topology from a replica: source up, the other replica down', async () => {
    const t = await topologyFrom(onReplica2);
    expect(t.startId).toBe(id(replica2));
    expect(t.nodes.map((n) => n.id).sort()).toEqual(
      [id(source), id(replica1), id(replica2)].sort(),
    );
    const top = nodeOf(t, source);
    expect(top.replicaIds.sort()).toEqual([id(replica1), id(replica2)].sort());
    expect(top.sourceIds).toEqual([]);
    expect(top.unlistedReplicaHosts).toEqual([]);
    expect(nodeOf(t, replica1).sourceIds).toEqual([id(source)]);
    expect(nodeOf(t, replica1).lagSeconds).toBe(0);
    expect(t.nodes.every((n) => n.reachable && n.errant === null)).toBe(true);
    // Replicas accept writes here: flagged, as that is how errant transactions happen.
    expect(nodeOf(t, replica1).problems.map((p) => p.code)).toEqual(['writable-replica']);
  });

  it('reports servers it cannot log in to, and logs in with a saved connection or a login given', async () => {
    // A monitoring account that exists on the source only (not replicated).
    await run(source, [
      'SET sql_log_bin = 0',
      "CREATE USER 'sl_watch'@'%' IDENTIFIED BY 'watch-pw'",
      "GRANT REPLICATION CLIENT, REPLICATION SLAVE, PROCESS, SELECT ON *.* TO 'sl_watch'@'%'",
      'SET sql_log_bin = 1',
    ]);
    const watcher = {
      ...source,
      user: 'sl_watch',
      password: 'watch-pw',
    } as unknown as RunningServer;
    // A backend with no saved connection to the replicas: the session's login is all it has.
    const fresh = await startBackend();
    try {
      const onSourceAsWatcher = await openSession(fresh, watcher, 'watcher');
      const first = await fresh.call('replication.topology', { sessionId: onSourceAsWatcher });
      if (!first.ok) throw new Error(first.error.message);
      expect(
        first.value.nodes
          .map((n) => [n.id, n.reachable, n.error?.code, n.error?.serverCode])
          .sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
      ).toEqual(
        [
          [id(source), true, undefined, undefined],
          // Not tried: the session's password goes to no server it did not name itself, over
          // a link that does not verify the certificate (TLS preferred here).
          [id(replica1), false, 'PASSWORD_REQUIRED', undefined],
          [id(replica2), false, 'PASSWORD_REQUIRED', undefined],
        ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
      );
      expect(nodeOf(first.value, replica1).error?.message).toBe(
        `127.0.0.1:${replica1.port} was found through replication, not saved by you: the password of “watcher” is only sent there when TLS verifies the server’s certificate (TLS mode “preferred” does not). Give a login for this server, or save a connection to it.`,
      );
      expect(first.value.nodes[0]!.id).toBe(id(source));
      // Unread, the replicas still hang under the source that lists them.
      expect(nodeOf(first.value, replica1).sourceIds).toEqual([id(source)]);
      expect(nodeOf(first.value, source).replicaIds.sort()).toEqual(
        [id(replica1), id(replica2)].sort(),
      );
      expect(nodeOf(first.value, source).unlistedReplicaHosts).toEqual([]);
      const second = await fresh.call('replication.topology', {
        sessionId: onSourceAsWatcher,
        credentials: [{ host: '127.0.0.1', port: replica1.port, user: 'root', password: '' }],
      });
      if (!second.ok) throw new Error(second.error.message);
      expect(nodeOf(second.value, replica1).reachable).toBe(true);
      expect(nodeOf(second.value, replica2).error?.code).toBe('PASSWORD_REQUIRED');
      // Its only sibling unread: no promotion verdict, and the sibling named.
      expect(nodeOf(second.value, replica1).promotion).toEqual({
        canPromote: false,
        peers: [],
        missing: [],
        behind: [],
        purgedButNeeded: [],
        unreadPeers: [id(replica2)],
      });
    } finally {
      await fresh.dispose();
    }
    // Here both replicas have a saved connection, which is used as it is.
    const viaSaved = await topologyFrom(await openSession(b, watcher, 'watcher'));
    expect(viaSaved.nodes.every((n) => n.reachable)).toBe(true);
    await run(source, ['SET sql_log_bin = 0', "DROP USER 'sl_watch'@'%'", 'SET sql_log_bin = 1']);
  });

  it('finds an errant CREATE DATABASE and a tagged errant transaction with exactly their GTIDs', async () => {
    await run(replica1, [
      'CREATE DATABASE errant_db',
      "SET gtid_next = 'AUTOMATIC:errant_tag'",
      'CREATE DATABASE errant_tagged',
      "SET gtid_next = 'AUTOMATIC'",
    ]);
    const t = await topologyFrom(onSource);
    const errant = nodeOf(t, replica1).errant;
    expect(errant).toMatchObject({
      method: 'source',
      gtids: `${uuid1}:1:errant_tag:1`,
      count: '2',
      inBinlogs: `${uuid1}:1:errant_tag:1`,
      purged: '',
      comparedWith: [id(source)],
    });
    expect(nodeOf(t, replica1).health).toBe('danger');
    expect(nodeOf(t, replica1).problems[0]).toMatchObject({
      code: 'errant',
      title: `2 errant transactions: ${uuid1}:1:errant_tag:1`,
    });
    expect(nodeOf(t, replica2).errant).toBeNull();
    expect(nodeOf(t, source).errant).toBeNull();
    // Replica 2 lacks what replica 1 has: promoting it would lose those transactions.
    expect(nodeOf(t, replica2).promotion).toEqual({
      canPromote: false,
      peers: [id(replica1)],
      missing: [{ peer: id(replica1), gtids: `${uuid1}:1:errant_tag:1` }],
      behind: [],
      purgedButNeeded: [],
      unreadPeers: [],
    });
    expect(nodeOf(t, replica1).promotion?.canPromote).toBe(true);
    expect(nodeOf(t, source).promotion).toBeNull();
  });

  it('tells a replica that is only behind its sibling from one that lost transactions', async () => {
    await run(replica2, ['STOP REPLICA SQL_THREAD']);
    try {
      const before = await scalar(source, '@@GLOBAL.gtid_executed');
      await run(source, ['CREATE DATABASE while_behind', 'DROP DATABASE while_behind']);
      await waitForCatchUp(source, replica1);
      const after = await scalar(source, '@@GLOBAL.gtid_executed');
      const last = Number(/:1-(\d+)$/.exec(after)![1]);
      expect(before).toBe(`${sourceUuid}:1-${last - 2}`);
      const t = await topologyFrom(onSource);
      // Replica 2 lacks the source's last two transactions, which replica 1 has applied: lag,
      // which its source will send; and still the errant ones, which nobody will.
      expect(nodeOf(t, replica2).promotion).toEqual({
        canPromote: false,
        peers: [id(replica1)],
        missing: [{ peer: id(replica1), gtids: `${uuid1}:1:errant_tag:1` }],
        behind: [{ peer: id(replica1), gtids: `${sourceUuid}:${last - 1}-${last}` }],
        purgedButNeeded: [],
        unreadPeers: [],
      });
    } finally {
      await run(replica2, ['START REPLICA SQL_THREAD']);
      await waitForCatchUp(source, replica2);
    }
  });

  it('still finds them from the replicas by the seed method when the source is down', async () => {
    await source.stop();
    try {
      const t = await topologyFrom(onReplica2);
      const down = nodeOf(t, source);
      expect(down.reachable).toBe(false);
      expect(down.error?.code).toBe('CONNECTION_REFUSED');
      expect(down.problems[0]).toMatchObject({ severity: 'danger', code: 'unreachable' });
      expect(nodeOf(t, replica1).errant).toMatchObject({
        method: 'seed',
        gtids: `${uuid1}:1:errant_tag:1`,
        comparedWith: [id(replica2)],
      });
      expect(nodeOf(t, replica2).errant).toBeNull();
      // The receivers notice the source is gone.
      const status = await b.call('replication.status', { sessionId: onReplica2 });
      if (!status.ok) throw new Error(status.error.message);
      expect(['connecting', 'running']).toContain(status.value.channels[0]!.ioState);
    } finally {
      await source.start();
    }
    // Reconnect now rather than after the 60 s retry delay.
    for (const replica of [replica1, replica2]) {
      await run(replica, ['STOP REPLICA', 'START REPLICA']);
      await waitForReplicaThreads(replica);
    }
  });

  it('previews the fix per server, refuses a stale plan and a read-only connection, then fixes', async () => {
    const preview = await fix(onSource, id(replica1), false);
    if (!preview.ok) throw new Error(preview.error.message);
    const statements = [
      `SET GTID_NEXT='${uuid1}:1'`,
      'BEGIN',
      'COMMIT',
      `SET GTID_NEXT='${uuid1}:errant_tag:1'`,
      'BEGIN',
      'COMMIT',
      "SET GTID_NEXT='AUTOMATIC'",
    ];
    expect(preview.value).toMatchObject({
      nodeId: id(replica1),
      errant: `${uuid1}:1:errant_tag:1`,
      ran: false,
      outcomes: [],
      errantAfter: null,
      notRechecked: null,
    });
    expect(preview.value.targets).toEqual([
      {
        nodeId: id(source),
        transactions: 2,
        statements,
        script: `SET GTID_NEXT='${uuid1}:1'; BEGIN; COMMIT;\nSET GTID_NEXT='${uuid1}:errant_tag:1'; BEGIN; COMMIT;\nSET GTID_NEXT='AUTOMATIC';\n`,
      },
      expect.objectContaining({ nodeId: id(replica2), statements }),
    ]);
    expect(preview.value.resetAlternative).toContain('RESET BINARY LOGS AND GTIDS');
    // What they did, read from replica 1's binary logs.
    expect(preview.value.contents).toEqual({
      transactions: [
        {
          gtid: `${uuid1}:1`,
          at: expect.stringMatching(/^binlog\.\d{6}:\d+$/) as string,
          actions: ['CREATE DATABASE errant_db'],
          moreActions: 0,
        },
        {
          gtid: `${uuid1}:errant_tag:1`,
          at: expect.stringMatching(/^binlog\.\d{6}:\d+$/) as string,
          actions: ['CREATE DATABASE errant_tagged'],
          moreActions: 0,
        },
      ],
      moreTransactions: 0,
      notRead: '0',
      filesRead: 1,
      eventsRead: expect.any(Number) as number,
      unavailable: null,
    });

    const readOnly = await openSession(b, source, 'source read-only', { readOnly: true });
    const refused = await fix(readOnly, id(replica1), true, preview.value.targets);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.code).toBe('INVALID_REQUEST');
      expect(refused.error.message).toContain('is read-only');
    }
    const stale = await fix(onSource, id(replica1), true, preview.value.targets.slice(0, 1));
    expect(stale.ok || stale.error.message).toContain('Preview the fix again');
    // Nothing ran.
    expect(await scalar(source, `GTID_SUBSET('${uuid1}:1', @@GLOBAL.gtid_executed)`)).toBe('0');

    const applied = await fix(onSource, id(replica1), true, preview.value.targets);
    if (!applied.ok) throw new Error(applied.error.message);
    expect(applied.value.outcomes).toEqual([
      { nodeId: id(source), ok: true, failedStatement: null, error: null },
      { nodeId: id(replica2), ok: true, failedStatement: null, error: null },
    ]);
    expect(applied.value.errantAfter).toBe('');
    expect(applied.value.notRechecked).toBeNull();
    const t = await topologyFrom(onReplica1);
    expect(t.nodes.map((n) => n.errant)).toEqual([null, null, null]);
    // Empty transactions: the databases exist on replica 1 only.
    const errantSchemas =
      "(SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE 'errant%')";
    expect(await scalar(source, errantSchemas)).toBe('0');
    expect(await scalar(replica2, errantSchemas)).toBe('0');
    expect(await scalar(replica1, errantSchemas)).toBe('2');
  });

  it('after the fix, replica 1 can be promoted and replica 2 re-pointed without any error', async () => {
    await waitForCatchUp(source, replica1);
    await waitForCatchUp(source, replica2);
    await run(replica1, ['STOP REPLICA', 'RESET REPLICA ALL']);
    await run(replica2, [
      'STOP REPLICA',
      `CHANGE REPLICATION SOURCE TO SOURCE_HOST = '127.0.0.1', SOURCE_PORT = ${replica1.port}, SOURCE_USER = 'root', SOURCE_PASSWORD = '', SOURCE_AUTO_POSITION = 1, GET_SOURCE_PUBLIC_KEY = 1`,
      'START REPLICA',
    ]);
    await run(replica1, ['CREATE DATABASE after_promotion']);
    await waitForReplicaThreads(replica2);
    await waitForCatchUp(replica1, replica2);
    const status = await b.call('replication.status', { sessionId: onReplica2 });
    if (!status.ok) throw new Error(status.error.message);
    expect(status.value.channels[0]).toMatchObject({
      sourcePort: replica1.port,
      sourceUuid: uuid1,
      ioState: 'running',
      sqlState: 'running',
      ioError: null,
      sqlError: null,
      workerErrors: [],
    });
    expect(
      await scalar(
        replica2,
        "(SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'after_promotion')",
      ),
    ).toBe('1');
    const t = await topologyFrom(onReplica2);
    expect(nodeOf(t, replica2).sourceIds).toEqual([id(replica1)]);
    expect(nodeOf(t, replica1).replicaIds).toEqual([id(replica2)]);
  });

  it('classifies an errant transaction purged from the binary logs as purged', async () => {
    const uuid2 = await scalar(replica2, '@@server_uuid');
    await run(replica2, ['CREATE DATABASE errant_purged', 'FLUSH BINARY LOGS']);
    const last = await scalar(replica2, '(SELECT 1)').then(async () =>
      withConnection(replica2, async (c) => {
        const [rows] = await c.query<import('mysql2/promise').RowDataPacket[]>('SHOW BINARY LOGS');
        return String(rows[rows.length - 1]!.Log_name);
      }),
    );
    await run(replica2, [`PURGE BINARY LOGS TO '${last}'`]);
    const t = await topologyFrom(onReplica1);
    expect(nodeOf(t, replica2).errant).toMatchObject({
      method: 'source',
      gtids: `${uuid2}:1`,
      inBinlogs: '',
      purged: `${uuid2}:1`,
    });
    expect(nodeOf(t, replica2).errant!.consequence).toContain('error 1236');
  });

  it('shows a broken replica’s duplicate-key error with its number and text', async () => {
    await run(replica1, ['CREATE DATABASE dup', 'CREATE TABLE dup.t (id INT PRIMARY KEY)']);
    await waitForCatchUp(replica1, replica2);
    await run(replica2, ['INSERT INTO dup.t VALUES (1)']);
    await run(replica1, ['INSERT INTO dup.t VALUES (1)']);
    const own = gtidSetMembers(
      requireGtidSet(await scalar(replica1, '@@GLOBAL.gtid_executed')),
    ).find((m) => m.uuid === uuid1 && m.tag === '')!;
    const gtid = `${uuid1}:${own.ranges[own.ranges.length - 1]!.last}`;
    let channel;
    for (let i = 0; i < 100; i++) {
      const status = await b.call('replication.status', { sessionId: onReplica2 });
      if (!status.ok) throw new Error(status.error.message);
      channel = status.value.channels[0]!;
      if (channel.sqlState === 'stopped') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(channel!.sqlState).toBe('stopped');
    expect(channel!.ioState).toBe('running');
    expect(channel!.sqlError?.number).toBe(1062);
    // SHOW REPLICA STATUS prints `YYMMDD hh:mm:ss`; performance_schema a TIMESTAMP(6).
    expect(channel!.sqlError?.timestamp).toMatch(/^20\d\d-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(channel!.sqlError?.message).toMatch(
      new RegExp(
        `^Coordinator stopped because there were error\\(s\\) in the worker\\(s\\)\\. The most recent failure being: Worker \\d+ failed executing transaction '${gtid}' at source log binlog\\.\\d+, end_log_pos \\d+\\. See error log and/or performance_schema\\.replication_applier_status_by_worker table for more details about this failure or others, if any\\.$`,
      ),
    );
    expect(channel!.workerErrors).toHaveLength(1);
    expect(channel!.workerErrors[0]!.number).toBe(1062);
    expect(channel!.workerErrors[0]!.timestamp).toMatch(
      /^20\d\d-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}$/,
    );
    expect(channel!.workerErrors[0]!.message).toContain(
      "Could not execute Write_rows event on table dup.t; Duplicate entry '1' for key 't.PRIMARY', Error_code: 1062",
    );
    const status = await b.call('replication.status', { sessionId: onReplica2 });
    if (!status.ok) throw new Error(status.error.message);
    expect(status.value.health).toBe('danger');
    expect(status.value.problems[0]).toMatchObject({
      severity: 'danger',
      code: 'sql-error',
      title: 'Applier (SQL thread) error 1062',
    });
    // Put replica 2 back in line so that the topology can be torn down quietly.
    await run(replica2, ['DELETE FROM dup.t', 'START REPLICA SQL_THREAD']);
    await waitForReplicaThreads(replica2);
  });

  it('reports a failing target with its statement and server error, a tag without TRANSACTION_GTID_TAG (error 6038)', async () => {
    // Now replica 1 is the source of replica 2. A fixer account (replicated to both) that may
    // set GTID_NEXT but not to a tagged GTID.
    await run(replica1, [
      "CREATE USER 'sl_fixer'@'%' IDENTIFIED BY 'fix-pw'",
      "GRANT SYSTEM_VARIABLES_ADMIN, REPLICATION CLIENT, REPLICATION SLAVE, PROCESS, SELECT ON *.* TO 'sl_fixer'@'%'",
    ]);
    const uuid2 = await scalar(replica2, '@@server_uuid');
    await run(replica2, [
      "SET gtid_next = 'AUTOMATIC:late_tag'",
      'CREATE DATABASE errant_late',
      "SET gtid_next = 'AUTOMATIC'",
    ]);
    await waitForCatchUp(replica1, replica2);
    const fresh = await startBackend();
    try {
      const fixer = {
        ...replica1,
        user: 'sl_fixer',
        password: 'fix-pw',
      } as unknown as RunningServer;
      const session = await openSession(fresh, fixer, 'fixer');
      const call = (run: boolean, plan?: ErrantFixResult['targets']) =>
        fresh.call('replication.errantFix', {
          sessionId: session,
          nodeId: id(replica2),
          // Replica 2 was found through replication: its login is given, as the screen's
          // login form does (the session's password is not sent there on its own).
          credentials: [
            { host: '127.0.0.1', port: replica2.port, user: 'sl_fixer', password: 'fix-pw' },
          ],
          run,
          ...(plan ? { plan } : {}),
        });
      const preview = await call(false);
      if (!preview.ok) throw new Error(preview.error.message);
      // Replica 2's earlier errant writes (the purged one, the duplicate row and its removal)
      // come along: 1-3 untagged, then the tagged one.
      expect(preview.value.errant).toBe(`${uuid2}:1-3:late_tag:1`);
      const untagged = [1, 2, 3].flatMap((n) => [
        `SET GTID_NEXT='${uuid2}:${n}'`,
        'BEGIN',
        'COMMIT',
      ]);
      const tagged = `SET GTID_NEXT='${uuid2}:late_tag:1'`;
      expect(preview.value.targets.map((t) => [t.nodeId, t.statements])).toEqual([
        [id(replica1), [...untagged, tagged, 'BEGIN', 'COMMIT', "SET GTID_NEXT='AUTOMATIC'"]],
      ]);
      const refused = await call(true, preview.value.targets);
      if (!refused.ok) throw new Error(refused.error.message);
      expect(refused.value.outcomes).toHaveLength(1);
      expect(refused.value.outcomes[0]).toMatchObject({
        nodeId: id(replica1),
        ok: false,
        failedStatement: tagged,
        error: { code: 'SERVER_ERROR', serverCode: 6038 },
      });
      expect(refused.value.outcomes[0]!.error!.message).toContain('TRANSACTION_GTID_TAG');
      // What ran before the failure stays done; the tagged GTID is what is left.
      expect(refused.value.errantAfter).toBe(`${uuid2}:late_tag:1`);

      await run(replica1, ["GRANT TRANSACTION_GTID_TAG ON *.* TO 'sl_fixer'@'%'"]);
      const again = await call(false);
      if (!again.ok) throw new Error(again.error.message);
      const fixed = await call(true, again.value.targets);
      if (!fixed.ok) throw new Error(fixed.error.message);
      expect(fixed.value.outcomes.map((o) => o.ok)).toEqual([true]);
      expect(fixed.value.errantAfter).toBe('');
      expect(fixed.value.notRechecked).toBeNull();
    } finally {
      await fresh.dispose();
    }
  });
});
