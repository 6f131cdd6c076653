import { scaleLinear } from 'd3-scale';
import {
  TIMELINE_MS,
  timelineEnd,
  timelineLanes,
  type BlockingInterval,
  type BlockingTimeline,
  type UnknownGap,
} from '../../shared/processlist/blocking-timeline';
import { spanWords } from './count-history';

/** The x axis in viewBox units; bars stretch with the lane's width. */
export const TIMELINE_WIDTH = 1000;
/** Lanes drawn; the rest are counted. */
export const TIMELINE_MAX_LANES = 8;

export interface LaneLayout {
  blocker: number;
  waiter: number;
  totalMs: number;
  bars: Array<{ x: number; width: number; interval: BlockingInterval }>;
}

/** Where everything of the blocking timeline goes, in viewBox units. */
export interface TimelineLayout {
  from: number;
  to: number;
  /** The span in words: `40 s`, `2 min 10 s`. */
  words: string;
  /** The pairs drawn, the longest blocking first (at most TIMELINE_MAX_LANES). */
  lanes: LaneLayout[];
  /** Pairs left out. */
  more: number;
  /** Stretches without a good poll, drawn across every lane. */
  gaps: Array<{ x: number; width: number; gap: UnknownGap }>;
}

/**
 * The timeline laid out from its first poll (or earlier, where the server said a wait began
 * before it; at most 15 minutes back) to its end (the last good poll, or the latest failed one
 * after it). Null before any poll. Bars and gaps keep a visible width however short.
 */
export function timelineLayout(timeline: BlockingTimeline): TimelineLayout | null {
  const to = timelineEnd(timeline);
  if (to === null || timeline.firstPoll === null) return null;
  const earliest = Math.min(timeline.firstPoll, ...timeline.intervals.map((i) => i.from));
  const from = Math.max(earliest, to - TIMELINE_MS);
  const x = scaleLinear()
    .domain([from, Math.max(to, from + 1000)])
    .range([0, TIMELINE_WIDTH])
    .clamp(true);
  const lanes = timelineLanes(timeline);
  return {
    from,
    to,
    words: spanWords(Math.max(1000, to - from)),
    lanes: lanes.slice(0, TIMELINE_MAX_LANES).map((lane) => ({
      blocker: lane.blocker,
      waiter: lane.waiter,
      totalMs: lane.totalMs,
      bars: lane.intervals.map((interval) => ({
        x: x(interval.from),
        width: Math.max(3, x(interval.to) - x(interval.from)),
        interval,
      })),
    })),
    more: Math.max(0, lanes.length - TIMELINE_MAX_LANES),
    gaps: timeline.gaps
      .filter((g) => (g.to ?? to) > from)
      .map((gap) => ({
        x: x(gap.from),
        width: Math.max(2, x(gap.to ?? to) - x(gap.from)),
        gap,
      })),
  };
}
