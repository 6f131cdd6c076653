import type { Handlers } from '../backend/handlers';
import type { HistoryStore } from '../store/history-store';

/**
 * The query history, shared by every screen: it is the user's record on this computer, not a
 * session's, so any screen may search or clear it.
 */
export function historyService(
  history: HistoryStore,
): Handlers<'history.search' | 'history.clear'> {
  return {
    'history.search': async (params) => history.search(params),
    'history.clear': async ({ connectionId }) => ({ removed: await history.clear(connectionId) }),
  };
}
