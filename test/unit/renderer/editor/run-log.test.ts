import { describe, expect, it } from 'vitest';
import type { QueryStatus } from '../../../../src/shared/api/query';
import {
  locateStatement,
  logSummary,
  outcomeOf,
  type RunLog,
} from '../../../../src/renderer/editor/run-log';
import { runScript, type PickedStatement } from '../../../../src/renderer/editor/run-script';

function status(sql: string, over: Partial<QueryStatus>): QueryStatus {
  return {
    queryId: `q-${sql}`,
    sessionId: 's',
    sql,
    state: 'done',
    columns: null,
    rowCount: 0,
    truncated: null,
    affectedRows: null,
    info: null,
    insertId: null,
    warnings: [],
    elapsedMs: 12,
    error: null,
    inTransaction: null,
    ...over,
  } as QueryStatus;
}

const script: PickedStatement[] = [
  'SELECT 1',
  'INSERT INTO t VALUES (1)',
  'SELECT nope',
  'DO 1',
].map((sql, i) => ({ sql, start: i * 30, end: i * 30 + sql.length }));

/** What the server says of each statement of `script`: the third fails. */
function server(sql: string): QueryStatus {
  if (sql.startsWith('SELECT 1'))
    return status(sql, {
      columns: [],
      rowCount: 1,
      warnings: [{ level: 'Note', code: 1, message: 'n' }],
    });
  if (sql.startsWith('INSERT')) return status(sql, { affectedRows: 1 });
  if (sql === 'SELECT nope')
    return status(sql, {
      state: 'error',
      error: {
        code: 'SERVER_ERROR',
        message:
          "The server reported an error: Unknown column 'nope' in 'field list' (1054, SQLSTATE 42S22).",
        serverCode: 1054,
        sqlState: '42S22',
      },
    } as Partial<QueryStatus>);
  return status(sql, {});
}

async function run(continueOnError: boolean, answer = server) {
  const sent: string[] = [];
  const logs: RunLog[] = [];
  const outcome = await runScript(
    script,
    (p) => {
      sent.push(p.sql);
      return Promise.resolve(answer(p.sql));
    },
    { continueOnError, onLog: (l) => logs.push(l) },
    (e) => ({ code: 'internal', message: String(e) }) as never,
  );
  return { sent, logs, outcome };
}

describe('runScript', () => {
  it('stops at the first error by default and marks the rest not run', async () => {
    const { sent, outcome } = await run(false);
    expect(sent).toEqual(['SELECT 1', 'INSERT INTO t VALUES (1)', 'SELECT nope']);
    expect(outcome.log.entries.map((e) => e.state)).toEqual(['done', 'done', 'error', 'skipped']);
    expect(outcome.log.entries.map((e) => e.outcome)).toEqual([
      '1 row',
      '1 row affected',
      "Error 1054: Unknown column 'nope' in 'field list'.",
      '',
    ]);
    expect(outcome.log.entries[0]?.warnings).toBe(1);
    expect(outcome.failed?.statement.sql).toBe('SELECT nope');
    expect(logSummary(outcome.log)).toBe(
      '4 statements: 2 done, 1 failed, 1 not run · stopped at the error',
    );
  });

  it('goes on past errors when asked, and still reports the first failure', async () => {
    const { sent, outcome } = await run(true);
    expect(sent).toHaveLength(4);
    expect(outcome.log.entries.map((e) => e.state)).toEqual(['done', 'done', 'error', 'done']);
    expect(outcome.failed?.statement.sql).toBe('SELECT nope');
    expect(logSummary(outcome.log)).toBe('4 statements: 3 done, 1 failed');
  });

  it('stops on cancel even when continuing on errors', async () => {
    const { sent, outcome } = await run(true, (sql) =>
      sql.startsWith('INSERT') ? status(sql, { state: 'cancelled' }) : server(sql),
    );
    expect(sent).toHaveLength(2);
    expect(outcome.log.ended).toBe('cancelled');
    expect(outcome.log.entries.map((e) => e.state)).toEqual([
      'done',
      'cancelled',
      'skipped',
      'skipped',
    ]);
  });

  it('stops when a statement cannot be sent, continue on error or not', async () => {
    const logs: RunLog[] = [];
    const outcome = await runScript(
      script,
      (p) =>
        p.sql.startsWith('INSERT')
          ? Promise.reject(new Error('link broke'))
          : Promise.resolve(server(p.sql)),
      { continueOnError: true, onLog: (l) => logs.push(l) },
      (e) => ({ code: 'connection-lost', message: (e as Error).message }) as never,
    );
    expect(outcome.notSent?.message).toBe('link broke');
    expect(outcome.log.entries.map((e) => e.state)).toEqual([
      'done',
      'error',
      'skipped',
      'skipped',
    ]);
    // The log is published as it goes: the screen shows each statement running.
    expect(logs.some((l) => l.entries[0]?.state === 'running')).toBe(true);
  });
});

describe('runScript after a lost connection', () => {
  it.each(['CONNECTION_LOST', 'SESSION_RESET'])(
    'stops at %s even when continuing on errors: the rest would run in a fresh session',
    async (code) => {
      const { sent, outcome } = await run(true, (sql) =>
        sql.startsWith('INSERT')
          ? status(sql, { state: 'error', error: { code, message: 'lost' } as never })
          : server(sql),
      );
      expect(sent).toEqual(['SELECT 1', 'INSERT INTO t VALUES (1)']);
      expect(outcome.log.ended).toBe('connection-lost');
      expect(outcome.log.entries.map((e) => e.state)).toEqual([
        'done',
        'error',
        'skipped',
        'skipped',
      ]);
      expect(logSummary(outcome.log)).toBe(
        '4 statements: 1 done, 1 failed, 2 not run · stopped: the connection was lost',
      );
    },
  );
});

describe('outcomeOf', () => {
  it('reads rows, affected rows and OK', () => {
    expect(outcomeOf(status('s', { columns: [], rowCount: 1204331 }))).toBe('1,204,331 rows');
    expect(outcomeOf(status('s', { affectedRows: 0 }))).toBe('0 rows affected');
    expect(outcomeOf(status('s', {}))).toBe('OK');
  });
});

describe('locateStatement', () => {
  it('finds the statement where it was, or its nearest copy after edits, or nothing', () => {
    const text = 'SELECT 1;\nSELECT 2;\nSELECT 1;';
    expect(locateStatement(text, { sql: 'SELECT 2', start: 10, end: 18 })).toEqual({
      start: 10,
      end: 18,
    });
    // A line was added above: the third statement moved 7 characters on.
    const edited = `-- abc\n${text}`;
    expect(locateStatement(edited, { sql: 'SELECT 1', start: 20, end: 28 })).toEqual({
      start: 27,
      end: 35,
    });
    expect(locateStatement(edited, { sql: 'SELECT 3', start: 20, end: 28 })).toBeNull();
  });
});
