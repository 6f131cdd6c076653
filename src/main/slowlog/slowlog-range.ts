// One byte range of a plain slow-log file, cut at entry boundaries (nextEntryBoundary): its
// digest, and the `db` and time it hands on to the next range. Run in a worker thread by the
// parallel reader, or in this thread when a range must be digested again.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import {
  IGNORED_ATTRIBUTES,
  nextEntryBoundary,
  SlowLogDigest,
  SlowLogReader,
  type AttributeType,
  type DigestCarry,
  type DigestFilter,
  type SlowLogDigestState,
  type SlowLogEntry,
  type SlowLogProblem,
  type SlowLogReaderOptions,
} from '../../shared/slowlog';
import { CHUNK_BYTES } from './slowlog-chunk';
import { shrunk } from './read-slowlog-sources';

/** How far past a point an entry boundary is looked for before giving up on it. */
export const CUT_SEARCH_BYTES = 4 * 1024 * 1024;

/** A part of a file that starts at an entry boundary and ends at one (or at the file's end). */
export interface SlowLogRange {
  path: string;
  start: number;
  end: number;
  /** Whether the range ends the file (a final line without a newline is then ended). */
  last: boolean;
  /** Whether the file's last byte is a newline (only read when `last`). */
  endsWithNewline: boolean;
  /** The file's size when the ranges were cut (what a range that ends early is said against). */
  fileSize: number;
}

/** A range's digest and what its reader met. */
export interface SlowLogRangeResult {
  state: SlowLogDigestState;
  problems: SlowLogProblem[];
  problemCount: number;
  entries: number;
  looksLikeSlowLog: boolean;
  /** Bytes of the range read: fewer than its length when the file shrank meanwhile. */
  bytesRead: number;
}

/** Reads `[start, end)` of a file as latin1 strings, a chunk at a time. */
async function* chunks(path: string, start: number, end: number): AsyncGenerator<string> {
  if (end <= start) return;
  const stream = createReadStream(path, { start, end: end - 1, highWaterMark: CHUNK_BYTES });
  for await (const chunk of stream) yield (chunk as Buffer).toString('latin1');
}

/**
 * Digests one range, starting from what the log before it carried (and, when digesting a range
 * again after a type conflict, the types already decided). Offsets stay absolute.
 */
export async function digestRange(
  range: SlowLogRange,
  filter: DigestFilter,
  readerOptions: SlowLogReaderOptions,
  carry: DigestCarry,
  onBytes: (bytes: number) => void,
  types?: ReadonlyMap<string, AttributeType>,
): Promise<SlowLogRangeResult> {
  const digest = new SlowLogDigest(filter);
  digest.continueFrom(carry, types);
  const reader = new SlowLogReader((entry) => digest.add(entry), {
    ...readerOptions,
    startOffset: range.start,
    skipAttributes: IGNORED_ATTRIBUTES,
  });
  for await (const text of chunks(range.path, range.start, range.end)) {
    reader.pushLatin1(text);
    onBytes(reader.bytesRead - range.start);
  }
  const bytesRead = reader.bytesRead - range.start;
  const short = bytesRead < range.end - range.start;
  if (short)
    reader.reportProblem(
      'truncated',
      reader.bytesRead,
      shrunk(range.path, range.fileSize, reader.bytesRead),
    );
  // As the one-pass reader does at a file's end: a last line without a newline is still ended.
  if (range.last && !range.endsWithNewline && range.end > range.start && !short)
    reader.pushLatin1('\n');
  reader.end();
  return {
    bytesRead,
    state: digest.state(),
    problems: reader.problems,
    problemCount: reader.problemCount,
    entries: reader.entries,
    looksLikeSlowLog: reader.looksLikeSlowLog,
  };
}

/**
 * The last `db` and `# Time:` that the entries of a range set (each undefined when none does).
 * Found from the range's end backwards: a text search for the lines that can set them (`use `,
 * `Schema:`, `# Time:`), each hit checked by reading its entry from an entry boundary before it,
 * so a log whose only `use` is at the top costs a fast scan, not a second read of the range.
 */
export async function rangeTailCarry(
  range: SlowLogRange,
  readerOptions: SlowLogReaderOptions,
): Promise<DigestCarry> {
  const handle = await open(range.path, 'r');
  try {
    const db = await lastSet(handle, range, readerOptions, DB_MARKS, (entry) => entry.db);
    const time = await lastSet(handle, range, readerOptions, TIME_MARKS, (entry) => entry.time);
    return { db, time };
  } finally {
    await handle.close();
  }
}

type FileHandle = Awaited<ReturnType<typeof open>>;

/** Text that may set a carried value, and whether it must start a line. */
interface Mark {
  text: string;
  lineStart: boolean;
}
const DB_MARKS: Mark[] = [
  { text: 'use ', lineStart: true },
  { text: 'Schema:', lineStart: false },
];
const TIME_MARKS: Mark[] = [{ text: '# Time:', lineStart: true }];
/** Bytes of a range searched at a time for a mark, from its end backwards. */
export const SCAN_BYTES = 1024 * 1024;

/** The value the range's last entry that sets one (via `get`) sets, or undefined. */
async function lastSet(
  handle: FileHandle,
  range: SlowLogRange,
  readerOptions: SlowLogReaderOptions,
  marks: Mark[],
  get: (entry: SlowLogEntry) => string | undefined,
): Promise<string | undefined> {
  let before = range.end;
  for (;;) {
    const mark = await lastMark(handle, range.start, before, marks);
    if (mark < 0) return undefined;
    const from = await boundaryAtOrBefore(handle, range.start, mark);
    // Read from the boundary until the entry holding the mark is out; nothing after the mark
    // can set the value (no mark there), so the last entry that sets it here is the answer.
    let value: string | undefined;
    let past = false;
    const reader = new SlowLogReader(
      (entry) => {
        if (entry.offset > mark) past = true;
        else if (entry.statement && get(entry) !== undefined) value = get(entry);
      },
      { ...readerOptions, startOffset: from },
    );
    for await (const text of chunks(range.path, from, range.end)) {
      reader.pushLatin1(text);
      if (past) break;
    }
    if (!past) reader.end();
    if (value !== undefined) return value;
    // The mark was text inside a statement: look before where this read started.
    if (from <= range.start) return undefined;
    before = from;
  }
}

/**
 * The position of the last of `marks` in `[start, before)`, or -1. Searched in the file's bytes
 * (Buffer#indexOf, then #lastIndexOf where it is), not in a string made of them: a range with no
 * mark (a log whose only `use` is at its top) is searched to its start, and turning each block
 * into a string and searching it backwards cost ~3.5 ms a megabyte, while the next range's
 * worker waited for the answer.
 */
async function lastMark(
  handle: FileHandle,
  start: number,
  before: number,
  marks: Mark[],
): Promise<number> {
  const longest = Math.max(...marks.map((m) => m.text.length));
  const buffer = Buffer.allocUnsafe(SCAN_BYTES + 1 + longest);
  for (let end = before; end > start; end -= SCAN_BYTES) {
    // One byte more before (to see whether a mark starts a line) and after (a mark across blocks).
    const from = Math.max(start, end - SCAN_BYTES - 1);
    const { bytesRead } = await handle.read(buffer, 0, end + longest - from, from);
    const bytes = buffer.subarray(0, bytesRead);
    let found = -1;
    for (const mark of marks) {
      // Whether the block holds the mark at all: a forward search is 3-10 times faster here.
      if (bytes.indexOf(mark.text, 0, 'latin1') < 0) continue;
      // (A negative offset would count from the end: `at - 1` is never passed below 0.)
      for (let at = bytes.lastIndexOf(mark.text, end - 1 - from, 'latin1'); at >= 0;) {
        const position = from + at;
        const atLineStart = position === start || (at > 0 && bytes[at - 1] === 10);
        if (position >= start && (!mark.lineStart || atLineStart)) {
          if (at > 0 || position === start) found = Math.max(found, position);
          break;
        }
        at = at > 0 ? bytes.lastIndexOf(mark.text, at - 1, 'latin1') : -1;
      }
    }
    if (found >= 0) return found;
  }
  return -1;
}

/** An entry boundary at or before `position` (the range's start if none is nearer). */
async function boundaryAtOrBefore(
  handle: FileHandle,
  start: number,
  position: number,
): Promise<number> {
  for (let window = 64 * 1024; ; window *= 4) {
    const from = Math.max(start, position - window);
    if (from === start) return start;
    const text = await readText(handle, from, position + 1 - from);
    const cut = nextEntryBoundary(text, 0);
    if (cut >= 0) return from + cut;
  }
}

/** `length` bytes at `position` as a latin1 string. */
export async function readText(
  handle: Awaited<ReturnType<typeof open>>,
  position: number,
  length: number,
): Promise<string> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.toString('latin1', 0, bytesRead);
}
