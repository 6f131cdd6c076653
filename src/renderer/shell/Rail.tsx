import type { SavedConnection, UnreadableConnection } from '../../shared/api/connection';
import { linkTransport } from '../../shared/server/link-transport';
import { ConnectionList } from '../connections/ConnectionList';
import { UnreadableConnections } from '../connections/UnreadableConnections';
import { SchemaTree } from '../schema/SchemaTree';
import { useShell } from './shell-services';
import type { ListState } from './use-saved-connections';
import { contextSession, isSessionTab, recentTab, type TabsState } from './tabs/tab-model';

/**
 * The left rail: saved connections with what their open sessions say (flavor, TLS), and under
 * the connection worked on last its schema tree, which opens SQL in a new editor on it.
 */
export function Rail({
  connections,
  unreadable,
  onDeleteUnreadable,
  listState,
  byId,
  selectedId,
  tabs,
  collapsed,
  onToggleCollapsed,
  onSelect,
  onOpen,
  onNew,
}: {
  connections: SavedConnection[];
  /** Saved entries this version cannot read, listed apart; delete is all that can be done. */
  unreadable: UnreadableConnection[];
  onDeleteUnreadable: (entry: UnreadableConnection) => void;
  listState: ListState;
  byId: ReadonlyMap<string, SavedConnection>;
  selectedId: string | null;
  tabs: TabsState;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  onSelect: (id: string) => void;
  onOpen: (c: SavedConnection) => void;
  onNew: () => void;
}) {
  const shell = useShell();
  const sessions = tabs.tabs.filter(isSessionTab);
  // With no tab in front (a connection picked in the rail) the tree of the editor used last
  // stays: were it to go, the rows under it would jump between the two clicks of a double-click
  // and the second would land on (and connect to) another connection.
  const editor =
    contextSession(tabs, 'editor') ??
    (tabs.activeId === null ? (recentTab(tabs, (t) => t.kind === 'editor') ?? null) : null);
  const clear = sessions.filter((t) => {
    const c = byId.get(t.connectionId);
    return c !== undefined && linkTransport(t.server, c.endpoint) === 'clear';
  });
  return (
    <ConnectionList
      connections={connections}
      unreadable={<UnreadableConnections entries={unreadable} onDelete={onDeleteUnreadable} />}
      hasUnreadable={unreadable.length > 0}
      listState={listState}
      selectedId={selectedId}
      connectedIds={new Set(sessions.flatMap((t) => (t.kind === 'editor' ? [t.connectionId] : [])))}
      flavors={new Map(sessions.map((t) => [t.connectionId, t.server.flavor]))}
      unencryptedIds={new Set(clear.map((t) => t.connectionId))}
      onSelect={onSelect}
      onOpen={(id) => {
        const c = byId.get(id);
        if (c) onOpen(c);
      }}
      onNew={onNew}
      collapsed={collapsed}
      onToggleCollapsed={onToggleCollapsed}
      activeTree={
        editor && {
          connectionId: editor.connectionId,
          tree: (
            <SchemaTree
              key={editor.connectionId}
              connectionId={editor.connectionId}
              connectionName={byId.get(editor.connectionId)?.name ?? ''}
              sessionId={editor.sessionId}
              flavor={editor.server.flavor}
              openSql={(sql, run) => {
                const c = byId.get(editor.connectionId);
                if (c) shell.openInEditor(c, sql, run);
              }}
            />
          ),
        }
      }
    />
  );
}
