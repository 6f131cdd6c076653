import { useEffect, useState } from 'react';
import { formatDuration } from '../../shared/format/duration';
import './work-running.css';

/**
 * Work on the server that can take long, on its way: what it is, for how long, and Cancel,
 * which stops it there; `shortcut` names the key that also cancels, where the screen binds one.
 */
export function WorkRunning({
  title,
  hint,
  since,
  onCancel,
  shortcut,
  testId,
  elapsedTestId,
}: {
  title: string;
  hint: string;
  /** Date.now() when it was sent. */
  since: number;
  onCancel: () => void;
  shortcut?: string;
  testId: string;
  elapsedTestId: string;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="work-running" role="status" data-testid={testId}>
      <strong>{title}</strong>
      <span className="hint">{hint}</span>
      <span className="num" data-testid={elapsedTestId}>
        {formatDuration(Math.max(0, now - since))}
      </span>
      <button type="button" className="btn-small btn-danger-outline" onClick={onCancel}>
        {shortcut ? `Cancel (${shortcut})` : 'Cancel'}
      </button>
    </div>
  );
}
