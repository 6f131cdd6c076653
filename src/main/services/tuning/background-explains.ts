import { ConnectionSettingsSchema } from '../../../shared/api/connection';
import { ApiError } from '../../../shared/api/errors';
import {
  backgroundRefusal,
  BackgroundExplainSettingsSchema,
  chooseStatements,
  defaultBackgroundExplainSettings,
  nextRunDelayMs,
  type BackgroundExplainSettings,
  type BackgroundExplainStatus,
  type BackgroundRun,
  withSkipped,
} from '../../../shared/tuning/background-explain';
import type { DigestCounts, DigestTexts } from '../../../shared/tuning/digest-row';
import type { CallContext } from '../../backend/handlers';
import type { ConnectionStore } from '../../store/connection-store';
import type { SessionRegistry } from '../session-registry';

/** A top statement as a run reads it: counters since the server started, and its texts. */
export type TopRow = DigestCounts & DigestTexts;

export interface BackgroundExplainDeps {
  store: ConnectionStore;
  sessions: SessionRegistry;
  /** The `limit` statements of most total latency (since the server started counting). */
  readTop: (sessionId: string, ctx: CallContext, limit: number) => Promise<TopRow[]>;
  /** Whether a statement is known to only read, as the session's server lexes it. */
  onlyReads: (sessionId: string, ctx: CallContext) => Promise<(sql: string) => boolean>;
  /** EXPLAIN (never ANALYZE) of one statement on the session, kept with its digest. */
  explainOne: (
    sessionId: string,
    ctx: CallContext,
    row: TopRow & { sample: string },
  ) => Promise<void>;
}

/** The most failures listed in a run's report. */
const MAX_FAILURES_LISTED = 5;
/** The server's "Unknown database" and "Table doesn't exist": the digest outlived them. */
const GONE_ERRORS: ReadonlySet<number> = new Set([1049, 1146]);
/** The longest digest text a report carries. */
const MAX_STATEMENT_CHARS = 200;

/** One Tuning screen's schedule: its session, the screen that owns it, and where it stands. */
interface Schedule {
  sessionId: string;
  connectionId: string;
  /** The call context of the screen (its peer): background work acts as that screen. */
  ctx: CallContext;
  timer: ReturnType<typeof setTimeout> | null;
  nextRunAt: number | null;
  running: Promise<void> | null;
  lastRun: BackgroundRun | null;
  failuresInARow: number;
  stopped: boolean;
}

/** Cuts a digest text for the report. */
function short(text: string): string {
  return text.length > MAX_STATEMENT_CHARS ? `${text.slice(0, MAX_STATEMENT_CHARS - 1)}…` : text;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Tuning's background explains: while a Tuning screen keeps its session open, the connection's
 * top statements are explained on the schedule saved with the connection, so plan history
 * builds without clicks. A run never overlaps the previous one, waits longer after each failed
 * run, skips statements it cannot explain as they are (saying how many and why), and stops
 * with the session. Off by default; never on a connection marked production unless allowed
 * there.
 */
export class BackgroundExplains {
  readonly #deps: BackgroundExplainDeps;
  readonly #schedules = new Map<string, Schedule>();

  constructor(deps: BackgroundExplainDeps) {
    this.#deps = deps;
    deps.sessions.onClose((id) => this.#stop(id));
  }

  /** The connection's settings as saved (off when never set). */
  settingsOf(connectionId: string): BackgroundExplainSettings {
    return (
      this.#deps.store.get(connectionId).backgroundExplains ?? defaultBackgroundExplainSettings()
    );
  }

  /** Where the screen's schedule stands; arms it for this screen's session if it should run. */
  status(sessionId: string, ctx: CallContext): BackgroundExplainStatus {
    const s = this.#scheduleOf(sessionId, ctx);
    this.#arm(s);
    return this.#statusOf(s);
  }

  /** Saves the connection's settings and starts, moves or stops the schedule accordingly. */
  async save(
    sessionId: string,
    ctx: CallContext,
    settings: BackgroundExplainSettings,
  ): Promise<BackgroundExplainStatus> {
    const s = this.#scheduleOf(sessionId, ctx);
    const valid = BackgroundExplainSettingsSchema.parse(settings);
    // The saved connection's settings (without its id, times and secrets), this part changed.
    const current = ConnectionSettingsSchema.parse(this.#deps.store.get(s.connectionId));
    await this.#deps.store.save(s.connectionId, { ...current, backgroundExplains: valid }, {});
    // A new interval counts from now.
    this.#clearTimer(s);
    this.#arm(s);
    return this.#statusOf(s);
  }

  /** Runs now (after the run under way, if any), when the schedule may run; the status after. */
  async runNow(sessionId: string, ctx: CallContext): Promise<BackgroundExplainStatus> {
    const s = this.#scheduleOf(sessionId, ctx);
    const refused = this.#refusal(s);
    if (refused) {
      throw new ApiError({
        code: 'INVALID_REQUEST',
        message:
          refused.reason ?? 'Background explains are off for this connection: turn them on first.',
      });
    }
    if (s.running) await s.running;
    this.#clearTimer(s);
    await this.#start(s);
    return this.#statusOf(s);
  }

  /** Stops every schedule (the backend is closing). */
  close(): void {
    for (const id of [...this.#schedules.keys()]) this.#stop(id);
  }

  #scheduleOf(sessionId: string, ctx: CallContext): Schedule {
    const owner = this.#deps.sessions.owned(sessionId, ctx.peerId);
    let s = this.#schedules.get(sessionId);
    if (!s) {
      s = {
        sessionId,
        connectionId: owner.connectionId,
        ctx,
        timer: null,
        nextRunAt: null,
        running: null,
        lastRun: null,
        failuresInARow: 0,
        stopped: false,
      };
      this.#schedules.set(sessionId, s);
    }
    return s;
  }

  #refusal(s: Schedule) {
    return backgroundRefusal(this.settingsOf(s.connectionId), this.#deps.store.get(s.connectionId));
  }

  /** Sets the timer for the next run if the schedule may run and none is set or under way. */
  #arm(s: Schedule): void {
    if (s.stopped) return;
    if (this.#refusal(s)) {
      this.#clearTimer(s);
      return;
    }
    if (s.timer !== null || s.running) return;
    const settings = this.settingsOf(s.connectionId);
    const delay = nextRunDelayMs(settings.intervalMinutes, s.failuresInARow);
    s.nextRunAt = Date.now() + delay;
    s.timer = setTimeout(() => {
      s.timer = null;
      s.nextRunAt = null;
      if (this.#refusal(s) === null) void this.#start(s);
    }, delay);
    // A pending run never keeps the backend process alive.
    s.timer.unref?.();
  }

  #clearTimer(s: Schedule): void {
    if (s.timer !== null) clearTimeout(s.timer);
    s.timer = null;
    s.nextRunAt = null;
  }

  #start(s: Schedule): Promise<void> {
    if (s.running) return s.running;
    s.running = this.#run(s).finally(() => {
      s.running = null;
      this.#arm(s);
    });
    return s.running;
  }

  async #run(s: Schedule): Promise<void> {
    const startedAt = new Date().toISOString();
    const settings = this.settingsOf(s.connectionId);
    const report: BackgroundRun = {
      startedAt,
      finishedAt: startedAt,
      considered: 0,
      explained: [],
      skipped: [],
      failed: [],
      error: null,
    };
    try {
      const top = await this.#deps.readTop(s.sessionId, s.ctx, settings.topStatements);
      const chosen = chooseStatements(top, await this.#deps.onlyReads(s.sessionId, s.ctx));
      report.considered = top.filter((r) => r.digest !== null).length;
      report.skipped = chosen.skipped;
      for (const row of chosen.explain) {
        if (s.stopped) break;
        try {
          await this.#deps.explainOne(s.sessionId, s.ctx, row);
          report.explained.push(short(row.digestText ?? row.sample));
        } catch (e) {
          // A lost connection or a closed session ends the run; one statement's error does not.
          if (e instanceof ApiError && (e.code === 'CONNECTION_LOST' || e.code === 'NOT_FOUND'))
            throw e;
          // The digest outlived its schema or table (dropped since): nothing to explain.
          if (
            e instanceof ApiError &&
            e.serverCode !== undefined &&
            GONE_ERRORS.has(e.serverCode)
          ) {
            report.skipped = withSkipped(report.skipped, 'gone');
            continue;
          }
          if (report.failed.length < MAX_FAILURES_LISTED) {
            report.failed.push({
              statement: short(row.digestText ?? row.sample),
              message: messageOf(e),
            });
          }
        }
      }
      if (chosen.explain.length > 0 && report.explained.length === 0 && report.failed.length > 0) {
        throw new Error(`None of the ${chosen.explain.length} statements could be explained.`);
      }
      s.failuresInARow = 0;
    } catch (e) {
      report.error = messageOf(e);
      s.failuresInARow++;
    } finally {
      report.finishedAt = new Date().toISOString();
      s.lastRun = report;
    }
  }

  #stop(sessionId: string): void {
    const s = this.#schedules.get(sessionId);
    if (!s) return;
    s.stopped = true;
    this.#clearTimer(s);
    this.#schedules.delete(sessionId);
  }

  #statusOf(s: Schedule): BackgroundExplainStatus {
    const settings = this.settingsOf(s.connectionId);
    const refused = this.#refusal(s);
    return {
      settings,
      state: s.running ? 'running' : refused ? refused.state : 'waiting',
      blockedReason: refused?.reason ?? null,
      nextRunAt: s.nextRunAt === null ? null : new Date(s.nextRunAt).toISOString(),
      lastRun: s.lastRun,
      failuresInARow: s.failuresInARow,
    };
  }
}
