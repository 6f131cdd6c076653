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
  /**
   * The server asked for the password on a link without TLS, and no key to protect it is
   * trusted (neither a pinned public key nor the explicit opt-in): nothing was sent.
   */
  'INSECURE_PASSWORD',
  'SSH_AUTH_FAILED',
  /** The SSH server's host key is not saved for this connection yet (trust on first use). */
  'SSH_HOST_KEY_UNKNOWN',
  /** The SSH server's host key differs from the saved one: possibly someone in the middle. */
  'SSH_HOST_KEY_CHANGED',
  'SSH_FAILED',
  /**
   * The server's TLS certificate differs from the one pinned for the connection (or a server
   * with a pin offered no TLS at all): possibly someone in the middle. Nothing secret was sent.
   */
  'TLS_CERT_CHANGED',
  'CONNECTION_LOST',
  /**
   * The statement was not run: the session's connection had been lost with state in it (a
   * transaction, USE, SET, temporary tables, locks) and a new one starts without it. Said once;
   * the same statement asked again runs.
   */
  'SESSION_RESET',
  'SERVER_ERROR',
  /** A statement is already running in this session. */
  'SESSION_BUSY',
  /** The user cancelled a running statement. */
  'CANCELLED',
  'STORE_CORRUPT',
  'STORE_FAILED',
  'FILE_ERROR',
  'BACKEND_DIED',
  'INTERNAL',
] as const;

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** The host key an SSH server presented, when it was refused: what the screen shows to decide. */
export const SshHostKeyInfoSchema = z.object({
  /** The SSH server as the settings name it. */
  host: z.string(),
  port: z.number().int(),
  /** OpenSSH-style `SHA256:...` fingerprint of the key presented. */
  fingerprint: z.string(),
  /** The key type, e.g. `ssh-ed25519`. */
  algorithm: z.string(),
  /** The fingerprint saved for the connection, when it differs from the one presented. */
  expected: z.string().optional(),
});
export type SshHostKeyInfo = z.infer<typeof SshHostKeyInfoSchema>;

/** The TLS certificate a server presented when it was refused for not matching the pin. */
export const TlsCertInfoSchema = z.object({
  /** The server as the settings name it: `db.example.com:3306`. */
  server: z.string(),
  /** The pinned fingerprint (`SHA256:...`). */
  expected: z.string(),
  /** The presented certificate's fingerprint; absent when the server offered no TLS. */
  fingerprint: z.string().optional(),
  subject: z.string().optional(),
  issuer: z.string().optional(),
  /** Validity as the certificate states it (OpenSSL's words, e.g. `Nov 27 18:00:00 2026 GMT`). */
  validFrom: z.string().optional(),
  validTo: z.string().optional(),
});
export type TlsCertInfo = z.infer<typeof TlsCertInfoSchema>;

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
  /** SSH_HOST_KEY_UNKNOWN / SSH_HOST_KEY_CHANGED: the key the SSH server presented. */
  sshHostKey: SshHostKeyInfoSchema.optional(),
  /** TLS_CERT_CHANGED: the certificate pinned and the one presented. */
  tlsCert: TlsCertInfoSchema.optional(),
});
export type ApiErrorShape = z.infer<typeof ApiErrorShapeSchema>;

/** An error with a stable code, thrown by services and rebuilt by the api client. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly serverCode: number | undefined;
  readonly sqlState: string | undefined;
  readonly field: string | undefined;
  readonly sshHostKey: SshHostKeyInfo | undefined;
  readonly tlsCert: TlsCertInfo | undefined;

  constructor(shape: ApiErrorShape) {
    super(shape.message);
    this.name = 'ApiError';
    this.code = shape.code;
    this.serverCode = shape.serverCode;
    this.sqlState = shape.sqlState;
    this.field = shape.field;
    this.sshHostKey = shape.sshHostKey;
    this.tlsCert = shape.tlsCert;
  }

  /** The wire form of this error. */
  toShape(): ApiErrorShape {
    const shape: ApiErrorShape = { code: this.code, message: this.message };
    if (this.serverCode !== undefined) shape.serverCode = this.serverCode;
    if (this.sqlState !== undefined) shape.sqlState = this.sqlState;
    if (this.field !== undefined) shape.field = this.field;
    if (this.sshHostKey !== undefined) shape.sshHostKey = { ...this.sshHostKey };
    if (this.tlsCert !== undefined) shape.tlsCert = { ...this.tlsCert };
    return shape;
  }
}

/** True when `e` is an ApiError with the given code (or any code when none is given). */
export function isApiError(e: unknown, code?: ErrorCode): e is ApiError {
  return e instanceof ApiError && (code === undefined || e.code === code);
}
