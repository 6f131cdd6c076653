import type { ApiErrorShape } from '../../shared/api/errors';

/** An error as the user reads it: the words once, the server's codes once. */
export interface ErrorText {
  /** What went wrong, without the codes the backend appended to its message. */
  message: string;
  /** `Error 1146 · SQLSTATE 42S02` for an error the server sent; null for any other. */
  codes: string | null;
}

/** What the backend puts before a server's own message; the notice's title says it already. */
const SERVER_PREFIX = 'The server reported an error: ';

/**
 * Splits a failed call into its words and the server's codes. The backend's message ends with
 * `(1146, SQLSTATE 42S02).` so a log line reads whole; on a screen that shows the codes beside
 * it, they would say it twice. Internal codes such as SERVER_ERROR are for code, never shown.
 */
export function errorText(error: ApiErrorShape): ErrorText {
  if (error.serverCode === undefined) return { message: error.message, codes: null };
  const codes = `Error ${error.serverCode}${error.sqlState ? ` · SQLSTATE ${error.sqlState}` : ''}`;
  const tags = [
    error.sqlState ? ` (${error.serverCode}, SQLSTATE ${error.sqlState})` : null,
    ` (${error.serverCode})`,
  ];
  let message = error.message;
  if (error.code === 'SERVER_ERROR' && message.startsWith(SERVER_PREFIX))
    message = message.slice(SERVER_PREFIX.length);
  for (const tag of tags) {
    if (tag !== null && message.includes(tag)) {
      message = message.replace(tag, '');
      break;
    }
  }
  // "doesn't exist." keeps its full stop; a message that was only the codes keeps its words.
  message = message.replace(/\s+\.$/, '.').trim();
  return { message: message === '' || message === '.' ? error.message : message, codes };
}

/** One line for a log: `Error 1146: Table 't' doesn't exist.`, or the message as it is. */
export function errorLine(error: ApiErrorShape): string {
  const { message } = errorText(error);
  return error.serverCode === undefined ? message : `Error ${error.serverCode}: ${message}`;
}
