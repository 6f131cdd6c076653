// The result limits a user sets on the Settings screen, applied to real statements.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../../src/main/store/settings-store';
import { testServers } from '../../servers/provided';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession, resultRows, runStatement } from './session-helpers';

failOnUnhandledErrors();

const rowsUpTo = (n: number, select: string) =>
  `WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${n}) SELECT ${select} FROM s`;

describe('result limits from the settings (MySQL 9.7)', () => {
  let b: BackendUnderTest;
  let session: string;

  beforeAll(async () => {
    b = await startBackend();
    session = await openSession(b, testServers().mysql, 'limits');
    await runStatement(b, session, 'SET SESSION cte_max_recursion_depth = 100000');
  });
  afterAll(async () => {
    await b?.dispose();
  });

  it('start at a million rows or 512 MB', async () => {
    expect(await b.call('settings.results', {})).toEqual({
      ok: true,
      value: { maxRows: 1_000_000, maxMegabytes: 512 },
    });
    const status = await runStatement(b, session, rowsUpTo(5000, 'n'));
    expect(status).toMatchObject({ state: 'done', rowCount: 5000, truncated: null });
  });

  it('apply a saved row limit to the next statement, and keep it in settings.json', async () => {
    expect(await b.call('settings.saveResults', { maxRows: 1000, maxMegabytes: 512 })).toEqual({
      ok: true,
      value: { maxRows: 1000, maxMegabytes: 512 },
    });
    const status = await runStatement(b, session, rowsUpTo(5000, 'n'));
    expect(status).toMatchObject({ state: 'done', rowCount: 1000, truncated: 'rows' });
    expect((await resultRows(b, status.queryId, 998, 5)).map((r) => r[0])).toEqual(['999', '1000']);
    expect((await SettingsStore.open(b.dataDir)).results).toEqual({
      maxRows: 1000,
      maxMegabytes: 512,
    });
  });

  it('apply a saved memory limit', async () => {
    await b.call('settings.saveResults', { maxRows: 1_000_000, maxMegabytes: 16 });
    const status = await runStatement(b, session, rowsUpTo(300, "n, REPEAT('x', 100000)"));
    expect(status.state).toBe('done');
    expect(status.truncated).toBe('bytes');
    // Rows are kept as sent: n with a 1-byte length, the 100,000 x's with a 4-byte one, within
    // 16 MiB less an 8 KiB row index: 9 rows of 100,006 bytes, 90 of 100,007, then 68 of 100,008.
    expect(status.rowCount).toBe(167);
  });

  it('refuse a limit out of bounds, saying which and why, and keep the saved one', async () => {
    expect(await b.call('settings.saveResults', { maxRows: 10, maxMegabytes: 16 })).toEqual({
      ok: false,
      error: {
        code: 'INVALID_REQUEST',
        message:
          'Invalid request to settings.saveResults: maxRows: The row limit must be at least 1,000 rows',
        field: 'maxRows',
      },
    });
    expect(await b.call('settings.results', {})).toEqual({
      ok: true,
      value: { maxRows: 1_000_000, maxMegabytes: 16 },
    });
  });
});
