import { STATEMENT_PREVIEW_CHARS, type ProcessRow } from './process-row';
import { extraColumns, numberOf, textOf, type RawRow } from './raw-value';
import { safeStatementText, statementPreview } from './statement-text';
import { classifyThread } from './thread-kind';

/**
 * Columns the row model reads. Both sources alias theirs to these names: the processlist's own
 * (ID ... INFO), MariaDB's extras (TIME_MS ... EXAMINED_ROWS), and on MySQL the thread and
 * current-statement figures of performance_schema (THREAD_ID ... TMP_DISK_TABLES).
 */
const KNOWN = new Set([
  'ID',
  'USER',
  'HOST',
  'DB',
  'COMMAND',
  'TIME',
  'STATE',
  'INFO',
  'INFO_LENGTH',
  'TIME_MS',
  'STAGE',
  'MAX_STAGE',
  'PROGRESS',
  'MEMORY_USED',
  'EXAMINED_ROWS',
  'THREAD_ID',
  'THREAD_NAME',
  'THREAD_TYPE',
  'STATEMENT_RUNNING',
  'STATEMENT_PS',
  'LOCK_PS',
  'ROWS_EXAMINED',
  'ROWS_SENT',
  'TMP_TABLES',
  'TMP_DISK_TABLES',
  'MAX_MEMORY_USED',
  'STAGE_NAME',
  'WORK_COMPLETED',
  'WORK_ESTIMATED',
]);

/** performance_schema timers count picoseconds. */
const PS_PER_MS = 1e9;

/**
 * One processlist row from a raw server row of either source. Tolerant: a missing figure is
 * null, unknown columns go to `extra`. `selfId` is the connection doing the reading.
 * Returns null for a row without a processlist id (a background thread with no connection).
 */
export function processRowFrom(raw: RawRow, selfId: number | null): ProcessRow | null {
  const id = numberOf(raw.ID);
  if (id === null) return null;
  const user = textOf(raw.USER) ?? '';
  const command = textOf(raw.COMMAND) ?? '';
  const timeSeconds = numberOf(raw.TIME) ?? 0;
  const running = numberOf(raw.STATEMENT_RUNNING) === 1;
  const statementPs = running ? numberOf(raw.STATEMENT_PS) : null;
  const timeMs =
    numberOf(raw.TIME_MS) ?? (statementPs !== null ? statementPs / PS_PER_MS : timeSeconds * 1000);
  const fullInfo = textOf(raw.INFO);
  let info: string | null = null;
  let infoBinary = false;
  if (fullInfo !== null) {
    const safe = safeStatementText(statementPreview(fullInfo, STATEMENT_PREVIEW_CHARS));
    info = safe.text;
    infoBinary = safe.binary;
  }
  const maxStage = numberOf(raw.MAX_STAGE);
  const lockPs = running ? numberOf(raw.LOCK_PS) : null;
  const stageWork = stageProgressOf(raw);
  return {
    id,
    threadId: numberOf(raw.THREAD_ID),
    kind: classifyThread({
      user,
      command,
      threadName: textOf(raw.THREAD_NAME),
      threadType: textOf(raw.THREAD_TYPE),
    }),
    user,
    host: textOf(raw.HOST) ?? '',
    db: textOf(raw.DB),
    command,
    timeSeconds,
    timeMs,
    state: textOf(raw.STATE) || null,
    info,
    infoLength: numberOf(raw.INFO_LENGTH) ?? fullInfo?.length ?? 0,
    infoBinary,
    rowsExamined: numberOf(raw.EXAMINED_ROWS) ?? (running ? numberOf(raw.ROWS_EXAMINED) : null),
    rowsSent: running ? numberOf(raw.ROWS_SENT) : null,
    lockMs: lockPs !== null ? lockPs / PS_PER_MS : null,
    tmpTables: running ? numberOf(raw.TMP_TABLES) : null,
    tmpDiskTables: running ? numberOf(raw.TMP_DISK_TABLES) : null,
    memoryBytes: numberOf(raw.MEMORY_USED),
    memoryPeakBytes: numberOf(raw.MAX_MEMORY_USED),
    progress:
      maxStage !== null && maxStage > 0 ? numberOf(raw.PROGRESS) : (stageWork?.percent ?? null),
    progressStage: stageWork?.stage ?? null,
    stage:
      maxStage !== null && maxStage > 0
        ? { current: numberOf(raw.STAGE) ?? 0, max: maxStage }
        : null,
    self: selfId !== null && id === selfId,
    extra: extraColumns(raw, KNOWN),
  };
}

/**
 * MySQL's progress of the current stage, from events_stages_current: WORK_COMPLETED of
 * WORK_ESTIMATED (capped at 100 %: the estimate can be passed), and the stage's name without
 * its `stage/<component>/` prefix. Null when the stage does not estimate its work.
 */
function stageProgressOf(raw: RawRow): { percent: number; stage: string } | null {
  const estimated = numberOf(raw.WORK_ESTIMATED);
  const name = textOf(raw.STAGE_NAME);
  if (estimated === null || estimated <= 0 || name === null) return null;
  const completed = Math.max(0, numberOf(raw.WORK_COMPLETED) ?? 0);
  return {
    percent: Math.min(100, (completed / estimated) * 100),
    stage: name.replace(/^stage\/[^/]+\//, ''),
  };
}

/** Rows of a poll, one per processlist id (a thread with nested statements comes once). */
export function processRowsFrom(raws: readonly RawRow[], selfId: number | null): ProcessRow[] {
  const seen = new Set<number>();
  const rows: ProcessRow[] = [];
  for (const raw of raws) {
    const row = processRowFrom(raw, selfId);
    if (row && !seen.has(row.id)) {
      seen.add(row.id);
      rows.push(row);
    }
  }
  return rows;
}
