import type { SavedConnection } from '../../shared/api/connection';
import type { KillMode } from '../../shared/processlist/kill-plan';
import type { ServerRun } from '../../shared/server/server-run';
import { api } from '../app/api';
import type { ConfirmRequest } from '../app/ConfirmDialog';

import type { KillOutcomes } from './kill-outcomes';

/**
 * KILL through the one confirmation: the backend writes the exact SQL, the user confirms it (a
 * second time on a read-only connection, told why), and only then is it sent back to run.
 * Returns null when the user cancelled.
 */
export async function killWithConfirmation(
  sessionId: string,
  connection: SavedConnection,
  confirm: (r: ConfirmRequest) => Promise<boolean>,
  /** `seenIn`: the server run of the snapshot the ids were picked from. */
  { mode, ids, seenIn }: { mode: KillMode; ids: number[]; seenIn: ServerRun },
): Promise<KillOutcomes | null> {
  const preview = await api.call('processlist.kill', { sessionId, mode, ids, seenIn });
  if (preview.phase !== 'preview') return null;
  const n = preview.ids.length;
  const what =
    mode === 'query' ? `statement${n === 1 ? '' : 's'}` : `connection${n === 1 ? '' : 's'}`;
  const base = {
    detail: preview.sql,
    connectionName: connection.name,
    color: connection.color,
    typedConfirmation: connection.production,
  };
  const first = await confirm({
    ...base,
    title: `Kill ${n} ${what} on ${connection.name}?`,
    consequence:
      mode === 'query'
        ? 'Each statement below is stopped and rolled back; the sessions stay connected.'
        : 'Each session below is disconnected: its statement and open transaction are rolled back.',
    confirmLabel: mode === 'query' ? 'Kill query' : 'Kill connection',
  });
  if (!first) return null;
  if (preview.readOnly) {
    const second = await confirm({
      ...base,
      title: `“${connection.name}” is read-only`,
      consequence:
        'This connection is marked read-only, and KILL changes the server: it stops other users’ work. Confirm again to run it anyway.',
      confirmLabel: 'Kill anyway',
    });
    if (!second) return null;
  }
  const done = await api.call('processlist.kill', {
    sessionId,
    mode,
    ids: preview.ids,
    seenIn,
    confirmSql: preview.sql,
    readOnlyConfirmed: preview.readOnly,
  });
  return done.phase === 'done' ? done.outcomes : null;
}
