import type { RowDataPacket } from 'mysql2';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withConnection } from '../../servers/connect';
import { testServers } from '../../servers/provided';
import { threadRunning } from '../../servers/running-statement';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession } from './session-helpers';

// Closing a tab, reloading the page or disconnecting closes the screen's session while its
// statement may still run. Closing the socket does not stop it: the server notices a client that
// went away only when it next writes to it (or, waiting for a lock or in SLEEP, looks), so a
// statement that computes without sending rows ran on unseen, holding its locks (found by a
// review: a closed tab's statement was still in SHOW PROCESSLIST). The session now stops it with KILL QUERY first.

failOnUnhandledErrors();

/** Whether connection `id` still runs a statement containing `marker`. */
async function stillRuns(
  server: ReturnType<typeof testServers>['mysql'],
  id: number,
  marker: string,
): Promise<boolean> {
  return withConnection(server, async (c) => {
    const [rows] = await c.query<RowDataPacket[]>(
      'SELECT INFO FROM information_schema.PROCESSLIST WHERE ID = ?',
      [id],
    );
    return rows.some((r) => String(r.INFO ?? '').includes(marker));
  });
}

describe.each(['mysql', 'mariadb'] as const)(
  'a session closed while its statement runs (%s)',
  (kind) => {
    const server = testServers()[kind];
    let b: BackendUnderTest;
    let thread: number | null;

    beforeEach(async () => {
      b = await startBackend();
      thread = null;
    });
    afterEach(async () => {
      // Before the fix the statement outlived its session: end it here, not with the server.
      if (thread !== null) {
        const id = thread;
        await withConnection(server, (c) => c.query('KILL QUERY ?', [id])).catch(() => undefined);
      }
      await b?.dispose();
    });

    /**
     * Starts a statement that computes for minutes without sending anything (a wait for a lock
     * or SLEEP would notice the client gone by itself); its thread id.
     */
    async function startBusy(sessionId: string, marker: string): Promise<number> {
      const started = await b.call('query.start', {
        sessionId,
        sql: `SELECT BENCHMARK(100000000000, SHA2('${marker}', 256)) AS ${marker}`,
      });
      if (!started.ok) throw new Error(started.error.message);
      thread = await threadRunning(server, marker);
      return thread;
    }

    it('stops the statement when its tab closes the session', async () => {
      const sessionId = await openSession(b, server, 'tab');
      const thread = await startBusy(sessionId, 'closed_tab_wait');
      expect(await b.call('session.close', { sessionId })).toEqual({
        ok: true,
        value: { closed: true },
      });
      await expect
        .poll(() => stillRuns(server, thread, 'closed_tab_wait'), { timeout: 5_000 })
        .toBe(false);
    });

    it('stops the statement when the screen goes away (page reloaded)', async () => {
      const sessionId = await openSession(b, server, 'page');
      const thread = await startBusy(sessionId, 'reloaded_page_wait');
      b.closePeer();
      await expect
        .poll(() => stillRuns(server, thread, 'reloaded_page_wait'), { timeout: 5_000 })
        .toBe(false);
    });
  },
);
