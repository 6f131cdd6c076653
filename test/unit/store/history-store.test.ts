import { appendFile, readFile, readdir, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_HISTORY_SQL_CHARS, type HistoryEntry } from '../../../src/shared/api/history';
import {
  HISTORY_FILE_NAME,
  HistoryStore,
  type NewHistoryEntry,
} from '../../../src/main/store/history-store';
import { permissions, useTempDirs } from './temp-dirs';

const makeTempDir = useTempDirs();

function statement(sql: string, overrides: Partial<NewHistoryEntry> = {}): NewHistoryEntry {
  return {
    connectionId: 'c1',
    connectionName: 'prod',
    connectionColor: 'red',
    schema: 'shop',
    startedAt: '2026-11-22T00:41:07.120Z',
    durationMs: 12.5,
    state: 'done',
    rows: 3,
    affectedRows: null,
    error: null,
    sql,
    ...overrides,
  };
}

async function lines(dir: string): Promise<string[]> {
  const text = await readFile(join(dir, HISTORY_FILE_NAME), 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text.slice(0, -1).split('\n');
}

const seqs = (entries: HistoryEntry[]) => entries.map((e) => e.seq);
const all = (store: HistoryStore) => store.search({ limit: 500 }).entries;

describe('HistoryStore', () => {
  it('appends one JSON line per statement to a 0600 file and reads them back after a restart', async () => {
    const dir = await makeTempDir();
    const store = await HistoryStore.open(dir);
    await store.append(statement('SELECT 1'));
    await store.append(statement('UPDATE t SET a = 1', { rows: null, affectedRows: 4 }));
    const written = await lines(dir);
    expect(written).toHaveLength(2);
    expect(JSON.parse(written[0]!)).toEqual({
      ...statement('SELECT 1'),
      seq: 0,
      sqlTruncated: false,
      sqlLength: 8,
    });
    expect(permissions((await stat(join(dir, HISTORY_FILE_NAME))).mode)).toBe(0o600);

    const reopened = await HistoryStore.open(dir);
    expect(reopened.warning).toBeNull();
    expect(all(reopened)).toEqual([
      {
        ...statement('UPDATE t SET a = 1', { rows: null, affectedRows: 4 }),
        seq: 1,
        sqlTruncated: false,
        sqlLength: 18,
      },
      { ...statement('SELECT 1'), seq: 0, sqlTruncated: false, sqlLength: 8 },
    ]);
    // Numbering goes on after a restart, so cursors stay valid.
    await reopened.append(statement('SELECT 2'));
    expect(seqs(all(reopened))).toEqual([2, 1, 0]);
  });

  it('writes appends made together in order, each exactly once', async () => {
    const dir = await makeTempDir();
    const store = await HistoryStore.open(dir);
    const writes = Array.from({ length: 200 }, (_, i) => store.append(statement(`SELECT ${i}`)));
    await Promise.all(writes);
    const written = (await lines(dir)).map((l) => JSON.parse(l) as HistoryEntry);
    expect(written.map((e) => e.sql)).toEqual(Array.from({ length: 200 }, (_, i) => `SELECT ${i}`));
  });

  it('skips a torn last line (a crash mid-write), cuts it off, and appends cleanly after it', async () => {
    const dir = await makeTempDir();
    const first = await HistoryStore.open(dir);
    await first.append(statement('SELECT 1'));
    await first.append(statement('SELECT 2'));
    const path = join(dir, HISTORY_FILE_NAME);
    const good = await readFile(path, 'utf8');
    await appendFile(path, '{"seq":2,"connectionId":"c1","conn');

    const store = await HistoryStore.open(dir);
    expect(store.warning).toBeNull();
    expect(all(store).map((e) => e.sql)).toEqual(['SELECT 2', 'SELECT 1']);
    expect(await readFile(path, 'utf8')).toBe(good);
    await store.append(statement('SELECT 3'));
    const reopened = await HistoryStore.open(dir);
    expect(all(reopened).map((e) => e.sql)).toEqual(['SELECT 3', 'SELECT 2', 'SELECT 1']);
    expect(reopened.warning).toBeNull();
  });

  it('keeps a complete last line that lost its newline, and starts the next on a line of its own', async () => {
    const dir = await makeTempDir();
    const first = await HistoryStore.open(dir);
    await first.append(statement('SELECT 1'));
    const path = join(dir, HISTORY_FILE_NAME);
    await writeFile(path, (await readFile(path, 'utf8')).trimEnd());

    const store = await HistoryStore.open(dir);
    await store.append(statement('SELECT 2'));
    expect(await lines(dir)).toHaveLength(2);
    expect(all(await HistoryStore.open(dir)).map((e) => e.sql)).toEqual(['SELECT 2', 'SELECT 1']);
  });

  it('skips damaged lines inside the file with a warning, keeping the damaged file aside', async () => {
    const dir = await makeTempDir();
    const first = await HistoryStore.open(dir);
    await first.append(statement('SELECT 1'));
    await first.append(statement('SELECT 2'));
    const path = join(dir, HISTORY_FILE_NAME);
    const [a, b] = await lines(dir);
    const damaged = `${a}\nnot json\n{"seq":7}\n${b}\n`;
    await writeFile(path, damaged);

    const store = await HistoryStore.open(dir);
    expect(all(store).map((e) => e.sql)).toEqual(['SELECT 2', 'SELECT 1']);
    expect(store.warning).toMatch(
      /^2 lines of the query history .* could not be read and were skipped; the file as it was is kept as .*history\.jsonl\.corrupt-/,
    );
    const aside = (await readdir(dir)).filter((n) => n.startsWith(`${HISTORY_FILE_NAME}.corrupt-`));
    expect(aside).toHaveLength(1);
    expect(await readFile(join(dir, aside[0]!), 'utf8')).toBe(damaged);
    expect(await lines(dir)).toEqual([a, b]);
  });

  it('compacts past its bounds by rewriting the file with the newest entries', async () => {
    const dir = await makeTempDir();
    const store = await HistoryStore.open(dir, { maxEntries: 10 });
    for (let i = 0; i < 11; i++) await store.append(statement(`SELECT ${i}`));
    // 10% slack (at least one entry): no rewrite yet.
    expect(await lines(dir)).toHaveLength(11);
    await store.append(statement('SELECT 11'));
    expect(store.size).toBe(10);
    const written = (await lines(dir)).map((l) => JSON.parse(l) as HistoryEntry);
    expect(written.map((e) => e.seq)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(permissions((await stat(join(dir, HISTORY_FILE_NAME))).mode)).toBe(0o600);
    expect((await readdir(dir)).sort()).toEqual([HISTORY_FILE_NAME]);

    await store.append(statement('SELECT 12'));
    const reopened = await HistoryStore.open(dir, { maxEntries: 10 });
    expect(seqs(all(reopened))).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  });

  it('never rewrites a file it could not read, unless the whole history is cleared', async () => {
    const dir = await makeTempDir();
    const path = join(dir, HISTORY_FILE_NAME);
    // Too big to read at once (readFile stops at 2 GiB): sparse, so it takes no disk.
    await writeFile(path, '');
    await truncate(path, 3 * 2 ** 30);
    const store = await HistoryStore.open(dir, { maxEntries: 10 });
    expect(store.warning).toMatch(/could not be read .*earlier ones are not shown/);
    for (let i = 0; i < 13; i++) await store.append(statement(`SELECT ${i}`));
    // Past its bounds, memory keeps the newest, but the file keeps what it could not read.
    expect(store.size).toBeLessThanOrEqual(11);
    expect((await stat(path)).size).toBeGreaterThan(3 * 2 ** 30);
    await expect(store.clear('c1')).rejects.toMatchObject({
      code: 'STORE_FAILED',
      message: expect.stringMatching(
        /could not be read when Sightline started.*nothing was removed/,
      ),
    });
    expect((await stat(path)).size).toBeGreaterThan(3 * 2 ** 30);
    // Cleared whole, it is rewritten: nothing earlier is wanted any more.
    await store.clear();
    expect((await stat(path)).size).toBe(0);
    expect(store.warning).toBeNull();
    await store.append(statement('SELECT after'));
    expect(all(await HistoryStore.open(dir)).map((e) => e.sql)).toEqual(['SELECT after']);
  });

  it('compacts by size too, and a file over its bounds is compacted when opened', async () => {
    const dir = await makeTempDir();
    const big = await HistoryStore.open(dir);
    for (let i = 0; i < 20; i++)
      await big.append(statement(`SELECT '${'x'.repeat(900)}' AS n${i}`));
    const lineBytes = (await readFile(join(dir, HISTORY_FILE_NAME))).length / 20;

    const small = await HistoryStore.open(dir, { maxBytes: Math.floor(lineBytes * 5.5) });
    expect(seqs(all(small))).toEqual([19, 18, 17, 16, 15]);
    expect(await lines(dir)).toHaveLength(5);
  });

  it('finds text in statements and error messages, case-insensitively, by connection', async () => {
    const dir = await makeTempDir();
    const store = await HistoryStore.open(dir);
    await store.append(statement('SELECT * FROM Orders'));
    await store.append(statement('select count(*) from orders', { connectionId: 'c2' }));
    await store.append(
      statement('SELECT * FROM nope', {
        state: 'error',
        rows: null,
        error: {
          code: 'SERVER_ERROR',
          serverCode: 1146,
          message: "Table 'shop.nope' doesn't exist",
        },
      }),
    );
    await store.append(statement('SELECT 1'));

    const sqlOf = (text: string, connectionId?: string) =>
      store
        .search({ text, limit: 100, ...(connectionId ? { connectionId } : {}) })
        .entries.map((e) => e.sql);
    expect(sqlOf('ORDERS')).toEqual(['select count(*) from orders', 'SELECT * FROM Orders']);
    expect(sqlOf('orders', 'c1')).toEqual(['SELECT * FROM Orders']);
    expect(sqlOf("DOESN'T EXIST")).toEqual(['SELECT * FROM nope']);
    expect(sqlOf('  ')).toHaveLength(4);
    expect(sqlOf('nothing like this')).toEqual([]);
  });

  it('pages through matches newest first with a cursor', async () => {
    const dir = await makeTempDir();
    const store = await HistoryStore.open(dir);
    for (let i = 0; i < 9; i++)
      await store.append(statement(i % 2 === 0 ? `SELECT ${i}` : `SHOW ${i}`));

    const first = store.search({ text: 'select', limit: 2 });
    expect(first.entries.map((e) => e.sql)).toEqual(['SELECT 8', 'SELECT 6']);
    expect(first.nextCursor).toBe('6');
    const second = store.search({ text: 'select', limit: 2, before: first.nextCursor! });
    expect(second.entries.map((e) => e.sql)).toEqual(['SELECT 4', 'SELECT 2']);
    const third = store.search({ text: 'select', limit: 2, before: second.nextCursor! });
    expect(third.entries.map((e) => e.sql)).toEqual(['SELECT 0']);
    expect(third.nextCursor).toBeNull();
    // A page that ends exactly at the last match says there is nothing more.
    expect(store.search({ text: 'select', limit: 5 }).nextCursor).toBeNull();
    // Entries recorded meanwhile do not shift the pages already seen.
    await store.append(statement('SELECT 9'));
    expect(
      store.search({ text: 'select', limit: 2, before: '6' }).entries.map((e) => e.sql),
    ).toEqual(['SELECT 4', 'SELECT 2']);
  });

  it('never lets a password reach the file, in statements or in the errors that echo them', async () => {
    const dir = await makeTempDir();
    const store = await HistoryStore.open(dir);
    await store.append(statement("CREATE USER u IDENTIFIED BY 'Secret-Pw-1'", { rows: null }));
    await store.append(
      statement("CHANGE REPLICATION SOURCE TO SOURCE_HOST='h', SOURCE_PASSWORD='Secret-Pw-2'"),
    );
    // The server quotes the statement in syntax errors.
    await store.append(
      statement("CREATE USERR u IDENTIFIED BY 'Secret-Pw-3'", {
        state: 'error',
        error: {
          code: 'SERVER_ERROR',
          serverCode: 1064,
          sqlState: '42000',
          message:
            "The server reported an error: You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near 'USERR u IDENTIFIED BY 'Secret-Pw-3'' at line 1 (1064, SQLSTATE 42000).",
        },
      }),
    );
    await store.append(
      statement("/*M! CREATE USER v IDENTIFIED BY 'Secret-Pw-4' */", { connectionId: 'maria' }),
    );
    await store.flush();

    const bytes = await readFile(join(dir, HISTORY_FILE_NAME));
    for (const secret of ['Secret-Pw-1', 'Secret-Pw-2', 'Secret-Pw-3', 'Secret-Pw-4']) {
      expect(bytes.includes(Buffer.from(secret))).toBe(false);
    }
    expect(bytes.includes(Buffer.from('Secret'))).toBe(false);
    const entries = all(store);
    expect(entries.map((e) => e.sql)).toEqual([
      "/*M! CREATE USER v IDENTIFIED BY '***' */",
      "CREATE USERR u IDENTIFIED BY '***'",
      "CHANGE REPLICATION SOURCE TO SOURCE_HOST='h', SOURCE_PASSWORD='***'",
      "CREATE USER u IDENTIFIED BY '***'",
    ]);
    expect(entries[1]!.error!.message).toBe(
      "The server reported an error: You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near '***' at line 1 (1064, SQLSTATE 42000).",
    );
    expect(store.search({ text: 'secret', limit: 10 }).entries).toEqual([]);
  });

  it('keeps error messages of statements without secrets as they are', async () => {
    const dir = await makeTempDir();
    const store = await HistoryStore.open(dir);
    const message =
      "... for the right syntax to use near 'FROMM t' at line 1 (1064, SQLSTATE 42000).";
    await store.append(
      statement('SELECT * FROMM t', { state: 'error', error: { code: 'SERVER_ERROR', message } }),
    );
    expect(all(store)[0]!.error!.message).toBe(message);
  });

  it('keeps a huge statement cut, saying how long it was', async () => {
    const dir = await makeTempDir();
    const store = await HistoryStore.open(dir);
    const sql = `INSERT INTO t VALUES ${"('row'),".repeat(20_000)}('end')`;
    await store.append(statement(sql));
    const [entry] = all(await HistoryStore.open(dir));
    expect(entry!.sql).toBe(sql.slice(0, MAX_HISTORY_SQL_CHARS));
    expect(entry!.sqlTruncated).toBe(true);
    expect(entry!.sqlLength).toBe(sql.length);
  });

  it('masks a password that the cut leaves open', async () => {
    const dir = await makeTempDir();
    const store = await HistoryStore.open(dir);
    const head = `/* ${'x'.repeat(MAX_HISTORY_SQL_CHARS - 50)} */ CREATE USER u IDENTIFIED BY '`;
    await store.append(statement(`${head}Secret-Pw-5-and-then-some-more-of-it'`));
    await store.flush();
    const [entry] = all(store);
    expect(entry!.sql).toBe(`${head.slice(0, -1)}'***'`);
    expect(entry!.sqlTruncated).toBe(true);
    const bytes = await readFile(join(dir, HISTORY_FILE_NAME));
    expect(bytes.includes(Buffer.from('Secret'))).toBe(false);
  });

  it("clears one connection's entries or all of them, in memory and in the file", async () => {
    const dir = await makeTempDir();
    const store = await HistoryStore.open(dir);
    await store.append(statement('SELECT 1'));
    await store.append(statement('SELECT 2', { connectionId: 'c2' }));
    await store.append(statement('SELECT 3'));
    expect(await store.clear('c1')).toBe(2);
    expect(all(store).map((e) => e.sql)).toEqual(['SELECT 2']);
    expect(all(await HistoryStore.open(dir)).map((e) => e.sql)).toEqual(['SELECT 2']);
    // Appends queued right behind a clear land after it.
    const cleared = store.clear();
    const appended = store.append(statement('SELECT 4'));
    expect(await cleared).toBe(1);
    await appended;
    expect(all(await HistoryStore.open(dir)).map((e) => e.sql)).toEqual(['SELECT 4']);
    expect(permissions((await stat(join(dir, HISTORY_FILE_NAME))).mode)).toBe(0o600);
  });
});
