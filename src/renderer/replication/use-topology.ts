import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ApiErrorShape } from '../../shared/api/errors';
import type { HostCredential } from '../../shared/api/replication';
import type { ReplicationTopology } from '../../shared/replication/topology-model';
import { api } from '../app/api';
import { errorShapeOf } from '../app/ErrorNotice';
import { usePolling } from '../data/use-polling';
import { reportErrant } from './errant-by-connection';

const TOPOLOGY_REFRESH_MS = 30_000;

export interface Topology {
  topology: ReplicationTopology | null;
  error: ApiErrorShape | null;
  discovering: boolean;
  /** Discover again now (after the one under way, if any). */
  discover: () => Promise<void>;
}

/**
 * The replication topology around the tool's server: discovered when the screen opens or the
 * logins change, again now and then while shown (each discovery logs in to every server, so not
 * at the status poll's pace), and on demand; one discovery at a time.
 */
export function useTopology(
  sessionId: string,
  connectionId: string,
  credentials: readonly HostCredential[],
  active: boolean,
): Topology {
  const [topology, setTopology] = useState<ReplicationTopology | null>(null);
  const [error, setError] = useState<ApiErrorShape | null>(null);
  const [discovering, setDiscovering] = useState(false);
  const busy = useRef(false);
  const again = useRef(false);
  // The newest discover, for the one asked for while another ran (it may have new logins).
  const latestDiscover = useRef<() => Promise<void>>(async () => undefined);
  const discover = useCallback(async (): Promise<void> => {
    // One discovery at a time; asked for meanwhile (new login, fix done), it runs right after.
    if (busy.current) {
      again.current = true;
      return;
    }
    busy.current = true;
    setDiscovering(true);
    try {
      const found = await api.call('replication.topology', {
        sessionId,
        credentials: [...credentials],
      });
      setTopology(found);
      reportErrant(
        connectionId,
        found.nodes.filter((n) => n.errant !== null).map((n) => n.id),
      );
      setError(null);
    } catch (e) {
      setError(errorShapeOf(e));
    } finally {
      busy.current = false;
      setDiscovering(false);
      if (again.current) {
        again.current = false;
        void latestDiscover.current();
      }
    }
  }, [sessionId, credentials, connectionId]);
  useLayoutEffect(() => {
    latestDiscover.current = discover;
  }, [discover]);
  useEffect(() => {
    // Started from a task of its own, so its "discovering" is not set inside this effect.
    const start = setTimeout(() => void discover(), 0);
    return () => clearTimeout(start);
  }, [discover]);
  usePolling(discover, {
    key: sessionId,
    intervalMs: TOPOLOGY_REFRESH_MS,
    enabled: active,
    immediate: false,
  });
  return { topology, error, discovering, discover };
}
