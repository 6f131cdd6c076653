import type { ErrorCode } from '../../shared/api/errors';
import { backoffDelayMs } from '../data/poller';

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

/** The first retry after a failed poll, and the longest (the poller's backoff between them). */
export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 15_000;

/** Delay before retry number `attempt` (1-based): 1 s, 2 s, 4 s, ... at most 15 s. */
export function retryDelayMs(attempt: number): number {
  return backoffDelayMs(attempt, RETRY_BASE_MS, RETRY_MAX_MS);
}
