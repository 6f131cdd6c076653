import { ApiError, type ApiErrorShape } from '../../shared/api/errors';
import { FailureNotice } from '../ui/FailureNotice';

/** What failed, the server's code and message, and nothing like a stack trace. */
export function errorShapeOf(e: unknown): ApiErrorShape {
  if (e instanceof ApiError) return e.toShape();
  return { code: 'INTERNAL', message: e instanceof Error ? e.message : String(e) };
}

/**
 * A failed call as a danger Notice: every screen shows failures the same way (ui/FailureNotice:
 * the message once, the server's error number and SQLSTATE once, no internal code in the text).
 */
export const ErrorNotice = FailureNotice;
