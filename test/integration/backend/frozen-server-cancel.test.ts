import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import type { RunningServer } from '../../servers/instance';
import { threadRunning } from '../../servers/running-statement';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession, waitDone } from './session-helpers';

// Cancel while the server is frozen (SIGSTOP: a stalled disk, a cut network; it accepts new
// connections and never greets): no KILL can be sent, and the answer says so in words, that the
// statement still waits and how to give it up, instead of the bare connect error it was. The
// statement is not given up behind the user's back (that would roll back an open transaction);
// once the server answers again it ends as it would have.

failOnUnhandledErrors();

describe('MySQL 9.7: Cancel while the server is frozen', () => {
  const dedicated = useDedicatedServer('mysql', { name: 'frozen-cancel' });
  let b: BackendUnderTest;
  let server: RunningServer;

  beforeAll(async () => {
    server = dedicated();
    b = await startBackend();
  });
  afterAll(async () => {
    server?.resume();
    await b?.dispose();
  });

  it('says no KILL was sent and the statement still waits; it ends once the server answers', async () => {
    const sessionId = await openSession(b, server, 'frozen');
    const started = await b.call('query.start', {
      sessionId,
      sql: 'SELECT SLEEP(4) AS frozen_statement',
    });
    if (!started.ok) throw new Error(started.error.message);
    const { queryId } = started.value;
    await threadRunning(server, 'frozen_statement');
    server.pause();
    try {
      const cancelled = await b.call('query.cancel', { queryId });
      expect(cancelled).toEqual({
        ok: true,
        value: {
          cancelled: false,
          reason: `No KILL was sent: Connecting to 127.0.0.1:${server.port} timed out after 10 s: the server accepted the connection but never sent its greeting. The statement is still waiting on its connection; it ends when the server answers again, or close this tab to give the connection up (an open transaction is then rolled back).`,
        },
      });
      const status = await b.call('query.status', { queryId });
      expect(status.ok && status.value.state).toBe('running');
    } finally {
      server.resume();
    }
    const ended = await waitDone(b, queryId, 30_000);
    expect(ended.state).toBe('done');
  });
});
