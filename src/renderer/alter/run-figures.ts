import type { AlterRunStatus } from '../../shared/api/alter';
import { formatDuration } from '../../shared/format/duration';
import { clockTime } from '../ui/clock-time';

/** The run view's figures as text: `42.1 %`, `1.3 %/s`, `37 s`, `—` when unknown. */
export interface RunFigures {
  percent: string;
  rate: string;
  eta: string;
  elapsed: string;
  work: string;
}

const DASH = '—';

/** Formats a run's progress for display (the figures themselves come from the backend). */
export function runFigures(status: AlterRunStatus, nowMs: number = Date.now()): RunFigures {
  const p = status.progress;
  const elapsedMs =
    status.endedAt === null
      ? Math.max(status.elapsedMs, nowMs - Date.parse(status.startedAt))
      : status.elapsedMs;
  return {
    percent: p ? `${p.percent.toFixed(1)} %` : DASH,
    rate: p?.percentPerSecond != null ? `${p.percentPerSecond.toFixed(2)} %/s` : DASH,
    eta:
      status.endedAt !== null
        ? DASH
        : p?.etaSeconds != null
          ? formatDuration(p.etaSeconds * 1000)
          : DASH,
    elapsed: formatDuration(elapsedMs),
    work:
      p && p.workEstimated > 0
        ? `${Math.round(p.workCompleted).toLocaleString('en-US')} of ${Math.round(p.workEstimated).toLocaleString('en-US')}`
        : DASH,
  };
}

/** Words for a run's state, as the status line says them. */
export const STATE_WORDS: Record<AlterRunStatus['state'], string> = {
  running: 'Running',
  'waiting-lock': 'Waiting for the table’s metadata lock',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
  unknown: 'Outcome unknown',
};

/**
 * Words for a run's state; for an `unknown` outcome that was checked since (`applied` known),
 * what the check found.
 */
export function stateWords(state: AlterRunStatus['state'], applied?: boolean | null): string {
  if (state === 'unknown' && applied === true) return 'Applied (checked after the lost connection)';
  if (state === 'unknown' && applied === false) {
    return 'Not applied (checked after the lost connection)';
  }
  return STATE_WORDS[state];
}

/** The severity a run's state is shown with (a checked `unknown` by what the check found). */
export function stateSeverity(
  state: AlterRunStatus['state'],
  applied?: boolean | null,
): 'ok' | 'info' | 'warning' | 'danger' {
  if (state === 'unknown' && applied === true) return 'ok';
  switch (state) {
    case 'done':
      return 'ok';
    case 'running':
      return 'info';
    case 'waiting-lock':
    case 'cancelled':
    case 'unknown':
      return 'warning';
    case 'failed':
      return 'danger';
  }
}

/** What the server's stage instruments mean, in words (the instrument name stays in the title). */
const STAGE_WORDS: Readonly<Record<string, string>> = {
  'alter table (read PK and internal sort)': 'reading the rows and sorting the index entries',
  'alter table (merge sort)': 'merging the sorted index entries',
  'alter table (insert)': 'writing the index entries',
  'alter table (flush)': 'flushing the new table to disk',
  'alter table (log apply index)': 'applying the writes made meanwhile to the new index',
  'alter table (log apply table)': 'applying the writes made meanwhile to the new table',
  'alter table (end)': 'finishing',
  'alter tablespace (encryption)': 'encrypting the tablespace',
  'copy to tmp table': 'copying the rows to a new table',
};

/**
 * A stage as a DBA reads it: `stage/innodb/alter table (read PK and internal sort)` becomes
 * "reading the rows and sorting the index entries"; a stage not known here loses its
 * `stage/<component>/` prefix and is shown as the server names it.
 */
export function stageWords(stage: string): string {
  const name = stage.replace(/^stage\/[a-z_]+\//i, '');
  return STAGE_WORDS[name] ?? name;
}

/**
 * The state and the outcome in one line, without saying the same thing twice ("Done in 36.2 s."
 * rather than "Done: Done in 36.2 s.").
 */
export function outcomeLine(
  state: AlterRunStatus['state'],
  applied: boolean | null | undefined,
  outcome: string,
): string {
  const words = stateWords(state, applied);
  const firstWord = (text: string) => text.split(/[\s:,.(]/)[0]!.toLowerCase();
  if (outcome === '') return words;
  return firstWord(outcome) === firstWord(words) ? outcome : `${words}: ${outcome}`;
}

/**
 * While progress reads fail (a server that stopped answering, a lost connection), what the run
 * view says above its figures, which are then from the last read, not current; null when the
 * latest read succeeded or the run has ended.
 */
export function staleProgressNotice(
  status: AlterRunStatus,
  nowMs: number = Date.now(),
): { title: string; detail: string } | null {
  const error = status.progressReadError;
  if (error === null || status.endedAt !== null) return null;
  const at = status.progressReadAt;
  const title =
    at === null
      ? 'Progress could not be read yet'
      : `Progress not read since ${clockTime(new Date(at))} (${formatDuration(Math.max(0, nowMs - Date.parse(at)))} ago)`;
  return {
    title,
    detail: `${error.message} The figures below are from ${at === null ? 'before the first read' : 'that read'}; Sightline keeps trying. The ALTER itself may still be running on the server.`,
  };
}
