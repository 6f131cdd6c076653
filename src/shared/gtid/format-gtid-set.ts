import { previousBound, type Bound } from './bound';
import type { GtidSet } from './gtid-set';

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
  // costs more than the printing. Character codes go into one reused array instead, turned
  // into a string every CHUNK characters, and the chunks are joined once.
  const chunks: string[] = [];
  let at = 0;
  let previousUuid = '';
  for (const entry of set.entries) {
    if (entry.uuid !== previousUuid) {
      if (previousUuid !== '') {
        codes[at++] = COMMA;
        codes[at++] = NEWLINE;
      }
      at = putText(entry.uuid, at);
      previousUuid = entry.uuid;
    }
    if (entry.tag !== '') {
      codes[at++] = COLON;
      at = putText(entry.tag, at);
    }
    const intervals = entry.intervals;
    for (let i = 0; i < intervals.length; i += 2) {
      const first = intervals[i]!;
      const last = previousBound(intervals[i + 1]!);
      codes[at++] = COLON;
      at = putNumber(first, at);
      if (first !== last) {
        codes[at++] = DASH;
        at = putNumber(last, at);
      }
      if (at >= CHUNK) {
        chunks.push(takeChunk(at));
        at = 0;
      }
    }
  }
  if (at > 0) chunks.push(takeChunk(at));
  return chunks.length === 1 ? chunks[0]! : chunks.join('');
}

/**
 * Character codes of the text being printed. Reused: formatting never nests. Kept at SIZE so
 * that every write lands inside the array (writes past its end take a slower path), and well
 * under the argument count a call can take.
 */
const CHUNK = 4096;
const SIZE = CHUNK + 512;
const codes: number[] = new Array<number>(SIZE).fill(0);

const COMMA = 0x2c;
const NEWLINE = 0x0a;
const COLON = 0x3a;
const DASH = 0x2d;

/** The first `length` codes as a string. */
function takeChunk(length: number): string {
  // Shortening by less than half leaves V8 the array's storage, so restoring it is free.
  codes.length = length;
  const chunk = String.fromCharCode.apply(null, codes);
  codes.length = SIZE;
  return chunk;
}

function putText(text: string, at: number): number {
  for (let i = 0; i < text.length; i++) codes[at++] = text.charCodeAt(i);
  return at;
}

/** Writes the decimal digits of `value` at `at`; returns the position after them. */
function putNumber(value: Bound, at: number): number {
  if (typeof value !== 'number' || value >= 1e9) return putText(String(value), at);
  // Below 10^9 integer arithmetic is exact and fast; most sequence numbers are here. Two
  // digits per division halves the chain of divisions each number waits on.
  let rest = value | 0;
  const end = at + digitCount(rest);
  let i = end;
  while (rest >= 100) {
    const quotient = (rest / 100) | 0;
    const pair = (rest - quotient * 100) << 1;
    codes[--i] = DIGIT_PAIRS[pair + 1]!;
    codes[--i] = DIGIT_PAIRS[pair]!;
    rest = quotient;
  }
  if (rest >= 10) {
    codes[--i] = DIGIT_PAIRS[(rest << 1) + 1]!;
    codes[--i] = DIGIT_PAIRS[rest << 1]!;
  } else {
    codes[--i] = 0x30 + rest;
  }
  return end;
}

/** How many decimal digits `value` (0 to 10^9 - 1) has. */
function digitCount(value: number): number {
  if (value < 1e5) {
    return value < 100 ? (value < 10 ? 1 : 2) : value < 1e3 ? 3 : value < 1e4 ? 4 : 5;
  }
  return value < 1e7 ? (value < 1e6 ? 6 : 7) : value < 1e8 ? 8 : 9;
}

/** The character codes of 00 to 99, two per number. */
const DIGIT_PAIRS: readonly number[] = Array.from({ length: 200 }, (_, i) =>
  i % 2 === 0 ? 0x30 + Math.floor(i / 20) : 0x30 + ((i >> 1) % 10),
);
