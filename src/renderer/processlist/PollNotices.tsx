import { STAGES_CONSUMER_NOTICE } from '../../shared/processlist/processlist-source';
import { ErrorNotice } from '../app/ErrorNotice';
import { Notice } from '../ui/Notice';
import { clockTime } from '../ui/clock-time';
import type { ProcessActions } from './use-process-actions';
import type { PollingState } from './use-processlist-polling';

/**
 * What the screen has to say above the table: the server out of reach (and when it retries), a
 * poll that failed, what the server could not report, and what the last KILL or EXPLAIN did.
 */
export function PollNotices({
  polling,
  actions,
}: {
  polling: PollingState;
  actions: Pick<ProcessActions, 'message' | 'actionError'>;
}) {
  const { disconnected, error, snapshot: latest } = polling;
  const { message, actionError } = actions;
  return (
    <>
      {disconnected && (
        <Notice severity="warning" testId="pl-disconnected">
          <strong>Disconnected since {clockTime(disconnected.since)}</strong> — retrying
          {disconnected.attempt > 0
            ? ` at ${clockTime(disconnected.retryAt)} (attempt ${disconnected.attempt})`
            : ''}
          ; the view resumes by itself.
          {latest && (
            <>
              {' '}
              The sessions shown are from {clockTime(new Date(latest.takenAt))} and may have ended
              since.
            </>
          )}{' '}
          <span className="pl-muted">{disconnected.error.message}</span>
        </Notice>
      )}
      {error && <ErrorNotice error={error} title="The processlist could not be read" />}
      {latest?.notices
        .filter((n) => n.key !== STAGES_CONSUMER_NOTICE)
        .map((n) => (
          <Notice key={n.key} severity="info" data={{ 'data-notice': n.key }}>
            Missing: <strong>{n.missing}</strong>. Shown instead: {n.shownInstead}
          </Notice>
        ))}
      {message && (
        <Notice severity={message.severity} role="status" testId="pl-message">
          {message.text}
        </Notice>
      )}
      {actionError && <ErrorNotice error={actionError.error} title={actionError.title} />}
    </>
  );
}
