import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AppInfo } from '../../shared/api/contract';
import type { SavedConnection } from '../../shared/api/connection';
import type { ApiErrorShape } from '../../shared/api/errors';
import { ConnectedView, type OpenTab } from '../connections/ConnectedView';
import { ConnectionDetails } from '../connections/ConnectionDetails';
import { ConnectionDialog } from '../connections/ConnectionDialog';
import { ConnectionList } from '../connections/ConnectionList';
import { PasswordPrompt } from '../connections/PasswordPrompt';
import { api } from './api';
import { ConfirmDialog, type ConfirmRequest } from './ConfirmDialog';
import { ErrorNotice, errorShapeOf } from './ErrorNotice';
import { StatusBar } from './StatusBar';

type Dialog =
  | { kind: 'edit'; existing: SavedConnection | null }
  | { kind: 'confirm'; request: ConfirmRequest; action: () => Promise<void> }
  | { kind: 'password'; connection: SavedConnection }
  | null;

export function App() {
  const [appInfo, setAppInfo] = useState<AppInfo | null>(null);
  const [connections, setConnections] = useState<SavedConnection[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [tabs, setTabs] = useState<OpenTab[]>([]);
  const [activeTab, setActiveTab] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [connecting, setConnecting] = useState<string | null>(null);
  const [error, setError] = useState<{ title: string; error: ApiErrorShape } | null>(null);
  const [dismissedWarning, setDismissedWarning] = useState<string | null>(null);
  const [backend, setBackend] = useState<{ state: 'up' | 'down'; reason?: string | undefined }>({
    state: 'up',
  });

  const reload = useCallback(async () => {
    try {
      const [info, list] = await Promise.all([
        api.call('app.info', {}),
        api.call('connections.list', {}),
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
    });
    const offState = api.onBackendState((state, reason) => {
      setBackend({ state, reason });
      if (state === 'down') {
        // Sessions lived in the backend that stopped: they are gone.
        setTabs([]);
        setActiveTab(null);
      } else {
        void reload();
      }
    });
    return () => {
      offLost();
      offState();
    };
  }, [reload]);

  const byId = useMemo(() => new Map(connections.map((c) => [c.id, c])), [connections]);
  const selected = selectedId ? (byId.get(selectedId) ?? null) : null;
  const tab = tabs.find((t) => t.connectionId === activeTab) ?? null;

  const open = async (connection: SavedConnection, password?: string) => {
    const existing = tabs.find((t) => t.connectionId === connection.id);
    if (existing) {
      setActiveTab(connection.id);
      return;
    }
    if (connection.passwordMode === 'ask' && password === undefined) {
      setDialog({ kind: 'password', connection });
      return;
    }
    setConnecting(connection.id);
    setError(null);
    try {
      const opened = await api.call('session.open', {
        connectionId: connection.id,
        ...(password !== undefined ? { secrets: { password } } : {}),
      });
      setTabs((ts) => [
        ...ts,
        {
          connectionId: connection.id,
          sessionId: opened.sessionId,
          server: opened.server,
          lost: null,
        },
      ]);
      setActiveTab(connection.id);
    } catch (e) {
      setError({ title: `Could not connect to ${connection.name}`, error: errorShapeOf(e) });
    } finally {
      setConnecting(null);
    }
  };

  const closeTab = async (t: OpenTab) => {
    setTabs((ts) => ts.filter((x) => x.sessionId !== t.sessionId));
    if (activeTab === t.connectionId) setActiveTab(null);
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
        const t = tabs.find((x) => x.connectionId === c.id);
        if (t) await closeTab(t);
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
      <div className="workspace">
        <ConnectionList
          connections={connections}
          selectedId={selectedId}
          connectedIds={new Set(tabs.map((t) => t.connectionId))}
          onSelect={(id) => {
            setSelectedId(id);
            setActiveTab(null);
          }}
          onOpen={(id) => {
            const c = byId.get(id);
            if (c) void open(c);
          }}
          onNew={() => setDialog({ kind: 'edit', existing: null })}
        />
        <main className="main">
          <div className="tabs" role="tablist" aria-label="Open sessions">
            {tabs.map((t) => {
              const c = byId.get(t.connectionId);
              return (
                <div
                  key={t.sessionId}
                  role="tab"
                  aria-selected={t.connectionId === activeTab}
                  className={`tab color-border-${c?.color ?? 'gray'}${t.connectionId === activeTab ? ' active' : ''}`}
                  tabIndex={0}
                  onClick={() => setActiveTab(t.connectionId)}
                >
                  <span className={`color-dot color-${c?.color ?? 'gray'}`} aria-hidden="true" />
                  {c?.name ?? 'Session'}
                  {t.lost && <span title="Connection lost"> ⚠</span>}
                  <button
                    type="button"
                    className="tab-close"
                    aria-label={`Close ${c?.name ?? 'session'}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      void closeTab(t);
                    }}
                  >
                    ×
                  </button>
                </div>
              );
            })}
          </div>
          <div className="content">
            {error && <ErrorNotice error={error.error} title={error.title} />}
            {tab && byId.get(tab.connectionId) ? (
              <ConnectedView
                key={tab.sessionId}
                tab={tab}
                connection={byId.get(tab.connectionId)!}
                onUpdate={(t) =>
                  setTabs((ts) => ts.map((x) => (x.sessionId === t.sessionId ? t : x)))
                }
                onDisconnect={() => void closeTab(tab)}
              />
            ) : selected ? (
              <ConnectionDetails
                connection={selected}
                connecting={connecting === selected.id}
                onConnect={() => void open(selected)}
                onEdit={() => setDialog({ kind: 'edit', existing: selected })}
                onDuplicate={() => void duplicate(selected)}
                onDelete={() => askDelete(selected)}
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
        tab={tab}
        connection={tab ? (byId.get(tab.connectionId) ?? null) : null}
        appInfo={appInfo}
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
          onCancel={() => setDialog(null)}
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
            const c = dialog.connection;
            setDialog(null);
            void open(c, password);
          }}
        />
      )}
    </div>
  );
}
