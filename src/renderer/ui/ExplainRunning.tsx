import { useEffect, useState } from 'react';
import { formatDuration } from '../../shared/format/duration';
import './explain-running.css';

/**
 * An explain on its way to its plan: what runs (EXPLAIN ANALYZE executes the statement, which
 * can take as long as the statement does), for how long, and Cancel, which stops it on the
 * server; `shortcut` names the key that also cancels, where the screen binds one.
 */
export function ExplainRunning({
  analyze,
  since,
  onCancel,
  shortcut,
}: {
  analyze: boolean;
  /** Date.now() when it was sent. */
  since: number;
  onCancel: () => void;
  shortcut?: string;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="explain-running" role="status" data-testid="explain-running">
      <strong>{analyze ? 'EXPLAIN ANALYZE running' : 'Explaining'}</strong>
      <span className="hint">
        {analyze
          ? 'the statement runs on the server to measure its plan'
          : 'asking the server for its plan'}
      </span>
      <span className="num" data-testid="explain-elapsed">
        {formatDuration(Math.max(0, now - since))}
      </span>
      <button type="button" className="btn-small btn-danger-outline" onClick={onCancel}>
        {shortcut ? `Cancel (${shortcut})` : 'Cancel'}
      </button>
    </div>
  );
}
