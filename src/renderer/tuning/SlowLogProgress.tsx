import type { SlowLogRun } from '../../shared/api/slowlog';
import { slowLogFraction, slowLogProgressText } from './slowlog-columns';

/** A running analysis: how far, how fast, how long still, and its Cancel button. */
export function SlowLogProgress({ run, onCancel }: { run: SlowLogRun; onCancel: () => void }) {
  const fraction = slowLogFraction(run);
  return (
    <div className="slowlog-progress" data-testid="slowlog-progress">
      <span className="slowlog-path mono" title={run.path}>
        {run.path}
      </span>
      <progress
        aria-label="Slow log read"
        max={1}
        {...(fraction !== null ? { value: fraction } : {})}
      />
      <span className="hint" data-testid="slowlog-progress-text">
        {slowLogProgressText(run)}
      </span>
      <button type="button" className="btn-small" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
