// One byte range of a plain slow-log file, cut at entry boundaries (nextEntryBoundary): its
// digest, and the `db` and time it hands on to the next range. Run in a worker thread by the
// parallel reader, or in this thread when a range must be digested again.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import {
  carryPast,
  nextEntryBoundary,
  SlowLogDigest,
  SlowLogReader,
  type AttributeType,
  type DigestCarry,
  type DigestFilter,
  type SlowLogDigestState,
  type SlowLogProblem,
  type SlowLogReaderOptions,
} from '../../shared/slowlog';

const CHUNK_BYTES = 1024 * 1024;
/** How far back from a range's end the first look for its last `db` and time goes. */
const TAIL_BYTES = 256 * 1024;
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
}

/** A range's digest and what its reader met. */
export interface SlowLogRangeResult {
  state: SlowLogDigestState;
  problems: SlowLogProblem[];
  problemCount: number;
  entries: number;
  looksLikeSlowLog: boolean;
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
  });
  for await (const text of chunks(range.path, range.start, range.end)) {
    reader.pushLatin1(text);
    onBytes(reader.bytesRead - range.start);
  }
  // As the one-pass reader does at a file's end: a last line without a newline is still ended.
  if (range.last && !range.endsWithNewline && range.end > range.start) reader.pushLatin1('\n');
  reader.end();
  return {
    state: digest.state(),
    problems: reader.problems,
    problemCount: reader.problemCount,
    entries: reader.entries,
    looksLikeSlowLog: reader.looksLikeSlowLog,
  };
}

/**
 * The last `db` and `# Time:` that the entries of a range set (each undefined when none does):
 * read from the range's end backwards, a growing window at a time, from an entry boundary.
 */
export async function rangeTailCarry(
  range: SlowLogRange,
  readerOptions: SlowLogReaderOptions,
): Promise<DigestCarry> {
  const handle = await open(range.path, 'r');
  try {
    for (let window = TAIL_BYTES; ; window *= 4) {
      let from = Math.max(range.start, range.end - window);
      if (from > range.start) {
        const text = await readText(handle, from, Math.min(range.end - from, CUT_SEARCH_BYTES));
        const cut = nextEntryBoundary(text, 0);
        if (cut < 0) continue;
        from += cut;
      }
      const carry: DigestCarry = {};
      const reader = new SlowLogReader((entry) => carryPast(carry, entry), readerOptions);
      for await (const text of chunks(range.path, from, range.end)) reader.pushLatin1(text);
      if (range.last && !range.endsWithNewline) reader.pushLatin1('\n');
      reader.end();
      if ((carry.db !== undefined && carry.time !== undefined) || from === range.start)
        return carry;
    }
  } finally {
    await handle.close();
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
