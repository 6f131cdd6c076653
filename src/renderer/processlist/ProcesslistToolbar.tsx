import type { ProcesslistSnapshot } from '../../shared/processlist/snapshot';
import { clockTime } from './clock';
import type { CountPoint } from './count-history';
import { CountCharts } from './CountCharts';

const INTERVALS = [500, 1000, 2000, 5000, 10_000, 30_000, 60_000];

/** The refresh pace, Pause, what the last poll read, and the count charts. */
export function ProcesslistToolbar({
  intervalMs,
  onInterval,
  paused,
  onPause,
  latest,
  history,
}: {
  intervalMs: number;
  onInterval: (ms: number) => void;
  paused: boolean;
  onPause: (paused: boolean) => void;
  latest: ProcesslistSnapshot | null;
  history: readonly CountPoint[];
}) {
  return (
    <div className="pl-toolbar">
      <label className="pl-interval">
        Refresh every{' '}
        <select
          aria-label="Refresh interval"
          value={intervalMs}
          onChange={(e) => onInterval(Number(e.target.value))}
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
        onClick={() => onPause(!paused)}
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
