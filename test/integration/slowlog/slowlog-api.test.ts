// The tuning screen's slow-log API on a log a real MySQL 9.7 wrote: classes, counts and sums
// exactly the core digest's; missing and non-slow-log files refused with the core's message;
// cancel, a second analysis and a closed session stop a run on a big generated log.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlowLogRun } from '../../../src/shared/api/slowlog';
import { readSlowLogSources } from '../../../src/main/slowlog/read-slowlog-sources';
import {
  closeIdleSlowLogWorkers,
  idleSlowLogWorkers,
} from '../../../src/main/slowlog/slowlog-worker-pool';
import { SlowLogDigest } from '../../../src/shared/slowlog';
import { connectTo, withConnection } from '../../servers/connect';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import type { RunningServer } from '../../servers/instance';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession } from '../backend/session-helpers';
import { ended } from './slowlog-run';
import { runSlowLogWorkload } from './workload';

async function start(b: BackendUnderTest, sessionId: string, path: string): Promise<SlowLogRun> {
  const r = await b.call('slowlog.analyze', { sessionId, path });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** Waits for the run's first progress event that read something but not all. */
async function midway(b: BackendUnderTest, runId: string): Promise<SlowLogRun> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = b.events.find(
      (e) =>
        e.name === 'slowlog.update' &&
        (e.payload as SlowLogRun).runId === runId &&
        (e.payload as SlowLogRun).state === 'running' &&
        (e.payload as SlowLogRun).bytesRead > 0,
    );
    if (found) return found.payload as SlowLogRun;
    if (Date.now() > deadline) throw new Error('no progress event');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A big slow log (about 120 MB): enough that a run is still reading when cancelled. */
function bigLog(): string {
  const entry = (i: number) =>
    `# Time: 2026-11-25T10:00:00.000000Z\n# User@Host: app[app] @ localhost []  Id: 8\n# Query_time: 0.001000  Lock_time: 0.000000 Rows_sent: 1  Rows_examined: ${i % 97}\nSET timestamp=1795600000;\nSELECT * FROM t${i % 50} WHERE id = ${i};\n`;
  const block = Array.from({ length: 10_000 }, (_, i) => entry(i)).join('');
  return block.repeat(Math.ceil((120 * 1024 * 1024) / block.length));
}

/**
 * The same statements read through mysql.slow_log and through the file's tail give the same
 * class IDs, counts and sums. Switches `log_output` to FILE,TABLE on the (dedicated) server
 * and back.
 */
async function tableMatchesFile(
  b: BackendUnderTest,
  sessionId: string,
  server: RunningServer,
  dir: string,
): Promise<void> {
  const log = join(server.dataDir, 'slow.log');
  const refused = await b.call('slowlog.analyzeTable', { sessionId });
  expect(refused.ok || refused.error.code).toBe('INVALID_REQUEST');
  await withConnection(server, async (c) => {
    await c.query("SET GLOBAL log_output = 'FILE,TABLE'");
    await c.query('TRUNCATE TABLE mysql.slow_log');
  });
  const from = (await readFile(log)).length;
  try {
    await withConnection(server, async (c) => {
      await c.query('CREATE DATABASE IF NOT EXISTS sl_table');
      await c.query('USE sl_table');
      await c.query('CREATE TABLE k (a INT, b INT)');
      await c.query('INSERT INTO k VALUES (1, 1), (2, 2), (3, 3), (4, 4), (5, 5)');
      for (let i = 0; i < 6; i += 1) await c.query(`SELECT * FROM k WHERE a = ${i}`);
      for (let i = 0; i < 4; i += 1) await c.query(`SELECT COUNT(*) FROM k WHERE b > ${i}`);
      // An administrator command: the table holds its bare name, the file a comment line.
      await c.ping();
      await c.query("SELECT 'sl-table-end'");
    });
    // The server writes an entry after answering: once the marker is in, all before it are.
    await expect
      .poll(async () => (await readFile(log, 'latin1')).includes("SELECT 'sl-table-end'"))
      .toBe(true);
    const tail = join(dir, 'tail.log');
    await writeFile(tail, (await readFile(log)).subarray(from));
    const sources = await b.call('slowlog.sources', { sessionId });
    expect(sources.ok && sources.value.sources[2]).toEqual({
      kind: 'table',
      label: 'mysql.slow_log',
      available: true,
      reason: null,
    });
    const table = await b.call('slowlog.analyzeTable', { sessionId });
    if (!table.ok) throw new Error(table.error.message);
    expect(table.value.unit).toBe('rows');
    const fromTable = (await ended(b, table.value.runId)).result!;
    const fromFile = (await ended(b, (await start(b, sessionId, tail)).runId)).result!;
    const pick = (r: typeof fromFile, print: string) => {
      const c = r.classes.find((x) => x.fingerprint === print)!;
      return [
        c.checksum,
        c.count,
        c.queryTime.sum,
        c.lockTime.sum,
        c.rowsExamined.sum,
        c.rowsSent.sum,
        c.example.db,
      ];
    };
    for (const print of ['select * from k where a = ?', 'select count(*) from k where b > ?']) {
      expect(pick(fromTable, print)).toEqual(pick(fromFile, print));
    }
    // MySQL logs the Ping (log_slow_admin_statements; under load it now and then goes
    // missing from one of the two logs); MariaDB, as started here, does not. The table holds
    // its bare name, read as the file writes it, never as a statement `Ping`. Where both have
    // it, class and count agree; MySQL's table keeps the previous statement's Rows_sent and
    // Rows_examined for it where the file writes 0, so those are not compared.
    const ping = 'administrator command: Ping';
    const has = (r: typeof fromFile, print: string) =>
      r.classes.some((c) => c.fingerprint === print);
    expect(has(fromTable, 'ping')).toBe(false);
    if (server.kind === 'mysql' && has(fromTable, ping) && has(fromFile, ping)) {
      expect(pick(fromTable, ping).slice(0, 2)).toEqual(pick(fromFile, ping).slice(0, 2));
    }
    if (server.kind !== 'mysql') expect(has(fromFile, ping)).toBe(false);
    expect(pick(fromTable, 'select * from k where a = ?').slice(1, 2)).toEqual([6]);
    expect(pick(fromTable, 'select count(*) from k where b > ?')[4]).toBe(20);
  } finally {
    await withConnection(server, (c) => c.query("SET GLOBAL log_output = 'FILE'"));
  }
}

describe('slow log API (MySQL 9.7)', () => {
  const server = useDedicatedServer('mysql', {
    name: 'slowlog-api',
    extraArgs: [
      '--slow-query-log=ON',
      '--long-query-time=0',
      '--log-slow-admin-statements=ON',
      '--slow-query-log-file=slow.log',
      '--log-slow-extra=ON',
    ],
  });
  let b: BackendUnderTest;
  let dir: string;
  let sessionId: string;
  let big: string;

  beforeAll(async () => {
    b = await startBackend();
    dir = await mkdtemp(join(os.tmpdir(), 'sightline-slowlog-api-'));
    sessionId = await openSession(b, server(), 'slowlog');
    big = join(dir, 'big.log');
    await writeFile(big, bigLog());
  });
  afterAll(async () => {
    await b?.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('gives the core digest classes, counts and sums of a real log', async () => {
    const connection = await connectTo(server());
    const latin1 = await connectTo(server(), { charset: 'latin1' });
    try {
      await runSlowLogWorkload(connection, latin1);
    } finally {
      await latin1.end();
      await connection.end();
    }
    const log = join(server().dataDir, 'slow.log');
    // The server goes on logging (this backend's own session): read a copy that holds still.
    const copy = join(dir, 'slow.log');
    await writeFile(copy, await readFile(log));

    const run = await start(b, sessionId, copy);
    expect(run.state).toBe('running');
    const done = await ended(b, run.runId);
    expect(done.error).toBeNull();
    expect(done.state).toBe('done');
    const result = done.result!;

    const digest = new SlowLogDigest();
    const summary = await readSlowLogSources([copy], (e) => digest.add(e));
    const core = new Map(digest.results().map((c) => [c.checksum, c]));
    expect(done.bytesRead).toBe(summary.bytes);
    expect(done.totalBytes).toBe(summary.bytes);
    expect(result.entries).toBe(digest.count);
    expect(result.classesTotal).toBe(core.size);
    expect(core.size).toBeGreaterThan(25);
    expect(core.size).toBeLessThan(200);
    // Fewer than 200 classes: every one is sent, ranked by total time.
    expect(result.classes.map((c) => c.checksum).sort()).toEqual([...core.keys()].sort());
    const times = result.classes.map((c) => c.queryTime.sum);
    expect(times).toEqual([...times].sort((x, y) => y - x));
    for (const c of result.classes) {
      const k = core.get(c.checksum)!;
      expect(c.count).toBe(k.count);
      expect(c.queryTime.sum).toBe(k.numeric.get('Query_time')!.sum);
      expect(c.rowsExamined.sum).toBe(k.numeric.get('Rows_examined')?.sum ?? 0);
      expect(c.rowsSent.sum).toBe(k.numeric.get('Rows_sent')?.sum ?? 0);
      expect(c.example.queryTime).toBe(k.example!.queryTime);
      expect(c.example.offset).toBe(k.example!.offset);
    }
    expect(result.malformed.count).toBe(summary.reader.problemCount);
    expect(result.timeRange).not.toBeNull();

    // The same log gzipped: the same classes; its size on disk is not the bytes read.
    const gz = join(dir, 'slow.log.gz');
    await writeFile(gz, gzipSync(await readFile(copy)));
    const zipped = await ended(b, (await start(b, sessionId, gz)).runId);
    expect(zipped.state).toBe('done');
    expect(zipped.totalBytes).toBeNull();
    expect(zipped.etaSeconds).toBeNull();
    expect(zipped.bytesRead).toBe(summary.bytes);
    expect(zipped.result).toEqual(result);
  });

  it('refuses a missing file, an empty file and a general log with the core message', async () => {
    const cases: Array<[string, string | null, RegExp]> = [
      [join(dir, 'missing.log'), null, /missing\.log: no such file/],
      [join(dir, 'empty.log'), '', /empty\.log: empty, no slow-log entries/],
      [
        join(dir, 'general.log'),
        '2026-11-25T10:00:00.000000Z\t    8 Query\tSELECT 1\n2026-11-25T10:00:01.000000Z\t    8 Query\tSELECT 2\n',
        /general\.log: a general query log, not a slow query log/,
      ],
      [join(dir, 'binary.log'), '\0\x01\x02ELF\0\0', /binary\.log: a binary file/],
    ];
    for (const [path, content, message] of cases) {
      if (content !== null) await writeFile(path, content, 'latin1');
      const done = await ended(b, (await start(b, sessionId, path)).runId);
      expect(done.state).toBe('error');
      expect(done.error?.code).toBe('FILE_ERROR');
      expect(done.error?.message).toMatch(message);
    }
    const relative = await b.call('slowlog.analyze', { sessionId, path: 'slow.log' });
    expect(relative.ok).toBe(false);
  });

  it('gets the digest’s workers ready when the screen asks for its sources', async () => {
    await closeIdleSlowLogWorkers();
    const r = await b.call('slowlog.sources', { sessionId });
    expect(r.ok).toBe(true);
    // One per core (this machine has two or more), warmed on a made-up log and left waiting.
    const cores = Math.min(os.availableParallelism(), 4);
    await expect.poll(() => idleSlowLogWorkers(), { timeout: 30_000 }).toBe(cores);
    const again = await b.call('slowlog.sources', { sessionId });
    expect(again.ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(idleSlowLogWorkers()).toBe(cores);
  });

  it('says which sources the connection offers, from the server’s variables', async () => {
    const reasons = async () => {
      const r = await b.call('slowlog.sources', { sessionId });
      if (!r.ok) throw new Error(r.error.message);
      return r.value.sources.map((x) => [x.kind, x.available, x.reason]);
    };
    expect(await reasons()).toEqual([
      ['file', true, null],
      ['ssh', false, 'This connection has no SSH tunnel.'],
      ['table', false, 'log_output is FILE: the server writes no rows to mysql.slow_log.'],
    ]);
    await withConnection(server(), (c) =>
      c.query("SET GLOBAL log_output = 'FILE,TABLE', GLOBAL slow_query_log = OFF"),
    );
    try {
      expect((await reasons())[2]).toEqual([
        'table',
        true,
        'The slow query log is off (slow_query_log=OFF). The rows already in the table can still be read.',
      ]);
    } finally {
      await withConnection(server(), (c) =>
        c.query("SET GLOBAL log_output = 'FILE', GLOBAL slow_query_log = ON"),
      );
    }
  });

  it('reads mysql.slow_log into the classes the file gives for the same statements', () =>
    tableMatchesFile(b, sessionId, server(), dir));

  it('stops a run on cancel, on a second analysis and when the session closes', async () => {
    const first = await start(b, sessionId, big);
    await midway(b, first.runId);
    expect(await b.call('slowlog.cancel', { runId: first.runId })).toEqual({
      ok: true,
      value: { cancelled: true },
    });
    const cancelled = await ended(b, first.runId);
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.result).toBeNull();
    expect(cancelled.bytesRead).toBeLessThan(cancelled.totalBytes!);

    const replaced = await start(b, sessionId, big);
    await midway(b, replaced.runId);
    const second = await start(b, sessionId, big);
    const stopped = await ended(b, replaced.runId);
    expect(stopped.state).toBe('cancelled');
    expect(stopped.error?.message).toMatch(/another one was started/);
    await midway(b, second.runId);
    await b.call('session.close', { sessionId });
    const closed = await ended(b, second.runId);
    expect(closed.state).toBe('cancelled');
    expect(closed.error?.message).toMatch(/session or the screen was closed/);
  });
});

describe('slow log API: mysql.slow_log (MariaDB 10.11)', () => {
  const server = useDedicatedServer('mariadb', {
    name: 'slowlog-api-mariadb',
    extraArgs: ['--slow-query-log=ON', '--long-query-time=0', '--slow-query-log-file=slow.log'],
  });
  let b: BackendUnderTest;
  let dir: string;
  let sessionId: string;

  beforeAll(async () => {
    b = await startBackend();
    dir = await mkdtemp(join(os.tmpdir(), 'sightline-slowlog-api-'));
    sessionId = await openSession(b, server(), 'slowlog-mariadb');
  });
  afterAll(async () => {
    await b?.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reads mysql.slow_log into the classes the file gives for the same statements', () =>
    tableMatchesFile(b, sessionId, server(), dir));
});
