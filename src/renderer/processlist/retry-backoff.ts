import type { ErrorCode } from '../../shared/api/errors';

/** Errors that mean "the server cannot be reached right now": retry by itself, calmly. */
const UNREACHABLE: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'CONNECTION_LOST',
  'CONNECTION_REFUSED',
  'TIMEOUT',
  'HOST_NOT_FOUND',
  'SSH_FAILED',
]);

/** True when a poll failed because the server is out of reach (restart, network). */
export function isUnreachable(code: ErrorCode): boolean {
  return UNREACHABLE.has(code);
}

/** Delay before retry number `attempt` (1-based): 1 s, 2 s, 4 s, ... at most 15 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(15_000, 1000 * 2 ** Math.max(0, attempt - 1));
}
