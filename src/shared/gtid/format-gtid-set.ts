import { previousBound, type Bound } from './bound';
import type { GtidSet } from './gtid-set';
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
  // costs more than the printing. UTF-8 bytes go into one reused buffer instead, decoded into
  // a string every CHUNK bytes (the decoder is many times faster than String.fromCharCode),
  // and the chunks are joined once.
  const chunks: string[] = [];
  const out = bytes;
  let at = 0;
  let previousUuid = '';
  for (const entry of set.entries) {
    if (entry.uuid !== previousUuid) {
      if (previousUuid !== '') {
        out[at++] = COMMA;
        out[at++] = NEWLINE;
      }
      at = putText(entry.uuid, at);
      previousUuid = entry.uuid;
    }
    if (entry.tag !== '') {
      out[at++] = COLON;
      at = putText(entry.tag, at);
    }
    const intervals = entry.intervals;
    for (let i = 0; i < intervals.length; i += 2) {
      const first = intervals[i]!;
      const last = previousBound(intervals[i + 1]!);
      out[at++] = COLON;
      at = putNumber(first, at);
      if (first !== last) {
        out[at++] = DASH;
        at = putNumber(last, at);
      }
      // Only between intervals, so a chunk never ends inside a tag's multi-byte character.
      if (at >= CHUNK) {
        chunks.push(utf8Text(out, at));
        at = 0;
      }
    }
  }
  if (at > 0) chunks.push(utf8Text(out, at));
  return chunks.length === 1 ? chunks[0]! : chunks.join('');
}

/**
 * UTF-8 bytes of the text being printed. Reused: formatting never nests. Between two checks
 * of CHUNK at most one UUID, one tag (32 characters of up to 3 bytes) and one interval (two
 * numbers of up to 20 digits) are written, well within the margin past CHUNK.
 */
const CHUNK = 1 << 16;
const bytes = new Uint8Array(CHUNK + 512);

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
    bytes[--i] = DIGIT_PAIRS[pair + 1]!;
    bytes[--i] = DIGIT_PAIRS[pair]!;
    rest = quotient;
  }
  if (rest >= 10) {
    bytes[--i] = DIGIT_PAIRS[(rest << 1) + 1]!;
    bytes[--i] = DIGIT_PAIRS[rest << 1]!;
  } else {
    bytes[--i] = 0x30 + rest;
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
const DIGIT_PAIRS = Uint8Array.from({ length: 200 }, (_, i) =>
  i % 2 === 0 ? 0x30 + Math.floor(i / 20) : 0x30 + ((i >> 1) % 10),
);
