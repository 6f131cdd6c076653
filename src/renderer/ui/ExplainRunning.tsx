import { WorkRunning } from './WorkRunning';

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
  return (
    <WorkRunning
      title={analyze ? 'EXPLAIN ANALYZE running' : 'Explaining'}
      hint={
        analyze
          ? 'the statement runs on the server to measure its plan'
          : 'asking the server for its plan'
      }
      since={since}
      onCancel={onCancel}
      {...(shortcut ? { shortcut } : {})}
      testId="explain-running"
      elapsedTestId="explain-elapsed"
    />
  );
}
