import { useEffect, useMemo, useRef, type Dispatch } from 'react';
import type { SavedConnection } from '../../shared/api/connection';
import { api } from '../app/api';
import { toolScreens } from '../app/tool-registry';
import type { PlansToCompare, PlanToShow, ToolKind } from '../app/tool-screen';
import type { ComparedSides } from './tabs/tab-payloads';
import { sendSqlToEditor } from '../editor/sql-requests';
import {
  activeTab,
  findEditor,
  findTool,
  isSessionTab,
  type TabsAction,
  type TabsState,
} from './tabs/tab-model';
import type { OpenedSession } from './use-session-opener';

/**
 * What the shell does with tabs: open an editor or a tool (each on a session of its own), show
 * a plan, close a tab and its session. Stable across renders: they read the latest tabs.
 */
export function useTabActions(
  state: TabsState,
  dispatch: Dispatch<TabsAction>,
  openSession: (c: SavedConnection, failure: string) => Promise<OpenedSession | null>,
) {
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  }, [state]);

  return useMemo(() => {
    /** The connection's editor (a further one with `another`); resolves to its session. */
    const openEditor = async (c: SavedConnection, another = false): Promise<string | null> => {
      const existing = findEditor(latest.current, c.id);
      if (existing && !another) {
        dispatch({ type: 'activate', id: existing.id });
        return existing.sessionId;
      }
      const opened = await openSession(c, `Could not connect to ${c.name}`);
      if (!opened) return null;
      dispatch({
        type: 'open',
        tab: { kind: 'editor', connectionId: c.id, lost: null, ...opened },
      });
      return opened.sessionId;
    };

    const openTool = async (c: SavedConnection, tool: ToolKind): Promise<void> => {
      const existing = findTool(latest.current, c.id, tool);
      if (existing) {
        dispatch({ type: 'activate', id: existing.id });
        return;
      }
      const title = toolScreens[tool]?.title ?? tool;
      const opened = await openSession(c, `Could not open ${title} on ${c.name}`);
      if (!opened) return;
      dispatch({
        type: 'open',
        tab: { kind: 'tool', tool, connectionId: c.id, lost: null, ...opened },
      });
    };

    const closeTab = (id: string): void => {
      const tab = latest.current.tabs.find((t) => t.id === id);
      if (!tab) return;
      dispatch({ type: 'close', id });
      if (isSessionTab(tab))
        void api.call('session.close', { sessionId: tab.sessionId }).catch(() => undefined);
    };

    return {
      openEditor,
      openTool,
      closeTab,
      /** Closes the tab in front (Ctrl/Cmd+W, the palette). */
      closeActive: () => {
        const front = activeTab(latest.current);
        if (front) closeTab(front.id);
      },
      /** Closes every tab on a connection (it is being deleted) and their sessions. */
      closeConnection: async (connectionId: string): Promise<void> => {
        const gone = latest.current.tabs.filter(
          (t) => isSessionTab(t) && t.connectionId === connectionId,
        );
        dispatch({ type: 'close-connection', connectionId });
        for (const t of gone)
          if (isSessionTab(t))
            await api.call('session.close', { sessionId: t.sessionId }).catch(() => undefined);
      },
      /** SQL from the schema tree or a tool goes to a new editor of its own. */
      openInEditor: async (c: SavedConnection, sql: string, run = false): Promise<void> => {
        const sessionId = await openEditor(c, true);
        if (sessionId) sendSqlToEditor(sessionId, sql, run);
      },
      /** A plan in a tab of its own; with `inTab`, the plan the user put in that plan tab. */
      showPlan: (plan: PlanToShow, where?: { inTab: string }) =>
        dispatch(
          where
            ? { type: 'plan-shown', id: where.inTab, plan, at: Date.now() }
            : { type: 'open', tab: { kind: 'plan', plan, at: Date.now() } },
        ),
      pastePlan: () =>
        dispatch({ type: 'open', tab: { kind: 'plan', plan: null, at: Date.now() } }),
      /** Two plans in a compare tab of their own, in front (the same pair: its tab). */
      showCompare: (plans: PlansToCompare) =>
        dispatch({ type: 'open', tab: { kind: 'compare', plans, at: Date.now() } }),
      /** The sides the user picked or swapped in compare tab `id`. */
      compareShown: (id: string, sides: ComparedSides) =>
        dispatch({ type: 'compare-shown', id, sides }),
      openSettings: () => dispatch({ type: 'open', tab: { kind: 'settings' } }),
    };
  }, [dispatch, openSession]);
}

export type TabActions = ReturnType<typeof useTabActions>;
