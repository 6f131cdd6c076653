import type { AlterRunStatus } from '../../shared/api/alter';
import { formatDuration } from '../../shared/format/duration';

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
