import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import nodePath from 'node:path';
import { ApiError } from '../../shared/api/errors';
import { safeFileName } from '../../shared/api/download-name';
import type { ExportFormat, ExportStatus } from '../../shared/api/export';
import type { CallContext, Handler, Handlers } from '../backend/handlers';
import { connectionFlow } from '../db/connection-flow';
import { errorToApi } from '../db/error-to-api';
import { isFatal } from '../db/fatal-error';
import { streamStatement } from '../db/stream-statement';
import { csvWriter } from '../export/csv-writer';
import type { DownloadOffers } from '../export/download-offer';
import { ExportFile } from '../export/export-file';
import { defaultExportPath, resolveExportPath } from '../export/export-path';
import { ExportPump } from '../export/export-pump';
import { jsonlWriter } from '../export/jsonl-writer';
import type { ConnectionStore } from '../store/connection-store';
import type { RowWriter, RowWriterFactory } from '../export/row-writer';
import { resultColumnsOf } from './query-result';
import type { SessionLocks } from './session-locks';
import type { OpenSession, SessionRegistry } from './session-registry';
import { guardUserSql } from './user-sql-guard';

/** How often a running export reports its progress. */
const PROGRESS_EVERY_MS = 200;
/** Finished exports remembered (for `export.status`) before the oldest are forgotten. */
const KEPT_FINISHED = 100;

const WRITERS: Record<ExportFormat, RowWriterFactory> = { csv: csvWriter, jsonl: jsonlWriter };

/** What a download is served as (with `nosniff`, the browser takes it as said). */
const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
};

interface ExportRun {
  status: ExportStatus;
  owner: OpenSession;
  file: ExportFile;
  started: number;
  threadId: number | null;
  pump: ExportPump | null;
  /** Why the export is being stopped early, once it is. */
  stop: 'user' | 'closed' | 'file' | null;
  /** A KILL QUERY under way; the session is not released before it is done. */
  killing: Promise<void> | null;
  /** For a browser download: the name offered; the file is handed to the web server when done. */
  downloadName: string | null;
}

type ExportMethods =
  | 'query.export'
  | 'query.exportDownload'
  | 'export.status'
  | 'export.cancel'
  | 'export.defaultPath';

/**
 * Full-result exports: a result's statement runs again on its own session and every row is
 * streamed straight into a file (CSV or JSON Lines), with backpressure, progress events and
 * cancel - see ExportParamsSchema for what that means for session state and which statements
 * are run again.
 */
export function exportService(
  store: ConnectionStore,
  sessions: SessionRegistry,
  locks: SessionLocks,
  queryStatus: Handler<'query.status'>,
  options: { homeDir?: string; downloads?: DownloadOffers | undefined } = {},
): Handlers<ExportMethods> {
  const home = options.homeDir ?? os.homedir();
  const downloads = options.downloads;
  const runs = new Map<string, ExportRun>();
  /**
   * Folders exports write into without asking: the home folder (where the suggested name is),
   * and each folder the user confirmed once, for as long as the backend runs.
   */
  const approvedFolders = new Set<string>([nodePath.resolve(home)]);

  sessions.onClose((sessionId) => {
    locks.forget(sessionId);
    for (const run of runs.values()) {
      if (run.owner.sessionId === sessionId && run.status.state === 'running') {
        // Closing the connection ends the statement; the export then removes its file.
        run.stop ??= 'closed';
        run.pump?.abandon();
      }
    }
  });

  function ownedRun(exportId: string, ctx: CallContext): ExportRun {
    const run = runs.get(exportId);
    if (!run || run.owner.peerId !== ctx.peerId) {
      throw new ApiError({ code: 'NOT_FOUND', message: `No export ${exportId}` });
    }
    return run;
  }

  function snapshot(run: ExportRun): ExportStatus {
    const s = run.status;
    s.bytes = run.pump?.bytes ?? 0;
    if (s.state === 'running') s.elapsedMs = performance.now() - run.started;
    return structuredClone(s);
  }

  function forgetOldRuns(): void {
    const finished = [...runs.values()].filter((r) => r.status.state !== 'running');
    for (const r of finished.slice(0, Math.max(0, finished.length - KEPT_FINISHED))) {
      runs.delete(r.status.exportId);
    }
  }

  /** Asks the server to stop the statement (once); the stream then ends with an error. */
  function stopStatement(run: ExportRun, reason: 'user' | 'file'): void {
    if (run.stop) return;
    run.stop = reason;
    run.pump?.abandon();
    if (run.threadId !== null) {
      run.killing = run.owner.session.killQuery(run.threadId).then(
        () => undefined,
        () => undefined,
      );
    }
  }

  function execute(run: ExportRun, sql: string, ctx: CallContext): void {
    const status = run.status;
    const publish = () => ctx.emit('export.update', snapshot(run));
    let writer: RowWriter | null = null;
    let lastProgress = 0;
    let settled = false;

    const settle = async (failure: unknown) => {
      if (settled) return;
      settled = true;
      await run.killing;
      let state: ExportStatus['state'] = 'done';
      let error: ApiError | null = null;
      if (run.stop === null && failure === null) {
        try {
          run.pump?.finish();
          await run.file.complete();
          if (run.downloadName !== null && downloads) {
            // From here the web server owns the file: it removes it once served or expired.
            status.download = downloads.offer({
              client: ctx.peerId,
              file: nodePath.basename(run.file.target),
              fileName: run.downloadName,
              contentType: CONTENT_TYPES[status.format],
            });
          }
        } catch (err) {
          state = 'error';
          error = err instanceof ApiError ? err : errorToApi(err);
        }
      } else {
        run.pump?.abandon();
        await run.file.discard();
        if (run.stop === 'user') {
          state = 'cancelled';
          error = new ApiError({
            code: 'CANCELLED',
            message: 'Export cancelled by user; the partial file was removed.',
          });
        } else if (run.stop === 'closed') {
          state = 'cancelled';
          error = new ApiError({
            code: 'CANCELLED',
            message: 'The session was closed; the partial file was removed.',
          });
        } else if (run.stop === 'file') {
          state = 'error';
          error = run.file.error;
        } else {
          state = 'error';
          error = failure instanceof ApiError ? failure : errorToApi(failure);
          if (isFatal(failure)) {
            // The link broke mid-statement: let the session notice and reconnect next time.
            void run.owner.session.status().catch(() => {});
          }
        }
      }
      status.elapsedMs = performance.now() - run.started;
      status.error = error ? error.toShape() : null;
      status.formulaLikeCells = writer?.formulaLikeCells?.() ?? 0;
      // Last: the session stays taken until the file is settled and any KILL has landed.
      status.state = state;
      publish();
      forgetOldRuns();
    };

    run.file.onError(() => stopStatement(run, 'file'));
    // Announced at once, not with the first rows: a statement may run long before its first row,
    // and the page must know the session is exporting (closing its tab would cancel it).
    publish();

    run.owner.session
      .run(
        async (conn) => {
          if (run.stop) return settle(null);
          run.threadId = run.owner.session.threadId;
          const pump = new ExportPump(run.file.stream, connectionFlow(conn));
          run.pump = pump;
          await new Promise<void>((resolve) => {
            streamStatement(conn, sql, {
              columns(fields) {
                writer = WRITERS[status.format](resultColumnsOf(fields));
                pump.push(writer.header());
              },
              row(values) {
                if (run.stop || !writer) return;
                pump.push(writer.row(values));
                status.rows++;
                const now = performance.now();
                if (now - lastProgress > PROGRESS_EVERY_MS) {
                  lastProgress = now;
                  publish();
                }
              },
              end() {
                resolve();
                void settle(null);
              },
              error(err) {
                resolve();
                void settle(err);
              },
            });
          });
          // Re-run after a lost connection with state in it, the statement would read another
          // schema's table, or miss its temporary table: refused once, as in the editor.
        },
        { userStatement: true },
      )
      .catch((err: unknown) => void settle(err));
  }

  /**
   * Starts an export of a finished result: checks it, takes the session, checks the statement
   * only reads, creates the file (`target` says where) and streams into it.
   */
  async function begin(
    queryId: string,
    format: ExportFormat,
    ctx: CallContext,
    target: () => Promise<{
      shownPath: string;
      downloadName: string | null;
      create: () => Promise<ExportFile>;
    }>,
  ): Promise<ExportStatus> {
    const query = await queryStatus({ queryId }, ctx);
    if (query.state === 'running') {
      throw new ApiError({
        code: 'SESSION_BUSY',
        message: 'The statement is still running: export its result once it has finished.',
      });
    }
    if (query.columns === null) {
      throw new ApiError({
        code: 'INVALID_REQUEST',
        message: 'This statement returned no rows, so there is nothing to export.',
      });
    }
    const owner = sessions.owned(query.sessionId, ctx.peerId);
    const where = await target();
    const status: ExportStatus = {
      exportId: randomUUID(),
      queryId,
      sessionId: query.sessionId,
      format,
      path: where.shownPath,
      state: 'running',
      rows: 0,
      bytes: 0,
      elapsedMs: 0,
      error: null,
      formulaLikeCells: 0,
    };
    // Taken before the guard reads sql_mode, so nothing else runs between that and the export.
    let preparing = true;
    locks.claim(query.sessionId, 'export', () => preparing || status.state === 'running');
    let file: ExportFile;
    try {
      // Only what is known to only read runs again: repeating a write would do it twice.
      await guardUserSql(
        owner.session,
        query.sql,
        { kind: 'export' },
        store.get(owner.connectionId),
      );
      file = await where.create();
    } catch (err) {
      status.state = 'error';
      throw err;
    } finally {
      preparing = false;
    }
    const run: ExportRun = {
      status,
      owner,
      file,
      started: performance.now(),
      threadId: null,
      pump: null,
      stop: null,
      killing: null,
      downloadName: where.downloadName,
    };
    runs.set(status.exportId, run);
    execute(run, query.sql, ctx);
    return snapshot(run);
  }

  return {
    'query.export': async ({ queryId, format, path, overwrite, confirmedFolder }, ctx) =>
      begin(queryId, format, ctx, async () => {
        const target = await resolveExportPath(
          path,
          {
            overwrite: overwrite ?? false,
            confirmedFolder: confirmedFolder ?? false,
            approvedFolders,
          },
          home,
        );
        return {
          shownPath: target,
          downloadName: null,
          create: async () => {
            const file = await ExportFile.create(target, overwrite ?? false);
            approvedFolders.add(nodePath.dirname(target));
            return file;
          },
        };
      }),
    'query.exportDownload': async ({ queryId, format, fileName }, ctx) => {
      if (!downloads) {
        throw new ApiError({
          code: 'INVALID_REQUEST',
          message: 'Downloads exist in browser mode only; the desktop app saves to a file.',
        });
      }
      const name = safeFileName(fileName, format);
      return begin(queryId, format, ctx, async () => ({
        shownPath: name,
        downloadName: name,
        // A name of its own in the web server's private folder, readable by this user only.
        create: () =>
          ExportFile.create(
            nodePath.join(downloads.dir, `${randomBytes(16).toString('hex')}.${format}`),
            false,
          ),
      }));
    },
    'export.status': async ({ exportId }, ctx) => snapshot(ownedRun(exportId, ctx)),
    'export.cancel': async ({ exportId }, ctx) => {
      const run = ownedRun(exportId, ctx);
      if (run.status.state !== 'running' || run.stop) return { cancelled: false };
      stopStatement(run, 'user');
      return { cancelled: true };
    },
    'export.defaultPath': async ({ format }) => ({
      path: await defaultExportPath(format, home),
      homeDir: home,
    }),
  };
}
