import { distance, type Bound } from './bound';
import { BoundChunks } from './bound-chunks';

/**
 * Interval lists: flat arrays `[start0, end0, start1, end1, ...]` of half-open intervals
 * `[start, end)`, sorted, disjoint and never touching (`end_i < start_{i+1}`), so every set of
 * numbers has exactly one list. All operations are linear merge walks over both inputs. The
 * fast reader and subtraction give lists of numbers as Float64Array views (bound-chunks.ts);
 * the rest gives arrays; every function here takes both.
 */
export type IntervalList = readonly Bound[] | Float64Array;

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
  if (a.length === 0) return Array.from(b);
  if (b.length === 0) return Array.from(a);
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

/**
 * Every number in `a` and not in `b`. With `chunks`, a result whose bounds are all numbers
 * goes into them (see bound-chunks.ts); without, into a new array.
 */
export function subtractIntervals(
  a: IntervalList,
  b: IntervalList,
  chunks?: BoundChunks,
): IntervalList {
  if (b.length === 0) return a;
  // Lists are sorted: when both end below 2^53, every bound is a number.
  if (typeof a[a.length - 1] === 'number' && typeof b[b.length - 1] === 'number') {
    // Each interval of `b` splits at most one of `a` in two: the result has at most
    // `a.length + b.length` bounds.
    const target = chunks ?? new BoundChunks(a.length + b.length);
    target.reserve(a.length + b.length);
    return target.take(
      subtractNumberIntervals(a as ArrayLike<number>, b as ArrayLike<number>, target),
    );
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

/** Writes `a − b` into `chunks` from its `used` position; returns where it ends. */
function subtractNumberIntervals(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  chunks: BoundChunks,
): number {
  const out = chunks.chunk;
  let at = chunks.used;
  let j = 0;
  for (let i = 0; i < a.length; i += 2) {
    let start = a[i]!;
    const end = a[i + 1]!;
    while (j < b.length && b[j + 1]! <= start) j += 2;
    for (let k = j; k < b.length && b[k]! < end; k += 2) {
      if (b[k]! > start) {
        out[at++] = start;
        out[at++] = b[k]!;
      }
      start = b[k + 1]!;
      if (start >= end) break;
    }
    if (start < end) {
      out[at++] = start;
      out[at++] = end;
    }
  }
  return at;
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
