import { appendFile, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AlterHistoryEntry } from '../../../src/shared/api/alter';
import {
  ALTER_HISTORY_FILE_NAME,
  AlterHistoryStore,
} from '../../../src/main/store/alter-history-store';
import { permissions, useTempDirs } from './temp-dirs';

const tempDir = useTempDirs();

const entry = (runId: string, connectionId = 'c1'): AlterHistoryEntry => ({
  runId,
  connectionId,
  connectionName: 'prod',
  server: '9.7.4-2',
  schema: 'shop',
  table: 'orders',
  sql: 'ALTER TABLE orders FORCE',
  algorithm: 'inplace-rebuild',
  lock: 'none',
  startedAt: '2026-11-22T03:00:00.000Z',
  endedAt: '2026-11-22T03:00:05.000Z',
  state: 'done',
  outcome: 'Done in 5.00 s.',
  tableBytes: 1024,
});

describe('AlterHistoryStore', () => {
  it('appends runs to a private JSON Lines file and lists them newest first', async () => {
    const dir = await tempDir();
    const store = new AlterHistoryStore(dir);
    await store.add(entry('a'));
    await store.add(entry('b', 'c2'));
    await store.add(entry('c'));
    expect((await store.list()).map((e) => e.runId)).toEqual(['c', 'b', 'a']);
    expect((await store.list('c1')).map((e) => e.runId)).toEqual(['c', 'a']);
    expect((await store.list(undefined, 1)).map((e) => e.runId)).toEqual(['c']);
    const file = join(dir, ALTER_HISTORY_FILE_NAME);
    expect(permissions((await stat(file)).mode)).toBe(0o600);
    expect((await readFile(file, 'utf8')).split('\n')).toHaveLength(4);
    // Another process (a restart) reads the same file.
    expect((await new AlterHistoryStore(dir).list()).map((e) => e.runId)).toEqual(['c', 'b', 'a']);
  });

  it('skips damaged and torn lines, keeping keys a newer version added', async () => {
    const dir = await tempDir();
    const file = join(dir, ALTER_HISTORY_FILE_NAME);
    await appendFile(
      file,
      `${JSON.stringify({ ...entry('a'), later: 1 })}\nnot json\n{"runId":"x"}\n${JSON.stringify(entry('b')).slice(0, 30)}`,
    );
    const list = await new AlterHistoryStore(dir).list();
    expect(list.map((e) => e.runId)).toEqual(['a']);
    expect(list[0]).toMatchObject({ later: 1 });
    // A run added after a torn line starts a line of its own.
    const store = new AlterHistoryStore(dir);
    await store.add(entry('c'));
    expect((await new AlterHistoryStore(dir).list()).map((e) => e.runId)).toEqual(['c', 'a']);
  });

  it('keeps a file with unreadable lines aside, saying so, before they could be compacted away', async () => {
    const dir = await tempDir();
    const file = join(dir, ALTER_HISTORY_FILE_NAME);
    const newer = JSON.stringify({ ...entry('x'), state: 'paused-by-newer-version' });
    await appendFile(
      file,
      `${JSON.stringify(entry('a'))}\n${newer}\n${JSON.stringify(entry('b'))}\n`,
    );
    const store = new AlterHistoryStore(dir);
    expect((await store.list()).map((e) => e.runId)).toEqual(['b', 'a']);
    const kept = (await readdir(dir)).filter((name) => name !== ALTER_HISTORY_FILE_NAME);
    expect(kept).toEqual([expect.stringMatching(/^alter-history\.jsonl\.corrupt-/)]);
    expect(await readFile(join(dir, kept[0]!), 'utf8')).toContain(newer);
    expect(store.warning).toBe(
      `1 line of the ALTER history ${file} could not be read and was skipped; the file as it ` +
        `was is kept as ${join(dir, kept[0]!)}.`,
    );
    // The readable runs were written back.
    expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(2);
  });

  it('replaces a run recorded again (its outcome found out later), after a restart too', async () => {
    const dir = await tempDir();
    const store = new AlterHistoryStore(dir);
    const unknown = {
      ...entry('a'),
      state: 'unknown' as const,
      outcome: 'Unknown.',
      applied: null,
    };
    await store.add(unknown);
    await store.add(entry('b'));
    await store.add({ ...unknown, outcome: 'Checked: not applied.', applied: false });
    const expected = [
      ['b', 'Done in 5.00 s.'],
      ['a', 'Checked: not applied.'],
    ];
    const pairs = (list: AlterHistoryEntry[]) => list.map((e) => [e.runId, e.outcome]);
    expect(pairs(await store.list())).toEqual(expected);
    // One more line in the file: the update is an append, and the last line of a run counts.
    const file = join(dir, ALTER_HISTORY_FILE_NAME);
    expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(3);
    expect(pairs(await new AlterHistoryStore(dir).list())).toEqual(expected);
    expect((await new AlterHistoryStore(dir).list())[1]).toMatchObject({ applied: false });
  });
});
