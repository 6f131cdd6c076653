import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BlockingTimeline } from '../../../../src/renderer/processlist/BlockingTimeline';
import {
  EMPTY_TIMELINE,
  recordFailure,
  recordPoll,
  type BlockingTimeline as Timeline,
} from '../../../../src/shared/processlist/blocking-timeline';

const T0 = Date.UTC(2026, 10, 26, 8, 0, 0);
const RUN = 'db1|7|1000';
const pair = { blocker: 5, waiter: 9, kind: 'row' as const, since: null };

function draw(timeline: Timeline): string {
  return renderToStaticMarkup(createElement(BlockingTimeline, { timeline, onPick: () => {} }));
}

/** The rects of a lane's bars, as [x, width, end] in viewBox units (0–1000). */
function bars(html: string): Array<[number, number, string]> {
  return [
    ...html.matchAll(
      /<rect class="pl-timeline-bar[^"]*" x="([\d.]+)" width="([\d.]+)"[^>]*data-end="(\w+)"/g,
    ),
  ].map((m) => [Math.round(Number(m[1])), Math.round(Number(m[2])), m[3]!]);
}

describe('the blocking timeline as drawn', () => {
  it('draws nothing before the first poll, and says so when nothing blocked', () => {
    expect(draw(EMPTY_TIMELINE)).toBe('');
    const quiet = recordPoll(
      recordPoll(EMPTY_TIMELINE, T0, RUN, [], 30_000),
      T0 + 60_000,
      RUN,
      [],
      Infinity,
    );
    expect(draw(quiet)).toContain('No blocking seen in the last 1 min');
  });

  it('shows polls failing since the first one as unknown, not as "no blocking"', () => {
    let tl = recordPoll(EMPTY_TIMELINE, T0, RUN, [], 30_000);
    tl = recordFailure(tl, T0 + 1000);
    tl = recordFailure(tl, T0 + 3000);
    const html = draw(tl);
    expect(html).not.toContain('No blocking seen in the last');
    expect(html).toContain('Blocking over the last 3 s');
    const unknown = html.match(/<rect class="pl-timeline-unknown" x="([\d.]+)" width="([\d.]+)"/);
    expect(unknown?.slice(1).map((v) => Math.round(Number(v)))).toEqual([0, 1000]);
    expect(html).toContain('to now: polls failed');
  });

  it('hatches failed polls as unknown across the lane, apart from the blocking bars', () => {
    let tl = recordPoll(EMPTY_TIMELINE, T0, RUN, [pair], 30_000);
    tl = recordPoll(tl, T0 + 2000, RUN, [pair], 30_000);
    tl = recordFailure(tl, T0 + 4000);
    tl = recordFailure(tl, T0 + 6000);
    tl = recordPoll(tl, T0 + 8000, RUN, [pair], 30_000);
    tl = recordPoll(tl, T0 + 10_000, RUN, [], 30_000);
    const html = draw(tl);
    // 10 s across 1000 units: a bar from 0 to 2 s whose end is unknown, one poll at 8 s cleared.
    expect(bars(html)).toEqual([
      [0, 200, 'unknown'],
      [800, 3, 'cleared'],
    ]);
    const unknown = html.match(/<rect class="pl-timeline-unknown" x="([\d.]+)" width="([\d.]+)"/);
    expect(unknown?.slice(1).map((v) => Math.round(Number(v)))).toEqual([200, 600]);
    expect(html).toContain('unknown (no good poll)');
    expect(html).toContain('Unknown from');
    expect(html).toContain('polls failed');
    expect(html).toMatch(/data-pair="5&gt;9"/);
  });
});
