import { distance, type Bound } from './bound';

/**
 * Interval lists: flat arrays `[start0, end0, start1, end1, ...]` of half-open intervals
 * `[start, end)`, sorted, disjoint and never touching (`end_i < start_{i+1}`), so every set of
 * numbers has exactly one list. All operations are linear merge walks over both inputs.
 */
export type IntervalList = readonly Bound[];

/** Sorts and merges raw intervals (any order, overlapping, touching) into an interval list. */
export function normalizeIntervals(raw: Bound[]): Bound[] {
  if (raw.length <= 2) return raw;
  // Most texts list intervals in order and apart already: then there is nothing to do.
  let sorted = true;
  let normalized = true;
  for (let i = 2; i < raw.length; i += 2) {
    if (raw[i]! < raw[i - 2]!) {
      sorted = false;
      break;
    }
    if (raw[i]! <= raw[i - 1]!) normalized = false;
  }
  if (sorted && normalized) return raw;
  let pairs = raw;
  if (!sorted) {
    const order: [Bound, Bound][] = [];
    for (let i = 0; i < raw.length; i += 2) order.push([raw[i]!, raw[i + 1]!]);
    order.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
    pairs = order.flat();
  }
  const out: Bound[] = [pairs[0]!, pairs[1]!];
  for (let i = 2; i < pairs.length; i += 2) {
    const start = pairs[i]!;
    const end = pairs[i + 1]!;
    const last = out.length - 1;
    if (start <= out[last]!) {
      if (end > out[last]!) out[last] = end;
    } else {
      out.push(start, end);
    }
  }
  return out;
}

/** Every number in `a` or `b`. */
export function unionIntervals(a: IntervalList, b: IntervalList): Bound[] {
  if (a.length === 0) return b.slice();
  if (b.length === 0) return a.slice();
  const out: Bound[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    let start: Bound;
    let end: Bound;
    if (j >= b.length || (i < a.length && a[i]! <= b[j]!)) {
      start = a[i]!;
      end = a[i + 1]!;
      i += 2;
    } else {
      start = b[j]!;
      end = b[j + 1]!;
      j += 2;
    }
    const last = out.length - 1;
    if (out.length > 0 && start <= out[last]!) {
      if (end > out[last]!) out[last] = end;
    } else {
      out.push(start, end);
    }
  }
  return out;
}

/** Every number in both `a` and `b`. */
export function intersectIntervals(a: IntervalList, b: IntervalList): Bound[] {
  const out: Bound[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const start = a[i]! > b[j]! ? a[i]! : b[j]!;
    const aEnd = a[i + 1]!;
    const bEnd = b[j + 1]!;
    const end = aEnd < bEnd ? aEnd : bEnd;
    if (start < end) out.push(start, end);
    if (aEnd < bEnd) i += 2;
    else j += 2;
  }
  return out;
}

/** Every number in `a` and not in `b`. */
export function subtractIntervals(a: IntervalList, b: IntervalList): Bound[] {
  if (b.length === 0) return a.slice();
  // Lists are sorted: when both end below 2^53, every bound is a number. Then the result is
  // gathered in a reused array and copied once at its size, rather than grown push by push
  // (a copy per growth, and garbage for the collector on large sets).
  if (typeof a[a.length - 1] === 'number' && typeof b[b.length - 1] === 'number') {
    return subtractNumberIntervals(a as readonly number[], b as readonly number[]);
  }
  const out: Bound[] = [];
  let j = 0;
  for (let i = 0; i < a.length; i += 2) {
    let start = a[i]!;
    const end = a[i + 1]!;
    while (j < b.length && b[j + 1]! <= start) j += 2;
    for (let k = j; k < b.length && b[k]! < end; k += 2) {
      if (b[k]! > start) out.push(start, b[k]!);
      start = b[k + 1]!;
      if (start >= end) break;
    }
    if (start < end) out.push(start, end);
  }
  return out;
}

/** Bounds being gathered by `subtractNumberIntervals`; numbers only, so it stays compact. */
const gathered: number[] = [];
const KEEP_GATHERED = 1 << 16;

function subtractNumberIntervals(a: readonly number[], b: readonly number[]): number[] {
  // Lengths read once and each cut loaded once: 3-7% off this loop on the bench's sets (the
  // compiler need not assume that storing into `gathered` leaves `a` and `b` alone).
  const out = gathered;
  const aLength = a.length;
  const bLength = b.length;
  let count = 0;
  let j = 0;
  for (let i = 0; i < aLength; i += 2) {
    let start = a[i]!;
    const end = a[i + 1]!;
    while (j < bLength && b[j + 1]! <= start) j += 2;
    for (let k = j; k < bLength; k += 2) {
      const cut = b[k]!;
      if (cut >= end) break;
      if (cut > start) {
        out[count++] = start;
        out[count++] = cut;
      }
      start = b[k + 1]!;
      if (start >= end) break;
    }
    if (start < end) {
      out[count++] = start;
      out[count++] = end;
    }
  }
  const result = out.slice(0, count);
  // A one-off huge result should not stay allocated for the life of the process.
  if (count > KEEP_GATHERED) out.length = 0;
  return result;
}

/** Whether every number of `a` is in `b`. */
export function isSubsetOfIntervals(a: IntervalList, b: IntervalList): boolean {
  let j = 0;
  for (let i = 0; i < a.length; i += 2) {
    while (j < b.length && b[j + 1]! <= a[i]!) j += 2;
    // b's intervals never touch, so a's interval must lie inside this one of b.
    if (j >= b.length || b[j]! > a[i]! || b[j + 1]! < a[i + 1]!) return false;
  }
  return true;
}

/** Whether both lists hold the same numbers (bounds are canonical, so `===` is exact). */
export function intervalsEqual(a: IntervalList, b: IntervalList): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** How many numbers the list holds. */
export function countIntervals(list: IntervalList): bigint {
  let small = 0;
  let total = 0n;
  for (let i = 0; i < list.length; i += 2) {
    const start = list[i]!;
    const end = list[i + 1]!;
    if (typeof start === 'number' && typeof end === 'number') {
      small += end - start;
      // Flush before the running number stops being exact.
      if (small > 2 ** 52) {
        total += BigInt(small);
        small = 0;
      }
    } else {
      total += distance(start, end);
    }
  }
  return total + BigInt(small);
}
