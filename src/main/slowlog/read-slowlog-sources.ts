// Streams slow-log files (plain or gzip, told apart by their first bytes) and standard input
// into one SlowLogReader, a chunk at a time, so memory stays flat whatever the log's size.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { SlowLogReader, type SlowLogEntry, type SlowLogReaderOptions } from '../../shared/slowlog';
import { CHUNK_BYTES } from './slowlog-chunk';

/** How much of a source is looked at before deciding it is binary (see {@link sniffHead}). */
export const SNIFF_BYTES = 64 * 1024;

const SLOW_LOG_LINE = /^# (?:Time|User@Host|Query_time): /m;
const GENERAL_LOG_LINE =
  /^\d{4}-\d\d-\d\dT[\d:.]+Z?\s+\d+ (?:Query|Connect|Quit|Init DB)\t|^\s+\d+ (?:Query|Connect)\t/m;

/** Why a source could not be read as a slow log. */
export class SlowLogSourceError extends Error {}

/** A source: a file path, or `-` for standard input. */
export type SlowLogSource = string;

/** What reading all sources gave, besides the entries. */
export interface SlowLogReadSummary {
  /** Bytes read, after gunzip. */
  bytes: number;
  entries: number;
  reader: SlowLogReader;
}

/** Options of {@link readSlowLogSources}. */
export interface SlowLogReadOptions extends SlowLogReaderOptions {
  /** Standard input's stream for `-` (default process.stdin). */
  stdin?: Readable;
  /** Called after each chunk with the source and the bytes read so far (after gunzip), for progress. */
  onProgress?: (source: SlowLogSource, bytes: number) => void;
  /** Stops reading at the next chunk; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * Reads `sources` in order as one stream (rotated files continue each other) and calls `onEntry`
 * for every entry. Throws SlowLogSourceError with a message for people when a source cannot be
 * opened, is binary, or nothing in it looks like a slow log.
 */
export async function readSlowLogSources(
  sources: SlowLogSource[],
  onEntry: (entry: SlowLogEntry) => void,
  options: SlowLogReadOptions = {},
): Promise<SlowLogReadSummary> {
  const reader = new SlowLogReader(onEntry, options);
  for (const source of sources) {
    const before = reader.bytesRead;
    const entriesBefore = reader.entries;
    const sniff = { bytes: 0, nul: false, slowLog: false, generalLog: false, lastByte: 10 };
    // A file's size now: one that ends before it was cut short while being read.
    const sizeAtStart =
      source === '-'
        ? undefined
        : await stat(source).then(
            (info) => (info.isFile() ? info.size : undefined),
            () => undefined,
          );
    const file =
      source === '-' ? undefined : createReadStream(source, { highWaterMark: CHUNK_BYTES });
    const stream = file ?? options.stdin ?? process.stdin;
    try {
      for await (const chunk of decompressed(stream)) {
        const buffer = chunk as Buffer;
        if (sniff.bytes < SNIFF_BYTES) {
          const head = buffer.subarray(0, SNIFF_BYTES - sniff.bytes).toString('latin1');
          sniffHead(head, sniff);
          sniff.bytes += head.length;
          if (sniff.nul && !sniff.slowLog)
            throw new SlowLogSourceError(
              `${sourceName(source)}: a binary file, not a slow query log`,
            );
        }
        if (buffer.length > 0) sniff.lastByte = buffer[buffer.length - 1]!;
        options.signal?.throwIfAborted();
        reader.pushLatin1(buffer.toString('latin1'));
        options.onProgress?.(source, reader.bytesRead);
      }
    } catch (error) {
      if (error instanceof SlowLogSourceError || options.signal?.aborted) {
        stream.destroy();
        throw error;
      }
      const code = (error as NodeJS.ErrnoException).code;
      const reason =
        code === 'ENOENT'
          ? 'no such file'
          : code === 'EISDIR'
            ? 'a directory, not a file'
            : code === 'EACCES'
              ? 'permission denied'
              : code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR'
                ? 'a damaged gzip file'
                : (error as Error).message;
      throw new SlowLogSourceError(`${sourceName(source)}: ${reason}`);
    }
    if (file && sizeAtStart !== undefined && file.bytesRead < sizeAtStart)
      reader.reportProblem(
        'truncated',
        reader.bytesRead,
        shrunk(source, sizeAtStart, file.bytesRead),
      );
    // A rotated file that ends mid-line must not glue its last line to the next file's first.
    if (sniff.lastByte !== 10 && reader.bytesRead > before) reader.pushLatin1('\n');
    if (reader.bytesRead === before) continue;
    if (sniff.generalLog && reader.entries === entriesBefore && !reader.looksLikeSlowLog)
      throw new SlowLogSourceError(
        `${sourceName(source)}: a general query log, not a slow query log`,
      );
  }
  reader.end();
  if (reader.bytesRead === 0)
    throw new SlowLogSourceError(
      `${sources.map(sourceName).join(', ')}: empty, no slow-log entries`,
    );
  if (!reader.looksLikeSlowLog)
    throw new SlowLogSourceError(
      `${sources.map(sourceName).join(', ')}: no slow-log entries (no "# Time:", "# User@Host:" or "# Query_time:" lines)`,
    );
  return { bytes: reader.bytesRead, entries: reader.entries, reader };
}

/**
 * What is said of a file that ended, at `read` bytes, before the `size` it had when reading
 * began: it was truncated meanwhile (a log rotation that copies the file, then truncates it).
 */
export function shrunk(source: SlowLogSource, size: number, read: number): string {
  return `${sourceName(source)} had ${size} bytes when reading began but ended after ${read}: it was truncated while being read (a log rotation by copy and truncate?), so the entries it held after that are missing`;
}

/** What the first bytes of a source showed. */
export interface SlowLogSniff {
  nul: boolean;
  slowLog: boolean;
  generalLog: boolean;
}

/**
 * Looks at (part of) a source's first SNIFF_BYTES. A NUL byte there with no slow-log line is a
 * binary file (a slow log may hold NUL bytes inside statements, so both are needed).
 */
export function sniffHead(head: string, sniff: SlowLogSniff): void {
  if (head.includes('\0')) sniff.nul = true;
  if (SLOW_LOG_LINE.test(head)) sniff.slowLog = true;
  if (GENERAL_LOG_LINE.test(head)) sniff.generalLog = true;
}

/** A source's name in messages. */
export function sourceName(source: SlowLogSource): string {
  return source === '-' ? 'standard input' : source;
}

/** The stream itself, or gunzipped when it starts with gzip's magic bytes. */
async function* decompressed(stream: Readable): AsyncGenerator<Buffer> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let first = await iterator.next();
  while (!first.done && first.value.length < 2) {
    const more = await iterator.next();
    if (more.done) break;
    first = { done: false, value: Buffer.concat([first.value, more.value]) };
  }
  if (first.done) return;
  const head = first.value;
  const rest = (async function* () {
    yield head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next())
      yield next.value;
  })();
  if (head[0] === 0x1f && head[1] === 0x8b) {
    yield* Readable.from(rest).pipe(
      createGunzip({ chunkSize: CHUNK_BYTES }),
    ) as AsyncIterable<Buffer>;
  } else {
    yield* rest;
  }
}
