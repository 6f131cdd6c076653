import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AppInfo } from '../../shared/api/contract';
import type { SavedConnection, UnreadableConnection } from '../../shared/api/connection';
import { api } from '../app/api';
import { errorShapeOf } from '../app/ErrorNotice';
import { loadPlanDiagnostics } from '../settings/plan-diagnostics';
import type { ShellError } from './use-session-opener';

async function load(): Promise<{
  info: AppInfo;
  list: SavedConnection[];
  unreadable: UnreadableConnection[];
}> {
  const [info, list, unreadable] = await Promise.all([
    api.call('app.info', {}),
    api.call('connections.list', {}),
    api.call('connections.unreadable', {}),
    loadPlanDiagnostics(),
  ]);
  return { info, list, unreadable };
}

/**
 * Whether the list of saved connections has been read: until it has, an empty list is not
 * "none saved" (saying so when the backend could not be reached would tell a user their
 * connections are gone).
 */
export type ListState = 'loading' | 'loaded' | 'failed';

/** The app's facts and the saved connections, loaded at start and on `reload()`. */
export function useSavedConnections(report: (error: ShellError | null) => void) {
  const [appInfo, setAppInfo] = useState<AppInfo | null>(null);
  const [connections, setConnections] = useState<SavedConnection[]>([]);
  /** Saved entries this version cannot read (see UnreadableConnections). */
  const [unreadable, setUnreadable] = useState<UnreadableConnection[]>([]);
  const [listState, setListState] = useState<ListState>('loading');

  const reload = useCallback(async () => {
    try {
      const loaded = await load();
      setAppInfo(loaded.info);
      setConnections(loaded.list);
      setUnreadable(loaded.unreadable);
      setListState('loaded');
    } catch (e) {
      setListState((was) => (was === 'loaded' ? was : 'failed'));
      report({ title: 'Could not load saved connections', error: errorShapeOf(e) });
    }
  }, [report]);

  useEffect(() => {
    let live = true;
    load().then(
      (loaded) => {
        if (!live) return;
        setAppInfo(loaded.info);
        setConnections(loaded.list);
        setUnreadable(loaded.unreadable);
        setListState('loaded');
      },
      (e: unknown) => {
        if (!live) return;
        setListState((was) => (was === 'loaded' ? was : 'failed'));
        report({ title: 'Could not load saved connections', error: errorShapeOf(e) });
      },
    );
    return () => {
      live = false;
    };
  }, [report]);

  const byId = useMemo(() => new Map(connections.map((c) => [c.id, c])), [connections]);
  return { appInfo, connections, unreadable, listState, byId, reload };
}
