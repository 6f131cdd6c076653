// Slow-log analysis for the tuning screen: a local file read on the backend's machine, streamed
// through the core's reader and digest (only the digest is kept), with throttled progress events
// and cancel. One analysis per session: a new one cancels the one running.
import { randomUUID } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ApiError } from '../../shared/api/errors';
import type { SlowLogFilter, SlowLogRun, SlowLogWindow } from '../../shared/api/slowlog';
import {
  isOwnClass,
  SlowLogDigest,
  type SlowLogEntry,
  type SlowLogProblem,
} from '../../shared/slowlog';
import { digestFilterOf, isFilterEmpty } from '../../shared/slowlog/filter-text';
import { errorToApi } from '../db/error-to-api';
import type { CallContext, Handlers } from '../backend/handlers';
import { digestSlowLogSources, warmSlowLogWorkers } from '../slowlog/digest-slowlog-sources';
import { readSlowLogSources, SlowLogSourceError } from '../slowlog/read-slowlog-sources';
import type { ConnectionStore } from '../store/connection-store';
import type { SessionRegistry } from './session-registry';
import { probeServerSlowLog, serverSlowLogPath } from './slowlog-server-file';
import {
  openServerFileRead,
  openTableRead,
  serverVariables,
  withSftp,
  type SlowLogRead,
} from './slowlog-server-reads';
import { slowLogSources, type ServerFileProbe } from './slowlog-sources';
import { slowLogComparison } from './slowlog-comparison';
import { slowLogResult } from './slowlog-result';

/** Progress events at most this often. */
const PROGRESS_MS = 200;
/** Ended runs kept for `slowlog.status`. */
const KEEP_ENDED = 20;

interface Run {
  status: SlowLogRun;
  peerId: string;
  abort: AbortController;
  stop: 'user' | 'replaced' | 'closed' | null;
  started: number;
}

const STOP_MESSAGES = {
  user: 'Analysis cancelled.',
  replaced: 'Analysis cancelled: another one was started in this session.',
  closed: 'Analysis cancelled: the session or the screen was closed.',
} as const;

/** The file the user named: `~` is the backend user's home; relative paths are refused. */
function resolvePath(input: string, home: string): string {
  const trimmed = input.trim();
  if (trimmed === '~') return home;
  if (trimmed.startsWith('~/')) return path.join(home, trimmed.slice(2));
  if (!path.isAbsolute(trimmed))
    throw new ApiError({
      code: 'INVALID_REQUEST',
      message: `Give the slow log's full path (absolute, or starting with ~/): "${trimmed}"`,
      field: 'path',
    });
  return path.normalize(trimmed);
}

/** Its size on disk, or null for a gzip file (progress counts unzipped bytes). */
async function plainSize(file: string): Promise<number | null> {
  try {
    const info = await stat(file);
    if (!info.isFile()) return null;
    const handle = await open(file, 'r');
    try {
      const head = Buffer.alloc(2);
      const { bytesRead } = await handle.read(head, 0, 2, 0);
      return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b ? null : info.size;
    } finally {
      await handle.close();
    }
  } catch {
    // The reader says why it cannot read the file.
    return null;
  }
}

export function slowlogService(
  store: ConnectionStore,
  sessions: SessionRegistry,
  options: { homeDir?: string } = {},
): Handlers<
  | 'slowlog.sources'
  | 'slowlog.analyze'
  | 'slowlog.analyzeTable'
  | 'slowlog.analyzeServerFile'
  | 'slowlog.compare'
  | 'slowlog.compareServerLog'
  | 'slowlog.status'
  | 'slowlog.cancel'
> {
  const home = options.homeDir ?? os.homedir();
  const runs = new Map<string, Run>();
  const running = new Map<string, Run>();
  const watchedPeers = new Set<string>();

  const stopRun = (run: Run, why: Exclude<Run['stop'], null>) => {
    if (run.status.state !== 'running' || run.stop) return false;
    run.stop = why;
    run.abort.abort(new Error(STOP_MESSAGES[why]));
    return true;
  };

  sessions.onClose((sessionId) => {
    const run = running.get(sessionId);
    if (run) stopRun(run, 'closed');
  });

  const forgetOld = () => {
    const ended = [...runs.values()].filter((r) => r.status.state !== 'running');
    for (const r of ended.slice(0, Math.max(0, ended.length - KEEP_ENDED)))
      runs.delete(r.status.runId);
  };

  const owned = (runId: string, peerId: string): Run => {
    const run = runs.get(runId);
    if (!run || run.peerId !== peerId)
      throw new ApiError({ code: 'NOT_FOUND', message: `No slow-log analysis ${runId}` });
    return run;
  };

  type Read = SlowLogRead;

  /** What a run hands its entries to, and what it makes of them once all are read. */
  interface Sink {
    /** `source`: which of the run's files the entry is from. */
    add(entry: SlowLogEntry, source: number): void;
    finish(read: { problems: SlowLogProblem[]; problemCount: number }): Partial<SlowLogRun>;
    /** The one digest every entry goes to, when that is all the sink does (an analysis). */
    digest?: SlowLogDigest;
  }

  /**
   * One local file into one digest: big plain files are read in worker threads and merged
   * (digestSlowLogSources), with the same result as reading them in one pass.
   */
  const digestFile =
    (file: string, digest: SlowLogDigest): Read =>
    async (_onEntry, signal, progress) => {
      const summary = await digestSlowLogSources([file], digest, {
        signal,
        onProgress: (_source, bytes) => progress(bytes),
      });
      const { problems, problemCount } = summary.reader;
      return { done: summary.bytes, problems, problemCount };
    };

  const readFiles =
    (files: string[]): Read =>
    async (onEntry, signal, progress) => {
      let before = 0;
      let done = 0;
      const problems: SlowLogProblem[] = [];
      let problemCount = 0;
      // Read one after the other, so each file's problems keep that file's offsets.
      for (const [source, file] of files.entries()) {
        const summary = await readSlowLogSources([file], (e) => onEntry(e, source), {
          signal,
          onProgress: (_source, bytes) => progress(before + bytes),
        });
        before += summary.bytes;
        done = before;
        problems.push(...summary.reader.problems);
        problemCount += summary.reader.problemCount;
      }
      return { done, problems, problemCount };
    };

  /** One digest with the filter (it counts Sightline's own statements itself): an analysis. */
  const analysis = (filter: SlowLogFilter | undefined): Sink & { digest: SlowLogDigest } => {
    const given = filter && !isFilterEmpty(filter) ? filter : null;
    const digest = new SlowLogDigest(given ? digestFilterOf(given) : {});
    return {
      digest,
      add: (entry) => digest.add(entry),
      finish: ({ problems, problemCount }) => ({
        result: slowLogResult(
          digest.results(),
          digest.count,
          { list: problems, count: problemCount },
          undefined,
          { filter: given, filteredOut: digest.filteredOut, isOwn: isOwnClass },
        ),
      }),
    };
  };

  const execute = async (run: Run, ctx: CallContext, read: Read, sink: Sink) => {
    const status = run.status;
    let lastEmit = 0;
    const measure = () => {
      status.elapsedMs = performance.now() - run.started;
      const seconds = status.elapsedMs / 1000;
      status.bytesPerSecond = seconds > 0 ? status.bytesRead / seconds : 0;
      status.etaSeconds =
        status.totalBytes !== null && status.bytesPerSecond > 0
          ? Math.max(0, status.totalBytes - status.bytesRead) / status.bytesPerSecond
          : null;
    };
    try {
      const summary = await read(
        (entry, source) => sink.add(entry, source),
        run.abort.signal,
        (done) => {
          status.bytesRead = done;
          const now = performance.now();
          if (now - lastEmit < PROGRESS_MS) return;
          lastEmit = now;
          measure();
          ctx.emit('slowlog.update', { ...status });
        },
      );
      status.bytesRead = summary.done;
      if (status.totalBytes !== null) status.totalBytes = Math.max(status.totalBytes, summary.done);
      Object.assign(status, sink.finish(summary));
      status.state = 'done';
    } catch (error) {
      if (run.stop) {
        status.state = 'cancelled';
        status.error = { code: 'CANCELLED', message: STOP_MESSAGES[run.stop] };
      } else {
        status.state = 'error';
        status.error =
          error instanceof SlowLogSourceError
            ? { code: 'FILE_ERROR', message: error.message, field: 'path' }
            : (error instanceof ApiError ? error : errorToApi(error)).toShape();
      }
    }
    measure();
    if (running.get(status.sessionId) === run) running.delete(status.sessionId);
    ctx.emit('slowlog.update', { ...status });
    forgetOld();
  };

  const begin = (
    sessionId: string,
    ctx: CallContext,
    source: string,
    unit: SlowLogRun['unit'],
    total: number | null,
    read: Read,
    sink: Sink,
  ): SlowLogRun => {
    const previous = running.get(sessionId);
    if (previous) stopRun(previous, 'replaced');
    const run: Run = {
      peerId: ctx.peerId,
      abort: new AbortController(),
      stop: null,
      started: performance.now(),
      status: {
        runId: randomUUID(),
        sessionId,
        path: source,
        unit,
        state: 'running',
        bytesRead: 0,
        totalBytes: total,
        bytesPerSecond: 0,
        etaSeconds: null,
        elapsedMs: 0,
        error: null,
        result: null,
        comparison: null,
      },
    };
    runs.set(run.status.runId, run);
    running.set(sessionId, run);
    // One listener per screen, not per run: a listener per run would keep every result alive.
    if (!watchedPeers.has(ctx.peerId)) {
      watchedPeers.add(ctx.peerId);
      ctx.onPeerClose(() => {
        watchedPeers.delete(ctx.peerId);
        for (const r of running.values()) if (r.peerId === ctx.peerId) stopRun(r, 'closed');
      });
    }
    const first = { ...run.status };
    void execute(run, ctx, read, sink);
    return first;
  };

  return {
    'slowlog.sources': async ({ sessionId }, ctx) => {
      const owner = sessions.owned(sessionId, ctx.peerId);
      // The screen asking is the screen that will digest a log: its workers get ready meanwhile.
      void warmSlowLogWorkers();
      const hasSsh = store.get(owner.connectionId).ssh !== null;
      const variables = await serverVariables(owner.session).catch(() => null);
      let serverFile: ServerFileProbe | null = null;
      const file = serverSlowLogPath(variables?.file ?? null, variables?.datadir ?? null);
      if (hasSsh && file) {
        serverFile = await withSftp(owner.session, async (sftp) => {
          const probe = await probeServerSlowLog(sftp, file);
          return probe.readable ? { readable: true as const, path: file } : probe;
        }).catch((e: unknown) => ({
          readable: false as const,
          reason: `SFTP on the SSH tunnel failed: ${(e as Error).message}`,
        }));
      }
      return { sources: slowLogSources(hasSsh, variables, serverFile) };
    },
    'slowlog.analyzeServerFile': async ({ sessionId, filter }, ctx) => {
      const src = await openServerFileRead(store, sessions.owned(sessionId, ctx.peerId));
      return begin(sessionId, ctx, src.label, src.unit, src.total, src.read, analysis(filter));
    },
    'slowlog.analyze': async ({ sessionId, path: input, filter }, ctx) => {
      sessions.owned(sessionId, ctx.peerId);
      const file = resolvePath(input, home);
      const size = await plainSize(file);
      const sink = analysis(filter);
      return begin(sessionId, ctx, file, 'bytes', size, digestFile(file, sink.digest), sink);
    },
    'slowlog.compare': async ({ sessionId, before, after }, ctx) => {
      sessions.owned(sessionId, ctx.peerId);
      const windows: [SlowLogWindow, SlowLogWindow] = [
        { ...before, path: resolvePath(before.path, home) },
        { ...after, path: resolvePath(after.path, home) },
      ];
      const files = [...new Set(windows.map((w) => w.path))];
      const sizes = await Promise.all(files.map(plainSize));
      const total = sizes.every((n) => n !== null)
        ? sizes.reduce<number>((a, n) => a + (n ?? 0), 0)
        : null;
      const sink = slowLogComparison(windows, files.length === 1);
      return begin(sessionId, ctx, files.join(' → '), 'bytes', total, readFiles(files), sink);
    },
    'slowlog.analyzeTable': async ({ sessionId, filter }, ctx) => {
      const src = await openTableRead(sessions.owned(sessionId, ctx.peerId));
      return begin(sessionId, ctx, src.label, src.unit, src.total, src.read, analysis(filter));
    },
    'slowlog.compareServerLog': async ({ sessionId, source, before, after }, ctx) => {
      const owner = sessions.owned(sessionId, ctx.peerId);
      const src =
        source === 'table' ? await openTableRead(owner) : await openServerFileRead(store, owner);
      // One log read once, every entry into both windows' digests.
      const sink = slowLogComparison(
        [
          { path: src.label, filter: before },
          { path: src.label, filter: after },
        ],
        true,
      );
      return begin(sessionId, ctx, src.label, src.unit, src.total, src.read, sink);
    },
    'slowlog.status': async ({ runId }, ctx) => ({ ...owned(runId, ctx.peerId).status }),
    'slowlog.cancel': async ({ runId }, ctx) => ({
      cancelled: stopRun(owned(runId, ctx.peerId), 'user'),
    }),
  };
}
