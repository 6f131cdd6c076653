import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { SavedConnection, UnreadableConnection } from '../../shared/api/connection';
import { ConnectionDialog } from '../connections/ConnectionDialog';
import { sendEditorCommand } from '../editor/editor-commands';
import { onOpenSettingsRequest } from '../settings/open-settings';
import { Banners } from '../shell/Banners';
import { closeQuestion } from '../shell/close-question';
import { deleteRequest, deleteUnreadableRequest } from '../shell/delete-request';
import { HomePage } from '../shell/HomePage';
import { pageStatus } from '../shell/page-status';
import { Rail } from '../shell/Rail';
import { StatusBar } from '../shell/StatusBar';
import { ShellServicesContext, type ShellServices } from '../shell/shell-services';
import { TabPages } from '../shell/tabs/TabPages';
import { TabStrip } from '../shell/tabs/TabStrip';
import {
  activeTab,
  contextSession,
  emptyTabs,
  isSessionTab,
  tabsReducer,
} from '../shell/tabs/tab-model';
import { useConfirm } from '../shell/use-confirm';
import { useRailCollapsed } from '../shell/use-rail-collapsed';
import { useSavedConnections } from '../shell/use-saved-connections';
import { useSessionEvents } from '../shell/use-session-events';
import { useSessionOpener, type ShellError } from '../shell/use-session-opener';
import { useTabActions } from '../shell/use-tab-actions';
import '../shell/shell.css';
import { api } from './api';
import { ErrorNotice, errorShapeOf } from './ErrorNotice';
import { useSessionActivity } from './session-activity';
import { ShellOverlays } from './ShellOverlays';
import { tabKinds } from './tab-kinds';
import { registeredTools, toolScreens } from './tool-registry';

/**
 * The shell: the connection rail, the tab strip and the tab in front, the status bar, and the
 * dialogs and palette over them. What a tab shows is its kind's business (app/tab-kinds.ts).
 */
export function App() {
  const [error, setError] = useState<ShellError | null>(null);
  const { appInfo, connections, unreadable, listState, byId, reload } =
    useSavedConnections(setError);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ existing: SavedConnection | null } | null>(null);
  const [tabs, dispatch] = useReducer(tabsReducer, emptyTabs);
  const [railCollapsed, toggleRail] = useRailCollapsed();
  // Read when the backend stops: whether sessions' tabs were open then.
  const tabsNow = useRef(tabs);
  useEffect(() => {
    tabsNow.current = tabs;
  }, [tabs]);
  const hasSessionTabs = useCallback(() => tabsNow.current.tabs.some(isSessionTab), []);
  const backend = useSessionEvents(dispatch, reload, hasSessionTabs);
  const reloadSaved = useCallback(() => void reload(), [reload]);
  const { openSession, connecting, prompt } = useSessionOpener(setError, reloadSaved);
  const actions = useTabActions(tabs, dispatch, openSession);
  const { confirm, ask, dialog: confirmDialog } = useConfirm(setError);
  useEffect(() => onOpenSettingsRequest(actions.openSettings), [actions]);
  const activity = useSessionActivity();
  // Closing a tab stops its statement and rolls back its transaction: asked first.
  const closeTab = useCallback(
    async (id: string) => {
      const tab = tabs.tabs.find((t) => t.id === id);
      const question =
        tab && isSessionTab(tab)
          ? closeQuestion(
              activity.get(tab.sessionId),
              byId.get(tab.connectionId),
              performance.now(),
            )
          : null;
      if (question && !(await confirm(question))) return;
      actions.closeTab(id);
    },
    [tabs, activity, byId, confirm, actions],
  );
  const closeActive = useCallback(() => {
    const front = activeTab(tabs);
    if (front) void closeTab(front.id);
  }, [tabs, closeTab]);

  const services = useMemo<ShellServices>(
    () => ({
      connections: byId,
      appInfo,
      confirm,
      showPlan: actions.showPlan,
      showCompare: actions.showCompare,
      compareShown: actions.compareShown,
      openInEditor: (c, sql, run) => void actions.openInEditor(c, sql, run),
      newEditor: (c) => void actions.openEditor(c, true),
      openTool: (c, kind) => void actions.openTool(c, kind),
      closeTab: (id) => void closeTab(id),
      sessionRefreshed: (sessionId, server) =>
        dispatch({ type: 'session-back', sessionId, server }),
    }),
    [byId, appInfo, confirm, actions, closeTab],
  );

  const front = activeTab(tabs);
  const session = contextSession(tabs);
  const selected = selectedId ? (byId.get(selectedId) ?? null) : null;
  // The status bar speaks of the tab in front only: a plan or settings says what it is.
  const frontSession = front && isSessionTab(front) ? front : null;
  // Ctrl/Cmd+T and the palette act on the connection in view (a plan keeps the one before).
  const connection = session ? (byId.get(session.connectionId) ?? null) : selected;

  const duplicate = async (c: SavedConnection) => {
    try {
      const copy = await api.call('connections.duplicate', { id: c.id });
      await reload();
      setSelectedId(copy.id);
    } catch (e) {
      setError({ title: `Could not duplicate ${c.name}`, error: errorShapeOf(e) });
    }
  };
  const askDelete = (c: SavedConnection) =>
    void ask(deleteRequest(c), async () => {
      await actions.closeConnection(c.id);
      await api.call('connections.delete', { id: c.id });
      setSelectedId(null);
      await reload();
    });
  const askDeleteUnreadable = (u: UnreadableConnection) =>
    void ask(deleteUnreadableRequest(u), async () => {
      await api.call('connections.delete', { id: u.id });
      await reload();
    });

  return (
    <ShellServicesContext.Provider value={services}>
      <div className="shell">
        <Banners backend={backend} appInfo={appInfo} />
        <div className="workspace">
          <Rail
            connections={connections}
            unreadable={unreadable}
            onDeleteUnreadable={askDeleteUnreadable}
            listState={listState}
            byId={byId}
            // The rail follows the tab in front (a plan: the connection whose tree is shown).
            selectedId={session?.connectionId ?? selectedId}
            tabs={tabs}
            collapsed={railCollapsed}
            onToggleCollapsed={toggleRail}
            onSelect={(id) => {
              setSelectedId(id);
              dispatch({ type: 'activate', id: null });
            }}
            onOpen={(c) => void actions.openEditor(c)}
            onNew={() => setEditing({ existing: null })}
          />
          <main className="main">
            <TabStrip
              state={tabs}
              kinds={tabKinds}
              connections={byId}
              dispatch={dispatch}
              onClose={(id) => void closeTab(id)}
            >
              <button type="button" className="btn-small tabs-action" onClick={actions.pastePlan}>
                Paste a plan
              </button>
              <button
                type="button"
                className="btn-small tabs-action"
                title="Settings (Ctrl/Cmd+,)"
                onClick={actions.openSettings}
              >
                <span aria-hidden="true">⚙</span> Settings
              </button>
            </TabStrip>
            <div className="content">
              {error && <ErrorNotice error={error.error} title={error.title} />}
              <TabPages state={tabs} kinds={tabKinds} />
              {front === null && (
                <HomePage
                  selected={selected}
                  connecting={selected !== null && connecting === selected.id}
                  onConnect={(c) => void actions.openEditor(c)}
                  onEdit={(c) => setEditing({ existing: c })}
                  onDuplicate={(c) => void duplicate(c)}
                  onDelete={askDelete}
                  onOpenTool={(c, kind) => void actions.openTool(c, kind)}
                />
              )}
            </div>
          </main>
        </div>
        <StatusBar
          tab={
            frontSession && {
              ...frontSession,
              slot: frontSession.kind === 'editor' ? frontSession.slot : 0,
            }
          }
          connection={frontSession ? (byId.get(frontSession.connectionId) ?? null) : null}
          appInfo={appInfo}
          toolTitle={
            frontSession?.kind === 'tool'
              ? (toolScreens[frontSession.tool]?.title ?? frontSession.tool)
              : undefined
          }
          page={front && !isSessionTab(front) ? pageStatus(front) : undefined}
        />
        <ShellOverlays
          context={{
            connections,
            connection,
            editorSessionId: front?.kind === 'editor' ? front.sessionId : null,
            hasActiveTab: front !== null,
            tools: registeredTools(),
            connect: (c) => {
              setSelectedId(c.id);
              void actions.openEditor(c);
            },
            newConnection: () => setEditing({ existing: null }),
            newEditor: (c) => void actions.openEditor(c, true),
            closeTab: closeActive,
            pastePlan: actions.pastePlan,
            openTool: (c, kind) => void actions.openTool(c, kind),
            openSettings: actions.openSettings,
            toggleRail,
            editorCommand: sendEditorCommand,
          }}
        />
        {editing && (
          <ConnectionDialog
            existing={editing.existing}
            onClose={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              setSelectedId(saved.id);
              dispatch({ type: 'activate', id: null });
              void reload();
            }}
          />
        )}
        {confirmDialog}
        {prompt}
      </div>
    </ShellServicesContext.Provider>
  );
}
