import { previousBound, type Bound } from './bound';
import type { GtidSet, GtidSetEntry } from './gtid-set';
import { utf8Text } from './text-bytes';

/**
 * The set in MySQL's normalized text, byte for byte what GTID_SUBTRACT(set, '') returns on
 * MySQL 9.7: UUIDs in ascending order, lower case, each written once; after it its untagged
 * intervals, then each tag (ascending) with its intervals; intervals ascending and merged,
 * `n` for a single transaction, `first-last` otherwise; UUIDs separated by `,\n`. The empty
 * set is `''`.
 */
export function formatGtidSet(set: GtidSet): string {
  // Concatenating a string per number allocates several small strings per interval and a rope
  // that every garbage collection copies while it grows: on sets of a million characters that
  // costs more than the printing. UTF-8 bytes go into one reused buffer instead, copied every
  // CHUNK bytes into a second reused buffer that holds the whole text, which is decoded once
  // (the decoder is many times faster than String.fromCharCode; decoding each chunk and
  // joining the strings took about as long again). The chunk buffer is a module constant,
  // which the compiler builds into the code: the same loop writing into a buffer held in a
  // variable (grown to the text's size beforehand) took 1.45 ms on the bench's 1.2 MB against
  // 1.22 ms (Node 24; this holds as long as a bundler keeps the `const`).
  const entries = set.entries;
  kept = 0;
  let at = 0;
  for (let e = 0; e < entries.length; e++) {
    const entry = entries[e]!;
    const previous = e === 0 ? null : entries[e - 1]!;
    if (previous === null || previous.uuid !== entry.uuid) {
      if (previous !== null) {
        bytes[at++] = COMMA;
        bytes[at++] = NEWLINE;
      }
      at = putText(entry.uuid, at);
    }
    at = putEntry(entry, at);
  }
  if (kept === 0) return utf8Text(bytes, at);
  const text = utf8Text(whole, keep(at, kept));
  // A one-off huge set should not keep megabytes allocated for the life of the process.
  if (whole.length > KEEP_WHOLE) whole = new Uint8Array(CHUNK);
  return text;
}

/**
 * Writes the entry's tag and intervals at `at` (below CHUNK), handing full chunks to `whole`;
 * returns the position after them.
 *
 * A function per entry, so that V8 optimizes it as a whole after a few calls. With all the
 * intervals in one loop of `formatGtidSet`, that loop was optimized on the stack (OSR) before
 * the code after it had run, and on the bench the compiled loop was entered and then left
 * (deoptimized) at the end of each of the first 36 calls; now neither happens.
 */
function putEntry(entry: GtidSetEntry, at: number): number {
  if (entry.tag !== '') {
    bytes[at++] = COLON;
    at = putText(entry.tag, at);
  }
  const intervals = entry.intervals;
  const last = intervals[intervals.length - 1]!;
  // No number in the list is longer than its last bound: at most this many bytes per
  // interval. The intervals go in blocks that surely fit before CHUNK, so the loops below
  // never check for room (checking after every interval took 0.14 ms more on the bench).
  const perInterval = 2 + 2 * digitCount(last);
  for (let from = 0; from < intervals.length;) {
    const to = Math.min(intervals.length, from + 2 * Math.max(1, ((CHUNK - at) / perInterval) | 0));
    if (typeof last === 'number') {
      // Sorted: every bound is a number, and the loop needs no type tests (7% faster).
      const numbers = intervals as readonly number[];
      for (let i = from; i < to; i += 2) {
        const first = numbers[i]!;
        const final = numbers[i + 1]! - 1;
        at = putNumber(COLON, first, at);
        if (first !== final) at = putNumber(DASH, final, at);
      }
    } else {
      for (let i = from; i < to; i += 2) {
        const first = intervals[i]!;
        const final = previousBound(intervals[i + 1]!);
        at = putBound(COLON, first, at);
        if (first !== final) at = putBound(DASH, final, at);
      }
    }
    from = to;
    if (at >= CHUNK) {
      kept = keep(at, kept);
      at = 0;
    }
  }
  return at;
}

/** How many decimal digits `value` (positive) has. */
function digitCount(value: Bound): number {
  if (typeof value !== 'number') return String(value).length;
  let count = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) count++;
  return count;
}

/** Appends the first `count` bytes of `bytes` to `whole` at `length`; returns the new length. */
function keep(count: number, length: number): number {
  if (length + count > whole.length) {
    const larger = new Uint8Array(Math.max(whole.length * 2, length + count));
    larger.set(whole.subarray(0, length));
    whole = larger;
  }
  whole.set(bytes.subarray(0, count), length);
  return length + count;
}

/**
 * UTF-8 bytes of the text being printed. Reused: formatting never nests. Each entry starts
 * below CHUNK; its UUID and tag (up to 135 bytes with separators) and at least one interval
 * (up to 42) may go past CHUNK, and a four-byte store up to 3 bytes further: well within the
 * margin.
 */
const CHUNK = 1 << 16;
const bytes = new Uint8Array(CHUNK + 512);
/** `bytes` as a DataView, for writing four digits with one unaligned store. */
const view = new DataView(bytes.buffer);
/** The text printed so far, when longer than a chunk; reused, up to KEEP_WHOLE bytes. */
let whole = new Uint8Array(CHUNK);
/** How many bytes of `whole` the text being printed has filled. */
let kept = 0;
const KEEP_WHOLE = 1 << 22;

const COMMA = 0x2c;
const NEWLINE = 0x0a;
const COLON = 0x3a;
const DASH = 0x2d;

/**
 * Writes `text` as UTF-8 at `at`; returns the position after it. UUIDs and numbers are ASCII;
 * tags are ASCII or hold U+FFFD (see parseGtidSet), never a surrogate, so two or three bytes
 * cover every character that reaches here.
 */
function putText(text: string, at: number): number {
  const out = bytes;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      out[at++] = code;
    } else if (code < 0x800) {
      out[at++] = 0xc0 | (code >> 6);
      out[at++] = 0x80 | (code & 0x3f);
    } else {
      out[at++] = 0xe0 | (code >> 12);
      out[at++] = 0x80 | ((code >> 6) & 0x3f);
      out[at++] = 0x80 | (code & 0x3f);
    }
  }
  return at;
}

/** Writes the byte `prefix`, then `value` (a number or a bigint) at `at`, as `putNumber`. */
function putBound(prefix: number, value: Bound, at: number): number {
  if (typeof value === 'number') return putNumber(prefix, value, at);
  bytes[at] = prefix;
  return putText(String(value), at + 1);
}

/**
 * Writes the byte `prefix` (a separator), then the decimal digits of `value` (a safe integer),
 * at `at`; returns the position after them.
 */
function putNumber(prefix: number, value: number, at: number): number {
  if (value >= 1e8) return putLarge(prefix, value, at);
  // Below 10^8 a number is at most two groups of four digits, each copied from a table: one
  // division, where dividing by 100 needs up to four. Larger numbers take a separate
  // function, keeping this one small enough to inline (which measurably matters).
  if (value < 1e4) return putGroup(prefix, value, at);
  const high = (value / 1e4) | 0;
  return putFullGroup(value - high * 1e4, putGroup(prefix, high, at));
}

/** Writes `prefix` and `value` (10^8 to 2^53) at `at`; returns the position after them. */
function putLarge(prefix: number, value: number, at: number): number {
  // Below 2^53, so the arithmetic is exact.
  const high = Math.floor(value / 1e8);
  const low = value - high * 1e8;
  const upper = (low / 1e4) | 0;
  at = putFullGroup(upper, putNumber(prefix, high, at));
  return putFullGroup(low - upper * 1e4, at);
}

/** Writes `value` (0 to 9999) as four digits, with leading zeros. */
function putFullGroup(value: number, at: number): number {
  view.setUint32(at, DIGIT_GROUPS[value]!, true);
  return at + 4;
}

/**
 * Writes the byte `prefix`, then `value` (0 to 9999) without leading zeros: up to three digits
 * go with the prefix in one store, the group's word with its leading zeros replaced by the
 * prefix. Stores may leave bytes past the returned position; whatever is written next
 * overwrites them, and the margin past CHUNK leaves room for them after the last.
 */
function putGroup(prefix: number, value: number, at: number): number {
  const group = DIGIT_GROUPS[value]!;
  if (value >= 1000) {
    bytes[at] = prefix;
    view.setUint32(at + 1, group, true);
    return at + 5;
  }
  if (value >= 100) {
    view.setUint32(at, (group & 0xffffff00) | prefix, true);
    return at + 4;
  }
  if (value >= 10) {
    view.setUint32(at, ((group >>> 16) << 8) | prefix, true);
    return at + 3;
  }
  view.setUint32(at, ((group >>> 24) << 8) | prefix, true);
  return at + 2;
}

/**
 * The four digit characters of 0000 to 9999 as one little-endian word each: the first digit
 * in the lowest byte, so one unaligned 32-bit store through `view` writes a group (one store
 * and one load, where byte by byte took four of each).
 */
const DIGIT_GROUPS = new Uint32Array(10000);
for (let value = 0; value < 10000; value++) {
  DIGIT_GROUPS[value] =
    (0x30 + Math.floor(value / 1000)) |
    ((0x30 + (Math.floor(value / 100) % 10)) << 8) |
    ((0x30 + (Math.floor(value / 10) % 10)) << 16) |
    ((0x30 + (value % 10)) << 24);
}
