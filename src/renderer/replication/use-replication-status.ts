import { useEffect, useState } from 'react';
import type { ApiErrorShape } from '../../shared/api/errors';
import type { ReplicationStatus } from '../../shared/api/replication';
import { api } from '../app/api';
import { errorShapeOf } from '../app/ErrorNotice';
import { appendLag, type LagHistory } from './lag-history';

/** Poll every 2 s while shown, every 10 s behind another tab (the chart keeps going). */
const ACTIVE_INTERVAL_MS = 2000;
const BACKGROUND_INTERVAL_MS = 10_000;

/**
 * Polls `replication.status` on the tool's session, one call at a time (the next is scheduled
 * when the previous ended), keeping each channel's lag for the chart.
 */
export function useReplicationStatus(
  sessionId: string,
  active: boolean,
): { status: ReplicationStatus | null; error: ApiErrorShape | null; history: LagHistory } {
  const [status, setStatus] = useState<ReplicationStatus | null>(null);
  const [error, setError] = useState<ApiErrorShape | null>(null);
  const [history, setHistory] = useState<LagHistory>({});
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await api.call('replication.status', { sessionId });
        if (stopped) return;
        setStatus(next);
        setHistory((h) => appendLag(h, next.channels, next.readAt));
        setError(null);
      } catch (e) {
        if (!stopped) setError(errorShapeOf(e));
      }
      if (!stopped)
        timer = setTimeout(() => void poll(), active ? ACTIVE_INTERVAL_MS : BACKGROUND_INTERVAL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [sessionId, active]);
  return { status, error, history };
}
