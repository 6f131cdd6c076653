import type { ApiErrorShape } from '../../shared/api/errors';
import { ErrorNotice } from '../app/ErrorNotice';
import { Notice } from '../ui/Notice';

/**
 * The last action's failure, under its title; an action the user cancelled is said as what it
 * is (the server's KILL QUERY answer), not as a failure.
 */
export function ActionFailure({ failure }: { failure: { title: string; error: ApiErrorShape } }) {
  if (failure.error.code === 'CANCELLED')
    return (
      <Notice severity="info" testId="action-cancelled">
        {failure.error.message}
      </Notice>
    );
  return <ErrorNotice error={failure.error} title={failure.title} />;
}
