import { ApiError } from '../../../shared/api/errors';

/**
 * Other threads running on the source, from its `SHOW GLOBAL STATUS LIKE 'Threads_running'` row
 * (less the thread asking). A row that is missing or not a count is an error, not zero: a
 * throttle that cannot read the load must not take the server for idle.
 */
export function otherThreadsRunning(row: Record<string, unknown> | undefined): number {
  const text = row?.Value;
  const count = typeof text === 'string' && /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(count))
    throw new ApiError({
      code: 'SERVER_ERROR',
      message: `The source’s load could not be read: SHOW GLOBAL STATUS gave ${row ? `Threads_running = ${JSON.stringify(text)}` : 'no Threads_running'}, so the comparison stopped rather than run unthrottled.`,
    });
  return Math.max(0, count - 1);
}
