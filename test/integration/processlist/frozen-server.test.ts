import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotFromWire } from '../../../src/shared/processlist/snapshot-wire';
import { sameServerRun } from '../../../src/shared/server/server-run';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import type { RunningServer } from '../../servers/instance';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession } from '../backend/session-helpers';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';

// A server that stops answering (SIGSTOP: frozen, as on a stalled disk or behind a network cut;
// its sockets stay open and nothing fails) while the processlist polls it: the poll gives the
// connection up after the read timeout and says so, so the screen shows "disconnected" and
// retries instead of keeping the last list on screen as if it were current; once the server
// answers again, the next poll reconnects. Before, the poll waited as long as the server slept.

failOnUnhandledErrors();

describe('the processlist of a server that stops answering (MySQL 9.7)', () => {
  const dedicated = useDedicatedServer('mysql', { name: 'frozen-processlist' });
  let b: BackendUnderTest;
  let server: RunningServer;

  beforeAll(async () => {
    server = dedicated();
    b = await startBackend({ readTimeoutMs: 2_000 });
  });
  afterAll(async () => {
    server?.resume();
    await b?.dispose();
  });

  it('gives the connection up, tells the screen, and reconnects once the server answers', async () => {
    const sessionId = await openSession(b, server, 'processlist');
    const first = await b.call('processlist.snapshot', { sessionId });
    if (!first.ok) throw new Error(first.error.message);
    const before = snapshotFromWire(first.value);

    server.pause();
    try {
      const frozen = await b.call('processlist.snapshot', { sessionId });
      expect(frozen).toEqual({
        ok: false,
        error: {
          code: 'CONNECTION_LOST',
          message: `The connection to 127.0.0.1:${server.port} was lost: The server 127.0.0.1:${server.port} did not answer in time.`,
        },
      });
      expect(await b.nextEvent('session.lost')).toMatchObject({
        sessionId,
        error: { code: 'CONNECTION_LOST' },
      });
    } finally {
      server.resume();
    }

    const after = await b.call('processlist.snapshot', { sessionId });
    if (!after.ok) throw new Error(after.error.message);
    const snapshot = snapshotFromWire(after.value);
    // The same run of the server, read again on the tool's new connection.
    expect(sameServerRun(snapshot.serverRun, before.serverRun)).toBe(true);
    expect(Date.parse(snapshot.takenAt)).toBeGreaterThan(Date.parse(before.takenAt));
  });
});
