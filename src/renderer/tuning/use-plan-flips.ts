import { useEffect, useState } from 'react';
import type { StatementFlipView } from '../../shared/api/tuning';
import { api } from '../app/api';

/**
 * The connection's statements whose plan changed, read again whenever `refreshKey` changes
 * (each refresh of the statement list). An error leaves the last answer: flags are a hint.
 */
export function usePlanFlips(sessionId: string, refreshKey: string | null): StatementFlipView[] {
  const [flips, setFlips] = useState<StatementFlipView[]>([]);
  useEffect(() => {
    if (refreshKey === null) return;
    let current = true;
    api.call('tuning.flips', { sessionId }).then(
      (r) => {
        if (current) setFlips(r.flips);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [sessionId, refreshKey]);
  return flips;
}
