import { describe, expect, it } from 'vitest';
import { blockingModel } from '../../../src/shared/processlist/blocking-chains';
import { DEFAULT_FILTER } from '../../../src/shared/processlist/filters';
import type { ProcesslistSnapshot } from '../../../src/shared/processlist/snapshot';
import {
  appendPoint,
  chartSpan,
  countsOf,
  HISTORY_MS,
  spanWords,
} from '../../../src/renderer/processlist/count-history';
import { filterFrom } from '../../../src/renderer/processlist/filter-store';
import { describeOutcomes } from '../../../src/renderer/processlist/kill-outcomes';
import { sortRows } from '../../../src/renderer/processlist/process-columns';
import { isUnreachable, retryDelayMs } from '../../../src/renderer/processlist/retry-backoff';
import { tableRows } from '../../../src/renderer/processlist/table-rows';
import { DEFAULT_THRESHOLDS } from '../../../src/shared/processlist/attention';
import { row, running } from './row-fixture';

const snapshot = (rows: ProcesslistSnapshot['rows'], waits: ProcesslistSnapshot['waits'] = []) =>
  ({
    takenAt: '2026-11-22T02:00:00.000Z',
    serverRun: { hostname: 'db-1', serverId: '1', startedAtMs: 1_700_000_000_000 },
    source: 'performance_schema',
    rows,
    transactions: [],
    waits,
    notices: [],
    pollMs: 3,
  }) satisfies ProcesslistSnapshot;

describe('count history', () => {
  it('counts running, connected and blocked clients, leaving out the server and the view', () => {
    const s = snapshot(
      [
        row({ id: 1 }),
        running(2, 'UPDATE t', 3),
        running(3, 'SELECT 1', 0, { self: true }),
        row({ id: 4, kind: 'daemon', command: 'Daemon' }),
      ],
      [
        {
          kind: 'row',
          waitingId: 2,
          blockingId: 1,
          schema: 's',
          object: 't',
          index: null,
          waitingMode: 'X',
          blockingMode: 'X',
          granted: true,
        },
      ],
    );
    expect(countsOf(s, blockingModel(s.waits))).toEqual({
      t: Date.parse('2026-11-22T02:00:00.000Z'),
      running: 1,
      connected: 2,
      blocked: 1,
    });
  });

  it('keeps 15 minutes of points', () => {
    const p = (t: number) => ({ t, running: 0, connected: 0, blocked: 0 });
    let h = appendPoint([], p(0));
    h = appendPoint(h, p(1000));
    h = appendPoint(h, p(HISTORY_MS + 500));
    expect(h.map((x) => x.t)).toEqual([1000, HISTORY_MS + 500]);
  });

  it('span the charts from the oldest poll kept, at most 15 minutes, and name that span', () => {
    const p = (t: number) => ({ t, running: 0, connected: 0, blocked: 0 });
    expect(chartSpan([p(5000), p(7000), p(45_000)])).toEqual({ from: 5000, to: 45_000 });
    expect(chartSpan([p(0), p(HISTORY_MS + 9000)])).toEqual({ from: 9000, to: HISTORY_MS + 9000 });
    // One poll: a second ending at it, so the point sits at the right edge.
    expect(chartSpan([p(60_000)])).toEqual({ from: 59_000, to: 60_000 });
    expect(chartSpan([])).toEqual({ from: -1000, to: 0 });
    expect([0, 400, 40_200, 130_000, HISTORY_MS].map(spanWords)).toEqual([
      '1 s',
      '1 s',
      '40 s',
      '2 min 10 s',
      '15 min',
    ]);
  });
});

describe('retries', () => {
  it('back off 1, 2, 4, 8 s up to 15 s, only for an unreachable server', () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 15000, 15000]);
    expect(isUnreachable('CONNECTION_LOST')).toBe(true);
    expect(isUnreachable('CONNECTION_REFUSED')).toBe(true);
    expect(isUnreachable('SERVER_ERROR')).toBe(false);
  });
});

describe('table rows', () => {
  const rows = tableRows(
    [
      row({ id: 1 }),
      running(5, 'SELECT b', 30),
      running(3, 'SELECT a', 2),
      running(4, 'SELECT c', 2),
    ],
    [],
    blockingModel([
      {
        kind: 'metadata',
        waitingId: 4,
        blockingId: 1,
        schema: 's',
        object: 't',
        index: null,
        waitingMode: 'EXCLUSIVE',
        blockingMode: 'SHARED_READ',
        granted: true,
      },
    ]),
    DEFAULT_THRESHOLDS,
  );

  it('sort by attention (blocked, then blockers, then long statements), by time, nulls last, ties by id', () => {
    expect(sortRows(rows, 'attention', 'desc').map((r) => r.row.id)).toEqual([4, 1, 5, 3]);
    expect(sortRows(rows, 'time', 'desc').map((r) => r.row.id)).toEqual([5, 3, 4, 1]);
    expect(sortRows(rows, 'info', 'asc').map((r) => r.row.id)).toEqual([3, 5, 4, 1]);
    expect(sortRows(rows, 'info', 'desc').map((r) => r.row.id)).toEqual([4, 5, 3, 1]);
    expect(rows.find((r) => r.row.id === 4)).toMatchObject({
      severity: 'danger',
      attention: 'Blocked by #1',
    });
  });
});

describe('stored filters', () => {
  it('fall back to defaults for parts that are missing or of the wrong type', () => {
    expect(filterFrom(null)).toEqual(DEFAULT_FILTER);
    expect(filterFrom({ user: 'app', minSeconds: '5', hideSleeping: false, junk: 1 })).toEqual({
      ...DEFAULT_FILTER,
      user: 'app',
      hideSleeping: false,
    });
  });
});

describe('KILL outcomes', () => {
  it('say what was killed, what was already gone and what failed', () => {
    expect(
      describeOutcomes([
        { id: 3, outcome: 'killed', message: null },
        { id: 4, outcome: 'gone', message: 'Session 4 had already ended.' },
      ]),
    ).toEqual({ severity: 'ok', text: 'Killed #3. Already gone: #4 (ended before the KILL).' });
    expect(
      describeOutcomes([
        { id: 9, outcome: 'failed', message: 'Server error 1095: You are not owner of thread 9' },
      ]),
    ).toEqual({
      severity: 'warning',
      text: '#9 not killed: Server error 1095: You are not owner of thread 9.',
    });
  });
});
