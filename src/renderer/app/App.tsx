import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AppInfo } from '../../shared/api/contract';
import type { SavedConnection } from '../../shared/api/connection';
import type { ApiErrorShape } from '../../shared/api/errors';
import type { ServerInfo } from '../../shared/server/server-info';
import { linkTransport } from '../../shared/server/link-transport';
import { ConnectedView, type OpenTab } from '../connections/ConnectedView';
import { EditorTab } from '../editor/EditorTab';
import { PlanScreen } from '../plan/PlanScreen';
import { CompareScreen } from '../plan-compare/CompareScreen';
import { SettingsScreen } from '../settings/SettingsScreen';
import { onOpenSettingsRequest } from '../settings/open-settings';
import { loadPlanDiagnostics } from '../settings/plan-diagnostics';
import { loadRailCollapsed, saveRailCollapsed } from './layout-store';
import { ConnectionDetails } from '../connections/ConnectionDetails';
import { ConnectionDialog } from '../connections/ConnectionDialog';
import { ConnectionList } from '../connections/ConnectionList';
import { PasswordPrompt } from '../connections/PasswordPrompt';
import { SchemaTree } from '../schema/SchemaTree';
import { api } from './api';
import { ConfirmDialog, type ConfirmRequest } from './ConfirmDialog';
import { ErrorNotice, errorShapeOf } from './ErrorNotice';
import { StatusBar } from './StatusBar';
import { StoreWriteNotice } from './StoreWriteNotice';
import { TabHandle } from './TabHandle';
import { registeredTools, toolScreens } from './tool-registry';
import { ShellOverlays } from './ShellOverlays';
import { sendEditorCommand } from '../editor/editor-commands';
import type { PlansToCompare, PlanToShow, ToolKind, ToolTab } from './tool-screen';
import { ToolButtons } from './ToolButtons';

type Dialog =
  | { kind: 'edit'; existing: SavedConnection | null }
  | {
      kind: 'confirm';
      request: ConfirmRequest;
      action: () => Promise<void>;
      onCancel?: () => void;
    }
  | {
      kind: 'password';
      connection: SavedConnection;
      /** What the password is for (an editor by default). */
      then?: (password: string) => void;
    }
  | null;

/** The server flavor of each connection with an open session. */
/** Connections whose open sessions travel over the network without TLS. */
const unencryptedOf = (
  tabs: Array<{ connectionId: string; server: ServerInfo }>,
  byId: ReadonlyMap<string, SavedConnection>,
) =>
  new Set(
    tabs
      .filter((t) => {
        const c = byId.get(t.connectionId);
        return c !== undefined && linkTransport(t.server, c.endpoint) === 'clear';
      })
      .map((t) => t.connectionId),
  );

const flavorsOf = (...open: Array<Array<{ connectionId: string; server: ServerInfo }>>) =>
  new Map(open.flat().map((t) => [t.connectionId, t.server.flavor]));

/** Tab id of a tool tab (editor tabs use their session id, the plan tab 'plan'). */
const toolTabId = (t: ToolTab) => `tool:${t.sessionId}`;

export function App() {
  const [appInfo, setAppInfo] = useState<AppInfo | null>(null);
  const [connections, setConnections] = useState<SavedConnection[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [tabs, setTabs] = useState<OpenTab[]>([]);
  const [tools, setTools] = useState<ToolTab[]>([]);
  const [activeTab, setActiveTab] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [connecting, setConnecting] = useState<string | null>(null);
  const [error, setError] = useState<{ title: string; error: ApiErrorShape } | null>(null);
  const [dismissedWarning, setDismissedWarning] = useState<string | null>(null);
  const [planOpen, setPlanOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [railCollapsed, setRailCollapsed] = useState(loadRailCollapsed);
  const toggleRail = useCallback(() => {
    setRailCollapsed((c) => {
      saveRailCollapsed(!c);
      return !c;
    });
  }, []);
  /** The plans in the compare tab (each pair remounts it); null: the tab is closed. */
  const [compared, setCompared] = useState<(PlansToCompare & { key: number }) | null>(null);
  /** The plan last explained from an editor (each one remounts the plan screen with it). */
  const [explained, setExplained] = useState<(PlanToShow & { key: number }) | null>(null);
  const [backend, setBackend] = useState<{ state: 'up' | 'down'; reason?: string | undefined }>({
    state: 'up',
  });

  const reload = useCallback(async () => {
    try {
      const [info, list] = await Promise.all([
        api.call('app.info', {}),
        api.call('connections.list', {}),
        loadPlanDiagnostics(),
      ]);
      setAppInfo(info);
      setConnections(list);
    } catch (e) {
      setError({ title: 'Could not load saved connections', error: errorShapeOf(e) });
    }
  }, []);

  useEffect(() => {
    void reload();
    const offLost = api.on('session.lost', ({ sessionId, error: lost }) => {
      setTabs((ts) => ts.map((t) => (t.sessionId === sessionId ? { ...t, lost } : t)));
      setTools((ts) => ts.map((t) => (t.sessionId === sessionId ? { ...t, lost } : t)));
    });
    const offBack = api.on('session.reconnected', ({ sessionId, server }) => {
      const back = <T extends { sessionId: string }>(t: T) =>
        t.sessionId === sessionId ? { ...t, server, lost: null } : t;
      setTabs((ts) => ts.map(back));
      setTools((ts) => ts.map(back));
    });
    const offState = api.onBackendState((state, reason) => {
      setBackend({ state, reason });
      if (state === 'down') {
        // Sessions lived in the backend that stopped: they are gone.
        setTabs([]);
        setTools([]);
        setActiveTab(null);
      } else {
        void reload();
      }
    });
    return () => {
      offLost();
      offBack();
      offState();
    };
  }, [reload]);

  const byId = useMemo(() => new Map(connections.map((c) => [c.id, c])), [connections]);
  const selected = selectedId ? (byId.get(selectedId) ?? null) : null;
  const tab = tabs.find((t) => t.sessionId === activeTab) ?? null;
  const activeTool = tools.find((t) => toolTabId(t) === activeTab) ?? null;
  /** SQL the schema tree sent to the active editor (a new id each time, so repeats count). */
  const [sqlRequest, setSqlRequest] = useState<{
    sessionId: string;
    id: number;
    sql: string;
    run: boolean;
  } | null>(null);

  /** The one confirmation dialog, for screens that need an answer before they go on. */
  const confirm = useCallback(
    (request: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        setDialog({
          kind: 'confirm',
          request,
          action: async () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [],
  );

  /** Opens the connection's editor, or a further one (its own server session) with `newEditor`. */
  const open = async (
    connection: SavedConnection,
    password?: string,
    newEditor = false,
  ): Promise<string | null> => {
    const existing = tabs.find((t) => t.connectionId === connection.id);
    if (existing && !newEditor) {
      setActiveTab(existing.sessionId);
      return existing.sessionId;
    }
    if (connection.passwordMode === 'ask' && password === undefined) {
      setDialog({ kind: 'password', connection });
      return null;
    }
    setConnecting(connection.id);
    setError(null);
    try {
      const opened = await api.call('session.open', {
        connectionId: connection.id,
        ...(password !== undefined ? { secrets: { password } } : {}),
      });
      setTabs((ts) => {
        const used = new Set(ts.filter((t) => t.connectionId === connection.id).map((t) => t.slot));
        let slot = 0;
        while (used.has(slot)) slot++;
        const added: OpenTab = {
          connectionId: connection.id,
          sessionId: opened.sessionId,
          slot,
          server: opened.server,
          lost: null,
        };
        return [...ts, added];
      });
      setActiveTab(opened.sessionId);
      return opened.sessionId;
    } catch (e) {
      setError({ title: `Could not connect to ${connection.name}`, error: errorShapeOf(e) });
      return null;
    } finally {
      setConnecting(null);
    }
  };

  /** Shows a tool on a connection: its open tab, or a new one on a session of its own. */
  const openTool = async (connection: SavedConnection, kind: ToolKind, password?: string) => {
    const existing = tools.find((t) => t.connectionId === connection.id && t.kind === kind);
    if (existing) {
      setActiveTab(toolTabId(existing));
      return;
    }
    if (connection.passwordMode === 'ask' && password === undefined) {
      setDialog({
        kind: 'password',
        connection,
        then: (p) => void openTool(connection, kind, p),
      });
      return;
    }
    setConnecting(connection.id);
    setError(null);
    try {
      const opened = await api.call('session.open', {
        connectionId: connection.id,
        ...(password !== undefined ? { secrets: { password } } : {}),
      });
      const added: ToolTab = {
        kind,
        connectionId: connection.id,
        sessionId: opened.sessionId,
        server: opened.server,
        lost: null,
      };
      setTools((ts) => [...ts, added]);
      setActiveTab(toolTabId(added));
    } catch (e) {
      const title = toolScreens[kind]?.title ?? kind;
      setError({ title: `Could not open ${title} on ${connection.name}`, error: errorShapeOf(e) });
    } finally {
      setConnecting(null);
    }
  };

  const closeTool = async (t: ToolTab) => {
    setTools((ts) => ts.filter((x) => x.sessionId !== t.sessionId));
    if (activeTab === toolTabId(t)) setActiveTab(null);
    await api.call('session.close', { sessionId: t.sessionId }).catch(() => undefined);
  };

  const showPlan = useCallback((plan: PlanToShow) => {
    setExplained((prev) => ({ ...plan, key: (prev?.key ?? 0) + 1 }));
    setPlanOpen(true);
    setActiveTab('plan');
  }, []);

  const openSettings = useCallback(() => {
    setSettingsOpen(true);
    setActiveTab('settings');
  }, []);
  useEffect(() => onOpenSettingsRequest(openSettings), [openSettings]);

  const showCompare = useCallback((plans: PlansToCompare) => {
    setCompared((prev) => ({ ...plans, key: (prev?.key ?? 0) + 1 }));
    setActiveTab('compare');
  }, []);

  /** SQL from a tool goes to the connection's first editor, opened when there is none. */
  const openInEditor = async (connection: SavedConnection, sql: string, password?: string) => {
    const hasEditor = tabs.some((t) => t.connectionId === connection.id);
    if (!hasEditor && connection.passwordMode === 'ask' && password === undefined) {
      // The SQL waits for the password instead of being dropped with the prompt.
      setDialog({
        kind: 'password',
        connection,
        then: (p) => void openInEditor(connection, sql, p),
      });
      return;
    }
    const sessionId = await open(connection, password);
    if (sessionId) setSqlRequest({ sessionId, id: Date.now(), sql, run: false });
  };

  const closeTab = async (t: OpenTab) => {
    setTabs((ts) => ts.filter((x) => x.sessionId !== t.sessionId));
    if (activeTab === t.sessionId) setActiveTab(null);
    await api.call('session.close', { sessionId: t.sessionId }).catch(() => undefined);
  };

  const askDelete = (c: SavedConnection) => {
    setDialog({
      kind: 'confirm',
      request: {
        title: `Delete connection “${c.name}”?`,
        consequence:
          'The saved settings and any saved passwords of this connection are removed from this computer. The server itself is not touched.',
        detail: `${c.name} — ${c.user}@${c.endpoint.kind === 'tcp' ? `${c.endpoint.host}:${c.endpoint.port}` : c.endpoint.path}`,
        connectionName: c.name,
        color: c.color,
        typedConfirmation: c.production,
        confirmLabel: 'Delete connection',
      },
      action: async () => {
        for (const t of tabs.filter((x) => x.connectionId === c.id)) await closeTab(t);
        for (const t of tools.filter((x) => x.connectionId === c.id)) await closeTool(t);
        await api.call('connections.delete', { id: c.id });
        setSelectedId(null);
        await reload();
      },
    });
  };

  const duplicate = async (c: SavedConnection) => {
    try {
      const copy = await api.call('connections.duplicate', { id: c.id });
      await reload();
      setSelectedId(copy.id);
    } catch (e) {
      setError({ title: `Could not duplicate ${c.name}`, error: errorShapeOf(e) });
    }
  };

  /** Closes the tab in front (Ctrl/Cmd+W, or the palette). */
  const closeActive = () => {
    if (tab) void closeTab(tab);
    else if (activeTool) void closeTool(activeTool);
    else if (activeTab === 'plan') {
      setPlanOpen(false);
      setActiveTab(null);
    } else if (activeTab === 'compare') {
      setCompared(null);
      setActiveTab(null);
    } else if (activeTab === 'settings') {
      setSettingsOpen(false);
      setActiveTab(null);
    }
  };
  const activeConnectionId = tab?.connectionId ?? activeTool?.connectionId ?? selectedId;

  return (
    <div className="shell">
      {backend.state === 'down' && (
        <div className="banner banner-danger" role="alert" data-testid="backend-down">
          <span aria-hidden="true">⚠</span>{' '}
          {backend.reason ?? 'The backend stopped; restarting it.'} Open sessions were closed.
        </div>
      )}
      {appInfo?.storeWarning && appInfo.storeWarning !== dismissedWarning && (
        <div className="banner banner-warning" role="alert">
          <span aria-hidden="true">⚠</span>
          <span className="banner-text">{appInfo.storeWarning}</span>
          <button
            type="button"
            className="btn-small"
            onClick={() => setDismissedWarning(appInfo.storeWarning)}
          >
            Dismiss
          </button>
        </div>
      )}
      <StoreWriteNotice initial={appInfo?.storeWrites} />
      <div className="workspace">
        <ConnectionList
          connections={connections}
          selectedId={selectedId}
          connectedIds={new Set(tabs.map((t) => t.connectionId))}
          flavors={flavorsOf(tabs, tools)}
          unencryptedIds={unencryptedOf([...tabs, ...tools], byId)}
          onSelect={(id) => {
            setSelectedId(id);
            setActiveTab(null);
          }}
          onOpen={(id) => {
            const c = byId.get(id);
            if (c) void open(c);
          }}
          onNew={() => setDialog({ kind: 'edit', existing: null })}
          collapsed={railCollapsed}
          onToggleCollapsed={toggleRail}
          activeTree={
            tab && {
              connectionId: tab.connectionId,
              tree: (
                <SchemaTree
                  key={tab.connectionId}
                  connectionId={tab.connectionId}
                  connectionName={byId.get(tab.connectionId)?.name ?? ''}
                  sessionId={tab.sessionId}
                  flavor={tab.server.flavor}
                  openSql={(sql, run) =>
                    setSqlRequest({ sessionId: tab.sessionId, id: Date.now(), sql, run })
                  }
                />
              ),
            }
          }
        />
        <main className="main">
          <div className="tabs" role="tablist" aria-label="Open sessions">
            {tabs.map((t) => {
              const c = byId.get(t.connectionId);
              return (
                <TabHandle
                  key={t.sessionId}
                  active={t.sessionId === activeTab}
                  color={c?.color ?? 'gray'}
                  dot
                  closeLabel={`Close ${c?.name ?? 'session'}`}
                  onSelect={() => setActiveTab(t.sessionId)}
                  onClose={() => void closeTab(t)}
                >
                  {c?.name ?? 'Session'}
                  {t.slot > 0 && <span className="tab-slot"> ({t.slot + 1})</span>}
                  {t.lost && <span title="Connection lost"> ⚠</span>}
                </TabHandle>
              );
            })}
            {tools.map((t) => {
              const c = byId.get(t.connectionId);
              const id = toolTabId(t);
              const title = toolScreens[t.kind]?.title ?? t.kind;
              return (
                <TabHandle
                  key={id}
                  active={id === activeTab}
                  color={c?.color ?? 'gray'}
                  dot
                  closeLabel={`Close ${title} on ${c?.name ?? 'session'}`}
                  onSelect={() => setActiveTab(id)}
                  onClose={() => void closeTool(t)}
                  tool={t.kind}
                >
                  {title} · {c?.name ?? 'Session'}
                  {t.lost && <span title="Connection lost"> ⚠</span>}
                </TabHandle>
              );
            })}
            {planOpen && (
              <TabHandle
                active={activeTab === 'plan'}
                color="gray"
                dot={false}
                closeLabel="Close plan"
                onSelect={() => setActiveTab('plan')}
                onClose={() => {
                  setPlanOpen(false);
                  if (activeTab === 'plan') setActiveTab(null);
                }}
              >
                Plan
              </TabHandle>
            )}
            {compared && (
              <TabHandle
                active={activeTab === 'compare'}
                color="gray"
                dot={false}
                closeLabel="Close compare plans"
                onSelect={() => setActiveTab('compare')}
                onClose={() => {
                  setCompared(null);
                  if (activeTab === 'compare') setActiveTab(null);
                }}
              >
                Compare plans
              </TabHandle>
            )}
            {settingsOpen && (
              <TabHandle
                active={activeTab === 'settings'}
                color="gray"
                dot={false}
                closeLabel="Close settings"
                onSelect={() => setActiveTab('settings')}
                onClose={() => {
                  setSettingsOpen(false);
                  if (activeTab === 'settings') setActiveTab(null);
                }}
              >
                Settings
              </TabHandle>
            )}
            <span className="spacer" />
            <button
              type="button"
              className="btn-small tabs-action"
              onClick={() => {
                setPlanOpen(true);
                setActiveTab('plan');
              }}
            >
              Paste a plan
            </button>
            <button
              type="button"
              className="btn-small tabs-action"
              title="Settings (Ctrl/Cmd+,)"
              onClick={openSettings}
            >
              <span aria-hidden="true">⚙</span> Settings
            </button>
          </div>
          <div className="content">
            {planOpen && (
              <div className="tab-page" hidden={activeTab !== 'plan'}>
                <PlanScreen
                  key={explained?.key ?? 0}
                  {...(explained ? { initial: explained } : {})}
                  onCompare={(before) =>
                    showCompare({ title: 'Compare plans', before, after: null })
                  }
                />
              </div>
            )}
            {compared && (
              <div className="tab-page" hidden={activeTab !== 'compare'}>
                <CompareScreen key={compared.key} initial={compared} />
              </div>
            )}
            {settingsOpen && (
              <div className="tab-page" hidden={activeTab !== 'settings'}>
                <SettingsScreen dataDir={appInfo?.dataDir ?? null} />
              </div>
            )}
            {error && <ErrorNotice error={error.error} title={error.title} />}
            {tools.map((t) => {
              const c = byId.get(t.connectionId);
              const def = toolScreens[t.kind];
              if (!c || !def) return null;
              const id = toolTabId(t);
              // Tools stay mounted so filters, selection and charts survive tab switches.
              return (
                <div key={id} className="tab-page tool-page" hidden={id !== activeTab}>
                  <def.Component
                    connection={c}
                    sessionId={t.sessionId}
                    server={t.server}
                    lost={t.lost}
                    active={id === activeTab}
                    confirm={confirm}
                    showPlan={showPlan}
                    showCompare={showCompare}
                    openInEditor={(sql) => void openInEditor(c, sql)}
                  />
                </div>
              );
            })}
            {tabs.map((t) => {
              const c = byId.get(t.connectionId);
              if (!c) return null;
              // Every editor stays mounted so its text, results and undo survive tab switches.
              return (
                <div key={t.sessionId} className="tab-page" hidden={t.sessionId !== activeTab}>
                  <ConnectedView
                    tab={t}
                    connection={c}
                    onUpdate={(u) =>
                      setTabs((ts) => ts.map((x) => (x.sessionId === u.sessionId ? u : x)))
                    }
                    onDisconnect={() => void closeTab(t)}
                    onNewEditor={() => void open(c, undefined, true)}
                    tools={
                      <ToolButtons tools={registeredTools()} onOpen={(k) => void openTool(c, k)} />
                    }
                  >
                    <EditorTab
                      connection={c}
                      sessionId={t.sessionId}
                      flavor={t.server.flavor}
                      slot={t.slot}
                      confirm={confirm}
                      sqlRequest={sqlRequest?.sessionId === t.sessionId ? sqlRequest : null}
                      onPlan={(plan, title) =>
                        showPlan({
                          document: plan.document,
                          dialect: plan.dialect,
                          title,
                          explainSql: plan.explainSql,
                        })
                      }
                    />
                  </ConnectedView>
                </div>
              );
            })}
            {tab ||
            activeTab === 'plan' ||
            activeTab === 'compare' ||
            activeTab === 'settings' ||
            activeTab?.startsWith('tool:') ? null : selected ? (
              <ConnectionDetails
                connection={selected}
                connecting={connecting === selected.id}
                onConnect={() => void open(selected)}
                onEdit={() => setDialog({ kind: 'edit', existing: selected })}
                onDuplicate={() => void duplicate(selected)}
                onDelete={() => askDelete(selected)}
                tools={
                  <ToolButtons
                    tools={registeredTools()}
                    disabled={connecting === selected.id}
                    onOpen={(k) => void openTool(selected, k)}
                  />
                }
              />
            ) : (
              <div className="empty-state welcome">
                <h1>Sightline</h1>
                <p>
                  Pick a saved connection on the left, or create one with <strong>+ New</strong>.
                </p>
              </div>
            )}
          </div>
        </main>
      </div>
      <StatusBar
        tab={tab ?? (activeTool && { ...activeTool, slot: 0 })}
        connection={byId.get((tab ?? activeTool)?.connectionId ?? '') ?? null}
        appInfo={appInfo}
        toolTitle={
          activeTool ? (toolScreens[activeTool.kind]?.title ?? activeTool.kind) : undefined
        }
      />

      <ShellOverlays
        context={{
          connections,
          connection: activeConnectionId ? (byId.get(activeConnectionId) ?? null) : null,
          editorSessionId: tab?.sessionId ?? null,
          hasActiveTab:
            tab !== null ||
            activeTool !== null ||
            activeTab === 'plan' ||
            activeTab === 'compare' ||
            activeTab === 'settings',
          tools: registeredTools(),
          connect: (c) => {
            setSelectedId(c.id);
            void open(c);
          },
          newConnection: () => setDialog({ kind: 'edit', existing: null }),
          newEditor: (c) => void open(c, undefined, true),
          closeTab: closeActive,
          pastePlan: () => {
            setPlanOpen(true);
            setActiveTab('plan');
          },
          openTool: (c, kind) => void openTool(c, kind),
          openSettings,
          toggleRail,
          editorCommand: sendEditorCommand,
        }}
      />
      {dialog?.kind === 'edit' && (
        <ConnectionDialog
          existing={dialog.existing}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setDialog(null);
            setSelectedId(saved.id);
            setActiveTab(null);
            void reload();
          }}
        />
      )}
      {dialog?.kind === 'confirm' && (
        <ConfirmDialog
          request={dialog.request}
          onCancel={() => {
            dialog.onCancel?.();
            setDialog(null);
          }}
          onConfirm={() => {
            const action = dialog.action;
            setDialog(null);
            action().catch((e: unknown) =>
              setError({ title: dialog.request.title, error: errorShapeOf(e) }),
            );
          }}
        />
      )}
      {dialog?.kind === 'password' && (
        <PasswordPrompt
          connection={dialog.connection}
          onCancel={() => setDialog(null)}
          onSubmit={(password) => {
            const { connection: c, then } = dialog;
            setDialog(null);
            if (then) then(password);
            else void open(c, password);
          }}
        />
      )}
    </div>
  );
}
