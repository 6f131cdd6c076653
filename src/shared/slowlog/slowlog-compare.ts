// Two digests of the same statements side by side (before and after a deploy): which classes
// are new, which are gone, and which got slower or faster, by the ratio of their average
// Query_time, ranked by how much total query time changed.
import type { QueryClass } from './slowlog-digest';

/** How a class changed from the first window to the second. */
export type ClassChange = 'new' | 'gone' | 'slower' | 'faster' | 'same';

/** One class in one window. */
export interface ClassSide {
  count: number;
  /** Query_time in seconds, in all and on average. */
  queryTimeSum: number;
  queryTimeAvg: number;
}

/** One class of either window, compared. */
export interface ClassComparison {
  checksum: string;
  fingerprint: string;
  change: ClassChange;
  before: ClassSide | null;
  after: ClassSide | null;
  /**
   * After's average Query_time over before's; null for a new or gone class, and when before's
   * average was 0 (a ratio of 0 is not a number to rank by).
   */
  avgRatio: number | null;
  /** After's count minus before's (a gone class: minus its count). */
  countChange: number;
  /** After's total Query_time minus before's, in seconds: what the list is ranked by. */
  timeChange: number;
}

/** Options of {@link compareDigests}. */
export interface CompareOptions {
  /**
   * How far the average must move to count as slower or faster: 1.1 means slower from 10 % up
   * and faster from 1/1.1 down; in between the class is `same`.
   */
  threshold?: number;
  /**
   * The least change of the average, in seconds, that counts (default 0.001): a class of
   * microsecond statements that moved from 3 to 4 µs is the same, not 33 % slower.
   */
  minDelta?: number;
}

function side(c: QueryClass): ClassSide {
  const sum = c.numeric.get('Query_time')?.sum ?? 0;
  return { count: c.count, queryTimeSum: sum, queryTimeAvg: sum / c.count };
}

function changeOf(
  before: ClassSide,
  after: ClassSide,
  threshold: number,
  minDelta: number,
): ClassChange {
  if (Math.abs(after.queryTimeAvg - before.queryTimeAvg) < minDelta) return 'same';
  if (before.queryTimeAvg === 0) return after.queryTimeAvg > 0 ? 'slower' : 'same';
  const ratio = after.queryTimeAvg / before.queryTimeAvg;
  if (ratio >= threshold) return 'slower';
  if (ratio <= 1 / threshold) return 'faster';
  return 'same';
}

/**
 * Compares the classes of two digests by class ID (see CompareOptions for what counts as a change). The result holds every class of either,
 * the largest change of total Query_time first (a regression and an improvement of the same
 * size rank alike); ties keep after's order, then before's.
 */
export function compareDigests(
  before: readonly QueryClass[],
  after: readonly QueryClass[],
  options: CompareOptions = {},
): ClassComparison[] {
  const threshold = options.threshold ?? 1.1;
  const minDelta = options.minDelta ?? 0.001;
  if (!(threshold >= 1)) throw new RangeError('threshold must be 1 or more');
  if (!(minDelta >= 0)) throw new RangeError('minDelta must be 0 or more');
  const earlier = new Map(before.map((c) => [c.fingerprint, c]));
  const out: ClassComparison[] = [];
  for (const c of after) {
    const now = side(c);
    const old = earlier.get(c.fingerprint);
    earlier.delete(c.fingerprint);
    const was = old ? side(old) : null;
    out.push({
      checksum: c.checksum,
      fingerprint: c.fingerprint,
      change: was ? changeOf(was, now, threshold, minDelta) : 'new',
      before: was,
      after: now,
      avgRatio: was && was.queryTimeAvg > 0 ? now.queryTimeAvg / was.queryTimeAvg : null,
      countChange: now.count - (was?.count ?? 0),
      timeChange: now.queryTimeSum - (was?.queryTimeSum ?? 0),
    });
  }
  for (const c of earlier.values()) {
    const was = side(c);
    out.push({
      checksum: c.checksum,
      fingerprint: c.fingerprint,
      change: 'gone',
      before: was,
      after: null,
      avgRatio: null,
      countChange: -was.count,
      timeChange: -was.queryTimeSum,
    });
  }
  return out
    .map((c, index) => ({ c, index, k: Math.abs(c.timeChange) }))
    .sort((a, b) => b.k - a.k || a.index - b.index)
    .map(({ c }) => c);
}
