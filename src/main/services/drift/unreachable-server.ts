import { ApiError, type ErrorCode } from '../../../shared/api/errors';
import type { DriftServer } from './pin-snapshots';

/**
 * Codes of a server that cannot be reached any more: every later table would fail the same. A
 * server that dies while a new connection is opened to it reads as a TLS (or SSH) failure: the
 * socket is reset in the middle of the handshake.
 */
const UNREACHABLE: ReadonlySet<ErrorCode> = new Set([
  'CONNECTION_LOST',
  'CONNECTION_REFUSED',
  'TIMEOUT',
  'HOST_NOT_FOUND',
  'TLS_FAILED',
  'SSH_FAILED',
]);

/** Whether `error` says a server went away, rather than that one table could not be read. */
export function isUnreachable(error: ApiError): boolean {
  return UNREACHABLE.has(error.code);
}

async function answers(server: DriftServer): Promise<boolean> {
  try {
    const link = await server.open();
    await link.close().catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}

/**
 * The error that ends a comparison when a server went away during it, naming which one (each is
 * tried with a new connection: the error alone does not say which link broke) and how far the
 * comparison got.
 */
export async function unreachableServerError(
  error: ApiError,
  servers: { source: DriftServer; replica: DriftServer; replicaName: string },
  progress: { compared: number; tables: number },
): Promise<ApiError> {
  const [source, replica] = await Promise.all([answers(servers.source), answers(servers.replica)]);
  const who =
    !source && !replica
      ? `Neither this session’s server nor the replica “${servers.replicaName}” can be reached`
      : !source
        ? 'This session’s server (the source) cannot be reached'
        : !replica
          ? `The replica “${servers.replicaName}” cannot be reached`
          : 'A connection of the comparison was lost';
  return new ApiError({
    ...error.toShape(),
    message: `${who}: the comparison stopped (${error.message}). ${done(progress)}; their results are kept.`,
  });
}

/**
 * The error that ends a comparison when a server stopped answering (frozen, or cut off by the
 * network: its connections stay open and nothing comes back), naming it.
 */
export function silentServerError(
  which: 'source' | 'replica',
  silentMs: number,
  replicaName: string,
  progress: { compared: number; tables: number },
): ApiError {
  const who =
    which === 'source' ? 'This session’s server (the source)' : `The replica “${replicaName}”`;
  return new ApiError({
    code: 'TIMEOUT',
    message: `${who} stopped answering (no answer to a ping for ${Math.round(silentMs / 1000)} s): the comparison stopped and closed its connections. ${done(progress)}; their results are kept.`,
  });
}

/**
 * What the user must check when the replica's applier, held for a moment by the comparison,
 * could not be started again because a connection broke.
 */
export function applierNote(statement: string): string {
  return ` The comparison was holding the replica’s applier when this happened and could not start it again: when the replica answers, check its replication status and, if the applier is stopped, run ${statement}.`;
}

function done(progress: { compared: number; tables: number }): string {
  return `${progress.compared} of ${progress.tables} ${progress.tables === 1 ? 'table was' : 'tables were'} compared`;
}
