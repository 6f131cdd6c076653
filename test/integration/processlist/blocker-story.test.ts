import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockerStory } from '../../../src/shared/processlist/blocker-story';
import type { ProcesslistSnapshot } from '../../../src/shared/processlist/snapshot';
import { connectTo, queryRow, withConnection } from '../../servers/connect';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import type { RunningServer } from '../../servers/instance';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession } from '../backend/session-helpers';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { rowOf, snapshotWhen, start, type Client } from './processlist-helpers';

failOnUnhandledErrors();

const DB = 'sl_blocker_story';

/** A client that names itself, as application pools do (`program_name`). */
async function namedClient(server: RunningServer, program: string | null): Promise<Client> {
  const conn = await connectTo(server, {
    multipleStatements: false,
    ...(program ? { connectAttributes: { program_name: program } } : {}),
  });
  conn.on('error', () => undefined);
  return { conn, id: conn.threadId! };
}

/**
 * A blocker that ran a few statements in a transaction and sleeps, and a waiter stuck behind
 * it; resolves when the processlist shows the wait. Returns the server's clock around BEGIN.
 */
async function blockScene(
  server: RunningServer,
  clients: Client[],
  program: string | null,
): Promise<{ blocker: Client; waiter: Client; before: string; after: string }> {
  await withConnection(server, (c) =>
    c.query(
      `DROP DATABASE IF EXISTS ${DB}; CREATE DATABASE ${DB};
       CREATE TABLE ${DB}.t (id INT PRIMARY KEY, v INT) ENGINE=InnoDB;
       INSERT INTO ${DB}.t VALUES (1, 1), (2, 2);`,
    ),
  );
  const blocker = await namedClient(server, program);
  const waiter = await namedClient(server, null);
  clients.push(blocker, waiter);
  const before = String((await queryRow(blocker.conn, 'SELECT NOW() AS n')).n);
  await blocker.conn.query('BEGIN');
  await blocker.conn.query(`UPDATE ${DB}.t SET v = v + 1 WHERE id = 1`);
  await blocker.conn.query(`INSERT INTO ${DB}.t VALUES (3, 3)`);
  const after = String((await queryRow(blocker.conn, 'SELECT NOW() AS n')).n);
  void start(waiter, `UPDATE ${DB}.t SET v = 0 WHERE id = 1`);
  return { blocker, waiter, before, after };
}

async function storyOf(
  b: BackendUnderTest,
  sessionId: string,
  snap: ProcesslistSnapshot,
  id: number,
): Promise<BlockerStory> {
  const r = await b.call('processlist.blockerStory', { sessionId, id, seenIn: snap.serverRun });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** MySQL `NOW()` text from mysql2 (a Date in local time) as `YYYY-MM-DD hh:mm:ss`. */
function serverTimeText(value: string): string {
  const d = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

describe('a sleeping root blocker explained on MySQL 9.7', () => {
  const server = useDedicatedServer('mysql', { name: 'blocker-story' });
  let b: BackendUnderTest;
  let sessionId: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    b = await startBackend();
    sessionId = await openSession(b, server(), 'blocker-story-mysql');
  });
  afterAll(async () => {
    for (const c of clients) c.conn.destroy();
    await b?.dispose();
  });

  it('shows its program, host, transaction and the statements it ran in it', async () => {
    const { blocker, waiter, before, after } = await blockScene(
      server(),
      clients,
      'billing-worker',
    );
    const snap = await snapshotWhen(b, sessionId, (s) =>
      s.waits.some((w) => w.waitingId === waiter.id && w.blockingId === blocker.id),
    );
    expect(rowOf(snap, blocker.id)?.command).toBe('Sleep');
    const story = await storyOf(b, sessionId, snap, blocker.id);

    expect(story).toMatchObject({
      id: blocker.id,
      user: 'root',
      host: rowOf(snap, blocker.id)!.host,
      command: 'Sleep',
      programName: 'billing-worker',
      attributesNote: null,
    });
    expect(story.host).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(story.attributes._client_name).toBe('Node-MySQL-2');
    // The inserted row's lock is implicit: InnoDB counts the updated row only.
    expect(story.transaction).toMatchObject({ state: 'RUNNING', rowsModified: 2, rowsLocked: 1 });
    expect(story.transaction!.startedAt! >= serverTimeText(before)).toBe(true);
    expect(story.transaction!.startedAt! <= serverTimeText(after)).toBe(true);

    if (story.history.state !== 'read') throw new Error(JSON.stringify(story.history));
    expect(story.history.sources).toEqual(['events_statements_history']);
    const last = story.history.statements.slice(-4);
    expect(last.map((s) => s.sql)).toEqual([
      'BEGIN',
      `UPDATE ${DB}.t SET v = v + 1 WHERE id = 1`,
      `INSERT INTO ${DB}.t VALUES (3, 3)`,
      'SELECT NOW() AS n',
    ]);
    expect(last.map((s) => s.inTransaction)).toEqual([false, true, true, true]);
    expect(last.map((s) => s.rowsAffected)).toEqual([0, 1, 1, 0]);
    for (const s of last) {
      expect(s.error).toBeNull();
      expect(s.durationMs).toBeGreaterThan(0);
      expect(s.startedAgoMs).toBeGreaterThan(0);
    }
    // Oldest first, each before the next.
    const ago = last.map((s) => s.startedAgoMs!);
    expect([...ago].sort((x, y) => y - x)).toEqual(ago);
  });

  it('says which statement enables the history when its consumer is off, and reads it once enabled', async () => {
    const blocker = clients[0]!;
    const snap = await snapshotWhen(b, sessionId, (s) => rowOf(s, blocker.id) !== undefined);
    await withConnection(server(), (c) =>
      c.query(
        "UPDATE performance_schema.setup_consumers SET ENABLED='NO' WHERE NAME='events_statements_history'",
      ),
    );
    const off = await storyOf(b, sessionId, snap, blocker.id);
    expect(off.history).toEqual({
      state: 'unavailable',
      reason:
        'The performance_schema consumer events_statements_history is off, so no statement history is kept.',
      enableSql:
        "UPDATE performance_schema.setup_consumers SET ENABLED='YES' WHERE NAME='events_statements_history';",
      more: expect.stringMatching(/^It records from then on only/),
    });
    // What was read besides the history is still there.
    expect(off.programName).toBe('billing-worker');
    expect(off.transaction?.rowsModified).toBe(2);

    // The statement shown is the one that works.
    if (off.history.state !== 'unavailable' || off.history.enableSql === null) throw new Error();
    const enableSql = off.history.enableSql;
    await withConnection(server(), (c) => c.query(enableSql));
    await blocker.conn.query(`SELECT v AS after_enable FROM ${DB}.t WHERE id = 2`);
    const on = await storyOf(b, sessionId, snap, blocker.id);
    if (on.history.state !== 'read') throw new Error(JSON.stringify(on.history));
    expect(on.history.statements.at(-1)).toMatchObject({
      sql: `SELECT v AS after_enable FROM ${DB}.t WHERE id = 2`,
      inTransaction: true,
      error: null,
    });
  });
});

describe('a root blocker on MariaDB 10.11 with performance_schema off (its default)', () => {
  const server = useDedicatedServer('mariadb', {
    name: 'blocker-story-ps-off',
    extraArgs: ['--performance-schema=OFF'],
  });
  let b: BackendUnderTest;
  let sessionId: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    b = await startBackend();
    sessionId = await openSession(b, server(), 'blocker-story-mariadb');
  });
  afterAll(async () => {
    for (const c of clients) c.conn.destroy();
    await b?.dispose();
  });

  it('shows the transaction and host, and says what it would take to see its statements', async () => {
    const { blocker, waiter } = await blockScene(server(), clients, 'billing-worker');
    const snap = await snapshotWhen(b, sessionId, (s) =>
      s.waits.some((w) => w.waitingId === waiter.id && w.blockingId === blocker.id),
    );
    const story = await storyOf(b, sessionId, snap, blocker.id);
    expect(story).toMatchObject({
      id: blocker.id,
      user: 'root',
      host: rowOf(snap, blocker.id)!.host,
      command: 'Sleep',
      programName: null,
      attributes: {},
      attributesNote:
        'Connection attributes (program name) are in performance_schema, which is OFF here.',
      transaction: { state: 'RUNNING', rowsModified: 2 },
    });
    expect(story.history).toEqual({
      state: 'unavailable',
      reason:
        'performance_schema is OFF on this MariaDB server (MariaDB ships it off), so no statement history is kept.',
      enableSql: null,
      more: "It can only be turned on at startup: add performance_schema=ON under [mariadb] in the server's option file and restart it (it then takes some memory for its tables); after that, enable the consumer with UPDATE performance_schema.setup_consumers SET ENABLED='YES' WHERE NAME='events_statements_history'.",
    });
  });
});

describe('a root blocker on MariaDB 10.11 with performance_schema on', () => {
  const server = useDedicatedServer('mariadb', { name: 'blocker-story-ps-on' });
  let b: BackendUnderTest;
  let sessionId: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    b = await startBackend();
    sessionId = await openSession(b, server(), 'blocker-story-mariadb-ps');
  });
  afterAll(async () => {
    for (const c of clients) c.conn.destroy();
    await b?.dispose();
  });

  it('names its program, and the statement that turns on MariaDB’s statement consumers, which works', async () => {
    const { blocker, waiter } = await blockScene(server(), clients, 'billing-worker');
    const snap = await snapshotWhen(b, sessionId, (s) =>
      s.waits.some((w) => w.waitingId === waiter.id && w.blockingId === blocker.id),
    );
    const off = await storyOf(b, sessionId, snap, blocker.id);
    expect(off).toMatchObject({
      programName: 'billing-worker',
      attributesNote: null,
      transaction: { state: 'RUNNING', rowsModified: 2 },
    });
    // MariaDB ships both statement consumers off, even with performance_schema on.
    expect(off.history).toEqual({
      state: 'unavailable',
      reason:
        'The performance_schema consumers events_statements_current, events_statements_history are off, so no statement history is kept.',
      enableSql:
        "UPDATE performance_schema.setup_consumers SET ENABLED='YES' WHERE NAME IN ('events_statements_current', 'events_statements_history');",
      more: expect.stringMatching(/^It records from then on only/),
    });
    if (off.history.state !== 'unavailable' || off.history.enableSql === null) throw new Error();
    const enableSql = off.history.enableSql;
    await withConnection(server(), (c) => c.query(enableSql));
    await blocker.conn.query(`SELECT v AS after_enable FROM ${DB}.t WHERE id = 2`);
    const on = await storyOf(b, sessionId, snap, blocker.id);
    if (on.history.state !== 'read') throw new Error(JSON.stringify(on.history));
    expect(on.history.sources).toEqual(['events_statements_history']);
    expect(on.history.statements.map((s) => s.sql)).toEqual([
      `SELECT v AS after_enable FROM ${DB}.t WHERE id = 2`,
    ]);
    expect(on.history.statements[0]).toMatchObject({ rowsAffected: 0, error: null });
  });
});
