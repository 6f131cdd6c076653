import { ApiError, type ApiErrorShape } from '../../shared/api/errors';
import { Notice } from '../ui/Notice';

/** What failed, the server's code and message, and nothing like a stack trace. */
export function errorShapeOf(e: unknown): ApiErrorShape {
  if (e instanceof ApiError) return e.toShape();
  return { code: 'INTERNAL', message: e instanceof Error ? e.message : String(e) };
}

/** A failed call as a danger Notice: its title, the message, the error code and server code. */
export function ErrorNotice({ error, title }: { error: ApiErrorShape; title?: string }) {
  const server =
    error.serverCode !== undefined
      ? `Server error ${error.serverCode}${error.sqlState ? ` (SQLSTATE ${error.sqlState})` : ''}`
      : null;
  return (
    <Notice
      severity="danger"
      title={title}
      data={{ 'data-error-code': error.code }}
      meta={
        <>
          {error.code}
          {server && ` · ${server}`}
        </>
      }
    >
      {error.message}
    </Notice>
  );
}
