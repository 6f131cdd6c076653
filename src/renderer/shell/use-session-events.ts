import { useEffect, useState, type Dispatch } from 'react';
import { api } from '../app/api';
import type { TabsAction } from './tabs/tab-model';

export interface BackendState {
  state: 'up' | 'down';
  reason?: string | undefined;
}

/**
 * Follows the backend: a session lost or reconnected marks its tabs; a backend that stopped
 * takes its sessions' tabs with it, and one that is back reloads the saved connections.
 */
export function useSessionEvents(dispatch: Dispatch<TabsAction>, reload: () => Promise<void>) {
  const [backend, setBackend] = useState<BackendState>({ state: 'up' });
  useEffect(() => {
    const offLost = api.on('session.lost', ({ sessionId, error }) =>
      dispatch({ type: 'session-lost', sessionId, lost: error }),
    );
    const offBack = api.on('session.reconnected', ({ sessionId, server }) =>
      dispatch({ type: 'session-back', sessionId, server }),
    );
    const offState = api.onBackendState((state, reason) => {
      setBackend({ state, reason });
      if (state === 'down') dispatch({ type: 'sessions-gone' });
      else void reload();
    });
    return () => {
      offLost();
      offBack();
      offState();
    };
  }, [dispatch, reload]);
  return backend;
}
