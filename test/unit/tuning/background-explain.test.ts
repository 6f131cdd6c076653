import { describe, expect, it } from 'vitest';
import {
  ConnectionSettingsSchema,
  defaultConnectionSettings,
} from '../../../src/shared/api/connection';
import {
  backgroundRefusal,
  BackgroundExplainSettingsSchema,
  chooseStatements,
  defaultBackgroundExplainSettings,
  isExplainable,
  MAX_BACKOFF_MS,
  nextRunDelayMs,
  skippedSummary,
  withSkipped,
} from '../../../src/shared/tuning/background-explain';
import { SessionTurns } from '../../../src/main/services/tuning/session-turns';

describe('background explain settings', () => {
  it('are off by default, and a connection saved without them reads as before', () => {
    expect(defaultBackgroundExplainSettings()).toEqual({
      enabled: false,
      intervalMinutes: 15,
      topStatements: 10,
      allowOnProduction: false,
    });
    const parsed = ConnectionSettingsSchema.parse({ ...defaultConnectionSettings(), name: 'a' });
    expect(parsed.backgroundExplains).toBeUndefined();
  });

  it('refuse intervals and counts out of range', () => {
    const ok = defaultBackgroundExplainSettings();
    expect(BackgroundExplainSettingsSchema.safeParse({ ...ok, intervalMinutes: 0 }).success).toBe(
      false,
    );
    expect(BackgroundExplainSettingsSchema.safeParse({ ...ok, intervalMinutes: 1.5 }).success).toBe(
      false,
    );
    expect(BackgroundExplainSettingsSchema.safeParse({ ...ok, topStatements: 51 }).success).toBe(
      false,
    );
  });
});

describe('backgroundRefusal', () => {
  const on = { ...defaultBackgroundExplainSettings(), enabled: true };
  it('is off until enabled, and blocked on production unless allowed there', () => {
    expect(
      backgroundRefusal(defaultBackgroundExplainSettings(), { name: 'p', production: false }),
    ).toEqual({ state: 'off', reason: null });
    expect(backgroundRefusal(on, { name: 'p', production: false })).toBeNull();
    expect(backgroundRefusal(on, { name: 'prod', production: true })).toEqual({
      state: 'blocked',
      reason:
        '“prod” is marked production: background explains run there only when allowed for this connection.',
    });
    expect(
      backgroundRefusal({ ...on, allowOnProduction: true }, { name: 'prod', production: true }),
    ).toBeNull();
  });
});

describe('nextRunDelayMs', () => {
  it('waits the interval, doubled per failure in a row, at most an hour (or the interval)', () => {
    expect(nextRunDelayMs(5, 0)).toBe(5 * 60_000);
    expect(nextRunDelayMs(5, 1)).toBe(10 * 60_000);
    expect(nextRunDelayMs(5, 3)).toBe(40 * 60_000);
    expect(nextRunDelayMs(5, 30)).toBe(MAX_BACKOFF_MS);
    expect(nextRunDelayMs(120, 2)).toBe(120 * 60_000);
  });
});

describe('chooseStatements', () => {
  it('explains whole examples and counts the skipped ones by reason', () => {
    const row = (digest: string | null, sample: string | null, sampleTruncated = false) => ({
      digest,
      sample,
      sampleTruncated,
    });
    const chosen = chooseStatements(
      [
        row('a', 'SELECT 1'),
        row('b', 'SELECT * FROM t WHERE x IN (1, 2, ', true),
        row('c', null),
        row('d', 'SET @x = 1'),
        row(null, 'SELECT 2'),
        row('e', '(SELECT 1) UNION (SELECT 2)'),
        row('f', '  '),
        row('g', 'UPDATE t SET a = 1'),
      ],
      (sql) => !sql.startsWith('UPDATE'),
    );
    expect(chosen.explain.map((c) => c.digest)).toEqual(['a', 'e']);
    expect(chosen.skipped).toEqual([
      { reason: 'truncated', count: 1 },
      { reason: 'no-sample', count: 2 },
      { reason: 'not-explainable', count: 1 },
      { reason: 'may-write', count: 1 },
    ]);
    expect(skippedSummary(chosen.skipped)).toBe(
      '5 skipped: 1 example cut at performance_schema_max_sql_text_length; 2 no example statement kept; 1 not a statement EXPLAIN takes (SET, SHOW, COMMIT…); 1 may change data (explained only when you click Explain)',
    );
    expect(skippedSummary([])).toBeNull();
  });

  it('knows which statements EXPLAIN takes', () => {
    for (const sql of [
      'select 1',
      '/* x */ WITH a AS (SELECT 1) SELECT * FROM a',
      'UPDATE t SET a = 1',
      'delete from t',
      'TABLE t',
    ])
      expect(isExplainable(sql)).toBe(true);
    for (const sql of [
      'SHOW TABLES',
      'COMMIT',
      'EXPLAIN SELECT 1',
      'CALL p()',
      'SET NAMES utf8mb4',
      '',
    ])
      expect(isExplainable(sql)).toBe(false);
  });
});

describe('SessionTurns', () => {
  it('runs one session’s work one at a time, in order, whatever failed before', async () => {
    const turns = new SessionTurns();
    const log: string[] = [];
    let release!: () => void;
    const first = turns.take('s', async () => {
      log.push('first starts');
      await new Promise<void>((r) => (release = r));
      log.push('first ends');
      throw new Error('first failed');
    });
    const second = turns.take('s', async () => {
      log.push('second');
      return 2;
    });
    const other = turns.take('t', async () => {
      log.push('other session');
    });
    await other;
    expect(log).toEqual(['first starts', 'other session']);
    release();
    await expect(first).rejects.toThrow('first failed');
    expect(await second).toBe(2);
    expect(log).toEqual(['first starts', 'other session', 'first ends', 'second']);
  });
});

describe('withSkipped', () => {
  it('adds to a reason already counted, else appends it', () => {
    const one = withSkipped([{ reason: 'truncated', count: 2 }], 'gone');
    expect(one).toEqual([
      { reason: 'truncated', count: 2 },
      { reason: 'gone', count: 1 },
    ]);
    expect(withSkipped(one, 'gone', 2)).toEqual([
      { reason: 'truncated', count: 2 },
      { reason: 'gone', count: 3 },
    ]);
    expect(skippedSummary(withSkipped([], 'gone'))).toBe(
      '1 skipped: 1 its schema or table no longer exists',
    );
  });
});
