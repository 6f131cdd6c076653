// The slow-log API's filters, own-statement classes and two-window comparison, on a log a real
// MySQL 9.7 wrote while two users ran two phases of statements (with this backend's own tagged
// statements mixed in). Figures are checked against the core digest over the same file.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlowLogWindow } from '../../../src/shared/api/slowlog';
import { readSlowLogSources } from '../../../src/main/slowlog/read-slowlog-sources';
import {
  fingerprint,
  SlowLogDigest,
  slowLogSeconds,
  type SlowLogEntry,
} from '../../../src/shared/slowlog';
import { digestFilterOf } from '../../../src/shared/slowlog/filter-text';
import { isOwnStatementText } from '../../../src/shared/tuning/own-statement-tag';
import { connectTo, withConnection } from '../../servers/connect';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession } from '../backend/session-helpers';
import { ended } from './slowlog-run';
import { slowLogBound, waitForSlowLogText } from '../../servers/slow-log-file';

describe('slow log API: filters, own statements and two windows (MySQL 9.7)', () => {
  const server = useDedicatedServer('mysql', {
    name: 'slowlog-windows',
    extraArgs: ['--slow-query-log=ON', '--long-query-time=0', '--slow-query-log-file=slow.log'],
  });
  let b: BackendUnderTest;
  let dir: string;
  let sessionId: string;
  let log: string;
  let entries: SlowLogEntry[];
  /** The first second wholly after phase one's last statement. */
  let split: number;

  beforeAll(async () => {
    b = await startBackend();
    dir = await mkdtemp(join(os.tmpdir(), 'sightline-slowlog-windows-'));
    sessionId = await openSession(b, server(), 'slowlog-windows');
    await withConnection(server(), async (c) => {
      await c.query('CREATE DATABASE sl_w1; CREATE DATABASE sl_w2');
      await c.query('CREATE TABLE sl_w1.k (a INT PRIMARY KEY, b INT)');
      await c.query('CREATE TABLE sl_w2.k (a INT PRIMARY KEY, b INT)');
      await c.query('INSERT INTO sl_w1.k VALUES (1, 1), (2, 2); INSERT INTO sl_w2.k VALUES (1, 1)');
      for (const u of ['sl_app1', 'sl_app2'])
        await c.query(`CREATE USER ${u}@'%' IDENTIFIED BY 'pw'; GRANT ALL ON *.* TO ${u}@'%'`);
    });
    const as = (
      user: string,
      db: string,
      work: (q: (sql: string) => Promise<void>) => Promise<void>,
    ) =>
      withConnection(
        { ...server(), user, password: 'pw' },
        (c) => work(async (sql) => void (await c.query(sql))),
        { database: db },
      );
    // Phase one: app1 in sl_w1 and app2 in sl_w2.
    await as('sl_app1', 'sl_w1', async (q) => {
      for (let i = 0; i < 3; i += 1) await q(`SELECT SLEEP(0.05) FROM k WHERE a = ${i}`);
      for (let i = 0; i < 2; i += 1) await q(`SELECT SLEEP(0.2), b FROM k WHERE a = ${i}`);
      for (let i = 0; i < 4; i += 1) await q(`SELECT b FROM k WHERE a > ${i}`);
    });
    await as('sl_app2', 'sl_w2', async (q) => {
      for (let i = 0; i < 5; i += 1) await q(`SELECT a FROM k WHERE b = ${i}`);
      await q("SELECT 'phase-one-end'");
    });
    // Phase two, in a later second: the same classes slower and faster, one gone, one new.
    await new Promise((r) => setTimeout(r, 1100));
    await as('sl_app1', 'sl_w1', async (q) => {
      for (let i = 0; i < 3; i += 1) await q(`SELECT SLEEP(0.2) FROM k WHERE a = ${i}`);
      for (let i = 0; i < 2; i += 1) await q(`SELECT SLEEP(0.02), b FROM k WHERE a = ${i}`);
      for (let i = 0; i < 6; i += 1) await q(`SELECT COUNT(*) FROM k WHERE b < ${i}`);
      await q("SELECT 'phase-two-end'");
    });
    const written = join(server().dataDir, 'slow.log');
    // The server writes an entry after answering: once the marker is in, all before it are.
    await waitForSlowLogText(written, "SELECT 'phase-two-end'");
    log = join(dir, 'slow.log');
    await writeFile(log, await readFile(written));
    entries = [];
    await readSlowLogSources([log], (e) => entries.push(e));
    const end = entries.find((e) => e.statement.includes("'phase-one-end'"))!;
    split = Math.floor(slowLogSeconds(end.time!)!) + 1;
  }, 120_000);

  afterAll(async () => {
    await b?.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const analyze = async (filter?: Parameters<typeof digestFilterOf>[0]) => {
    const r = await b.call('slowlog.analyze', {
      sessionId,
      path: log,
      ...(filter ? { filter } : {}),
    });
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    const done = await ended(b, r.value.runId);
    expect(done.error).toBeNull();
    return done.result!;
  };
  /** The core digest of the same file under the same filter. */
  const core = (filter: Parameters<typeof digestFilterOf>[0] = {}) => {
    const d = new SlowLogDigest(digestFilterOf(filter));
    for (const e of entries) d.add(e);
    return d;
  };

  it('filters by user, host, database and time window, and says what it left out', async () => {
    const filters = [
      { user: 'sl_app2' },
      { db: 'sl_w1' },
      { user: 'sl_app1', db: 'sl_w1', host: '127.0.0.1' },
      { since: slowLogBound(split) },
      { until: slowLogBound(split - 1), user: 'sl_app1' },
    ];
    for (const filter of filters) {
      const result = await analyze(filter);
      const d = core(filter);
      expect(result.filter).toEqual(filter);
      expect(result.entries).toBeGreaterThan(0);
      expect([result.entries, result.filteredOut]).toEqual([d.count, d.filteredOut]);
      expect(result.entries + result.filteredOut).toBe(core().count);
      expect(result.classes.map((c) => [c.checksum, c.count]).sort()).toEqual(
        d
          .results()
          .map((c) => [c.checksum, c.count])
          .sort(),
      );
    }
    const app2 = await analyze({ user: 'sl_app2' });
    // The Quit of app2's connection is in the log most times, not always on a loaded machine
    // (like a Ping): the digest matched the core reading of the same file above either way.
    expect(
      app2.classes
        .map((c) => c.fingerprint)
        .filter((f) => f !== 'administrator command: Quit')
        .sort(),
    ).toEqual(['select ?', 'select a from k where b = ?']);
    expect(app2.classes.find((c) => c.fingerprint === 'select ?')!.example.sql).toBe(
      "SELECT 'phase-one-end'",
    );
    const late = await analyze({ since: slowLogBound(split), db: 'sl_w1' });
    expect(
      late.classes.find((c) => c.fingerprint === 'select sleep(?) from k where a = ?')!.count,
    ).toBe(3);
    expect(late.classes.some((c) => c.fingerprint === 'select b from k where a > ?')).toBe(false);
    const early = await analyze({ until: slowLogBound(split - 1), db: 'sl_w1' });
    expect(early.classes.find((c) => c.fingerprint === 'select b from k where a > ?')!.count).toBe(
      4,
    );
    const whole = await analyze();
    expect([whole.filter, whole.filteredOut]).toEqual([null, 0]);
  });

  it('refuses a time that is not one, or a window that ends before it starts', async () => {
    const bad = await b.call('slowlog.analyze', {
      sessionId,
      path: log,
      filter: { since: 'yesterday' },
    });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.error.code).toBe('INVALID_REQUEST');
    expect(bad.error.field).toBe('filter.since');
    expect(bad.error.message).toContain('filter.since: "yesterday" is not a time (2026-11-25,');
    const backwards = await b.call('slowlog.compare', {
      sessionId,
      before: { path: log, filter: { since: '2026-11-25 10:00:00', until: '2026-11-24' } },
      after: { path: log },
    });
    expect(!backwards.ok && backwards.error.message).toContain(
      'before.filter.until: "2026-11-24" is before since "2026-11-25 10:00:00"',
    );
  });

  it('tells Sightline’s own classes apart: every statement of them tagged', async () => {
    const result = await analyze();
    const tagged = new Map<string, { all: number; own: number }>();
    const d = core();
    for (const c of d.results()) tagged.set(c.checksum, { all: c.count, own: 0 });
    // Counted apart from the service: which entries carry the tag, per class.
    const byPrint = new Map(d.results().map((c) => [c.fingerprint, c.checksum]));
    for (const e of entries)
      if (e.statement && isOwnStatementText(e.statement))
        tagged.get(byPrint.get(fingerprint(e.statement))!)!.own += 1;
    const own = [...tagged].filter(([, n]) => n.own === n.all).map(([k]) => k);
    // This backend's session reads metadata and the sources with tagged statements.
    expect(own.length).toBeGreaterThan(0);
    expect([...result.own.classes].sort()).toEqual(own.sort());
    expect(result.own.entries).toBe(own.reduce((n, k) => n + tagged.get(k)!.all, 0));
    for (const c of result.classes.filter((x) => result.own.classes.includes(x.checksum)))
      expect(isOwnStatementText(c.example.sql)).toBe(true);
    // The workload's classes are not Sightline's.
    const mine = result.classes.find((c) => c.fingerprint === 'select a from k where b = ?')!;
    expect(result.own.classes).not.toContain(mine.checksum);
    // The totals still cover every class, as pt-query-digest's do.
    expect(result.entries).toBe(d.count);
  });

  it('compares two windows of one log: new, gone, slower and faster, ranked', async () => {
    const before: SlowLogWindow = {
      path: log,
      filter: { until: slowLogBound(split - 1), db: 'sl_w1' },
    };
    const after: SlowLogWindow = { path: log, filter: { since: slowLogBound(split), db: 'sl_w1' } };
    const r = await b.call('slowlog.compare', { sessionId, before, after });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.path).toBe(log);
    const done = await ended(b, r.value.runId);
    expect(done.error).toBeNull();
    const c = done.comparison!;
    expect(done.result).toBeNull();
    const pick = (print: string) => c.classes.find((x) => x.fingerprint === print)!;
    const sleepy = pick('select sleep(?) from k where a = ?');
    expect([sleepy.change, sleepy.before!.count, sleepy.after!.count, sleepy.countChange]).toEqual([
      'slower',
      3,
      3,
      0,
    ]);
    expect(sleepy.avgRatio).toBe(sleepy.after!.queryTimeAvg / sleepy.before!.queryTimeAvg);
    expect(sleepy.avgRatio!).toBeGreaterThan(1.1);
    const quick = pick('select sleep(?), b from k where a = ?');
    expect([quick.change, quick.countChange]).toEqual(['faster', 0]);
    expect(pick('select b from k where a > ?')).toMatchObject({
      change: 'gone',
      after: null,
      countChange: -4,
    });
    expect(pick('select count(*) from k where b < ?')).toMatchObject({
      change: 'new',
      before: null,
      countChange: 6,
    });
    const changes = c.classes.map((x) => Math.abs(x.timeChange));
    expect(changes).toEqual([...changes].sort((x, y) => y - x));
    const [b0, a0] = [core(before.filter), core(after.filter)];
    expect([c.before.entries, c.before.filteredOut, c.after.entries, c.after.filteredOut]).toEqual([
      b0.count,
      b0.filteredOut,
      a0.count,
      a0.filteredOut,
    ]);
    expect(c.before.filter).toEqual(before.filter);
    expect(c.counts.new + c.counts.gone + c.counts.slower + c.counts.faster + c.counts.same).toBe(
      c.classes.length,
    );
    expect(c.classes.some((x) => isOwnStatementText(x.fingerprint))).toBe(false);
  });

  it('compares two windows of mysql.slow_log as it does of the file', async () => {
    const written = join(server().dataDir, 'slow.log');
    const from = (await readFile(written)).length;
    await withConnection(server(), (c) => c.query("SET GLOBAL log_output = 'FILE,TABLE'"));
    // One connection for both phases, kept open until both logs are read: its Quit would land
    // in the table but not in the copy of the file. Its own user makes the windows: the copy
    // starts past the file's last `use sl_w1`, so it cannot tell the database.
    const c = await connectTo(
      { ...server(), user: 'sl_app1', password: 'pw' },
      { database: 'sl_w1' },
    );
    try {
      for (let i = 0; i < 3; i += 1) await c.query(`SELECT SLEEP(0.01) FROM k WHERE a = ${i}`);
      for (let i = 0; i < 2; i += 1) await c.query(`SELECT b FROM k WHERE a > ${i}`);
      await c.query("SELECT 'table-a-end'");
      await waitForSlowLogText(written, "SELECT 'table-a-end'");
      await new Promise((r) => setTimeout(r, 1100));
      for (let i = 0; i < 3; i += 1) await c.query(`SELECT SLEEP(0.1) FROM k WHERE a = ${i}`);
      for (let i = 0; i < 2; i += 1) await c.query(`SELECT COUNT(*) FROM k WHERE b < ${i}`);
      await c.query("SELECT 'table-b-end'");
      await waitForSlowLogText(written, "SELECT 'table-b-end'");
      const tail = join(dir, 'table-phases.log');
      await writeFile(tail, (await readFile(written)).subarray(from));
      const tailEntries: SlowLogEntry[] = [];
      await readSlowLogSources([tail], (e) => tailEntries.push(e));
      const aEnd = tailEntries.find((e) => e.statement.includes("'table-a-end'"))!;
      const cut = Math.floor(slowLogSeconds(aEnd.time!)!) + 1;
      const before = { until: slowLogBound(cut - 1), user: 'sl_app1' };
      const after = { since: slowLogBound(cut), user: 'sl_app1' };

      const fromTable = await b.call('slowlog.compareServerLog', {
        sessionId,
        source: 'table',
        before,
        after,
      });
      if (!fromTable.ok) throw new Error(fromTable.error.message);
      expect([fromTable.value.path, fromTable.value.unit]).toEqual(['mysql.slow_log', 'rows']);
      const table = (await ended(b, fromTable.value.runId)).comparison!;
      const fromFile = await b.call('slowlog.compare', {
        sessionId,
        before: { path: tail, filter: before },
        after: { path: tail, filter: after },
      });
      if (!fromFile.ok) throw new Error(fromFile.error.message);
      const file = (await ended(b, fromFile.value.runId)).comparison!;
      const shape = (x: typeof file) =>
        x.classes
          .map((k) => [k.fingerprint, k.change, k.before?.count ?? 0, k.after?.count ?? 0])
          .sort((p, q) => String(p[0]).localeCompare(String(q[0])));
      expect(shape(table)).toEqual(shape(file));
      expect(shape(table)).toEqual([
        ['select ?', 'same', 1, 1],
        ['select b from k where a > ?', 'gone', 2, 0],
        ['select count(*) from k where b < ?', 'new', 0, 2],
        ['select sleep(?) from k where a = ?', 'slower', 3, 3],
      ]);
      expect([table.before.path, table.before.filter, table.after.filter]).toEqual([
        'mysql.slow_log',
        before,
        after,
      ]);
    } finally {
      await withConnection(server(), (x) => x.query("SET GLOBAL log_output = 'FILE'"));
      await c.end();
    }
    // Without an SSH tunnel there is no server file to compare.
    const noSsh = await b.call('slowlog.compareServerLog', {
      sessionId,
      source: 'ssh',
      before: {},
      after: {},
    });
    expect(!noSsh.ok && noSsh.error.message).toBe(
      "This connection has no SSH tunnel: the server's own file cannot be read.",
    );
  });

  it('compares two logs, each read whole', async () => {
    const [first, second] = [join(dir, 'first.log'), join(dir, 'second.log')];
    const text = await readFile(log, 'latin1');
    const cut = text.indexOf("SELECT 'phase-one-end';");
    const next = text.indexOf('# Time:', cut);
    await writeFile(first, text.slice(0, next), 'latin1');
    await writeFile(second, text.slice(next), 'latin1');
    const r = await b.call('slowlog.compare', {
      sessionId,
      before: { path: first, filter: { db: 'sl_w1' } },
      after: { path: second, filter: { db: 'sl_w1' } },
    });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.path).toBe(`${first} → ${second}`);
    const done = await ended(b, r.value.runId);
    expect(done.bytesRead).toBe(Buffer.byteLength(text, 'latin1'));
    const c = done.comparison!;
    expect(c.before.path).toBe(first);
    expect(c.classes.find((x) => x.fingerprint === 'select b from k where a > ?')!.change).toBe(
      'gone',
    );
    expect(
      c.classes.find((x) => x.fingerprint === 'select count(*) from k where b < ?')!.change,
    ).toBe('new');
    expect(
      c.classes.find((x) => x.fingerprint === 'select sleep(?) from k where a = ?')!.change,
    ).toBe('slower');
  });
});
