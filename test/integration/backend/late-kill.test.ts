import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServers } from '../../servers/provided';
import { startSlowOpeningRelay } from '../../servers/slow-opening-relay';
import type { TcpRelay } from '../../servers/tcp-relay';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession, resultRows, runStatement } from './session-helpers';

// A KILL QUERY is sent from a connection of its own, opened when the stop is asked for (the
// result's row limit reached, Cancel). When opening it is slow, the statement it was meant for
// can end first, and the user's next statement on the session start: the KILL then stopped
// that one (seen in CI: a statement failed with "Query execution was interrupted" 30 ms after
// it started). A session's next statement now waits until a KILL on its way has been sent.

failOnUnhandledErrors();

const rowsUpTo = (n: number, select: string) =>
  `WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${n}) SELECT ${select} FROM s`;
// Three rows, 0.3 s each: a statement that is still running when a late KILL arrives.
const SLOW =
  'SELECT COUNT(*) AS n FROM (SELECT 1 AS a UNION ALL SELECT 2 UNION ALL SELECT 3) AS t WHERE SLEEP(0.3) = 0';

describe('a KILL that arrives after its statement ended (MySQL 9.7)', () => {
  const server = testServers().mysql;
  let b: BackendUnderTest;
  let relay: TcpRelay;
  let session: string;

  beforeAll(async () => {
    relay = await startSlowOpeningRelay(server.port, 400);
    b = await startBackend();
    session = await openSession(b, { ...server, port: relay.port }, 'late-kill');
    await runStatement(b, session, 'SET SESSION cte_max_recursion_depth = 10000');
    await b.call('settings.saveResults', { maxRows: 1000, maxMegabytes: 512 });
  });
  afterAll(async () => {
    await b?.dispose();
    await relay?.close();
  });

  it('never stops the next statement of the session', async () => {
    // The row limit asks for a KILL; the statement's last rows arrive before it can be sent.
    const cut = await runStatement(b, session, rowsUpTo(5000, 'n'));
    expect(cut.error).toBeNull();
    expect(cut).toMatchObject({ state: 'done', rowCount: 1000, truncated: 'rows' });
    const next = await runStatement(b, session, SLOW);
    expect(next.error).toBeNull();
    expect(next.state).toBe('done');
    expect(await resultRows(b, next.queryId, 0, 1)).toEqual([['3']]);
  });
});
