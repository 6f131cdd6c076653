import { compareEntries, GtidSet, gtidSetEntry, newList, type GtidSetEntry } from './gtid-set';
import { normalizeIntervals } from './interval-list';
import type { Bound } from './bound';
import { asciiBytes } from './text-bytes';

/**
 * A fast reader for the spelling servers print and people paste: `uuid[:tag]:n[-m]...`
 * separated by `,` or `,\n`, no other whitespace, numbers of at most 15 digits. Returns null
 * for anything else (whitespace, braces, hyphen-less UUIDs, large numbers, errors), which the
 * full parser then reads; whatever this accepts, the full parser reads to the same set.
 *
 * One pass over the text with no slicing or regex per interval: sets of a million characters
 * are read at the speed of a character loop. Texts already in MySQL's order (as every server
 * prints them) go straight into the set; anything else is sorted and merged once read.
 */
export function parseCommonGtidSet(text: string): GtidSet | null {
  const length = text.length;
  // Bytes, not charCodeAt: see text-bytes.ts. The 0 after the last byte ends every digit and
  // tag loop without a length test; a text that is not ASCII is not in the common spelling.
  const bytes = asciiBytes(text);
  if (bytes === null) return null;
  const segments = new SegmentList();
  let pos = 0;
  while (pos < length) {
    if (pos + 36 > length) return null;
    let rank = 0;
    for (let i = 0; i < 36; i++) {
      // Each byte's digit value from a table (NOT_HEX for anything else, dashes included):
      // one load and one test where ranges took up to four tests.
      const value = HEX_VALUES[bytes[pos + i]!]!;
      if (i === 8 || i === 13 || i === 18 || i === 23) {
        if (bytes[pos + i] !== DASH) return null;
        uuidCodes[i] = DASH;
      } else {
        if (value === NOT_HEX) return null;
        uuidCodes[i] = LOWER_HEX[value]!;
        if (i < 8) rank = rank * 16 + value;
      }
    }
    // A new flat string, lower case: a slice would keep the whole text alive as long as the
    // set, and sorting compares slices several times slower.
    const uuid = String.fromCharCode.apply(null, uuidCodes);
    pos += 36;
    let tag = '';
    while (bytes[pos] === COLON) {
      const first = bytes[++pos]!;
      // Digits are tested as `byte - 0x30` compared unsigned with 9: one comparison instead of
      // two, which takes about a fifth off the digit loops.
      let digit = first - 0x30;
      if (digit >>> 0 <= 9) {
        let count = 0;
        let previousEnd = 0;
        let normalized = true;
        for (;;) {
          // Up to 15 digits: exact as a number, and far below MySQL's limit of 2^63-2.
          // `digit` is the first digit's value, at `pos`; each loop leaves the byte after its
          // digits in `digit`, less 0x30.
          let digits = pos;
          let start = digit;
          // Two digits per step: `start * 100 + pair` halves the chain of dependent multiplies
          // and adds that bounds a digit loop (about an eighth off reading digits).
          for (;;) {
            digit = bytes[++pos]! - 0x30;
            if (digit >>> 0 > 9) break;
            const next = bytes[++pos]! - 0x30;
            if (next >>> 0 > 9) {
              start = start * 10 + digit;
              digit = next;
              break;
            }
            start = start * 100 + (digit * 10 + next);
          }
          if (pos - digits > 15 || start === 0) return null;
          let end = start + 1;
          if (digit === DASH - 0x30) {
            digits = ++pos;
            let last = 0;
            for (;;) {
              digit = bytes[pos]! - 0x30;
              if (digit >>> 0 > 9) break;
              const next = bytes[pos + 1]! - 0x30;
              if (next >>> 0 > 9) {
                last = last * 10 + digit;
                pos++;
                digit = next;
                break;
              }
              last = last * 100 + (digit * 10 + next);
              pos += 2;
            }
            if (pos === digits || pos - digits > 15) return null;
            end = last + 1;
          }
          if (end > start) {
            // Sorted, apart intervals (the usual case) need no normalizing later.
            if (start <= previousEnd) normalized = false;
            scratch[count++] = start;
            scratch[count++] = end;
            previousEnd = end;
          }
          if (digit !== COLON - 0x30) break;
          digit = bytes[pos + 1]! - 0x30;
          if (digit >>> 0 > 9) break;
          pos++;
        }
        // One exact-size copy rather than an array grown (and copied) push by push.
        segments.add(uuid, rank, tag, scratch.slice(0, count), normalized);
        if (count > KEEP_SCRATCH) scratch.length = 0;
      } else if (isTagStart(first)) {
        const from = pos;
        while (isTagChar(bytes[pos]!)) pos++;
        if (pos - from > 32) return null;
        tag = text.slice(from, pos).toLowerCase();
      } else {
        return null;
      }
    }
    if (pos === length) break;
    if (bytes[pos] !== COMMA) return null;
    pos++;
    if (bytes[pos] === NEWLINE) pos++;
  }
  return segments.build();
}

/** The value of each hex digit byte, either case; NOT_HEX for every other byte. */
const NOT_HEX = 16;
const HEX_VALUES = new Uint8Array(256).fill(NOT_HEX);
/** The lower-case character code of each digit value. */
const LOWER_HEX = new Uint8Array(16);
for (let value = 0; value < 16; value++) {
  const code = value < 10 ? 0x30 + value : 0x57 + value;
  LOWER_HEX[value] = code;
  HEX_VALUES[code] = value;
  if (value >= 10) HEX_VALUES[code - 0x20] = value;
}

/** The UUID being read, as character codes. */
const uuidCodes: number[] = new Array<number>(36).fill(0);

/** Bounds of the interval run being read; reused, since `parseCommonGtidSet` never nests. */
const scratch: number[] = [];
/** Past this many bounds the scratch array is let go after use, not held for good. */
const KEEP_SCRATCH = 1 << 16;

/** A run of intervals of one UUID and tag, as read. A class: see `Entry` in gtid-set.ts. */
class Segment {
  constructor(
    readonly entry: GtidSetEntry,
    /** The UUID's first 8 hex digits as a number: orders most pairs without comparing text. */
    readonly rank: number,
    readonly normalized: boolean,
  ) {}
}

function compareSegments(x: Segment, y: Segment): number {
  return x.rank !== y.rank ? x.rank - y.rank : compareEntries(x.entry, y.entry);
}

/**
 * The interval runs read so far, in text order. While each run's key is above the previous
 * one and its intervals need no merging, the runs are the set's entries as they are;
 * otherwise they are sorted by key, runs of one key merged, and intervals normalized.
 */
class SegmentList {
  private readonly segments = newList<Segment>();
  private ordered = true;

  add(uuid: string, rank: number, tag: string, raw: number[], normalized: boolean): void {
    const segment = new Segment(gtidSetEntry(uuid, tag, raw), rank, normalized);
    const previous = this.segments[this.segments.length - 1];
    if (previous && compareSegments(previous, segment) >= 0) this.ordered = false;
    this.segments.push(segment);
  }

  build(): GtidSet {
    const segments = this.ordered ? this.segments : sortSegments(this.segments);
    const entries = newList<GtidSetEntry>();
    for (let i = 0; i < segments.length; i++) {
      let { entry, normalized } = segments[i]!;
      let raw = entry.intervals as Bound[];
      while (i + 1 < segments.length && compareSegments(segments[i + 1]!, segments[i]!) === 0) {
        raw = raw.concat(segments[++i]!.entry.intervals);
        normalized = false;
      }
      if (!normalized) {
        raw = normalizeIntervals(raw);
        entry = gtidSetEntry(entry.uuid, entry.tag, raw);
      }
      if (raw.length > 0) entries.push(entry);
    }
    return GtidSet.fromNormalizedEntries(entries);
  }
}

/**
 * The segments sorted by key, stably (runs of one key keep their text order, which merging
 * does not need anyway). Most pairs differ in rank: they are ordered by a radix sort of the
 * ranks (see `rankOrder`), with no call back into JavaScript per comparison (sorting 1,000
 * segments with a comparator took about 7% of reading the bench's unordered 1.2 MB set); only
 * runs of equal rank are then compared by key.
 */
function sortSegments(segments: Segment[]): Segment[] {
  const count = segments.length;
  const order = rankOrder(segments);
  const sorted: Segment[] = [];
  for (let i = 0; i < count;) {
    const rank = segments[order[i]!]!.rank;
    let end = i + 1;
    while (end < count && segments[order[end]!]!.rank === rank) end++;
    // In text order, since the sort is stable. A UUID's runs usually come in key order
    // already (untagged, then tags ascending, as MySQL prints them): then they are taken as
    // they are, else sorted (stably).
    let inOrder = true;
    for (let k = i + 1; k < end && inOrder; k++) {
      inOrder = compareSegments(segments[order[k - 1]!]!, segments[order[k]!]!) <= 0;
    }
    if (inOrder) {
      for (let k = i; k < end; k++) sorted.push(segments[order[k]!]!);
    } else {
      const run: Segment[] = [];
      for (let k = i; k < end; k++) run.push(segments[order[k]!]!);
      run.sort(compareSegments);
      for (const segment of run) sorted.push(segment);
    }
    i = end;
  }
  return sorted;
}

/**
 * Indices of the segments in ascending order of rank, equal ranks in text order: a radix sort
 * of the 32-bit ranks, one byte per pass, least significant first (each pass is stable). The
 * native sort of a Float64Array of `rank * 2^21 + index`, used before, compares through a
 * function pointer: 47 us for 1,000 segments and 123 us for 2,000 on Node 24, against 20-25
 * and 35-45 us here.
 */
function rankOrder(segments: readonly Segment[]): Uint32Array {
  const count = segments.length;
  let keys = new Uint32Array(count);
  let order = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    keys[i] = segments[i]!.rank;
    order[i] = i;
  }
  let nextKeys = new Uint32Array(count);
  let nextOrder = new Uint32Array(count);
  const starts = new Uint32Array(256);
  for (let shift = 0; shift < 32; shift += 8) {
    starts.fill(0);
    for (let i = 0; i < count; i++) {
      const digit = (keys[i]! >>> shift) & 0xff;
      starts[digit] = starts[digit]! + 1;
    }
    let total = 0;
    for (let digit = 0; digit < 256; digit++) {
      const size = starts[digit]!;
      starts[digit] = total;
      total += size;
    }
    for (let i = 0; i < count; i++) {
      const key = keys[i]!;
      const at = starts[(key >>> shift) & 0xff]!;
      starts[(key >>> shift) & 0xff] = at + 1;
      nextKeys[at] = key;
      nextOrder[at] = order[i]!;
    }
    const keysBefore = keys;
    keys = nextKeys;
    nextKeys = keysBefore;
    const orderBefore = order;
    order = nextOrder;
    nextOrder = orderBefore;
  }
  return order;
}

const COMMA = 0x2c;
const COLON = 0x3a;
const DASH = 0x2d;
const NEWLINE = 0x0a;

function isTagStart(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f;
}

function isTagChar(code: number): boolean {
  return isTagStart(code) || (code >= 0x30 && code <= 0x39);
}
