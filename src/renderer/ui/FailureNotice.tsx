import type { ApiErrorShape } from '../../shared/api/errors';
import { errorText } from './error-text';
import { Notice } from './Notice';

/**
 * A failed call as a danger Notice: its title, the message once and, for an error the server
 * sent, its error number and SQLSTATE once, in small print. The API's own code (SERVER_ERROR...)
 * is for tests and code only: it is on the element as `data-error-code`, not in the text.
 */
export function FailureNotice({ error, title }: { error: ApiErrorShape; title?: string }) {
  const { message, codes } = errorText(error);
  return (
    <Notice
      severity="danger"
      title={title}
      data={{ 'data-error-code': error.code }}
      meta={codes ?? undefined}
    >
      {message}
    </Notice>
  );
}
