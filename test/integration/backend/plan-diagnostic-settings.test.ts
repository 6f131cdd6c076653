// The plan diagnostics thresholds a user sets on the Settings screen, applied to plans the
// backend explains on a real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../../src/main/store/settings-store';
import { testServers } from '../../servers/provided';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession, runStatement } from './session-helpers';

failOnUnhandledErrors();

const DB = 'sl_plan_thresholds';

describe('plan diagnostics thresholds from the settings (MySQL 9.7)', () => {
  let b: BackendUnderTest;
  let session: string;

  const fullScans = async () => {
    const r = await b.call('explain.run', {
      sessionId: session,
      sql: `SELECT * FROM ${DB}.t WHERE v = 3`,
      analyze: false,
    });
    if (!r.ok) throw new Error(r.error.message);
    return r.value.report.diagnostics
      .filter((d) => d.code === 'full-scan')
      .map((d) => `${d.severity}: ${d.title}`);
  };

  beforeAll(async () => {
    b = await startBackend();
    session = await openSession(b, testServers().mysql, 'thresholds');
    for (const sql of [
      `DROP DATABASE IF EXISTS ${DB}`,
      `CREATE DATABASE ${DB}`,
      `CREATE TABLE ${DB}.t (id INT PRIMARY KEY, v INT)`,
      `INSERT INTO ${DB}.t WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 50) SELECT n, n FROM s`,
      `ANALYZE TABLE ${DB}.t`,
    ]) {
      await runStatement(b, session, sql);
    }
  });
  afterAll(async () => {
    await runStatement(b, session, `DROP DATABASE IF EXISTS ${DB}`);
    await b?.dispose();
  });

  it('leave a 50-row scan alone by default (1,000 rows, 10×)', async () => {
    expect(await b.call('settings.plan', {})).toEqual({
      ok: true,
      value: { fullScanRows: 1000, misestimateFactor: 10 },
    });
    expect(await fullScans()).toEqual([]);
  });

  it('report it once the threshold is lowered, and keep the threshold in settings.json', async () => {
    expect(await b.call('settings.savePlan', { fullScanRows: 20, misestimateFactor: 4 })).toEqual({
      ok: true,
      value: { fullScanRows: 20, misestimateFactor: 4 },
    });
    expect(await fullScans()).toEqual(['warning: Full table scan on t']);
    expect((await SettingsStore.open(b.dataDir)).plan).toEqual({
      fullScanRows: 20,
      misestimateFactor: 4,
    });
  });

  it('refuse a factor that would flag every estimate', async () => {
    const r = await b.call('settings.savePlan', { fullScanRows: 20, misestimateFactor: 1 });
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'INVALID_REQUEST',
        message:
          'Invalid request to settings.savePlan: misestimateFactor: The misestimate factor must be at least 2×',
        field: 'misestimateFactor',
      },
    });
  });
});
