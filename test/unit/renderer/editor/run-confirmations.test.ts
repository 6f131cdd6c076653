import { describe, expect, it } from 'vitest';
import type { ConfirmRequest } from '../../../../src/renderer/app/confirm-request';
import { findSweepingChange } from '../../../../src/shared/sql/sweeping-change';
import {
  analyzeConfirmation,
  askBeforeRun,
} from '../../../../src/renderer/editor/run-confirmations';

const connection = {
  name: 'orders-prod',
  color: 'red' as const,
  production: true,
  readOnly: false,
};

/** askBeforeRun with a user who answers `answers` in turn; the requests it was shown. */
async function ask(
  sqls: string[],
  answers: boolean[],
  options: { readOnly?: boolean; unappliedEdits?: number } = {},
) {
  const shown: ConfirmRequest[] = [];
  const result = await askBeforeRun(
    sqls.map((sql) => ({ sql })),
    {
      connection: { ...connection, readOnly: options.readOnly ?? false },
      flavor: 'mysql',
      unappliedEdits: options.unappliedEdits ?? 0,
      confirm: (request) => {
        shown.push(request);
        return Promise.resolve(answers[shown.length - 1] ?? false);
      },
    },
  );
  return { result, shown };
}

describe('askBeforeRun', () => {
  it('asks nothing of statements that change no data wholesale', async () => {
    const { result, shown } = await ask(['SELECT 1', 'UPDATE t SET a = 1 WHERE id = 2'], []);
    expect(result).toEqual({ readOnlyConfirmed: false });
    expect(shown).toEqual([]);
  });

  it('asks once about sweeping changes, with their SQL, typed on production', async () => {
    const sqls = ['SELECT 1', 'DELETE FROM orders', 'TRUNCATE TABLE lines'];
    const yes = await ask(sqls, [true]);
    expect(yes.result).toEqual({ readOnlyConfirmed: false });
    expect(yes.shown).toEqual([
      {
        title: 'Run 2 statements that remove or rewrite data on “orders-prod”?',
        consequence:
          'DELETE without WHERE: removes every row of “orders”. TRUNCATE: removes every row of “lines”, and cannot be rolled back.',
        detail: 'DELETE FROM orders;\n\nTRUNCATE TABLE lines',
        connectionName: 'orders-prod',
        color: 'red',
        typedConfirmation: true,
        confirmLabel: 'Run them',
      },
    ]);
    const no = await ask(['DROP TABLE t'], [false]);
    expect(no.result).toBeNull();
    expect(no.shown.map((r) => [r.title, r.confirmLabel])).toEqual([
      ['DROP TABLE on “orders-prod”?', 'Run DROP TABLE'],
    ]);
  });

  it('asks one question on a read-only connection, saying what the sweeping ones do', async () => {
    const { result, shown } = await ask(
      ['INSERT INTO t VALUES (1)', 'UPDATE t SET a = 0'],
      [true],
      {
        readOnly: true,
      },
    );
    expect(result).toEqual({ readOnlyConfirmed: true });
    expect(shown).toHaveLength(1);
    expect(shown[0]!.title).toBe('Run 2 statements that may write on a read-only connection?');
    expect(shown[0]!.consequence).toMatch(
      /may change data or server state\. UPDATE without WHERE: changes every row of “t”\.$/,
    );
  });

  it('says what the first three sweeping changes do and counts the others, all SQL shown', async () => {
    const sqls = Array.from({ length: 2003 }, (_, i) => `DROP TABLE t${i}`);
    const { shown } = await ask(['SELECT 1', ...sqls], [true]);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.title).toBe(
      'Run 2003 statements that remove or rewrite data on “orders-prod”?',
    );
    const sentences = shown[0]!.consequence.split(/(?<=\.) /);
    expect(sentences).toHaveLength(4);
    expect(sentences[0]).toBe('DROP TABLE: removes the table “t0” and all its rows.');
    expect(sentences[2]).toMatch(/“t2”/);
    expect(sentences[3]).toBe(
      'And 2,000 more statements that remove or rewrite data, shown below.',
    );
    expect(shown[0]!.detail).toBe(sqls.join(';\n\n'));
    const readOnly = await ask(sqls.slice(0, 4), [true], { readOnly: true });
    expect(readOnly.shown[0]!.consequence).toMatch(
      /“t2”[^.]*\. And 1 more statement that removes or rewrites data, shown below\.$/,
    );
  });

  it('asks about unapplied edits first, and stops there on no', async () => {
    const stopped = await ask(['DELETE FROM t'], [false], { unappliedEdits: 2 });
    expect(stopped.result).toBeNull();
    expect(stopped.shown).toHaveLength(1);
    const both = await ask(['DELETE FROM t'], [true, true], { unappliedEdits: 2 });
    expect(both.result).toEqual({ readOnlyConfirmed: false });
    expect(both.shown.map((r) => r.confirmLabel)).toEqual([expect.any(String), 'Run DELETE']);
  });

  it('says what a sweeping change does when EXPLAIN ANALYZE would run it', () => {
    const sql = 'DELETE FROM orders';
    expect(analyzeConfirmation(connection, sql, false, findSweepingChange(sql)).consequence).toBe(
      'EXPLAIN ANALYZE executes the statement on “orders-prod” and reports what it measured. DELETE without WHERE: removes every row of “orders”.',
    );
    expect(
      analyzeConfirmation(connection, 'DELETE FROM orders WHERE id = 1', false).consequence,
    ).toBe(
      'EXPLAIN ANALYZE executes the statement on “orders-prod” and reports what it measured: this statement may change data.',
    );
  });
});
