// Slow-log analysis for the tuning screen: a local file read on the backend's machine, streamed
// through the core's reader and digest (only the digest is kept), with throttled progress events
// and cancel. One analysis per session: a new one cancels the one running.
import { randomUUID } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ApiError } from '../../shared/api/errors';
import type { SlowLogRun } from '../../shared/api/slowlog';
import { SlowLogDigest, type SlowLogProblem } from '../../shared/slowlog';
import { errorToApi } from '../db/error-to-api';
import type { CallContext, Handlers } from '../backend/handlers';
import { digestSlowLogSources } from '../slowlog/digest-slowlog-sources';
import { SlowLogSourceError } from '../slowlog/read-slowlog-sources';
import type { ConnectionStore } from '../store/connection-store';
import type { SessionRegistry } from './session-registry';
import { slowLogSources, slowLogVariables } from './slowlog-sources';
import { slowLogResult } from './slowlog-result';
import { readSlowLogTable } from './slowlog-table';

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

  /** Reads the run's source into `digest`, reporting progress; returns the problems met. */
  type Read = (
    digest: SlowLogDigest,
    signal: AbortSignal,
    progress: (done: number) => void,
  ) => Promise<{ done: number; problems: SlowLogProblem[]; problemCount: number }>;

  const readFile =
    (file: string): Read =>
    async (digest, signal, progress) => {
      const summary = await digestSlowLogSources([file], digest, {
        signal,
        onProgress: (_source, bytes) => progress(bytes),
      });
      const { problems, problemCount } = summary.reader;
      return { done: summary.bytes, problems, problemCount };
    };

  const execute = async (run: Run, ctx: CallContext, read: Read) => {
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
    const digest = new SlowLogDigest();
    try {
      const summary = await read(digest, run.abort.signal, (done) => {
        status.bytesRead = done;
        const now = performance.now();
        if (now - lastEmit < PROGRESS_MS) return;
        lastEmit = now;
        measure();
        ctx.emit('slowlog.update', { ...status });
      });
      status.bytesRead = summary.done;
      if (status.totalBytes !== null) status.totalBytes = Math.max(status.totalBytes, summary.done);
      status.result = slowLogResult(digest.results(), digest.count, {
        list: summary.problems,
        count: summary.problemCount,
      });
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
    void execute(run, ctx, read);
    return first;
  };

  return {
    'slowlog.sources': async ({ sessionId }, ctx) => {
      const owner = sessions.owned(sessionId, ctx.peerId);
      const hasSsh = store.get(owner.connectionId).ssh !== null;
      // On the side connection: the tool session may be busy explaining.
      const variables = await owner.session
        .withSideConnection(async (conn) => {
          const [rows] = await conn.query({
            sql: `SELECT @@global.slow_query_log, @@global.log_output, @@global.slow_query_log_file`,
            rowsAsArray: true,
          });
          return slowLogVariables((rows as unknown[])[0]);
        })
        .catch(() => null);
      return { sources: slowLogSources(hasSsh, variables) };
    },
    'slowlog.analyze': async ({ sessionId, path: input }, ctx) => {
      sessions.owned(sessionId, ctx.peerId);
      const file = resolvePath(input, home);
      return begin(sessionId, ctx, file, 'bytes', await plainSize(file), readFile(file));
    },
    'slowlog.analyzeTable': async ({ sessionId }, ctx) => {
      const owner = sessions.owned(sessionId, ctx.peerId);
      const rows = await owner.session
        .withSideConnection(async (conn) => {
          const [variables] = await conn.query({
            sql: `SELECT @@global.log_output`,
            rowsAsArray: true,
          });
          const output = String((variables as unknown[][])[0]?.[0] ?? '').toUpperCase();
          if (!output.split(',').includes('TABLE')) return null;
          const [count] = await conn.query({
            sql: `SELECT COUNT(*) FROM mysql.slow_log`,
            rowsAsArray: true,
          });
          const n = Number((count as unknown[][])[0]?.[0]);
          return Number.isSafeInteger(n) && n >= 0 ? n : 0;
        })
        .catch((e: unknown) => {
          throw e instanceof ApiError ? e : errorToApi(e);
        });
      if (rows === null)
        throw new ApiError({
          code: 'INVALID_REQUEST',
          message:
            "This server's log_output does not include TABLE: mysql.slow_log is not written.",
        });
      return begin(
        sessionId,
        ctx,
        'mysql.slow_log',
        'rows',
        rows,
        async (digest, signal, progress) => {
          const done = await readSlowLogTable(owner.session, (e) => digest.add(e), {
            signal,
            onProgress: progress,
          });
          return { done, problems: [], problemCount: 0 };
        },
      );
    },
    'slowlog.status': async ({ runId }, ctx) => ({ ...owned(runId, ctx.peerId).status }),
    'slowlog.cancel': async ({ runId }, ctx) => ({
      cancelled: stopRun(owned(runId, ctx.peerId), 'user'),
    }),
  };
}
