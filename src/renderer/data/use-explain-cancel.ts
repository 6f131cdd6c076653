import { useState } from 'react';
import { api } from '../app/api';
import { errorShapeOf } from '../app/ErrorNotice';

/** Why a Cancel did not stop the explain; `serverSilent` when the server did not answer it. */
export interface ExplainCancelProblem {
  message: string;
  serverSilent: boolean;
}

/**
 * Cancel of the explain running on `sessionId` (KILL QUERY of its thread, `explain.cancel`),
 * why it did not stop when it did not, and giving the session's connection up (after `ask`)
 * when the server does not answer at all: an EXPLAIN waits as long as a lock on its tables is
 * held, and nothing else of the session can run meanwhile.
 */
export function useExplainCancel(sessionId: string): {
  problem: ExplainCancelProblem | null;
  cancel: () => void;
  giveUp: (ask: () => Promise<boolean>) => Promise<void>;
  clearProblem: () => void;
} {
  const [problem, setProblem] = useState<ExplainCancelProblem | null>(null);
  const cancel = () => {
    setProblem(null);
    api.call('explain.cancel', { sessionId }).then(
      (r) => {
        if (!r.cancelled && r.reason)
          setProblem({ message: r.reason, serverSilent: r.serverSilent === true });
      },
      (e: unknown) => setProblem({ message: errorShapeOf(e).message, serverSilent: false }),
    );
  };
  const giveUp = async (ask: () => Promise<boolean>) => {
    if (!(await ask())) return;
    try {
      await api.call('explain.giveUp', { sessionId });
      setProblem(null);
    } catch (e) {
      setProblem({ message: errorShapeOf(e).message, serverSilent: false });
    }
  };
  return { problem, cancel, giveUp, clearProblem: () => setProblem(null) };
}
