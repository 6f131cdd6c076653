import { compareEntries, GtidSet, gtidSetEntry, newList, type GtidSetEntry } from './gtid-set';
import {
  countIntervals,
  intersectIntervals,
  intervalsEqual,
  isSubsetOfIntervals,
  subtractIntervals,
  unionIntervals,
  type IntervalList,
} from './interval-list';

// Each operation walks both sets' entries in key order (UUID, then tag) at once, so it is
// linear in the size of its inputs.

/** Every transaction in `a` or `b`. */
export function gtidUnion(a: GtidSet, b: GtidSet): GtidSet {
  if (a.isEmpty) return b;
  if (b.isEmpty) return a;
  return combine(
    a,
    b,
    (x) => x,
    (y) => y,
    unionIntervals,
  );
}

/** Every transaction in both `a` and `b`. */
export function gtidIntersection(a: GtidSet, b: GtidSet): GtidSet {
  return combine(
    a,
    b,
    () => null,
    () => null,
    intersectIntervals,
  );
}

/** Every transaction in `a` and not in `b`: MySQL's GTID_SUBTRACT(a, b). */
export function gtidSubtract(a: GtidSet, b: GtidSet): GtidSet {
  if (b.isEmpty) return a;
  return combine(
    a,
    b,
    (x) => x,
    () => null,
    subtractIntervals,
  );
}

/** Whether every transaction of `a` is in `b`: MySQL's GTID_SUBSET(a, b). */
export function isGtidSubset(a: GtidSet, b: GtidSet): boolean {
  const bEntries = b.entries;
  let j = 0;
  for (const entry of a.entries) {
    while (j < bEntries.length && compareEntries(bEntries[j]!, entry) < 0) j++;
    const match = bEntries[j];
    if (!match || compareEntries(match, entry) !== 0) return false;
    if (!isSubsetOfIntervals(entry.intervals, match.intervals)) return false;
  }
  return true;
}

/** Whether both sets hold the same transactions. */
export function gtidSetsEqual(a: GtidSet, b: GtidSet): boolean {
  if (a.entries.length !== b.entries.length) return false;
  return a.entries.every((entry, index) => {
    const other = b.entries[index]!;
    return compareEntries(entry, other) === 0 && intervalsEqual(entry.intervals, other.intervals);
  });
}

/** How many transactions the set holds. */
export function countGtids(set: GtidSet): bigint {
  let total = 0n;
  for (const entry of set.entries) total += countIntervals(entry.intervals);
  return total;
}

/**
 * Merges the entries of `a` and `b` by key: `both` for keys in both sets, `onlyA`/`onlyB`
 * for the others (null drops the entry). Empty results are dropped, keeping sets normalized.
 */
function combine(
  a: GtidSet,
  b: GtidSet,
  onlyA: (intervals: IntervalList) => IntervalList | null,
  onlyB: (intervals: IntervalList) => IntervalList | null,
  both: (x: IntervalList, y: IntervalList) => IntervalList,
): GtidSet {
  const out = newList<GtidSetEntry>();
  const keep = (template: GtidSetEntry, intervals: IntervalList | null) => {
    if (intervals === null || intervals.length === 0) return;
    out.push(
      intervals === template.intervals
        ? template
        : gtidSetEntry(template.uuid, template.tag, intervals),
    );
  };
  const aEntries = a.entries;
  const bEntries = b.entries;
  let i = 0;
  let j = 0;
  while (i < aEntries.length || j < bEntries.length) {
    const x = aEntries[i];
    const y = bEntries[j];
    const order = x && y ? compareEntries(x, y) : x ? -1 : 1;
    if (order < 0) {
      keep(x!, onlyA(x!.intervals));
      i++;
    } else if (order > 0) {
      keep(y!, onlyB(y!.intervals));
      j++;
    } else {
      keep(x!, both(x!.intervals, y!.intervals));
      i++;
      j++;
    }
  }
  return GtidSet.fromNormalizedEntries(out);
}
