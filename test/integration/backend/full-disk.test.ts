import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlterRunStatus } from '../../../src/shared/api/alter';
import type { QueryStatus } from '../../../src/shared/api/query';
import type { StoreWriteStatus, WrittenStore } from '../../../src/shared/api/store-writes';
import { ALTER_HISTORY_FILE_NAME } from '../../../src/main/store/alter-history-store';
import { HISTORY_FILE_NAME } from '../../../src/main/store/history-store';
import { PLAN_FILE_NAME } from '../../../src/main/store/plan-store';
import { testServers } from '../../servers/provided';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession, runStatement } from './session-helpers';
import { mountSmallDisk, type SmallDisk } from './small-disk';

failOnUnhandledErrors();

const DB = 'sl_full_disk';
const STATEMENTS = 40;

/**
 * The data folder on a small tmpfs, filled to the last byte while the app works: every write
 * that fails must be told to the screen at once, nothing may be dropped from memory, and once
 * space is back everything must reach the files, each entry exactly once.
 */
describe('a full disk under the data folder', () => {
  let disk: SmallDisk;
  let b: BackendUnderTest;
  let dataDir: string;
  let sessionId: string;

  beforeAll(async () => {
    disk = await mountSmallDisk(1024 * 1024);
    dataDir = path.join(disk.dir, 'data');
    await mkdir(dataDir, { mode: 0o700 });
    b = await startBackend({ dataDir });
    sessionId = await openSession(b, testServers().mysql, 'Full disk');
    await setUp(`DROP DATABASE IF EXISTS ${DB}`);
    await setUp(`CREATE DATABASE ${DB}`);
    await setUp(`CREATE TABLE ${DB}.t (a INT PRIMARY KEY)`);
    await setUp(`INSERT INTO ${DB}.t VALUES (1), (2), (3)`);
    await setUp(`USE ${DB}`);
    await b.call('history.clear', {});
  });
  afterAll(async () => {
    try {
      await disk?.free().catch(() => undefined);
      if (sessionId) await runStatement(b, sessionId, `DROP DATABASE IF EXISTS ${DB}`);
      await b?.dispose();
    } finally {
      await disk?.unmount();
    }
  });

  async function setUp(sql: string): Promise<void> {
    const s = await runStatement(b, sessionId, sql);
    if (s.state !== 'done') throw new Error(`${sql}: ${s.error?.message}`);
  }

  async function call<M extends Parameters<BackendUnderTest['call']>[0]>(
    method: M,
    params: Parameters<BackendUnderTest['call']>[1] & object,
  ) {
    const r = await b.call(method, params as never);
    if (!r.ok) throw new Error(`${method}: ${r.error.code} ${r.error.message}`);
    return r.value as never;
  }

  /** The index in `b.events` of the event announcing that this statement ended. */
  async function endOf(queryId: string): Promise<number> {
    for (let i = 0; ; i++) {
      const at = b.events.findIndex(
        (e) =>
          e.name === 'query.update' &&
          (e.payload as QueryStatus).queryId === queryId &&
          (e.payload as QueryStatus).state !== 'running',
      );
      if (at >= 0) return at;
      if (i > 1000) throw new Error(`no end of ${queryId}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Store write statuses of `store` among the events received before index `before`. */
  function statusesOf(store: WrittenStore, before = b.events.length): StoreWriteStatus[] {
    return b.events
      .slice(0, before)
      .filter((e) => e.name === 'store.writeStatus')
      .map((e) => e.payload as StoreWriteStatus)
      .filter((s) => s.store === store);
  }

  async function linesOf(file: string): Promise<unknown[]> {
    let text: string;
    try {
      text = await readFile(path.join(dataDir, file), 'utf8');
    } catch {
      return [];
    }
    return text
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as unknown);
  }

  it('keeps every statement in the history, says so at once, and writes them all once space is back', async () => {
    disk.fill();
    const sqls = Array.from(
      { length: STATEMENTS },
      (_, i) => `SELECT ${i} AS statement_on_a_full_disk`,
    );
    for (const sql of sqls) {
      const started: QueryStatus = await call('query.start', { sessionId, sql });
      const end = await endOf(started.queryId);
      // Before the screen learns the statement ended, it has learned its line is not on disk.
      const told = statusesOf('history', end).at(-1);
      expect(told, sql).toMatchObject({ state: 'failing', errorCode: 'ENOSPC' });
    }
    const statuses = statusesOf('history');
    expect(statuses.at(-1)).toMatchObject({
      state: 'failing',
      path: path.join(dataDir, HISTORY_FILE_NAME),
      unsaved: STATEMENTS,
    });
    expect(statuses.at(-1)!.error).toContain('ENOSPC');
    // Not one statement is missing from what the screen is shown...
    const page: { entries: Array<{ sql: string }> } = await call('history.search', { limit: 500 });
    expect(page.entries.map((e) => e.sql).reverse()).toEqual(sqls);
    // ...though the disk has none of them, and a screen opened now is told too.
    expect(await linesOf(HISTORY_FILE_NAME)).toEqual([]);
    const info: { storeWrites: StoreWriteStatus[] } = await call('app.info', {});
    expect(info.storeWrites.map((s) => [s.store, s.state, s.errorCode])).toContainEqual([
      'history',
      'failing',
      'ENOSPC',
    ]);

    await disk.free();
    // The next statement writes everything waiting: each line once, in order, none torn.
    const last = 'SELECT 40 AS statement_after_space_is_back';
    const started: QueryStatus = await call('query.start', { sessionId, sql: last });
    const end = await endOf(started.queryId);
    expect(statusesOf('history', end).at(-1)).toMatchObject({ state: 'ok', unsaved: 0 });
    const written = (await linesOf(HISTORY_FILE_NAME)) as Array<{ sql: string; seq: number }>;
    expect(written.map((e) => e.sql)).toEqual([...sqls, last]);
    expect(new Set(written.map((e) => e.seq)).size).toBe(STATEMENTS + 1);
    expect(
      ((await call('app.info', {})) as { storeWrites: StoreWriteStatus[] }).storeWrites,
    ).toEqual([]);
  });

  it('keeps explained plans and writes them on a later retry, with no further change needed', async () => {
    disk.fill();
    const plans = 5;
    for (let i = 0; i < plans; i++) {
      const explained = await b.call('explain.run', {
        sessionId,
        sql: `SELECT * FROM t WHERE a > ${i}`,
        analyze: false,
      });
      expect(explained.ok).toBe(true);
      // Told by the time the explain answers.
      expect(statusesOf('plans').at(-1)).toMatchObject({
        state: 'failing',
        errorCode: 'ENOSPC',
        unsaved: i + 1,
      });
    }
    const kept: { records: unknown[] } = await call('plans.history', {
      sql: 'SELECT * FROM t WHERE a > 0',
      connectionId: null,
    });
    expect(kept.records).toHaveLength(plans);
    expect(await linesOf(PLAN_FILE_NAME)).toEqual([]);

    await disk.free();
    // Nothing else is written to the plans: the timer's retry does it.
    await expect.poll(() => linesOf(PLAN_FILE_NAME), { timeout: 30_000 }).toHaveLength(plans);
    await expect.poll(() => statusesOf('plans').at(-1)?.state, { timeout: 5_000 }).toBe('ok');
  });

  it('tells the caller a settings save failed, keeps the change in effect and writes it later', async () => {
    disk.fill();
    const typed = { maxRows: 1234, maxMegabytes: 64 };
    const saved = await b.call('settings.saveResults', typed);
    expect(saved).toMatchObject({ ok: false, error: { code: 'STORE_FAILED' } });
    expect(!saved.ok && saved.error.message).toContain('ENOSPC');
    expect(statusesOf('settings').at(-1)).toMatchObject({
      state: 'failing',
      errorCode: 'ENOSPC',
      unsaved: 1,
    });
    expect(await call('settings.results', {})).toEqual(typed);

    await disk.free();
    await expect
      .poll(
        async () =>
          (
            JSON.parse(
              await readFile(path.join(dataDir, 'settings.json'), 'utf8').catch(() => '{}'),
            ) as {
              results?: unknown;
            }
          ).results,
        { timeout: 30_000 },
      )
      .toEqual(typed);
    await expect.poll(() => statusesOf('settings').at(-1)?.state, { timeout: 5_000 }).toBe('ok');
  });

  it('keeps a finished ALTER in its history and writes it once space is back', async () => {
    disk.fill();
    const started: AlterRunStatus = await call('alter.run', {
      sessionId,
      sql: 'ALTER TABLE t ADD COLUMN b INT',
      lockWaitTimeoutSeconds: 10,
      enableStageInstruments: false,
    });
    await expect
      .poll(() => statusesOf('alter-history').at(-1), { timeout: 30_000 })
      .toMatchObject({ state: 'failing', errorCode: 'ENOSPC', unsaved: 1 });
    const listed: Array<{ runId: string; state: string }> = await call('alter.history', {});
    expect(listed.map((e) => [e.runId, e.state])).toEqual([[started.runId, 'done']]);
    expect(await linesOf(ALTER_HISTORY_FILE_NAME)).toEqual([]);

    await disk.free();
    await expect
      .poll(() => linesOf(ALTER_HISTORY_FILE_NAME), { timeout: 30_000 })
      .toMatchObject([{ runId: started.runId, state: 'done' }]);
    await expect
      .poll(() => statusesOf('alter-history').at(-1)?.state, { timeout: 5_000 })
      .toBe('ok');
  });
});
