import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportStatus } from '../../../src/shared/api/export';
import type { QueryStatus } from '../../../src/shared/api/query';
import { connectTo, withConnection } from '../../servers/connect';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import { threadRunning } from '../../servers/running-statement';
import { startSilentRelay } from '../../servers/silent-relay';
import type { RunningServer } from '../../servers/instance';
import type { ServerKind } from '../../servers/server-kind';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession, resultRows, runStatement, waitDone } from './session-helpers';

failOnUnhandledErrors();

async function startQuery(b: BackendUnderTest, sessionId: string, sql: string): Promise<string> {
  const started = await b.call('query.start', { sessionId, sql });
  if (!started.ok) throw new Error(`${started.error.code}: ${started.error.message}`);
  return started.value.queryId;
}

async function waitExport(b: BackendUnderTest, exportId: string): Promise<ExportStatus> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const s = await b.call('export.status', { exportId });
    if (!s.ok) throw new Error(s.error.message);
    if (s.value.state !== 'running') return s.value;
    if (Date.now() > deadline) throw new Error('export still running after 20 s');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A statement that runs for minutes unless stopped, and is easy to find in the processlist. */
const SLOW = (marker: string) => `SELECT SLEEP(120) AS ${marker}`;

describe.each<[string, ServerKind]>([
  ['MySQL 9.7', 'mysql'],
  ['MariaDB 10.11', 'mariadb'],
])('%s: a statement running when its server dies', (_name, kind) => {
  const dedicated = useDedicatedServer(kind, { name: 'death' });
  let b: BackendUnderTest;
  let server: RunningServer;

  beforeAll(async () => {
    server = dedicated();
    b = await startBackend();
  });
  afterAll(async () => {
    await b.dispose();
  });

  it('ends with CONNECTION_LOST at once, frees the session, and the next statement runs after the restart', async () => {
    const sessionId = await openSession(b, server, `death-${kind}`);
    const queryId = await startQuery(b, sessionId, SLOW('killed_server'));
    await threadRunning(server, 'killed_server');
    await server.kill();

    const ended = await waitDone(b, queryId, 15_000);
    expect(ended.state).toBe('error');
    expect(ended.error?.code).toBe('CONNECTION_LOST');
    expect(ended.error?.message).toMatch(
      new RegExp(`^The connection to 127\\.0\\.0\\.1:${server.port} was lost`),
    );
    expect(await b.nextEvent('session.lost')).toMatchObject({ sessionId });
    // Nothing is left to cancel or to hold the session.
    expect(await b.call('query.cancel', { queryId })).toEqual({
      ok: true,
      value: { cancelled: false },
    });

    await server.start();
    const after = await runStatement(b, sessionId, 'SELECT 41 + 1 AS answer');
    expect(after.state).toBe('done');
    expect(await resultRows(b, after.queryId)).toEqual([['42']]);
    const explained = await b.call('explain.run', { sessionId, sql: 'SELECT 1', analyze: false });
    expect(explained.ok).toBe(true);
    expect(await b.call('query.discard', { queryId })).toEqual({
      ok: true,
      value: { discarded: true },
    });
  });

  it('ends with CONNECTION_LOST when its connection is killed from elsewhere; the session carries on', async () => {
    const sessionId = await openSession(b, server, `killed-${kind}`);
    const queryId = await startQuery(b, sessionId, SLOW('killed_connection'));
    const thread = await threadRunning(server, 'killed_connection');
    await withConnection(server, (c) => c.query(`KILL CONNECTION ${thread}`));

    const ended = await waitDone(b, queryId, 15_000);
    expect(ended.state).toBe('error');
    expect(ended.error?.code).toBe('CONNECTION_LOST');
    const after = await runStatement(b, sessionId, 'SELECT CONNECTION_ID() AS id');
    expect(after.state).toBe('done');
    const [[id]] = (await resultRows(b, after.queryId)) as [[string]];
    expect(Number(id)).not.toBe(thread);
  });

  it('an export running when the server dies ends with CONNECTION_LOST and leaves no partial file', async () => {
    const sessionId = await openSession(b, server, `export-${kind}`);
    // Recursion depth: MariaDB stops at 1,000 levels unless told otherwise.
    await runStatement(
      b,
      sessionId,
      kind === 'mysql'
        ? 'SET cte_max_recursion_depth = 100000'
        : 'SET max_recursive_iterations = 100000',
    );
    const sql =
      "WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 20000) SELECT n, REPEAT('x', 200) AS pad, SLEEP(0.005) AS export_marker FROM s";
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sightline-export-death-'));
    try {
      // An export runs a finished result's statement again: stop this one once its columns came.
      const heavy = await startQuery(b, sessionId, sql);
      await expect
        .poll(async () => {
          const s = await b.call('query.status', { queryId: heavy });
          return s.ok ? s.value.rowCount : 0;
        })
        .toBeGreaterThan(0);
      expect(await b.call('query.cancel', { queryId: heavy })).toEqual({
        ok: true,
        value: { cancelled: true },
      });
      expect((await waitDone(b, heavy)).columns).not.toBeNull();
      const started = await b.call('query.export', {
        confirmedFolder: true,
        queryId: heavy,
        format: 'csv',
        path: path.join(dir, 'out.csv'),
      });
      if (!started.ok) throw new Error(`${started.error.code}: ${started.error.message}`);
      await threadRunning(server, 'export_marker');
      await server.kill();
      const ended = await waitExport(b, started.value.exportId);
      expect(ended.state).toBe('error');
      expect(ended.error?.code).toBe('CONNECTION_LOST');
      expect(await readdir(dir)).toEqual([]);
      await server.start();
      // The SET above died with the connection: said once before anything runs without it.
      const refused = await runStatement(b, sessionId, 'SELECT 1 AS one');
      expect(refused.error?.code).toBe('SESSION_RESET');
      expect(refused.error?.message).toContain(
        'session and user variables set with SET are back to their defaults',
      );
      const after = await runStatement(b, sessionId, 'SELECT 1 AS one');
      expect(after.state).toBe('done');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('MySQL 9.7: Cancel after the server restarted behind a silent link', () => {
  const dedicated = useDedicatedServer('mysql', { name: 'stale-cancel' });
  let b: BackendUnderTest;

  beforeAll(async () => {
    b = await startBackend();
  });
  afterAll(async () => {
    await b.dispose();
  });

  it('never kills the statement of another session that got the same thread id', async () => {
    const server = dedicated();
    const relay = await startSilentRelay(server.port);
    try {
      const sessionId = await openSession(b, { ...server, port: relay.port }, 'via-relay');
      const queryId = await startQuery(b, sessionId, SLOW('stale_statement'));
      const staleThread = await threadRunning(server, 'stale_statement');

      // After a restart ids count again from the start: take connections until one gets the
      // id the stale statement had, and run another user's statement on it. Another client
      // (the server's own threads, a busy machine's slow reconnects) can take that id first;
      // then the server is restarted again, which starts the count again.
      const held: Awaited<ReturnType<typeof connectTo>>[] = [];
      let victim: Awaited<ReturnType<typeof connectTo>> | undefined;
      const passed: number[] = [];
      for (let attempt = 0; attempt < 3 && !victim; attempt++) {
        await Promise.all(held.splice(0).map((c) => c.end()));
        await server.kill();
        await server.start();
        for (let i = 0; i < 200 && !victim; i++) {
          const c = await connectTo(server);
          const [[row]] = (await c.query('SELECT CONNECTION_ID() AS id')) as unknown as [
            [{ id: number }],
          ];
          held.push(c);
          if (Number(row.id) === staleThread) victim = held.pop();
          else if (Number(row.id) > staleThread) {
            passed.push(Number(row.id));
            break;
          }
        }
      }
      if (!victim) {
        throw new Error(
          `no connection got id ${staleThread} (ids passed it at ${passed.join(', ')})`,
        );
      }
      const victimRun = victim.query('SELECT SLEEP(8) AS victim_sleep');
      expect(await threadRunning(server, 'victim_sleep')).toBe(staleThread);

      // The session still believes its statement runs: its link to the relay is open.
      const before = await b.call('query.status', { queryId });
      expect(before.ok && before.value.state).toBe('running');
      const refused = await b.call('query.cancel', { queryId });
      expect(refused).toMatchObject({ ok: true, value: { cancelled: false } });
      expect(refused.ok && refused.value.reason).toMatch(
        /^(the server was restarted or replaced|the server no longer has this session's connection).* No KILL was sent; the statement ended with its connection\.$/,
      );

      const ended: QueryStatus = await waitDone(b, queryId, 15_000);
      expect(ended.state).toBe('error');
      expect(ended.error?.code).toBe('CONNECTION_LOST');
      expect(ended.error?.message).toMatch(
        /restarted or replaced|no longer has this session's connection/,
      );
      // The other session's statement was left alone: it sleeps its whole time and returns 0.
      const [rows] = (await victimRun) as unknown as [Array<{ victim_sleep: number }>];
      expect(Number(rows[0]?.victim_sleep)).toBe(0);
      await victim.end();
      await Promise.all(held.map((c) => c.end()));

      // The session reconnects for the next statement.
      const after = await runStatement(b, sessionId, 'SELECT 7 AS seven');
      expect(await resultRows(b, after.queryId)).toEqual([['7']]);
    } finally {
      await relay.close();
    }
  });
});
