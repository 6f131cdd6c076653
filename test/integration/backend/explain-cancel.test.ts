import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServers } from '../../servers/provided';
import { threadRunning } from '../../servers/running-statement';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession } from './session-helpers';

// EXPLAIN ANALYZE runs the statement: one that takes minutes holds the session as long. Cancel
// stops it on the server with KILL QUERY (under the same identity checks as a statement's):
// MariaDB's explain then fails with CANCELLED; MySQL's returns the plan measured so far, marked
// as stopped early. Either way the session explains again at once, on the same connection.
// Before, nothing could stop it short of closing the tab.

failOnUnhandledErrors();

describe('explain.cancel', () => {
  let b: BackendUnderTest;
  const servers = testServers();

  beforeAll(async () => {
    b = await startBackend();
  });
  afterAll(async () => {
    await b?.dispose();
  });

  for (const kind of ['mysql', 'mariadb'] as const) {
    it(`stops a running EXPLAIN ANALYZE on ${kind}, and the session explains again`, async () => {
      const server = servers[kind];
      const sessionId = await openSession(b, server, `analyze-${kind}`);
      const marker = `cancelled_analyze_${kind}`;
      // Rows after the first: killed, SLEEP only returns early, and MariaDB fails the statement
      // at the next row.
      const sql = `SELECT COUNT(*) AS ${marker} FROM (SELECT 1 AS n UNION ALL SELECT 2 UNION ALL SELECT 3) AS t WHERE SLEEP(20) = 0`;
      const explained = b.call('explain.run', { sessionId, sql, analyze: true });
      await threadRunning(server, marker);
      expect(await b.call('explain.cancel', { sessionId })).toEqual({
        ok: true,
        value: { cancelled: true },
      });
      const outcome = await explained;
      if (kind === 'mysql') {
        // MySQL ends a killed EXPLAIN ANALYZE with the plan measured so far: kept, and marked.
        if (!outcome.ok) throw new Error(outcome.error.message);
        expect(outcome.value.stoppedEarly).toBe(true);
        expect(outcome.value.report.analyzed).toBe(true);
        // Part of a run is no evidence of how the statement runs: not kept in its history.
        const history = await b.call('plans.history', { sql, connectionId: null });
        expect(history.ok && history.value.records).toEqual([]);
      } else {
        expect(outcome).toEqual({
          ok: false,
          error: {
            code: 'CANCELLED',
            message:
              'Cancelled by user: the statement was stopped on the server (KILL QUERY), and what it had changed was rolled back.',
          },
        });
      }
      // Nothing runs any more: a second cancel has nothing to stop.
      expect(await b.call('explain.cancel', { sessionId })).toEqual({
        ok: true,
        value: { cancelled: false },
      });
      const again = await b.call('explain.run', { sessionId, sql: 'SELECT 1', analyze: false });
      expect(again.ok).toBe(true);
      // KILL QUERY stopped the statement, not the session: its connection is the same.
      const status = await b.call('session.status', { sessionId });
      expect(status.ok && status.value.reconnected).toBe(false);
    });
  }
});
