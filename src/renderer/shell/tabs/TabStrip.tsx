import type { ReactNode } from 'react';
import type { SavedConnection } from '../../../shared/api/connection';
import { Tabs, type TabItem } from '../../ui/Tabs';
import { kindOf, type TabKinds } from './tab-kind';
import { isSessionTab, type TabsAction, type TabsState } from './tab-model';

/**
 * The shell's tab strip: asks each tab's kind for its name and mark, gives session tabs their
 * connection's colour (so nobody runs a query on production by mistake) and a lost mark.
 */
export function TabStrip({
  state,
  kinds,
  connections,
  dispatch,
  onClose,
  children,
}: {
  state: TabsState;
  kinds: TabKinds;
  connections: ReadonlyMap<string, SavedConnection>;
  dispatch: (action: TabsAction) => void;
  onClose: (id: string) => void;
  children?: ReactNode;
}) {
  const items = state.tabs.map((tab): TabItem => {
    const kind = kindOf(kinds, tab);
    const connection = isSessionTab(tab) ? connections.get(tab.connectionId) : undefined;
    const title = kind.title(tab, connection);
    const color = connection?.color ?? 'gray';
    const lost = isSessionTab(tab) && tab.lost !== null;
    return {
      id: tab.id,
      title: lost ? `${title} (connection lost)` : title,
      label: (
        <>
          {kind.label?.(tab, connection) ?? title}
          {lost && <span title="Connection lost"> ⚠</span>}
        </>
      ),
      icon: (
        <>
          {isSessionTab(tab) && <span className={`color-dot color-${color}`} aria-hidden="true" />}
          {kind.icon?.(tab)}
        </>
      ),
      className: `color-border-${color}`,
      closeLabel: `Close ${title}`,
      ...(kind.data ? { data: kind.data(tab) } : {}),
    };
  });
  return (
    <Tabs
      label="Open sessions"
      items={items}
      activeId={state.activeId}
      onSelect={(id) => dispatch({ type: 'activate', id })}
      onClose={onClose}
      onMove={(id, to) => dispatch({ type: 'move', id, to })}
    >
      {children}
    </Tabs>
  );
}
