import type { Connection } from 'mysql2/promise';
import { ProgressTracker } from '../../../shared/alter/alter-progress';
import { runSettingsSql } from '../../../shared/alter/run-settings';
import type { ParsedAlter } from '../../../shared/alter/alter-operation';
import type { AlterAlgorithm, AlterLock } from '../../../shared/alter/alter-rules';
import type { AlterBlocker, AlterHistoryEntry, AlterRunStatus } from '../../../shared/api/alter';
import { ApiError } from '../../../shared/api/errors';
import { formatDuration } from '../../../shared/format/duration';
import type { ServerInfo } from '../../../shared/server/server-info';
import type { DbSession } from '../../db/db-session';
import { errorToApi } from '../../db/error-to-api';
import { readBlockers } from './read-blockers';
import { readProgress } from './read-progress';
import { readCreateTable } from './read-table-facts';
import { readTableIds } from './innodb-table-name';
import { checkThread, type ThreadIdentity } from '../../db/thread-identity';
import type { AlterOperationKind } from '../../../shared/alter/alter-operation';
import {
  enableStages,
  readStageSettings,
  restoreStageSettings,
  stagesReady,
  type StageSettings,
} from './stage-instruments';
import { untagged } from '../../db/tagged-connection';
import { ER_QUERY_INTERRUPTED } from '../../db/query-interrupted';
import { ER_LOCK_WAIT_TIMEOUT } from '../../db/lock-wait-timeout';
import { lockWaitWords, metadataLockWait } from '../../../shared/alter/metadata-lock-wait';

/** ER_CONNECTION_KILLED (MariaDB): the connection itself was killed. */
const CONNECTION_KILLED = 1927;
/** ER_NO_SUCH_TABLE. */
const NO_SUCH_TABLE = 1146;

/**
 * Operations that, applied, always show in SHOW CREATE TABLE (unless written with IF [NOT]
 * EXISTS): an ALTER is all or nothing, so one of them in a statement makes an unchanged
 * definition mean "not applied". The others (FORCE, ENGINE=, options, a column restated as it
 * is, partition maintenance) may leave the definition exactly as it was. A record, not a list:
 * a new kind does not compile until it is decided here; false (no claim) whenever in doubt.
 */
const SHOWS_IN_DEFINITION: Readonly<Record<AlterOperationKind, boolean>> = {
  'add-column': true,
  'drop-column': true,
  'rename-column': true,
  'change-column': false,
  'modify-column': false,
  'set-default': false,
  'drop-default': false,
  'column-visibility': false,
  'add-index': true,
  'add-unique-index': true,
  'add-fulltext-index': true,
  'add-spatial-index': true,
  'add-primary-key': true,
  'drop-primary-key': true,
  'drop-index': true,
  'rename-index': true,
  'index-visibility': false,
  'add-foreign-key': true,
  'drop-foreign-key': true,
  'add-check': true,
  'drop-constraint': true,
  'check-enforcement': false,
  'rename-table': false,
  engine: false,
  'row-format': false,
  'convert-charset': false,
  'default-charset': false,
  'table-comment': false,
  'auto-increment': false,
  'table-option': false,
  'order-by': false,
  'add-partition': true,
  'drop-partition': true,
  'truncate-partition': false,
  'coalesce-partition': true,
  'reorganize-partition': false,
  'partition-maintenance': false,
  'partition-by': false,
  'remove-partitioning': true,
  'system-versioning': false,
  force: false,
  unknown: false,
};

export interface AlterRunOptions {
  runId: string;
  connectionId: string;
  connectionName: string;
  session: DbSession;
  server: ServerInfo;
  schema: string;
  alter: ParsedAlter;
  sql: string;
  algorithm: AlterAlgorithm;
  lock: AlterLock;
  tableBytes: number | null;
  lockWaitTimeoutSeconds: number;
  /** The user agreed to switch MySQL's stage instruments on for this run. */
  enableStageInstruments: boolean;
  /** How often progress is read (ms). */
  pollMs: number;
  /** How long one progress read may go unanswered before the side connection is given up. */
  readTimeoutMs: number;
  emit: (status: AlterRunStatus) => void;
  record: (entry: AlterHistoryEntry) => Promise<void>;
}

function errnoOf(e: unknown): number | undefined {
  if (e instanceof ApiError) return e.serverCode;
  return (e as { errno?: number } | null)?.errno;
}

function describeBlockers(blockers: readonly AlterBlocker[]): string {
  return blockers
    .map(
      (b) =>
        `${b.processId} (${b.user}@${b.host}${b.trxStarted ? `, transaction open since ${b.trxStarted}` : ''}${b.info ? `: ${b.info.slice(0, 80)}` : ''})`,
    )
    .join('; ');
}

/**
 * One ALTER on the tool's session: its session settings first (runSettingsSql), progress
 * polled on the side connection, waiting for the metadata lock reported with who is in the way,
 * cancel by KILL QUERY, and the table's definition compared afterwards so the outcome says
 * whether it changed.
 */
export class AlterRun {
  readonly #o: AlterRunOptions;
  readonly #flavor: 'mysql' | 'mariadb';
  #status: AlterRunStatus;
  #tracker: ProgressTracker | null = null;
  #before: string | null = null;
  /** The table's InnoDB ids before the run (null: not an InnoDB table, or not read). */
  #beforeIds: string[] | null = null;
  /** Who the server said the ALTER's connection was, for "still running" after a loss. */
  #identity: ThreadIdentity | null = null;
  #stageSettings: StageSettings | null = null;
  #cancelRequested = false;
  #startMs = Date.now();
  #ended: Promise<void> = Promise.resolve();
  /** The run is in the ALTER history: a later change of its outcome is recorded too. */
  #recorded = false;
  /**
   * A poll saw the ALTER at work (past its first metadata lock wait): a lock wait timeout after
   * that is the one at the end, for the exclusive lock that makes the change visible.
   */
  #worked = false;

  constructor(options: AlterRunOptions) {
    this.#o = options;
    this.#flavor = options.server.flavor === 'mariadb' ? 'mariadb' : 'mysql';
    this.#status = {
      runId: options.runId,
      connectionId: options.connectionId,
      schema: options.schema,
      table: options.alter.table,
      sql: options.sql,
      state: 'running',
      progress: null,
      progressSource: 'none',
      blockers: [],
      processId: null,
      startedAt: new Date().toISOString(),
      endedAt: null,
      elapsedMs: 0,
      error: null,
      tableUnchanged: null,
      applied: null,
      stages: [],
      instrumentsEnabled: false,
      outcome: null,
      progressReadAt: null,
      progressReadError: null,
    };
  }

  get status(): AlterRunStatus {
    const s = this.#status;
    return s.endedAt === null ? { ...s, elapsedMs: Date.now() - this.#startMs } : s;
  }

  get running(): boolean {
    return this.#status.state === 'running' || this.#status.state === 'waiting-lock';
  }

  /** Resolves when the run has ended (whatever the outcome). */
  get ended(): Promise<void> {
    return this.#ended;
  }

  #side<T>(fn: (conn: Connection) => Promise<T>, timeoutMs?: number): Promise<T> {
    return this.#o.session.withSideConnection((conn) => fn(conn), { timeoutMs });
  }

  #update(patch: Partial<AlterRunStatus>): void {
    this.#status = { ...this.#status, ...patch };
    this.#o.emit(this.status);
  }

  /** Prepares (definition, instruments) and starts the ALTER; returns once it is under way. */
  async start(): Promise<void> {
    const { server, schema, alter } = this.#o;
    this.#before = await this.#side((c) =>
      readCreateTable(c, this.#o.server.flavor, schema, alter.table),
    );
    this.#beforeIds = await this.#side((c) =>
      readTableIds(c, this.#flavor, schema, alter.table),
    ).catch(() => null);
    let source: AlterRunStatus['progressSource'] = 'none';
    if (server.capabilities.alterProgressColumn) source = 'processlist';
    else if (server.capabilities.alterProgressStages) {
      const ps = await this.#side(async (c) => {
        const [rows] = await c.query({
          sql: 'SELECT @@performance_schema AS P',
          rowsAsArray: true,
        });
        return Number((rows as unknown[][])[0]?.[0]) === 1;
      });
      if (ps) {
        const settings = await this.#side(readStageSettings);
        if (stagesReady(settings)) source = 'stages';
        else if (this.#o.enableStageInstruments) {
          this.#stageSettings = settings;
          await this.#side((c) => enableStages(c, settings));
          source = 'stages';
        }
      }
    }
    this.#status = {
      ...this.#status,
      progressSource: source,
      instrumentsEnabled: this.#stageSettings !== null,
    };
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    this.#ended = this.#execute(started);
    await running;
  }

  async #execute(started: () => void): Promise<void> {
    const o = this.#o;
    let polling = true;
    let poller: Promise<void> = Promise.resolve();
    try {
      // Closing the tab or reloading the page leaves the ALTER to finish on the server, as
      // before: hours of work are not thrown away with a page.
      await o.session.run(
        async (conn) => {
          // As the confirmation showed them (one source for both).
          for (const sql of runSettingsSql(o.lockWaitTimeoutSeconds, o.server.capabilities)) {
            await conn.query(sql);
          }
          const [rows] = await conn.query({ sql: 'SELECT CONNECTION_ID()', rowsAsArray: true });
          const processId = Number((rows as unknown[][])[0]?.[0]);
          this.#identity = o.session.identityOf(processId);
          this.#startMs = Date.now();
          this.#tracker = new ProgressTracker(this.#startMs);
          this.#update({ processId, startedAt: new Date(this.#startMs).toISOString() });
          // The user's ALTER goes as they planned it: untagged (see untagged).
          const query = untagged(conn).query(o.sql);
          started();
          poller = this.#poll(processId, () => polling);
          await query;
        },
        { outlivesClose: true },
      );
      polling = false;
      await poller;
      // Settings are back before the run reports its end.
      await this.#restoreStages();
      const view = this.#tracker?.finish(Date.now()) ?? null;
      this.#finish({
        state: 'done',
        progress: view,
        tableUnchanged: false,
        applied: true,
        outcome: `Done in ${formatDuration(Date.now() - this.#startMs)}.`,
      });
    } catch (e) {
      polling = false;
      started();
      await poller;
      await this.#restoreStages();
      await this.#failed(e);
    } finally {
      await this.#restoreStages();
      await this.#record();
    }
  }

  async #poll(processId: number, active: () => boolean): Promise<void> {
    const o = this.#o;
    // A server that stopped answering (a stalled disk, a network cut) never fails a read: the
    // timeout gives the side connection up, so the screen says the figures are old instead of
    // showing them as current, and the next poll connects again.
    const timeoutMs = o.readTimeoutMs;
    while (active()) {
      try {
        const r = await this.#side(
          (c) => readProgress(c, this.#status.progressSource, this.#flavor, processId, Date.now()),
          timeoutMs,
        );
        if (!active()) return;
        const waiting = r.present && /metadata lock/i.test(r.state ?? '');
        if (
          r.present &&
          !waiting &&
          ((r.sample?.workCompleted ?? 0) > 0 || /\b(alter|copy)/i.test(r.state ?? ''))
        ) {
          this.#worked = true;
        }
        let blockers: AlterBlocker[] = [];
        if (waiting) {
          blockers = await this.#side(
            (c) => readBlockers(c, this.#flavor, o.schema, o.alter.table, [processId]),
            timeoutMs,
          );
        }
        const stages = [...this.#status.stages];
        if (r.sample && stages.at(-1) !== r.sample.stage) stages.push(r.sample.stage);
        const progress =
          r.sample && this.#tracker ? this.#tracker.add(r.sample) : this.#status.progress;
        if (active()) {
          this.#update({
            state: waiting ? 'waiting-lock' : 'running',
            blockers,
            stages,
            progress,
            progressReadAt: new Date().toISOString(),
            progressReadError: null,
          });
        }
      } catch (e) {
        // A failed poll is not the ALTER failing: the next one tries again. The screen is told
        // once per failure kind, so its figures are not taken for current ones meanwhile.
        const error = errorToApi(e).toShape();
        const told = this.#status.progressReadError;
        if (active() && (told?.code !== error.code || told.message !== error.message)) {
          this.#update({ progressReadError: error });
        }
      }
      await new Promise((r) => setTimeout(r, o.pollMs));
    }
  }

  /**
   * Who held the table's metadata lock when the wait gave up: as the last poll saw them, or read
   * now when no poll caught the wait (a short lock_wait_timeout can fall between two polls; the
   * holders are usually still there).
   */
  async #blockersNow(): Promise<readonly AlterBlocker[]> {
    if (this.#status.blockers.length > 0) return this.#status.blockers;
    const own = this.#status.processId;
    return this.#side(
      (c) =>
        readBlockers(
          c,
          this.#flavor,
          this.#o.schema,
          this.#o.alter.table,
          own === null ? [] : [own],
        ),
      5_000,
    ).catch(() => []);
  }

  async #failed(e: unknown): Promise<void> {
    const error = errorToApi(e);
    const errno = errnoOf(e);
    if (error.code === 'CONNECTION_LOST' || errno === CONNECTION_KILLED) {
      this.#finish({
        state: 'unknown',
        error: error.toShape(),
        outcome:
          'The connection was lost during the ALTER: its outcome is unknown until the table is checked.',
      });
      await this.verify().catch(() => undefined);
      return;
    }
    const unchanged = await this.#unchanged().catch(() => null);
    const tableWords =
      unchanged === true
        ? 'The table is unchanged.'
        : unchanged === false
          ? 'The table definition differs from before: check it.'
          : 'Whether the table changed could not be checked.';
    if (errno === ER_QUERY_INTERRUPTED && this.#cancelRequested) {
      this.#finish({
        state: 'cancelled',
        tableUnchanged: unchanged,
        applied: unchanged === null ? null : !unchanged,
        outcome: `Cancelled after ${formatDuration(Date.now() - this.#startMs)}. ${tableWords}`,
      });
      return;
    }
    let shape = error.toShape();
    const wait = metadataLockWait(this.#o.alter, this.#o.lockWaitTimeoutSeconds);
    if (errno === ER_LOCK_WAIT_TIMEOUT && this.#worked) {
      const blockers = await this.#blockersNow();
      shape = {
        ...shape,
        message: `The ALTER did its work, then waited ${lockWaitWords(wait)} for the exclusive metadata lock it needs to finish, and gave up (server error ${errno}: ${error.message}): all of its work is rolled back.${blockers.length > 0 ? ` In the way: ${describeBlockers(blockers)}.` : ''} Next: run it again when no long transaction uses the table (the end needs the table to itself for a moment), or ${wait.longerWait}.`,
      };
    } else if (errno === ER_LOCK_WAIT_TIMEOUT) {
      const blockers = await this.#blockersNow();
      shape = {
        ...shape,
        message: `The ALTER waited ${lockWaitWords(wait)} for the table's metadata lock and gave up (server error ${errno}: ${error.message}).${blockers.length > 0 ? ` In the way: ${describeBlockers(blockers)}.` : ''} Next: let those transactions end (or kill them), then run it again, or ${wait.longerWait}.`,
      };
    }
    this.#finish({
      state: 'failed',
      error: shape,
      tableUnchanged: unchanged,
      applied: unchanged === null ? null : !unchanged,
      outcome: `Failed: ${shape.message} ${tableWords}`,
    });
  }

  #finish(patch: Partial<AlterRunStatus>): void {
    const now = Date.now();
    this.#status = {
      ...this.#status,
      ...patch,
      endedAt: new Date(now).toISOString(),
      elapsedMs: now - this.#startMs,
    };
    if (patch.state !== 'done' && patch.state !== 'unknown') this.#status.blockers = [];
    this.#o.emit(this.#status);
  }

  async #currentDefinition(): Promise<{ definition: string | null; renamedTo: string | null }> {
    const { schema, alter } = this.#o;
    try {
      return {
        definition: await this.#side((c) =>
          readCreateTable(c, this.#o.server.flavor, schema, alter.table),
        ),
        renamedTo: null,
      };
    } catch (e) {
      if (errnoOf(e) !== NO_SUCH_TABLE) throw e;
      const rename = alter.operations.find((op) => op.kind === 'rename-table')?.newName;
      if (!rename) throw e;
      await this.#side((c) => readCreateTable(c, this.#o.server.flavor, schema, rename));
      return { definition: null, renamedTo: rename };
    }
  }

  async #unchanged(): Promise<boolean | null> {
    if (this.#before === null) return null;
    const now = await this.#currentDefinition();
    return now.definition === this.#before;
  }

  async #restoreStages(): Promise<void> {
    const settings = this.#stageSettings;
    if (!settings) return;
    this.#stageSettings = null;
    await this.#side((c) => restoreStageSettings(c, settings)).catch((e: unknown) => {
      console.error(`[alter] could not restore performance_schema stage settings: ${String(e)}`);
    });
  }

  /** Records the run as it stands; recorded again, it replaces what was recorded before. */
  async #record(): Promise<void> {
    const s = this.#status;
    this.#recorded = true;
    await this.#o
      .record({
        runId: s.runId,
        connectionId: s.connectionId,
        connectionName: this.#o.connectionName,
        server: this.#o.server.versionText,
        schema: s.schema,
        table: s.table,
        sql: s.sql,
        algorithm: this.#o.algorithm,
        lock: this.#o.lock,
        startedAt: s.startedAt,
        endedAt: s.endedAt ?? new Date().toISOString(),
        state: s.state,
        outcome: s.outcome ?? '',
        tableBytes: this.#o.tableBytes,
        applied: s.state === 'unknown' ? s.applied : null,
      })
      .catch(() => undefined);
  }

  /** KILL QUERY on the ALTER's connection; resolves with the status once it has ended. */
  async cancel(): Promise<AlterRunStatus> {
    const id = this.#status.processId;
    if (!this.running || id === null) return this.status;
    this.#cancelRequested = true;
    // Not sent when the ALTER's connection is gone: the run then ends as lost, and the
    // definition check says what happened to the table.
    const kill = await this.#o.session.killQuery(id);
    if (kill.killed) {
      await Promise.race([this.#ended, new Promise((r) => setTimeout(r, 60_000))]);
      return this.status;
    }
    this.#cancelRequested = false;
    // A connection found gone ends the run at once (as lost); otherwise nothing was sent and
    // the ALTER goes on: the user is told why now, not after a minute of waiting for an end.
    await Promise.race([this.#ended, new Promise((r) => setTimeout(r, 1_000))]);
    if (!this.running) return this.status;
    throw new ApiError({
      code: 'TIMEOUT',
      message: kill.serverSilent
        ? `The ALTER was not cancelled and may still be running: the server does not answer, so no KILL could be sent (${(kill.silence ?? 'no answer').replace(/\.$/, '')}). Cancel again once it answers.`
        : `The ALTER was not cancelled and may still be running. ${kill.reason}`,
    });
  }

  /** KILL (the whole connection) of a session the ALTER waits behind. */
  async killBlocker(processId: number): Promise<boolean> {
    if (!this.#status.blockers.some((b) => b.processId === processId)) {
      throw new ApiError({
        code: 'INVALID_REQUEST',
        message: `Session ${processId} is not one this ALTER waits behind (any more).`,
      });
    }
    await this.#side((c) => c.query('KILL ?', [processId]));
    return true;
  }

  /**
   * After a lost connection: reconnects (the side connection) and says what it can tell. The
   * ALTER is still running only if its very connection (same server run, id, user and client
   * address, as the editor's cancel checks) is there running it; an id alone may have been
   * reused. Then the definition against the one read before the run, and the InnoDB table id
   * (a rebuild gives a new one): a rebuild that finished leaves the definition as it was. What
   * it finds replaces the run's entry in the ALTER history.
   */
  async verify(): Promise<AlterRunStatus> {
    if (this.#status.state !== 'unknown') return this.status;
    const id = this.#status.processId;
    if (id !== null) {
      const running = await this.#side((c) => this.#stillRunning(c, id));
      if (running !== 'no') {
        this.#status = {
          ...this.#status,
          applied: null,
          tableUnchanged: null,
          outcome:
            running === 'yes'
              ? `The connection was lost, but the server is still running the ALTER on it (connection ${id}, checked to be the same connection). Check again when it ends.`
              : `The connection was lost. Connection ${id} on the server is running an ALTER, but Sightline could not check that it is this run's connection (an id can be reused): whether this run is still going is not known. Check again later.`,
        };
        this.#o.emit(this.#status);
        if (this.#recorded) await this.#record();
        return this.status;
      }
    }
    const now = await this.#currentDefinition();
    const { schema, alter } = this.#o;
    const ids =
      now.renamedTo === null
        ? await this.#side((c) => readTableIds(c, this.#flavor, schema, alter.table)).catch(
            () => null,
          )
        : null;
    const changed = now.renamedTo !== null || now.definition !== this.#before;
    const rebuilt =
      this.#beforeIds !== null && ids !== null && ids.join(',') !== this.#beforeIds.join(',');
    const ops = alter.operations;
    const visible = ops.some(
      (op) => SHOWS_IN_DEFINITION[op.kind] && !/\bIF\s+(NOT\s+)?EXISTS\b/i.test(op.text),
    );
    // FORCE and ENGINE= rebuild the table every time (a new InnoDB table id).
    const alwaysRebuilds = ops.some((op) => op.kind === 'force' || op.kind === 'engine');
    const lost = 'The connection was lost during the ALTER; on reconnecting,';
    let applied: boolean | null;
    let outcome: string;
    if (changed) {
      applied = true;
      outcome = `${lost} the table's definition has changed: the change was applied${now.renamedTo ? ` (the table is now ${now.renamedTo})` : ''}.`;
    } else if (rebuilt) {
      applied = true;
      outcome = `${lost} the table's definition is as before, but the table has been rebuilt since the run started (new InnoDB table ids): the change was applied, unless another session rebuilt the table meanwhile.`;
    } else if (visible) {
      applied = false;
      outcome = `${lost} the table's definition is as before: the change was not applied.`;
    } else if (alwaysRebuilds && ids !== null && this.#beforeIds !== null) {
      applied = false;
      outcome = `${lost} the table has not been rebuilt (same InnoDB table ids), which this statement always does: the change was not applied.`;
    } else {
      applied = null;
      outcome = `${lost} the table's definition is as before${ids !== null && this.#beforeIds !== null ? ' and it has not been rebuilt' : ''}, but this statement can leave the table so when applied: whether it was applied cannot be told.`;
    }
    this.#status = {
      ...this.#status,
      applied,
      tableUnchanged: applied === null ? null : !applied,
      outcome,
    };
    this.#o.emit(this.#status);
    // The history said "unknown" when the run ended: it says what the check found now.
    if (this.#recorded) await this.#record();
    return this.status;
  }

  /**
   * Whether the ALTER still runs on the server: `yes` only when its own connection, checked by
   * identity, is there running an ALTER; `unconfirmed` when the id shows an ALTER but the
   * connection's identity was never read; `no` otherwise.
   */
  async #stillRunning(c: Connection, id: number): Promise<'yes' | 'unconfirmed' | 'no'> {
    const identity = this.#identity;
    if (identity !== null && (await checkThread(c, identity)).verdict !== 'same') return 'no';
    const r = await readProgress(c, 'none', this.#flavor, id, Date.now());
    if (!r.present || !/alter/i.test(r.info ?? '')) return 'no';
    return identity !== null ? 'yes' : 'unconfirmed';
  }
}
