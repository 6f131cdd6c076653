import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../../servers/connect';
import { testServers, type ServerEndpoint } from '../../servers/provided';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession } from '../backend/session-helpers';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { STAGES_CONSUMER_NOTICE } from '../../../src/shared/processlist/processlist-source';
import { snapshotFromWire } from '../../../src/shared/processlist/snapshot-wire';
import {
  client,
  rowOf,
  serverRunOf,
  snapshotWhen,
  start,
  type Client,
} from './processlist-helpers';

failOnUnhandledErrors();

const DB = 'sl_proc_live';

const servers = testServers();
const cases: Array<[string, ServerEndpoint, 'mysql' | 'mariadb']> = [
  ['MySQL 9.7', servers.mysql, 'mysql'],
  ['MariaDB 10.11', servers.mariadb, 'mariadb'],
];

describe.each(cases)('the live processlist on %s', (_name, server, flavor) => {
  let b: BackendUnderTest;
  let sessionId: string;
  const clients: Client[] = [];
  let sleeper: Client;
  let sleepy: Client;
  let holder: Client;
  let rowWaiter: Client;
  let mdlHolder: Client;
  let mdlWaiter: Client;
  let sleepyDone: Promise<unknown>;

  beforeAll(async () => {
    await withConnection(server, (c) =>
      c.query(
        `DROP DATABASE IF EXISTS ${DB}; CREATE DATABASE ${DB};
         CREATE TABLE ${DB}.t (id INT PRIMARY KEY, v INT) ENGINE=InnoDB;
         CREATE TABLE ${DB}.m (id INT PRIMARY KEY) ENGINE=InnoDB;
         INSERT INTO ${DB}.t VALUES (1, 1), (2, 2); INSERT INTO ${DB}.m VALUES (1);`,
      ),
    );
    for (let i = 0; i < 6; i++) clients.push(await client(server));
    [sleeper, sleepy, holder, rowWaiter, mdlHolder, mdlWaiter] = clients as [
      Client,
      Client,
      Client,
      Client,
      Client,
      Client,
    ];
    sleepyDone = start(sleepy, 'SELECT SLEEP(60) AS slept');
    await holder.conn.query('BEGIN');
    await holder.conn.query(`UPDATE ${DB}.t SET v = 10 WHERE id = 1`);
    void start(rowWaiter, `UPDATE ${DB}.t SET v = 11 WHERE id = 1`);
    await mdlHolder.conn.query('BEGIN');
    await mdlHolder.conn.query(`SELECT * FROM ${DB}.m`);
    void start(mdlWaiter, `ALTER TABLE ${DB}.m ADD COLUMN w INT`);
    b = await startBackend();
    sessionId = await openSession(b, server, 'processlist');
  });

  afterAll(async () => {
    for (const c of clients) c.conn.destroy();
    await withConnection(server, async (c) => {
      for (const cl of clients) await c.query(`KILL ${cl.id}`).catch(() => undefined);
      await c.query(`DROP DATABASE IF EXISTS ${DB}`);
    });
    await b?.dispose();
  });

  it('shows each session the test made with the right command and state, and each blocker exactly', async () => {
    const snap = await snapshotWhen(
      b,
      sessionId,
      (s) =>
        s.waits.some((w) => w.waitingId === rowWaiter.id) &&
        rowOf(s, mdlWaiter.id)?.state === 'Waiting for table metadata lock' &&
        rowOf(s, sleepy.id)?.state === 'User sleep',
    );
    expect(snap.source).toBe(flavor === 'mysql' ? 'performance_schema' : 'information_schema');
    expect(rowOf(snap, sleeper.id)).toMatchObject({ command: 'Sleep', state: null, info: null });
    expect(rowOf(snap, sleepy.id)).toMatchObject({
      kind: 'client',
      command: 'Query',
      state: 'User sleep',
      info: 'SELECT SLEEP(60) AS slept',
      infoLength: 25,
    });
    expect(rowOf(snap, rowWaiter.id)).toMatchObject({
      command: 'Query',
      state: flavor === 'mysql' ? 'updating' : 'Updating',
      info: `UPDATE ${DB}.t SET v = 11 WHERE id = 1`,
    });
    expect(rowOf(snap, holder.id)).toMatchObject({ command: 'Sleep', info: null });
    expect(rowOf(snap, mdlWaiter.id)).toMatchObject({
      state: 'Waiting for table metadata lock',
      info: `ALTER TABLE ${DB}.m ADD COLUMN w INT`,
    });
    expect(snap.rows.filter((r) => r.self).map((r) => r.id)).toHaveLength(1);

    const trx = new Map(snap.transactions.map((t) => [t.processId, t]));
    expect(trx.get(holder.id)).toMatchObject({ state: 'RUNNING', rowsModified: 1, rowsLocked: 1 });
    expect(trx.get(rowWaiter.id)).toMatchObject({ state: 'LOCK WAIT' });
    expect(trx.get(rowWaiter.id)!.waitSeconds).not.toBeNull();
    expect(trx.has(sleeper.id)).toBe(false);

    expect(snap.waits.filter((w) => w.kind === 'row')).toEqual([
      {
        kind: 'row',
        waitingId: rowWaiter.id,
        blockingId: holder.id,
        schema: DB,
        object: 't',
        index: 'PRIMARY',
        waitingMode: flavor === 'mysql' ? 'X,REC_NOT_GAP' : 'X',
        blockingMode: flavor === 'mysql' ? 'X,REC_NOT_GAP' : 'X',
        granted: true,
      },
    ]);
    if (flavor === 'mysql') {
      expect(snap.waits.filter((w) => w.kind === 'metadata')).toEqual([
        {
          kind: 'metadata',
          waitingId: mdlWaiter.id,
          blockingId: mdlHolder.id,
          schema: DB,
          object: 'm',
          index: null,
          waitingMode: 'EXCLUSIVE',
          blockingMode: 'SHARED_READ',
          granted: true,
        },
      ]);
      // Whether stage progress is on is the shared server's setting of the moment (ALTER tests
      // turn it on for a while); its notice is tested on a dedicated server (thread-activity).
      expect(snap.notices.filter((n) => n.key !== STAGES_CONSUMER_NOTICE)).toEqual([]);
    } else {
      // The shared MariaDB has performance_schema on but the MDL instrument off (its default):
      // the wait shows by its state and the screen says what is missing.
      expect(snap.waits.filter((w) => w.kind === 'metadata')).toEqual([]);
      expect(snap.notices).toEqual([
        {
          key: 'metadata-locks',
          missing:
            "the performance_schema instrument 'wait/lock/metadata/sql/mdl' (it is disabled)",
          shownInstead: 'metadata-lock waits show in the State column, without their blocker.',
        },
      ]);
    }
  });

  it('explains the statement a session is running, parsed like the editor’s explain', async () => {
    const explained = await client(server);
    clients.push(explained);
    const done = start(explained, `SELECT SLEEP(20) FROM ${DB}.t WHERE id >= 2`);
    await snapshotWhen(b, sessionId, (s) => rowOf(s, explained.id)?.state === 'User sleep');
    const r = await b.call('processlist.explain', { sessionId, id: explained.id });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.explainSql).toBe(
      flavor === 'mysql'
        ? `EXPLAIN FORMAT=JSON FOR CONNECTION ${explained.id}`
        : `SHOW EXPLAIN FORMAT=JSON FOR ${explained.id}`,
    );
    expect(r.value.dialect).toBe(flavor === 'mysql' ? 'mysql-json-v2' : 'mariadb-json');
    expect(r.value.report.stats.tables).toBe(1);
    expect(JSON.stringify(r.value.report.root)).toContain('"table":"t"');
    const idle = await b.call('processlist.explain', { sessionId, id: sleeper.id });
    expect(idle.ok).toBe(false);
    await withConnection(server, (c) => c.query(`KILL QUERY ${explained.id}`));
    await done;
  });

  it('says which statement a running session’s plan is of, so its earlier plans are found', async () => {
    const sql = `SELECT SLEEP(20), v FROM ${DB}.t WHERE id >= 1`;
    // An editor's explain of the same statement, with another value, is kept in the history.
    const editor = await openSession(b, server, 'editor');
    const kept = await b.call('explain.run', {
      sessionId: editor,
      sql: `SELECT SLEEP(20), v FROM ${DB}.t WHERE id >= 2`,
      analyze: false,
    });
    if (!kept.ok) throw new Error(kept.error.message);
    const running = await client(server);
    clients.push(running);
    const done = start(running, sql);
    await snapshotWhen(b, sessionId, (s) => rowOf(s, running.id)?.state === 'User sleep');
    const r = await b.call('processlist.explain', { sessionId, id: running.id });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.statement).toBe(sql);
    const history = await b.call('plans.history', { sql: r.value.statement!, connectionId: null });
    if (!history.ok) throw new Error(history.error.message);
    expect(history.value.records.map((h) => h.sql)).toEqual([
      `SELECT SLEEP(20), v FROM ${DB}.t WHERE id >= 2`,
    ]);
    await withConnection(server, (c) => c.query(`KILL QUERY ${running.id}`));
    await done;
  });

  it('previews KILL QUERY, runs only the SQL confirmed, and stops the statement but not the connection', async () => {
    const preview = await b.call('processlist.kill', {
      sessionId,
      seenIn: await serverRunOf(b, sessionId),
      mode: 'query',
      ids: [sleepy.id],
    });
    expect(preview).toEqual({
      ok: true,
      value: {
        phase: 'preview',
        sql: `KILL QUERY ${sleepy.id};`,
        ids: [sleepy.id],
        readOnly: false,
        running: {
          seenAtMs: expect.any(Number) as number,
          targets: [
            {
              id: sleepy.id,
              info: 'SELECT SLEEP(60) AS slept',
              key: expect.stringMatching(
                flavor === 'mariadb' ? /^start:\d+$/ : /^event:\d+$/,
              ) as string,
            },
          ],
        },
      },
    });
    const wrong = await b.call('processlist.kill', {
      sessionId,
      seenIn: await serverRunOf(b, sessionId),
      mode: 'query',
      ids: [sleepy.id],
      confirmSql: `KILL CONNECTION ${sleepy.id};`,
    });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    const done = await b.call('processlist.kill', {
      sessionId,
      seenIn: await serverRunOf(b, sessionId),
      mode: 'query',
      ids: [sleepy.id],
      confirmSql: `KILL QUERY ${sleepy.id};`,
    });
    expect(done).toEqual({
      ok: true,
      value: {
        phase: 'done',
        sql: `KILL QUERY ${sleepy.id};`,
        outcomes: [{ id: sleepy.id, outcome: 'killed', message: null }],
      },
    });
    // MySQL's interrupted SLEEP returns 1, MariaDB's fails with 1317; the connection lives on.
    if (flavor === 'mysql') expect(await sleepyDone).toEqual([{ slept: 1 }]);
    else expect(await sleepyDone).toMatchObject({ errno: 1317 });
    const [rows] = await sleepy.conn.query('SELECT CONNECTION_ID() AS id');
    expect(rows).toEqual([{ id: sleepy.id }]);
    const after = await snapshotWhen(b, sessionId, (s) => rowOf(s, sleepy.id)?.command === 'Sleep');
    expect(rowOf(after, sleepy.id)?.info).toBeNull();
  });

  it('reports a session that ended before the KILL calmly as already gone', async () => {
    const brief = await client(server);
    const id = brief.id;
    // Listed by one poll, ended before the KILL (the server drops it after the client quits).
    await snapshotWhen(b, sessionId, (s) => rowOf(s, id) !== undefined);
    await brief.conn.end();
    await snapshotWhen(b, sessionId, (s) => rowOf(s, id) === undefined);
    const r = await b.call('processlist.kill', {
      sessionId,
      seenIn: await serverRunOf(b, sessionId),
      mode: 'connection',
      ids: [id],
      confirmSql: `KILL CONNECTION ${id};`,
    });
    expect(r).toEqual({
      ok: true,
      value: {
        phase: 'done',
        sql: `KILL CONNECTION ${id};`,
        outcomes: [{ id, outcome: 'gone', message: `Session ${id} had already ended.` }],
      },
    });
  });

  it('on a read-only connection refuses KILL until confirmed a second time, then runs it', async () => {
    const ro = await openSession(b, server, 'read-only processlist', { readOnly: true });
    const victim = await client(server);
    clients.push(victim);
    const preview = await b.call('processlist.kill', {
      sessionId: ro,
      seenIn: await serverRunOf(b, ro),
      mode: 'connection',
      ids: [victim.id],
    });
    expect(preview).toMatchObject({ ok: true, value: { phase: 'preview', readOnly: true } });
    const sql = `KILL CONNECTION ${victim.id};`;
    const refused = await b.call('processlist.kill', {
      sessionId: ro,
      seenIn: await serverRunOf(b, ro),
      mode: 'connection',
      ids: [victim.id],
      confirmSql: sql,
    });
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'INVALID_REQUEST',
        message:
          '“read-only processlist” is marked read-only and KILL changes the server (it ends statements or connections of other users). Confirm a second time to run it anyway.',
      },
    });
    const snap = await snapshotWhen(b, ro, (s) => rowOf(s, victim.id) !== undefined);
    expect(rowOf(snap, victim.id)?.command).toBe('Sleep');
    const ran = await b.call('processlist.kill', {
      sessionId: ro,
      seenIn: await serverRunOf(b, ro),
      mode: 'connection',
      ids: [victim.id],
      confirmSql: sql,
      readOnlyConfirmed: true,
    });
    expect(ran).toMatchObject({
      ok: true,
      value: { outcomes: [{ id: victim.id, outcome: 'killed' }] },
    });
    await snapshotWhen(b, ro, (s) => rowOf(s, victim.id) === undefined);
  });

  it('gives the whole statement of 1 MB, and escapes binary bytes', async () => {
    const big = await client(server);
    clients.push(big);
    const filler = 'x'.repeat(1024 * 1024);
    const done = start(big, `SELECT SLEEP(20), '${filler}', 'a\u0001b' AS bin`);
    const snap = await snapshotWhen(b, sessionId, (s) => rowOf(s, big.id)?.state === 'User sleep');
    const row = rowOf(snap, big.id)!;
    const fullLength = `SELECT SLEEP(20), '${filler}', 'a\u0001b' AS bin`.length;
    // performance_schema keeps performance_schema_max_sql_text_length (1024) characters,
    // information_schema 65,535; the viewer's SHOW FULL PROCESSLIST has it all.
    expect(row.info).toHaveLength(flavor === 'mysql' ? 1024 : 2048);
    expect(row.infoLength).toBe(flavor === 'mysql' ? 1024 : 65_535);
    const full = await b.call('processlist.statement', { sessionId, id: big.id });
    if (!full.ok) throw new Error(full.error.message);
    expect(full.value.length).toBe(fullLength);
    expect(full.value.binary).toBe(true);
    expect(full.value.text!.endsWith("'a\\x01b' AS bin")).toBe(true);
    await withConnection(server, (c) => c.query(`KILL QUERY ${big.id}`));
    await done;
  });
});

describe('without the PROCESS privilege (MySQL 9.7)', () => {
  const server = servers.mysql;
  const user = { user: 'sl_proc_limited', password: 'sl-proc-pw' };
  let b: BackendUnderTest;

  beforeAll(async () => {
    await withConnection(server, (c) =>
      c.query(
        `DROP USER IF EXISTS '${user.user}'@'%'; CREATE USER '${user.user}'@'%' IDENTIFIED BY '${user.password}';
         GRANT SELECT ON performance_schema.* TO '${user.user}'@'%'`,
      ),
    );
    b = await startBackend();
  });
  afterAll(async () => {
    await b?.dispose();
    await withConnection(server, (c) => c.query(`DROP USER IF EXISTS '${user.user}'@'%'`));
  });

  it('says which privilege is missing and shows the account’s own sessions', async () => {
    const sessionId = await openSession(b, { ...server, ...user }, 'limited');
    const other = await client(server);
    try {
      const r = await b.call('processlist.snapshot', { sessionId });
      if (!r.ok) throw new Error(r.error.message);
      // Stage progress depends on the shared server's setting of the moment (see above).
      expect(r.value.notices.filter((n) => n.key !== STAGES_CONSUMER_NOTICE)).toEqual([
        {
          key: 'process-privilege',
          missing: 'PROCESS privilege',
          shownInstead:
            "only this account's own sessions, without InnoDB transactions or row-lock waits.",
        },
      ]);
      const rows = snapshotFromWire(r.value).rows;
      expect(new Set(rows.map((x) => x.user))).toEqual(new Set([user.user]));
      expect(rows.some((x) => x.id === other.id)).toBe(false);
    } finally {
      other.conn.destroy();
    }
  });
});
