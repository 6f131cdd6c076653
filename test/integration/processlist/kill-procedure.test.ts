import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../../servers/connect';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import type { ServerKind } from '../../servers/server-kind';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession } from '../backend/session-helpers';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { client, rowOf, snapshotWhen, start, type Client } from './processlist-helpers';

failOnUnhandledErrors();

/** Like a managed server's master user: sees every session, may not KILL others'. */
const LOW = { user: 'sl_lowkill', password: 'low-kill-pw' };
/**
 * The application whose sessions get killed. Not root: MySQL lets only a SYSTEM_USER kill a
 * SYSTEM_USER's session, and a definer's dynamic privileges do not count for that (RDS's
 * rds_kill cannot end rdsadmin's sessions either).
 */
const APP = { user: 'sl_app', password: 'app-pw' };

/**
 * Managed servers' kill procedures as Amazon RDS defines them: run as their definer (root), so
 * a caller with EXECUTE ends a session its own KILL may not.
 */
const PROCEDURES = `
  CREATE PROCEDURE mysql.rds_kill(IN thread BIGINT) SQL SECURITY DEFINER KILL CONNECTION thread;
  CREATE PROCEDURE mysql.rds_kill_query(IN thread BIGINT) SQL SECURITY DEFINER KILL QUERY thread;
  GRANT EXECUTE ON PROCEDURE mysql.rds_kill TO '${LOW.user}'@'%';
  GRANT EXECUTE ON PROCEDURE mysql.rds_kill_query TO '${LOW.user}'@'%';`;

describe.each<[string, ServerKind]>([
  ['MySQL 9.7', 'mysql'],
  ['MariaDB 10.11', 'mariadb'],
])('KILL refused for lack of privilege on %s', (_name, kind) => {
  const server = useDedicatedServer(kind, { name: 'kill-procedure' });
  let b: BackendUnderTest;
  let sessionId: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    await withConnection(server(), (c) =>
      c.query(
        `CREATE USER '${LOW.user}'@'%' IDENTIFIED BY '${LOW.password}';
         GRANT PROCESS ON *.* TO '${LOW.user}'@'%';
         GRANT SELECT ON performance_schema.* TO '${LOW.user}'@'%';
         CREATE USER '${APP.user}'@'%' IDENTIFIED BY '${APP.password}';`,
      ),
    );
    b = await startBackend();
    sessionId = await openSession(b, { ...server(), ...LOW, socket: null }, `low-${kind}`);
  });
  afterAll(async () => {
    for (const c of clients) c.conn.destroy();
    await b?.dispose();
  });

  async function appSleeper(): Promise<{ c: Client; done: Promise<unknown> }> {
    const c = await client({ ...server(), ...APP });
    clients.push(c);
    return { c, done: start(c, 'SELECT SLEEP(60) AS slept') };
  }

  async function kill(
    mode: 'query' | 'connection',
    id: number,
    via: 'statement' | 'procedure',
    confirm: boolean,
  ) {
    const seen = await snapshotWhen(b, sessionId, (s) => rowOf(s, id) !== undefined);
    const preview = await b.call('processlist.kill', {
      sessionId,
      mode,
      ids: [id],
      seenIn: seen.serverRun,
      via,
    });
    if (!preview.ok || preview.value.phase !== 'preview' || !confirm) return preview;
    return b.call('processlist.kill', {
      sessionId,
      mode,
      ids: [id],
      seenIn: seen.serverRun,
      via,
      confirmSql: preview.value.sql,
      ...(preview.value.running ? { expected: preview.value.running } : {}),
    });
  }

  it('without a kill procedure: KILL is denied, nothing is offered, the procedure path is refused', async () => {
    const { c } = await appSleeper();
    const r = await kill('connection', c.id, 'statement', true);
    expect(r).toEqual({
      ok: true,
      value: {
        phase: 'done',
        sql: `KILL CONNECTION ${c.id};`,
        outcomes: [
          {
            id: c.id,
            outcome: 'denied',
            message: expect.stringMatching(/^Server error 1095: /),
          },
        ],
      },
    });
    const viaProcedure = await kill('connection', c.id, 'procedure', false);
    expect(viaProcedure).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_REQUEST',
        message:
          'This server has no mysql.rds_kill procedure this account may call: nothing was run.',
      },
    });
    // Still there: nothing killed it.
    const after = await snapshotWhen(b, sessionId, () => true);
    expect(rowOf(after, c.id)?.command).toBe('Query');
  });

  it('with mysql.rds_kill and rds_kill_query: offered after the refusal, previewed, and they end the session', async () => {
    await withConnection(server(), (c) => c.query(PROCEDURES));
    const { c: q, done: qDone } = await appSleeper();
    const refused = await kill('query', q.id, 'statement', true);
    expect(refused).toMatchObject({
      ok: true,
      value: {
        outcomes: [{ id: q.id, outcome: 'denied' }],
        offer: { procedure: 'mysql.rds_kill_query', ids: [q.id] },
      },
    });
    const preview = await kill('query', q.id, 'procedure', false);
    expect(preview).toEqual({
      ok: true,
      value: {
        phase: 'preview',
        sql: `CALL mysql.rds_kill_query(${q.id});`,
        ids: [q.id],
        readOnly: false,
        // The statement it stops, as the question shows it.
        running: {
          seenAtMs: expect.any(Number) as number,
          targets: [
            {
              id: q.id,
              info: 'SELECT SLEEP(60) AS slept',
              key: expect.stringMatching(
                kind === 'mariadb' ? /^start:\d+$/ : /^event:\d+$/,
              ) as string,
            },
          ],
        },
      },
    });
    const done = await kill('query', q.id, 'procedure', true);
    expect(done).toEqual({
      ok: true,
      value: {
        phase: 'done',
        sql: `CALL mysql.rds_kill_query(${q.id});`,
        outcomes: [{ id: q.id, outcome: 'killed', message: null }],
      },
    });
    // KILL QUERY: the statement stopped, the connection stays.
    // MySQL ends an interrupted SLEEP with 1; MariaDB fails the statement (1317).
    if (kind === 'mysql') expect(await qDone).toEqual([{ slept: 1 }]);
    else expect(await qDone).toMatchObject({ errno: 1317 });
    const [[alive]] = (await q.conn.query('SELECT 1 AS one')) as unknown as [[{ one: number }]];
    expect(Number(alive.one)).toBe(1);

    const { c: conn } = await appSleeper();
    const refusedConn = await kill('connection', conn.id, 'statement', true);
    expect(refusedConn).toMatchObject({
      ok: true,
      value: { offer: { procedure: 'mysql.rds_kill', ids: [conn.id] } },
    });
    const killed = await kill('connection', conn.id, 'procedure', true);
    expect(killed).toMatchObject({
      ok: true,
      value: {
        sql: `CALL mysql.rds_kill(${conn.id});`,
        outcomes: [{ id: conn.id, outcome: 'killed', message: null }],
      },
    });
    await snapshotWhen(b, sessionId, (s) => rowOf(s, conn.id) === undefined);
  });

  it('a confirmed procedure call must be the SQL previewed', async () => {
    const { c } = await appSleeper();
    const seen = await snapshotWhen(b, sessionId, (s) => rowOf(s, c.id) !== undefined);
    const r = await b.call('processlist.kill', {
      sessionId,
      mode: 'connection',
      ids: [c.id],
      seenIn: seen.serverRun,
      via: 'procedure',
      confirmSql: `KILL CONNECTION ${c.id};`,
    });
    expect(r).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    const after = await snapshotWhen(b, sessionId, () => true);
    expect(rowOf(after, c.id)?.command).toBe('Query');
  });
});
