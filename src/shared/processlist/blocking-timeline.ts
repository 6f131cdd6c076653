import type { LockWait } from './lock-wait';
import type { ProcesslistSnapshot } from './snapshot';

/** How far back the timeline keeps what it saw. */
export const TIMELINE_MS = 15 * 60 * 1000;

/** The most intervals kept: a storm of short waits must not grow the memory without bound. */
export const TIMELINE_MAX_INTERVALS = 500;

/** One session waiting for another, as one poll showed it. */
export interface BlockingPair {
  blocker: number;
  waiter: number;
  kind: LockWait['kind'];
  /**
   * When the wait began by the server's account (ms since the epoch), when it says so: the
   * waiter's lock wait for row locks, its statement's time for metadata locks. Null otherwise.
   */
  since: number | null;
}

/**
 * One stretch of time `blocker` held up `waiter`. `from` is when the wait began (the server's
 * account, else the first poll that showed it); `to` the last poll that showed it.
 */
export interface BlockingInterval {
  blocker: number;
  waiter: number;
  kinds: Array<LockWait['kind']>;
  from: number;
  to: number;
  /**
   * `open`: the latest poll still shows it; `cleared`: a poll at `clearedAt` no longer did;
   * `unknown`: polls failed or stopped after `to`, so it may have gone on.
   */
  end: 'open' | 'cleared' | 'unknown';
  clearedAt: number | null;
}

/** A time without a successful poll: nobody knows what blocked what then. */
export interface UnknownGap {
  from: number;
  /** Null while polls still fail. */
  to: number | null;
  /** The latest failed poll in it (`to` once it ended): how far the timeline reaches. */
  latest: number;
  why: 'failed' | 'silent';
}

/** What the polls so far say about who blocked whom, over the last TIMELINE_MS. */
export interface BlockingTimeline {
  /** The server run of the last good poll (ids mean something in one run only). */
  run: string | null;
  /** The last good poll, ms since the epoch. */
  lastPoll: number | null;
  /** The first poll the timeline saw (before it, nothing is known). */
  firstPoll: number | null;
  intervals: BlockingInterval[];
  gaps: UnknownGap[];
}

export const EMPTY_TIMELINE: BlockingTimeline = {
  run: null,
  lastPoll: null,
  firstPoll: null,
  intervals: [],
  gaps: [],
};

/**
 * The (blocker, waiter) pairs of a snapshot, with when each wait began where the server says:
 * INNODB_TRX's wait time for row locks, the waiting statement's time for metadata locks.
 */
export function blockingPairsOf(snapshot: ProcesslistSnapshot): BlockingPair[] {
  const t = Date.parse(snapshot.takenAt);
  const waitSeconds = new Map<number, number>();
  for (const trx of snapshot.transactions) {
    if (trx.waitSeconds !== null) waitSeconds.set(trx.processId, trx.waitSeconds);
  }
  const statementMs = new Map<number, number>();
  for (const r of snapshot.rows) statementMs.set(r.id, r.timeMs);
  const pairs = new Map<string, BlockingPair>();
  for (const w of snapshot.waits) {
    if (w.waitingId === w.blockingId) continue;
    const key = `${w.blockingId}>${w.waitingId}`;
    if (pairs.has(key)) continue;
    const seconds = waitSeconds.get(w.waitingId);
    const ms =
      w.kind === 'row'
        ? seconds === undefined
          ? null
          : seconds * 1000
        : (statementMs.get(w.waitingId) ?? null);
    pairs.set(key, {
      blocker: w.blockingId,
      waiter: w.waitingId,
      kind: w.kind,
      since: ms === null || !Number.isFinite(t) ? null : t - ms,
    });
  }
  return [...pairs.values()];
}

/** Closes every open interval as `end` (at `clearedAt` when cleared). */
function closeOpen(
  intervals: readonly BlockingInterval[],
  end: 'cleared' | 'unknown',
  at: number,
): BlockingInterval[] {
  return intervals.map((i) =>
    i.end === 'open' ? { ...i, end, clearedAt: end === 'cleared' ? at : null } : i,
  );
}

/** Drops what ended before the window and, past the cap, the oldest ended intervals. */
function prune(timeline: BlockingTimeline, now: number): BlockingTimeline {
  const from = now - TIMELINE_MS;
  let intervals = timeline.intervals.filter(
    (i) => i.end === 'open' || (i.clearedAt ?? i.to) >= from,
  );
  if (intervals.length > TIMELINE_MAX_INTERVALS) {
    const open = intervals.filter((i) => i.end === 'open');
    const ended = intervals.filter((i) => i.end !== 'open');
    const room = Math.max(0, TIMELINE_MAX_INTERVALS - open.length);
    // Ended ones are kept in end order: the most recent stay.
    ended.sort((a, b) => (a.clearedAt ?? a.to) - (b.clearedAt ?? b.to));
    intervals = [...ended.slice(ended.length - room), ...open].sort(
      (a, b) => a.from - b.from || a.blocker - b.blocker || a.waiter - b.waiter,
    );
  }
  const gaps = timeline.gaps.filter((g) => g.to === null || g.to >= from);
  return { ...timeline, intervals, gaps };
}

/**
 * The timeline after a good poll at `t` (ms) of server run `run` that showed `pairs`. A pair the
 * last poll showed too extends its interval; a new one opens an interval (from when the server
 * says it began, not before the pair's previous interval ended); an open one this poll does not
 * show is cleared. After failed polls, or more than `maxSilenceMs` without one (paused, hidden),
 * the time between is an unknown gap and what was open then ends as `unknown`. A new server run
 * clears everything open: its ids name other sessions.
 */
export function recordPoll(
  timeline: BlockingTimeline,
  t: number,
  run: string,
  pairs: readonly BlockingPair[],
  maxSilenceMs: number,
): BlockingTimeline {
  let intervals = timeline.intervals;
  let gaps = timeline.gaps;
  const openGap = gaps.length > 0 && gaps[gaps.length - 1]!.to === null;
  if (openGap) {
    gaps = [...gaps.slice(0, -1), { ...gaps[gaps.length - 1]!, to: t, latest: t }];
  } else if (timeline.lastPoll !== null && t - timeline.lastPoll > maxSilenceMs) {
    gaps = [...gaps, { from: timeline.lastPoll, to: t, latest: t, why: 'silent' }];
    intervals = closeOpen(intervals, 'unknown', t);
  }
  if (timeline.run !== null && timeline.run !== run) {
    intervals = closeOpen(intervals, 'cleared', t);
  }

  const shown = new Map<string, BlockingPair>();
  for (const p of pairs) shown.set(`${p.blocker}>${p.waiter}`, p);
  const lastEnd = new Map<string, number>();
  const next: BlockingInterval[] = [];
  for (const i of intervals) {
    const key = `${i.blocker}>${i.waiter}`;
    if (i.end !== 'open') {
      next.push(i);
      lastEnd.set(key, Math.max(lastEnd.get(key) ?? -Infinity, i.clearedAt ?? i.to));
      continue;
    }
    const p = shown.get(key);
    if (p) {
      shown.delete(key);
      next.push({ ...i, to: t, kinds: i.kinds.includes(p.kind) ? i.kinds : [...i.kinds, p.kind] });
    } else {
      next.push({ ...i, end: 'cleared', clearedAt: t });
      lastEnd.set(key, Math.max(lastEnd.get(key) ?? -Infinity, t));
    }
  }
  for (const [key, p] of shown) {
    const floor = lastEnd.get(key) ?? -Infinity;
    const since = p.since !== null && p.since < t ? p.since : t;
    next.push({
      blocker: p.blocker,
      waiter: p.waiter,
      kinds: [p.kind],
      from: Math.max(since, floor),
      to: t,
      end: 'open',
      clearedAt: null,
    });
  }
  return prune({ run, lastPoll: t, firstPoll: timeline.firstPoll ?? t, intervals: next, gaps }, t);
}

/**
 * The timeline after a poll that failed at `t`: from the last good poll on, what blocked what is
 * unknown (not "nothing"), and what was open may have gone on.
 */
export function recordFailure(timeline: BlockingTimeline, t: number): BlockingTimeline {
  const last = timeline.gaps[timeline.gaps.length - 1];
  if (last && last.to === null) {
    return { ...timeline, gaps: [...timeline.gaps.slice(0, -1), { ...last, latest: t }] };
  }
  return prune(
    {
      ...timeline,
      intervals: closeOpen(timeline.intervals, 'unknown', t),
      gaps: [
        ...timeline.gaps,
        { from: timeline.lastPoll ?? t, to: null, latest: t, why: 'failed' },
      ],
    },
    t,
  );
}

/** How far the timeline reaches: the last good poll, or the latest failed one after it. */
export function timelineEnd(timeline: BlockingTimeline): number | null {
  const last = timeline.gaps[timeline.gaps.length - 1];
  if (timeline.lastPoll === null) return last?.latest ?? null;
  return Math.max(timeline.lastPoll, last?.latest ?? -Infinity);
}

/** One lane of the drawing: a (blocker, waiter) pair and its intervals, oldest first. */
export interface TimelineLane {
  blocker: number;
  waiter: number;
  intervals: BlockingInterval[];
  /** The time it blocked, summed over its intervals (from each `from` to its last poll). */
  totalMs: number;
}

/** The timeline as lanes, the pairs that blocked longest first. */
export function timelineLanes(timeline: BlockingTimeline): TimelineLane[] {
  const lanes = new Map<string, TimelineLane>();
  for (const i of timeline.intervals) {
    const key = `${i.blocker}>${i.waiter}`;
    let lane = lanes.get(key);
    if (!lane) {
      lane = { blocker: i.blocker, waiter: i.waiter, intervals: [], totalMs: 0 };
      lanes.set(key, lane);
    }
    lane.intervals.push(i);
    lane.totalMs += i.to - i.from;
  }
  for (const lane of lanes.values()) lane.intervals.sort((a, b) => a.from - b.from);
  return [...lanes.values()].sort(
    (a, b) => b.totalMs - a.totalMs || a.blocker - b.blocker || a.waiter - b.waiter,
  );
}
