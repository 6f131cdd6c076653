import { useEffect, useState } from 'react';
import type { ApiErrorShape } from '../../shared/api/errors';
import type { KillMode } from '../../shared/processlist/kill-plan';
import type { ServerRun } from '../../shared/server/server-run';
import { api } from '../app/api';
import { errorShapeOf } from '../app/ErrorNotice';
import type { ToolScreenProps } from '../app/tool-screen';
import { killWithConfirmation } from './kill-flow';
import { describeOutcomes } from './kill-outcomes';

/** How long a KILL that went as asked stays said. */
const KILL_MESSAGE_MS = 8000;

export interface ProcessActions {
  /** What the last KILL did ("Killed #25."), or null. */
  message: { severity: 'ok' | 'warning'; text: string } | null;
  /** A KILL or EXPLAIN that failed. */
  actionError: { title: string; error: ApiErrorShape } | null;
  /** `seenIn`: the server run of the snapshot the ids were picked from. */
  kill: (mode: KillMode, ids: number[], seenIn: ServerRun | undefined) => Promise<void>;
  explain: (id: number, analyze: boolean) => Promise<void>;
}

/**
 * KILL (through the confirmation) and EXPLAIN of sessions, and what they said. `onKilled` runs
 * after a KILL that was sent (to clear the selection and read the processlist again).
 */
export function useProcessActions(
  { sessionId, connection, server, confirm, showPlan }: ToolScreenProps,
  onKilled: () => void,
): ProcessActions {
  const [message, setMessage] = useState<ProcessActions['message']>(null);
  const [actionError, setActionError] = useState<ProcessActions['actionError']>(null);

  // "Killed #25." is news for a moment, not a state: it goes once read; warnings stay.
  useEffect(() => {
    if (message?.severity !== 'ok') return;
    const timer = setTimeout(() => setMessage(null), KILL_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  const kill: ProcessActions['kill'] = async (mode, ids, seenIn) => {
    setMessage(null);
    setActionError(null);
    if (!seenIn) return;
    try {
      const outcomes = await killWithConfirmation(sessionId, connection, confirm, {
        mode,
        ids,
        seenIn,
      });
      if (outcomes) {
        setMessage(describeOutcomes(outcomes));
        onKilled();
      }
    } catch (e) {
      setActionError({ title: 'KILL failed', error: errorShapeOf(e) });
    }
  };

  const explain: ProcessActions['explain'] = async (id, analyze) => {
    setActionError(null);
    try {
      const plan = await api.call('processlist.explain', { sessionId, id, analyze });
      showPlan({
        document: plan.document,
        dialect: plan.dialect,
        title: `Session #${id} on ${connection.name}${analyze ? ' (measured so far)' : ''}`,
        explainSql: plan.explainSql,
        server: server.versionText,
        // Its earlier plans (and the compare with them) are found by the statement.
        ...(plan.statement !== null
          ? { statement: plan.statement, connectionId: connection.id }
          : {}),
      });
    } catch (e) {
      setActionError({
        title: `Could not ${analyze ? 'analyze' : 'explain'} session #${id}`,
        error: errorShapeOf(e),
      });
    }
  };

  return { message, actionError, kill, explain };
}
