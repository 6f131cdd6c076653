// Digests slow-log sources into a SlowLogDigest, on several cores when it can: one plain file of
// some size is cut at entry boundaries into ranges, each digested in a worker thread, and the
// digests are merged in file order; anything else (gzip, standard input, several files, small
// files, no worker script) is read in one pass by readSlowLogSources. Both give the same answer.
/// <reference types="electron-vite/node" />
import { existsSync } from 'node:fs';
import { mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  IGNORED_ATTRIBUTES,
  nextEntryBoundary,
  SlowLogDigest,
  type DigestCarry,
  type SlowLogProblem,
} from '../../shared/slowlog';
import {
  readSlowLogSources,
  SlowLogSourceError,
  sniffHead,
  SNIFF_BYTES,
  sourceName,
  type SlowLogReadOptions,
  type SlowLogSource,
} from './read-slowlog-sources';
import {
  CUT_SEARCH_BYTES,
  digestRange,
  rangeTailCarry,
  readText,
  type SlowLogRange,
} from './slowlog-range';
import type { FromWorker, ToWorker } from './slowlog-worker-protocol';
import {
  idleSlowLogWorkers,
  returnSlowLogWorker,
  takeSlowLogWorker,
  type SlowLogWorkerScript,
} from './slowlog-worker-pool';
import { warmUpSlowLog } from './warm-up-log';

/** Smallest range worth a worker: below twice this a file is read in one pass. */
const MIN_RANGE_BYTES = 4 * 1024 * 1024;
const MAX_WORKERS = 4;

/** What digesting the sources gave, besides the digest. */
export interface SlowLogDigestSummary {
  /** Bytes read, after gunzip. */
  bytes: number;
  entries: number;
  /** Problems met (the first 1000 in log order) and how many there were. */
  reader: { problems: SlowLogProblem[]; problemCount: number };
  /** Worker threads used (0: one pass in this thread). */
  workers: number;
}

/** Options of {@link digestSlowLogSources}. */
export interface SlowLogDigestOptions extends SlowLogReadOptions {
  /** Most worker threads (default: available cores, at most 4; 0 reads in one pass). */
  workers?: number;
  /** Smallest range per worker in bytes (tests make it small). */
  minRangeBytes?: number;
  /** The worker script instead of the built or source one (tests give a broken one). */
  workerScript?: URL;
}

/**
 * Reads `sources` in order as one stream into `digest` (its filter applies), as
 * readSlowLogSources does, in parallel when it can. Throws SlowLogSourceError as it does.
 */
export async function digestSlowLogSources(
  sources: SlowLogSource[],
  digest: SlowLogDigest,
  options: SlowLogDigestOptions = {},
): Promise<SlowLogDigestSummary> {
  // Progress never goes back, even when workers give way to one pass.
  let reported = 0;
  const onProgress = options.onProgress;
  options = {
    ...options,
    onProgress:
      onProgress &&
      ((source, bytes) => {
        if (bytes > reported) onProgress(source, (reported = bytes));
      }),
  };
  const ranges = await parallelRanges(sources, options);
  const script =
    ranges && (options.workerScript ? { url: options.workerScript } : await workerScript());
  if (ranges && script) {
    // Its workers, once warm, are this digest's: starting more would share the cores with them.
    await warming;
    const summary = await digestInWorkers(ranges, script, digest, options);
    if (summary) return summary;
  }
  // Entries go to the digest only: what it ignores need not be read.
  const summary = await readSlowLogSources(sources, (entry) => digest.add(entry), {
    ...options,
    skipAttributes: IGNORED_ATTRIBUTES,
  });
  const { problems, problemCount } = summary.reader;
  return {
    bytes: summary.bytes,
    entries: summary.entries,
    reader: { problems, problemCount },
    workers: 0,
  };
}

/**
 * Size of the made-up log that warms workers. Measured on 2 cores (Node 24, CPU time of a 200 MB
 * digest on 2 workers, load 3-5): started cold 2.31-2.34 s, warmed 2.14-2.20 s, taken from an
 * earlier digest of the same log 2.03-2.09 s; warming itself ~0.5 s (both workers' starts
 * included). Warm-up logs of 2 to 12 MB all left about that much: what remains is not compiling.
 */
const WARM_UP_BYTES = 5 * 1024 * 1024;
/** How long warmed workers wait for a digest: the user is still choosing a log. */
const WARMED_IDLE_MS = 10 * 60_000;

let warming: Promise<void> | undefined;

/**
 * Gets ready the workers that a digest of a big file would use, unless they already wait: starts
 * them and has them digest a made-up log, so that the user's first digest runs on code V8 has
 * already compiled rather than interpreting and compiling its first megabytes (measured ~0.2 s
 * of CPU per worker on 2 cores). Called when the slow-log screen opens; a digest that starts
 * meanwhile waits for it rather than start other workers. Never fails: a digest without warm
 * workers starts its own, or reads in one pass.
 */
export function warmSlowLogWorkers(
  options: Pick<SlowLogDigestOptions, 'workers' | 'workerScript'> = {},
): Promise<void> {
  warming ??= warmUp(options)
    .catch(() => undefined)
    .finally(() => (warming = undefined));
  return warming;
}

async function warmUp(options: Pick<SlowLogDigestOptions, 'workers' | 'workerScript'>) {
  const count = Math.min(options.workers ?? availableParallelism(), MAX_WORKERS);
  if (count < 2) return;
  const script = options.workerScript ? { url: options.workerScript } : await workerScript();
  if (!script || idleSlowLogWorkers(script) >= count) return;
  const dir = await mkdtemp(join(tmpdir(), 'sightline-slowlog-warm-up-'));
  try {
    const path = join(dir, 'slow.log');
    await writeFile(path, warmUpSlowLog(WARM_UP_BYTES), 'latin1');
    const ranges = await parallelRanges([path], {
      workers: count,
      minRangeBytes: Math.floor(WARM_UP_BYTES / count),
    });
    if (ranges) await digestInWorkers(ranges, script, new SlowLogDigest(), {}, WARMED_IDLE_MS);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The worker script and how to start it, or undefined when this build has none. */
async function workerScript(): Promise<SlowLogWorkerScript | undefined> {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    // From source (tsx, vitest): the worker registers tsx's loader before importing the script.
    const script = new URL('./slowlog-worker.ts', here);
    const tsx = createRequire(here)
      .resolve('tsx/package.json')
      .replace(/package\.json$/, 'dist/esm/api/index.mjs');
    const api = JSON.stringify(pathToFileURL(tsx).href);
    return {
      url: script,
      eval: `import(${api}).then((tsx) => { tsx.register(); return import(${JSON.stringify(script.href)}); })`,
    };
  }
  // Built by electron-vite: `?modulePath` bundles the worker on its own and gives its path.
  try {
    const built = (await import('./slowlog-worker?modulePath')).default;
    return existsSync(built) ? { url: pathToFileURL(built) } : undefined;
  } catch {
    return undefined;
  }
}

/** Ranges for workers when `sources` is one plain file big enough, else undefined. */
async function parallelRanges(
  sources: SlowLogSource[],
  options: SlowLogDigestOptions,
): Promise<SlowLogRange[] | undefined> {
  const wanted = Math.min(options.workers ?? availableParallelism(), MAX_WORKERS);
  if (sources.length !== 1 || sources[0] === '-' || wanted < 2) return;
  const path = sources[0]!;
  const info = await stat(path).catch(() => undefined);
  const minRange = options.minRangeBytes ?? MIN_RANGE_BYTES;
  if (!info?.isFile() || info.size < 2 * minRange) return;
  const count = Math.min(wanted, Math.floor(info.size / minRange));
  const handle = await open(path, 'r');
  try {
    const head = await readText(handle, 0, Math.min(SNIFF_BYTES, info.size));
    if (head.charCodeAt(0) === 0x1f && head.charCodeAt(1) === 0x8b) return; // gzip
    const sniff = { nul: false, slowLog: false, generalLog: false };
    sniffHead(head, sniff);
    // Binary files and general logs: the one-pass reader says what they are.
    if ((sniff.nul && !sniff.slowLog) || sniff.generalLog) return;
    const last = await readText(handle, info.size - 1, 1);
    const cuts = [0];
    for (let i = 1; i < count; i += 1) {
      const from = Math.max(Math.floor((info.size * i) / count), cuts[cuts.length - 1]! + 1);
      const text = await readText(handle, from, Math.min(CUT_SEARCH_BYTES, info.size - from));
      const cut = nextEntryBoundary(text, 0);
      if (cut >= 0 && from + cut < info.size) cuts.push(from + cut);
    }
    if (cuts.length < 2) return;
    return cuts.map((start, i) => ({
      path,
      start,
      end: cuts[i + 1] ?? info.size,
      last: i === cuts.length - 1,
      endsWithNewline: last === '\n',
      fileSize: info.size,
    }));
  } finally {
    await handle.close();
  }
}

/**
 * Digests `ranges` in workers and merges them into `digest`; undefined when the answer could
 * differ from one pass (an entry cut for its size), so the caller reads in one pass instead.
 * The workers then wait `idleMs` for the next digest (the pool's default when undefined).
 */
async function digestInWorkers(
  ranges: SlowLogRange[],
  script: SlowLogWorkerScript,
  digest: SlowLogDigest,
  options: SlowLogDigestOptions,
  idleMs?: number,
): Promise<SlowLogDigestSummary | undefined> {
  options.signal?.throwIfAborted();
  const { filter } = digest;
  const path = ranges[0]!.path;
  const readerOptions = {
    maxLineBytes: options.maxLineBytes,
    maxStatementBytes: options.maxStatementBytes,
  };
  const workers = ranges.map((range) => {
    const worker = takeSlowLogWorker(script);
    worker.postMessage({ kind: 'job', job: { range, filter, readerOptions } } satisfies ToWorker);
    return worker;
  });
  const tails: (DigestCarry | undefined)[] = ranges.map(() => undefined);
  const started: boolean[] = ranges.map(() => false);
  let bytes = 0;
  // Each range starts from what the log before it carried: the digest's own carry for the
  // first, then each range's last db/time (or what it was handed, when it set none).
  const startReady = () => {
    let carry = digest.carry;
    for (let i = 0; i < ranges.length; i += 1) {
      if (!started[i]) {
        started[i] = true;
        workers[i]!.postMessage({ kind: 'start', carry } satisfies ToWorker);
      }
      const tail = tails[i];
      if (!tail) return;
      carry = { db: tail.db ?? carry.db, time: tail.time ?? carry.time };
    }
  };
  type Result = Extract<FromWorker, { kind: 'done' }>['result'];
  const results = await new Promise<Result[] | undefined>((resolve, reject) => {
    const done: Result[] = [];
    const heard: boolean[] = ranges.map(() => false);
    let finished = 0;
    let settled = false;
    // Each worker's listeners, removed when the run ends (a worker may serve the next run).
    const listeners: (() => void)[] = [];
    const detach = () => {
      for (const remove of listeners) remove();
      options.signal?.removeEventListener('abort', onAbort);
    };
    const settle = (error: unknown, fallBack: boolean) => {
      if (settled) return;
      settled = true;
      detach();
      for (const worker of workers) void worker.terminate();
      if (fallBack) resolve(undefined);
      else reject(error);
    };
    const stop = (error: unknown) => settle(error, false);
    // A worker that fails before it says anything could not start (a packaged app that cannot
    // load the script, say): read in one pass instead.
    const failed = (i: number) => (error: unknown) => settle(error, !heard[i]);
    const onAbort = () => stop(options.signal!.reason);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    // The db and time each range hands on, found here while the workers start: done in the
    // workers, the second one waited for the first one's start, cold code and all (measured
    // 130-300 ms on a loaded 2-core machine, against a few milliseconds here).
    ranges.slice(0, -1).forEach((range, i) => {
      rangeTailCarry(range, readerOptions).then(
        (carry) => {
          if (settled) return;
          tails[i] = carry;
          startReady();
        },
        (error: NodeJS.ErrnoException) =>
          stop(new SlowLogSourceError(`${sourceName(path)}: ${readError(error)}`)),
      );
    });
    workers.forEach((worker, i) => {
      const onMessage = (message: FromWorker) => {
        heard[i] = true;
        if (message.kind === 'progress') {
          bytes += message.bytes;
          options.onProgress?.(path, bytes);
        } else if (message.kind === 'done') {
          done[i] = message.result;
          finished += 1;
          if (finished === workers.length) {
            settled = true;
            detach();
            for (const finishedWorker of workers)
              returnSlowLogWorker(script, finishedWorker, idleMs);
            resolve(done);
          }
        } else {
          stop(new SlowLogSourceError(`${sourceName(path)}: ${readError(message)}`));
        }
      };
      const onError = failed(i);
      const onExit = (code: number) => {
        if (!done[i]) failed(i)(new Error(`a slow-log worker stopped (exit code ${code})`));
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      listeners.push(() => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      });
    });
    startReady();
  });
  if (!results) return undefined;
  if (results.some((r) => r.problems.some((p) => p.kind === 'oversized'))) return undefined;
  const problems: SlowLogProblem[] = [];
  let problemCount = 0;
  let entries = 0;
  let looksLikeSlowLog = false;
  for (let i = 0; i < results.length; i += 1) {
    let result = results[i]!;
    if (digest.typeConflicts(result.state).length > 0) {
      // An attribute whose first value here looked different: digest the range again with the
      // types already decided, as one pass would have.
      result = await digestRange(
        ranges[i]!,
        filter,
        readerOptions,
        digest.carry,
        () => {},
        digest.types,
      );
    }
    digest.merge(result.state);
    problems.push(...result.problems.slice(0, 1000 - problems.length));
    problemCount += result.problemCount;
    entries += result.entries;
    looksLikeSlowLog ||= result.looksLikeSlowLog;
  }
  if (!looksLikeSlowLog)
    throw new SlowLogSourceError(
      `${sourceName(path)}: no slow-log entries (no "# Time:", "# User@Host:" or "# Query_time:" lines)`,
    );
  const last = ranges[ranges.length - 1]!;
  // A file that shrank while it was read: what was read of it (its ranges said so).
  const short = results.some((r, i) => r.bytesRead < ranges[i]!.end - ranges[i]!.start);
  return {
    bytes: short
      ? results.reduce((sum, r) => sum + r.bytesRead, 0)
      : last.end + (last.endsWithNewline ? 0 : 1),
    entries,
    reader: { problems, problemCount },
    workers: ranges.length,
  };
}

function readError(message: { code?: string; message: string }): string {
  return message.code === 'ENOENT' ? 'no such file' : message.message;
}
