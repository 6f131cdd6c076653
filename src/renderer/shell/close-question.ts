import type { SavedConnection } from '../../shared/api/connection';
import { formatDuration } from '../../shared/format/duration';
import type { ConfirmRequest } from '../app/confirm-request';
import type { SessionActivity } from '../app/session-activity-model';

/**
 * The question to ask before closing a session's tab, or null when closing loses nothing: a
 * running export is cancelled, a running statement stopped (KILL QUERY) and an open
 * transaction rolled back when its session closes, so each is said before it happens.
 */
export function closeQuestion(
  activity: SessionActivity | undefined,
  connection: SavedConnection | undefined,
  now: number,
): ConfirmRequest | null {
  const running = activity?.running ?? null;
  const inTransaction = activity?.inTransaction === true;
  const exporting = activity?.exporting;
  if (!running && !inTransaction && !exporting) return null;
  const base = {
    connectionName: connection?.name ?? 'this connection',
    color: connection?.color ?? ('gray' as const),
    typedConfirmation: false,
  };
  const transaction = inTransaction
    ? ' A transaction is open in this session as well: it is rolled back, and every change in it not committed is lost.'
    : '';
  if (exporting) {
    return {
      ...base,
      title: `Close the tab and cancel its export on ${base.connectionName}?`,
      consequence: `An export of this tab's result is running (${exporting.rows.toLocaleString('en-US')} rows written so far). Closing the tab ends its session: the export stops and its partial file is removed, so ${exporting.path} is not written.${transaction}`,
      detail: exporting.path,
      confirmLabel: 'Cancel the export and close',
    };
  }
  if (running) {
    return {
      ...base,
      title: `Close the tab and stop its statement on ${base.connectionName}?`,
      consequence: `This statement has been running for ${formatDuration(Math.max(0, now - running.startedAt))}. Closing the tab stops it on the server (KILL QUERY): what it changed is rolled back.${transaction}`,
      detail: running.sql,
      confirmLabel: 'Stop it and close',
    };
  }
  return {
    ...base,
    title: `Close the tab and roll back its transaction on ${base.connectionName}?`,
    consequence:
      'A transaction is open in this session: closing the tab ends the session, and the server rolls back every change not committed. Cancel, then COMMIT, to keep them.',
    detail: 'ROLLBACK',
    confirmLabel: 'Roll back and close',
  };
}
