import { useState } from 'react';
import { api } from '../app/api';
import { errorShapeOf } from '../app/ErrorNotice';

/**
 * Cancel of the index experiment running on `sessionId` (`tuning.cancelExperiment`: KILL QUERY
 * of what it runs or waits on), and why a Cancel did not stop it when it did not. There is no
 * giving the connection up here: the experiment must still drop what it built. `clearProblem` forgets
 * the problem when the next experiment starts: it was about the one before.
 */
export function useExperimentCancel(sessionId: string): {
  problem: string | null;
  cancel: () => void;
  clearProblem: () => void;
} {
  const [problem, setProblem] = useState<string | null>(null);
  const cancel = () => {
    setProblem(null);
    api.call('tuning.cancelExperiment', { sessionId }).then(
      (r) => {
        if (!r.cancelled && r.reason) setProblem(r.reason);
      },
      (e: unknown) => setProblem(errorShapeOf(e).message),
    );
  };
  return { problem, cancel, clearProblem: () => setProblem(null) };
}
