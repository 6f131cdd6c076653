import { describe, expect, it } from 'vitest';
import type { QueryStatus } from '../../../../src/shared/api/query';
import {
  activityAfter,
  activityAfterExport,
  LOST_SESSION,
} from '../../../../src/renderer/app/session-activity-model';
import type { ExportStatus } from '../../../../src/shared/api/export';

const status = (over: Partial<QueryStatus>): QueryStatus => ({
  queryId: 'q1',
  sessionId: 's1',
  sql: 'SELECT SLEEP(30)',
  state: 'running',
  columns: null,
  rowCount: 0,
  truncated: null,
  affectedRows: null,
  info: null,
  insertId: null,
  warnings: [],
  elapsedMs: 0,
  error: null,
  inTransaction: false,
  ...over,
});

describe('session activity for the status bar', () => {
  it('dates a running statement from its first update and keeps that start', () => {
    const first = activityAfter(undefined, status({ elapsedMs: 40 }), 1000);
    expect(first).toEqual({
      running: { queryId: 'q1', sql: 'SELECT SLEEP(30)', startedAt: 960 },
      inTransaction: false,
    });
    // A later update that arrived late must not move the start.
    const later = activityAfter(first, status({ elapsedMs: 500, rowCount: 9 }), 1700);
    expect(later.running?.startedAt).toBe(960);
  });

  it('clears the timer when the statement ends and takes the transaction state it reports', () => {
    const running = activityAfter(undefined, status({ inTransaction: true }), 10);
    expect(running.inTransaction).toBe(true);
    expect(activityAfter(running, status({ state: 'done', inTransaction: false }), 20)).toEqual({
      running: null,
      inTransaction: false,
    });
    expect(activityAfter(running, status({ state: 'error', inTransaction: null }), 20)).toEqual({
      running: null,
      inTransaction: null,
    });
  });

  it('starts a new timer for the next statement of the session', () => {
    const a = activityAfter(undefined, status({ queryId: 'a', elapsedMs: 0 }), 100);
    const b = activityAfter(a, status({ queryId: 'b', sql: 'SELECT 2', elapsedMs: 5 }), 900);
    expect(b.running).toEqual({ queryId: 'b', sql: 'SELECT 2', startedAt: 895 });
  });

  it('says a lost session has nothing running and no transaction', () => {
    expect(LOST_SESSION).toEqual({ running: null, inTransaction: false });
  });

  it('keeps a running export until it ends, through statement updates', () => {
    const exportStatus = (o: Partial<ExportStatus>): ExportStatus => ({
      exportId: 'e1',
      queryId: 'q1',
      sessionId: 's1',
      format: 'csv',
      path: '/tmp/a.csv',
      state: 'running',
      rows: 10,
      bytes: 100,
      elapsedMs: 5,
      error: null,
      formulaLikeCells: 0,
      ...o,
    });
    const started = activityAfterExport(undefined, exportStatus({}));
    expect(started).toEqual({
      running: null,
      inTransaction: null,
      exporting: { exportId: 'e1', path: '/tmp/a.csv', rows: 10 },
    });
    const more = activityAfterExport(started, exportStatus({ rows: 500 }));
    expect(more.exporting?.rows).toBe(500);
    const withStatement = activityAfter(more, status({ state: 'done' }), 30);
    expect(withStatement.exporting?.rows).toBe(500);
    // Another export's end leaves this one; its own end clears it.
    expect(activityAfterExport(more, exportStatus({ exportId: 'e2', state: 'done' }))).toBe(more);
    expect(activityAfterExport(more, exportStatus({ state: 'cancelled' }))).toEqual({
      running: null,
      inTransaction: null,
    });
  });
});
