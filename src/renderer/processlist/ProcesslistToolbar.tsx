import type { ProcesslistSnapshot } from '../../shared/processlist/snapshot';
import { clockTime } from '../ui/clock-time';
import type { CountPoint } from './count-history';
import { CountCharts } from './CountCharts';

const INTERVALS = [500, 1000, 2000, 5000, 10_000, 30_000, 60_000];

/** How often the processlist is read, and whether it is paused. */
export interface Pace {
  intervalMs: number;
  paused: boolean;
}

/** The refresh pace, Pause, what the last poll read, and the count charts. */
export function ProcesslistToolbar({
  pace,
  onPace,
  latest,
  history,
}: {
  pace: Pace;
  onPace: (pace: Pace) => void;
  latest: ProcesslistSnapshot | null;
  history: readonly CountPoint[];
}) {
  const { intervalMs, paused } = pace;
  return (
    <div className="pl-toolbar">
      <label className="pl-interval">
        Refresh every{' '}
        <select
          aria-label="Refresh interval"
          value={intervalMs}
          onChange={(e) => onPace({ intervalMs: Number(e.target.value), paused })}
        >
          {INTERVALS.map((ms) => (
            <option key={ms} value={ms}>
              {`${ms / 1000} s`}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="btn-small"
        onClick={() => onPace({ intervalMs, paused: !paused })}
        aria-pressed={paused}
      >
        {paused ? 'Resume' : 'Pause'}
      </button>
      {latest && (
        <span className="pl-muted" data-testid="pl-status">
          {latest.rows.length} session{latest.rows.length === 1 ? '' : 's'} · {latest.source} ·
          updated {clockTime(new Date(latest.takenAt))} · poll {Math.round(latest.pollMs)} ms
        </span>
      )}
      <span className="spacer" />
      <CountCharts history={history} />
    </div>
  );
}
