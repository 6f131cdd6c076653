import { ApiError, type ApiErrorShape } from '../../shared/api/errors';

/** What failed, the server's code and message, and nothing like a stack trace. */
export function errorShapeOf(e: unknown): ApiErrorShape {
  if (e instanceof ApiError) return e.toShape();
  return { code: 'INTERNAL', message: e instanceof Error ? e.message : String(e) };
}

export function ErrorNotice({ error, title }: { error: ApiErrorShape; title?: string }) {
  const server =
    error.serverCode !== undefined
      ? `Server error ${error.serverCode}${error.sqlState ? ` (SQLSTATE ${error.sqlState})` : ''}`
      : null;
  return (
    <div className="notice notice-danger" role="alert" data-error-code={error.code}>
      <span className="notice-icon" aria-hidden="true">
        ✖
      </span>
      <div>
        {title && <strong className="notice-title">{title}</strong>}
        <div className="notice-message">{error.message}</div>
        <div className="notice-meta">
          {error.code}
          {server && ` · ${server}`}
        </div>
      </div>
    </div>
  );
}
