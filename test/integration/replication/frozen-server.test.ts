import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTopology } from '../../servers/dedicated-servers';
import { waitForReplicaThreads } from '../../servers/replication';
import { withConnection } from '../../servers/connect';
import type { RunningServer } from '../../servers/instance';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession } from '../backend/session-helpers';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';

// A server that stops answering (SIGSTOP: frozen, as on a stalled disk or behind a network cut;
// its sockets stay open and nothing fails) while the replication screen reads it: the status and
// the discovery give its connection up after the read timeout and say so, instead of waiting
// as long as the server sleeps (the screen would keep showing the last lag as if current); the
// next read after it answers again works. Before, both calls waited until the server woke.

failOnUnhandledErrors();
const topology = useTopology('mysql', 1);

describe('replication reads of a server that stops answering (MySQL 9.7)', () => {
  let b: BackendUnderTest;
  let source: RunningServer;
  let replica: RunningServer;
  let onSource: string;
  let onReplica: string;

  beforeAll(async () => {
    const t = topology();
    source = t.source;
    replica = t.replicas[0]!;
    b = await startBackend({ readTimeoutMs: 2_000 });
    onSource = await openSession(b, source, 'source');
    onReplica = await openSession(b, replica, 'replica');
  });
  afterEach(() => {
    source.resume();
    replica.resume();
  });
  afterAll(async () => {
    source?.resume();
    replica?.resume();
    await b?.dispose();
  });

  const lostMessage = (server: RunningServer) =>
    `The connection to 127.0.0.1:${server.port} was lost: The server 127.0.0.1:${server.port} did not answer in time.`;

  it('gives up the replica status read, then reads it again once the server answers', async () => {
    const before = await b.call('replication.status', { sessionId: onReplica });
    expect(before.ok).toBe(true);
    replica.pause();
    const frozen = await b.call('replication.status', { sessionId: onReplica });
    expect(frozen).toEqual({
      ok: false,
      error: { code: 'CONNECTION_LOST', message: lostMessage(replica) },
    });
    replica.resume();
    const after = await b.call('replication.status', { sessionId: onReplica });
    if (!after.ok) throw new Error(after.error.message);
    expect(after.value.channels.map((c) => c.sourcePort)).toEqual([source.port]);
  });

  it('ends a discovery whose own server froze, with that server unreachable', async () => {
    // The session's side connection is open (a read just ran on it) when the server freezes.
    expect((await b.call('replication.status', { sessionId: onSource })).ok).toBe(true);
    source.pause();
    const frozen = await b.call('replication.topology', { sessionId: onSource });
    if (!frozen.ok) throw new Error(`${frozen.error.code}: ${frozen.error.message}`);
    const start = frozen.value.nodes.find((n) => n.id === `127.0.0.1:${source.port}`);
    expect(start).toMatchObject({
      reachable: false,
      error: { code: 'CONNECTION_LOST', message: lostMessage(source) },
    });
    source.resume();
    const after = await b.call('replication.topology', { sessionId: onSource });
    if (!after.ok) throw new Error(after.error.message);
    expect(after.value.nodes.map((n) => [n.id, n.reachable]).sort()).toEqual(
      [
        [`127.0.0.1:${source.port}`, true],
        [`127.0.0.1:${replica.port}`, true],
      ].sort(),
    );
  });

  it('says a replica whose only source is down could not be checked for errant transactions', async () => {
    const checked = await b.call('replication.topology', { sessionId: onReplica });
    if (!checked.ok) throw new Error(checked.error.message);
    const replicaId = `127.0.0.1:${replica.port}`;
    const sourceId = `127.0.0.1:${source.port}`;
    expect(checked.value.nodes.find((n) => n.id === replicaId)).toMatchObject({
      errant: null,
      errantUnchecked: null,
    });
    await source.stop();
    try {
      const t = await b.call('replication.topology', { sessionId: onReplica });
      if (!t.ok) throw new Error(`${t.error.code}: ${t.error.message}`);
      const node = t.value.nodes.find((n) => n.id === replicaId)!;
      const why = `Its source ${sourceId} does not answer, and no server that answers holds what it sent (no server above it, no other replica of it): there is nothing to compare this replica's transactions with until ${sourceId} is back.`;
      expect(node.errant).toBeNull();
      expect(node.errantUnchecked).toBe(why);
      expect(node.problems.find((p) => p.code === 'errant-unchecked')).toEqual({
        severity: 'warning',
        code: 'errant-unchecked',
        channel: null,
        title: 'Errant transactions not checked',
        detail: why,
      });
      // The source itself is not a replica: nothing to check, nothing said.
      expect(t.value.nodes.find((n) => n.id === sourceId)?.errantUnchecked).toBeNull();
    } finally {
      await source.start();
    }
    // Reconnect now rather than after the replica's retry delay.
    await withConnection(replica, async (c) => {
      await c.query('STOP REPLICA');
      await c.query('START REPLICA');
    });
    await waitForReplicaThreads(replica);
  });
});
