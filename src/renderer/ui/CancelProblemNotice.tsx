import { Notice } from '../ui/Notice';

/**
 * Why a Cancel did not stop its statement (or explain); `onGiveUp` when only giving its
 * connection up can end the wait (the server does not answer), which the button offers.
 */
export function CancelProblemNotice({
  message,
  testId,
  onGiveUp,
}: {
  message: string;
  testId: string;
  onGiveUp: (() => void) | null;
}) {
  return (
    <Notice
      severity="warning"
      role="alert"
      testId={testId}
      actions={
        onGiveUp && (
          <button type="button" className="btn-danger-outline" onClick={onGiveUp}>
            Give the connection up…
          </button>
        )
      }
    >
      <strong>Not cancelled.</strong> {message}
    </Notice>
  );
}
