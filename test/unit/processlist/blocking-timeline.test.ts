import { describe, expect, it } from 'vitest';
import {
  blockingPairsOf,
  EMPTY_TIMELINE,
  recordFailure,
  recordPoll,
  timelineEnd,
  TIMELINE_MAX_INTERVALS,
  TIMELINE_MS,
  timelineLanes,
  type BlockingPair,
  type BlockingTimeline,
} from '../../../src/shared/processlist/blocking-timeline';
import type { ProcesslistSnapshot } from '../../../src/shared/processlist/snapshot';
import { row } from './row-fixture';

const RUN = 'db1|7|1000';
const SILENCE = 30_000;
const T0 = Date.UTC(2026, 10, 26, 8, 0, 0);

function pair(blocker: number, waiter: number, since: number | null = null): BlockingPair {
  return { blocker, waiter, kind: 'row', since };
}

/** Polls every 2 s from T0, each showing the pairs given for it (null: the poll failed). */
function run(polls: Array<BlockingPair[] | null>, start = EMPTY_TIMELINE): BlockingTimeline {
  let tl = start;
  polls.forEach((pairs, i) => {
    const t = T0 + i * 2000;
    tl = pairs === null ? recordFailure(tl, t) : recordPoll(tl, t, RUN, pairs, SILENCE);
  });
  return tl;
}

describe('the blocking timeline', () => {
  it('merges a pair across the polls that show it and ends it at the first poll that does not', () => {
    const tl = run([[pair(5, 9)], [pair(5, 9)], [pair(5, 9)], []]);
    expect(tl.intervals).toEqual([
      {
        blocker: 5,
        waiter: 9,
        kinds: ['row'],
        from: T0,
        to: T0 + 4000,
        end: 'cleared',
        clearedAt: T0 + 6000,
      },
    ]);
    expect(tl.gaps).toEqual([]);
    expect(tl.firstPoll).toBe(T0);
    expect(tl.lastPoll).toBe(T0 + 6000);
  });

  it('starts an interval when the server says the wait began, not at the first poll', () => {
    const tl = run([[pair(5, 9, T0 - 45_000)]]);
    expect(tl.intervals[0]).toMatchObject({ from: T0 - 45_000, to: T0, end: 'open' });
  });

  it('opens a second interval when the same pair blocks again, never overlapping the first', () => {
    const tl = run([[pair(5, 9)], [], [pair(5, 9, T0 - 10_000)]]);
    expect(tl.intervals.map((i) => [i.from, i.to, i.end])).toEqual([
      [T0, T0, 'cleared'],
      // The server's "since" is before the first interval ended: it starts where that ended.
      [T0 + 2000, T0 + 4000, 'open'],
    ]);
    expect(timelineLanes(tl)).toEqual([
      expect.objectContaining({ blocker: 5, waiter: 9, totalMs: 2000 }),
    ]);
  });

  it('shows failed polls as an unknown gap, and what was open then as of unknown end', () => {
    const tl = run([[pair(5, 9)], [pair(5, 9)], null, null, [pair(5, 9)], []]);
    expect(tl.gaps).toEqual([{ from: T0 + 2000, to: T0 + 8000, latest: T0 + 8000, why: 'failed' }]);
    expect(tl.intervals.map((i) => [i.from, i.to, i.end, i.clearedAt])).toEqual([
      // Not "cleared": nobody knows whether it went on during the gap.
      [T0, T0 + 2000, 'unknown', null],
      [T0 + 8000, T0 + 8000, 'cleared', T0 + 10_000],
    ]);
  });

  it('keeps a gap open while polls fail, reaching to the latest failure', () => {
    const tl = run([[pair(1, 2)], null, null]);
    expect(tl.gaps).toEqual([{ from: T0, to: null, latest: T0 + 4000, why: 'failed' }]);
    expect(tl.intervals[0]?.end).toBe('unknown');
    expect(timelineEnd(tl)).toBe(T0 + 4000);
    expect(timelineEnd(run([[pair(1, 2)], null, [pair(1, 2)]]))).toBe(T0 + 4000);
    expect(timelineEnd(EMPTY_TIMELINE)).toBeNull();
  });

  it('treats a long silence (paused, hidden) as unknown, not as no blocking', () => {
    let tl = recordPoll(EMPTY_TIMELINE, T0, RUN, [pair(3, 4)], SILENCE);
    tl = recordPoll(tl, T0 + 120_000, RUN, [pair(3, 4)], SILENCE);
    expect(tl.gaps).toEqual([{ from: T0, to: T0 + 120_000, latest: T0 + 120_000, why: 'silent' }]);
    expect(tl.intervals.map((i) => [i.from, i.to, i.end])).toEqual([
      [T0, T0, 'unknown'],
      [T0 + 120_000, T0 + 120_000, 'open'],
    ]);
  });

  it('clears everything open when the server run changes (ids then name other sessions)', () => {
    let tl = recordPoll(EMPTY_TIMELINE, T0, RUN, [pair(3, 4)], SILENCE);
    tl = recordPoll(tl, T0 + 2000, 'db1|7|9999', [pair(3, 4)], SILENCE);
    expect(tl.intervals.map((i) => [i.from, i.end])).toEqual([
      [T0, 'cleared'],
      [T0 + 2000, 'open'],
    ]);
  });

  it('forgets what ended more than 15 minutes ago, and keeps at most the cap', () => {
    let tl = run([[pair(1, 2)], []]);
    tl = recordPoll(tl, T0 + 2000 + TIMELINE_MS + 1, RUN, [], Infinity);
    expect(tl.intervals).toEqual([]);

    // A storm of short waits: a new pair every poll.
    let storm = EMPTY_TIMELINE;
    for (let i = 0; i < TIMELINE_MAX_INTERVALS + 200; i++) {
      storm = recordPoll(storm, T0 + i * 1000, RUN, [pair(1, 1000 + i)], SILENCE);
    }
    expect(storm.intervals).toHaveLength(TIMELINE_MAX_INTERVALS);
    // The newest are kept, the open one included.
    expect(storm.intervals.at(-1)).toMatchObject({ waiter: 1000 + TIMELINE_MAX_INTERVALS + 199 });
    expect(storm.intervals.filter((i) => i.end === 'open')).toHaveLength(1);
  });

  it('records both kinds of lock when a pair shows row and metadata waits', () => {
    let tl = recordPoll(EMPTY_TIMELINE, T0, RUN, [pair(1, 2)], SILENCE);
    tl = recordPoll(tl, T0 + 2000, RUN, [{ ...pair(1, 2), kind: 'metadata' }], SILENCE);
    expect(tl.intervals[0]?.kinds).toEqual(['row', 'metadata']);
  });

  it('reads pairs from a snapshot with when each wait began', () => {
    const takenAt = new Date(T0).toISOString();
    const snapshot: ProcesslistSnapshot = {
      takenAt,
      serverRun: { hostname: 'db1', serverId: '7', startedAtMs: 1000 },
      source: 'performance_schema',
      rows: [row({ id: 9, timeMs: 7000 }), row({ id: 11, timeMs: 12_500 })],
      transactions: [
        {
          processId: 9,
          trxId: '1',
          state: 'LOCK WAIT',
          ageSeconds: 30,
          waitSeconds: 4,
          isolation: null,
          rowsLocked: null,
          rowsModified: null,
          tablesLocked: null,
          extra: {},
        },
      ],
      waits: [
        wait('row', 9, 5),
        wait('row', 9, 5),
        wait('metadata', 11, 5),
        wait('row', 12, 6),
        wait('row', 7, 7),
      ],
      notices: [],
      pollMs: 1,
    };
    expect(blockingPairsOf(snapshot)).toEqual([
      { blocker: 5, waiter: 9, kind: 'row', since: T0 - 4000 },
      { blocker: 5, waiter: 11, kind: 'metadata', since: T0 - 12_500 },
      // No transaction row for the waiter: the server did not say.
      { blocker: 6, waiter: 12, kind: 'row', since: null },
    ]);
  });
});

function wait(kind: 'row' | 'metadata', waitingId: number, blockingId: number) {
  return {
    kind,
    waitingId,
    blockingId,
    schema: 'app',
    object: 't',
    index: null,
    waitingMode: 'X',
    blockingMode: 'X',
    granted: true,
  };
}
