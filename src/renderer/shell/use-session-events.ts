import { useEffect, useState, type Dispatch } from 'react';
import { api } from '../app/api';
import type { TabsAction } from './tabs/tab-model';

export interface BackendState {
  state: 'up' | 'down';
  reason?: string | undefined;
  /**
   * When the backend last stopped while sessions were open (ms since the epoch), kept after it
   * is back: what its sessions ran is not known to have stopped, and that is said until the
   * user dismisses it. Null when it never stopped with sessions.
   */
  stoppedWithSessionsAt: number | null;
}

/**
 * Follows the backend: a session lost or reconnected marks its tabs; a backend that stopped
 * takes its sessions' tabs with it, and one that is back reloads the saved connections.
 */
export function useSessionEvents(
  dispatch: Dispatch<TabsAction>,
  reload: () => Promise<void>,
  hasSessionTabs: () => boolean,
) {
  const [backend, setBackend] = useState<BackendState>({
    state: 'up',
    stoppedWithSessionsAt: null,
  });
  useEffect(() => {
    const offLost = api.on('session.lost', ({ sessionId, error }) =>
      dispatch({ type: 'session-lost', sessionId, lost: error }),
    );
    const offBack = api.on('session.reconnected', ({ sessionId, server }) =>
      dispatch({ type: 'session-back', sessionId, server }),
    );
    const offState = api.onBackendState((state, reason) => {
      const hadSessions = state === 'down' && hasSessionTabs();
      setBackend((was) => ({
        state,
        reason,
        stoppedWithSessionsAt: hadSessions ? Date.now() : was.stoppedWithSessionsAt,
      }));
      if (state === 'down') dispatch({ type: 'sessions-gone' });
      else void reload();
    });
    return () => {
      offLost();
      offBack();
      offState();
    };
  }, [dispatch, reload, hasSessionTabs]);
  return backend;
}
