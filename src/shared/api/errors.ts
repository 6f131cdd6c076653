import { z } from 'zod';

/** Every error the backend can report, by stable code; screens branch on these, never on text. */
export const ERROR_CODES = [
  'INVALID_REQUEST',
  'UNKNOWN_METHOD',
  'NOT_FOUND',
  'PASSWORD_REQUIRED',
  'AUTH_FAILED',
  'HOST_NOT_FOUND',
  'CONNECTION_REFUSED',
  'TIMEOUT',
  'TLS_FAILED',
  'SSH_AUTH_FAILED',
  'SSH_FAILED',
  'CONNECTION_LOST',
  'SERVER_ERROR',
  'STORE_CORRUPT',
  'STORE_FAILED',
  'FILE_ERROR',
  'BACKEND_DIED',
  'INTERNAL',
] as const;

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** The serialisable shape of an error as it crosses the transport: never a stack trace. */
export const ApiErrorShapeSchema = z.object({
  code: ErrorCodeSchema,
  /** Plain words: what failed and, where known, what to do next. */
  message: z.string(),
  /** The server's error number (e.g. 1045), when the server reported one. */
  serverCode: z.number().int().optional(),
  sqlState: z.string().optional(),
  /** The field of a request that was wrong, as a dotted path. */
  field: z.string().optional(),
});
export type ApiErrorShape = z.infer<typeof ApiErrorShapeSchema>;

/** An error with a stable code, thrown by services and rebuilt by the api client. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly serverCode: number | undefined;
  readonly sqlState: string | undefined;
  readonly field: string | undefined;

  constructor(shape: ApiErrorShape) {
    super(shape.message);
    this.name = 'ApiError';
    this.code = shape.code;
    this.serverCode = shape.serverCode;
    this.sqlState = shape.sqlState;
    this.field = shape.field;
  }

  /** The wire form of this error. */
  toShape(): ApiErrorShape {
    const shape: ApiErrorShape = { code: this.code, message: this.message };
    if (this.serverCode !== undefined) shape.serverCode = this.serverCode;
    if (this.sqlState !== undefined) shape.sqlState = this.sqlState;
    if (this.field !== undefined) shape.field = this.field;
    return shape;
  }
}

/** True when `e` is an ApiError with the given code (or any code when none is given). */
export function isApiError(e: unknown, code?: ErrorCode): e is ApiError {
  return e instanceof ApiError && (code === undefined || e.code === code);
}
