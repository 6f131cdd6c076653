import type { DriftRun } from '../../../shared/api/drift';
import { formatCount } from '../../../shared/format/count';
import { formatDuration } from '../../../shared/format/duration';

/** Rows compared, rate, time left and the table at hand; why it waits when it does. */
export function DriftProgress({ run, onCancel }: { run: DriftRun; onCancel: () => void }) {
  const table = run.tables[run.current];
  const fraction = run.rowsEstimate > 0 ? Math.min(1, run.rowsDone / run.rowsEstimate) : null;
  return (
    <div className="drift-progress" data-testid="drift-progress">
      <progress
        aria-label="Rows compared"
        max={1}
        {...(fraction !== null ? { value: fraction } : {})}
      />
      <span className="rp-muted" data-testid="drift-progress-text">
        {formatCount(run.rowsDone)} of about {formatCount(run.rowsEstimate)} rows ·{' '}
        {formatCount(Math.round(run.rowsPerSecond))} rows/s
        {run.etaSeconds !== null && ` · about ${formatDuration(run.etaSeconds * 1000)} left`}
        {table &&
          ` · table ${run.current + 1} of ${run.tables.length} (${table.schema}.${table.table})`}
      </span>
      {run.throttled && <span className="drift-throttled">{run.throttled}</span>}
      {run.loadNote && (
        <span className="rp-muted drift-load-note" data-testid="drift-load-note">
          {run.loadNote}
        </span>
      )}
      <button type="button" className="btn-small" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
