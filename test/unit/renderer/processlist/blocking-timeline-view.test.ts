import { describe, expect, it } from 'vitest';
import {
  TIMELINE_MAX_LANES,
  timelineLayout,
} from '../../../../src/renderer/processlist/timeline-layout';
import {
  EMPTY_TIMELINE,
  recordFailure,
  recordPoll,
  type BlockingPair,
} from '../../../../src/shared/processlist/blocking-timeline';

const T0 = Date.UTC(2026, 10, 26, 8, 0, 0);
const RUN = 'db1|7|1000';
const pair = (blocker = 5, waiter = 9): BlockingPair => ({
  blocker,
  waiter,
  kind: 'row',
  since: null,
});
const round = (xs: number[]) => xs.map((v) => Math.round(v));

describe('the blocking timeline as laid out', () => {
  it('has nothing before the first poll, and no lanes nor gaps when nothing blocked', () => {
    expect(timelineLayout(EMPTY_TIMELINE)).toBeNull();
    const quiet = recordPoll(
      recordPoll(EMPTY_TIMELINE, T0, RUN, [], 30_000),
      T0 + 60_000,
      RUN,
      [],
      Infinity,
    );
    expect(timelineLayout(quiet)).toMatchObject({ words: '1 min', lanes: [], gaps: [] });
  });

  it('shows polls failing since the first one as unknown up to the latest failure', () => {
    let tl = recordPoll(EMPTY_TIMELINE, T0, RUN, [], 30_000);
    tl = recordFailure(tl, T0 + 1000);
    tl = recordFailure(tl, T0 + 3000);
    const layout = timelineLayout(tl)!;
    expect(layout.words).toBe('3 s');
    expect(layout.gaps.map((g) => round([g.x, g.width]))).toEqual([[0, 1000]]);
  });

  it('places bars and the unknown gap between them on one axis', () => {
    let tl = recordPoll(EMPTY_TIMELINE, T0, RUN, [pair()], 30_000);
    tl = recordPoll(tl, T0 + 2000, RUN, [pair()], 30_000);
    tl = recordFailure(tl, T0 + 4000);
    tl = recordFailure(tl, T0 + 6000);
    tl = recordPoll(tl, T0 + 8000, RUN, [pair()], 30_000);
    tl = recordPoll(tl, T0 + 10_000, RUN, [], 30_000);
    const layout = timelineLayout(tl)!;
    // 10 s across 1000 units: a bar from 0 to 2 s whose end is unknown, one poll at 8 s cleared.
    expect(layout.lanes[0]!.bars.map((b) => [...round([b.x, b.width]), b.interval.end])).toEqual([
      [0, 200, 'unknown'],
      [800, 3, 'cleared'],
    ]);
    expect(layout.gaps.map((g) => round([g.x, g.width]))).toEqual([[200, 600]]);
  });

  it('starts where the server says a wait began, and counts the lanes left out', () => {
    const pairs = Array.from({ length: TIMELINE_MAX_LANES + 3 }, (_, i) => ({
      ...pair(1, 100 + i),
      since: T0 - 8000 + i,
    }));
    const tl = recordPoll(EMPTY_TIMELINE, T0, RUN, pairs, 30_000);
    const layout = timelineLayout(tl)!;
    expect(layout.from).toBe(T0 - 8000);
    expect(layout.lanes).toHaveLength(TIMELINE_MAX_LANES);
    expect(layout.more).toBe(3);
    // The longest first.
    expect(layout.lanes[0]).toMatchObject({ waiter: 100, totalMs: 8000 });
  });
});
