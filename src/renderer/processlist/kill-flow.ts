import type { SavedConnection } from '../../shared/api/connection';
import type { KillTargets } from '../../shared/api/processlist';
import { oneLineStatement } from '../../shared/processlist/statement-text';
import { killEffect, type KillMode } from '../../shared/processlist/kill-plan';
import type { ServerRun } from '../../shared/server/server-run';
import { api } from '../app/api';
import type { ConfirmRequest } from '../app/ConfirmDialog';

import type { KillOutcomes } from './kill-outcomes';

type Via = 'statement' | 'procedure';

interface KillRequest {
  mode: KillMode;
  ids: number[];
  /** The server run of the snapshot the ids were picked from. */
  seenIn: ServerRun;
}

/** What the confirmation says, for KILL itself and for the kill procedure offered after it. */
function wording(
  via: Via,
  mode: KillMode,
  n: number,
  procedure: string | null,
  connectionName: string,
): Pick<ConfirmRequest, 'title' | 'consequence' | 'confirmLabel'> {
  const what =
    mode === 'query' ? `statement${n === 1 ? '' : 's'}` : `connection${n === 1 ? '' : 's'}`;
  const effect = killEffect(mode);
  if (via === 'procedure') {
    return {
      title: `KILL was refused: call ${procedure ?? 'the kill procedure'} instead?`,
      consequence: `The server refused KILL for ${n} ${what}: this account lacks CONNECTION_ADMIN (or SUPER). It offers ${procedure ?? 'a kill procedure'}, which managed servers provide to end other users' sessions. ${effect}`,
      confirmLabel: 'Call procedure',
    };
  }
  return {
    title: `Kill ${n} ${what} on ${connectionName}?`,
    consequence: effect,
    confirmLabel: mode === 'query' ? 'Kill query' : 'Kill connection',
  };
}

/** The statements a KILL QUERY stops, as read for its question (the first three, then a count). */
function runningText(running: KillTargets | null): string {
  if (!running || running.targets.length === 0) return '';
  const shown = running.targets.slice(0, 3).map((t) => {
    const text = t.info === null ? 'no statement' : oneLineStatement(t.info, 160);
    return `#${t.id} runs ${text}`;
  });
  const more = running.targets.length - shown.length;
  return ` Now: ${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}. A session that runs another statement by the time you confirm is left alone.`;
}

/**
 * One preview, confirmation (a second one on a read-only connection) and run. Returns the
 * `done` answer, or null when the user cancelled.
 */
async function previewConfirmRun(
  sessionId: string,
  connection: SavedConnection,
  confirm: (r: ConfirmRequest) => Promise<boolean>,
  { mode, ids, seenIn }: KillRequest,
  via: Via,
  procedure: string | null,
) {
  const preview = await api.call('processlist.kill', { sessionId, mode, ids, seenIn, via });
  if (preview.phase !== 'preview') return null;
  const base = {
    detail: preview.sql,
    connectionName: connection.name,
    color: connection.color,
    typedConfirmation: connection.production,
  };
  const words = wording(via, mode, preview.ids.length, procedure, connection.name);
  const first = await confirm({
    ...base,
    ...words,
    consequence: `${words.consequence}${runningText(preview.running)}`,
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
    via,
    confirmSql: preview.sql,
    readOnlyConfirmed: preview.readOnly,
    // What the question showed: a session running another statement by now is left alone.
    ...(preview.running ? { expected: preview.running } : {}),
  });
  return done.phase === 'done' ? done : null;
}

/**
 * KILL through the one confirmation: the backend writes the exact SQL, the user confirms it (a
 * second time on a read-only connection, told why), and only then is it sent back to run. When
 * the server refuses it for lack of privilege and offers a kill procedure (`mysql.rds_kill`),
 * that is offered the same way, its exact CALL shown and confirmed. Returns null when the user
 * cancelled the KILL.
 */
export async function killWithConfirmation(
  sessionId: string,
  connection: SavedConnection,
  confirm: (r: ConfirmRequest) => Promise<boolean>,
  request: KillRequest,
): Promise<KillOutcomes | null> {
  const done = await previewConfirmRun(sessionId, connection, confirm, request, 'statement', null);
  if (!done) return null;
  if (!done.offer) return done.outcomes;
  const { procedure, ids } = done.offer;
  const viaProcedure = await previewConfirmRun(
    sessionId,
    connection,
    confirm,
    { ...request, ids },
    'procedure',
    procedure,
  );
  if (!viaProcedure) return done.outcomes;
  const byId = new Map(viaProcedure.outcomes.map((o) => [o.id, o]));
  return done.outcomes.map((o) => byId.get(o.id) ?? o);
}
