import { useState } from 'react';
import type { ApiErrorShape } from '../../shared/api/errors';
import type { ReplicationStatus } from '../../shared/api/replication';
import { api } from '../app/api';
import { errorShapeOf } from '../app/ErrorNotice';
import { usePolling } from '../data/use-polling';
import { appendLag, type LagHistory } from './lag-history';

/** Poll every 2 s while shown, every 10 s behind another tab (the chart keeps going). */
const ACTIVE_INTERVAL_MS = 2000;
const BACKGROUND_INTERVAL_MS = 10_000;

/**
 * Polls `replication.status` on the tool's session, one call at a time (the next is scheduled
 * when the previous ended, retried with backoff after errors, paused while the page is hidden),
 * keeping each channel's lag for the chart.
 */
export function useReplicationStatus(
  sessionId: string,
  active: boolean,
): { status: ReplicationStatus | null; error: ApiErrorShape | null; history: LagHistory } {
  const [history, setHistory] = useState<LagHistory>({});
  const poll = usePolling(
    async (signal) => {
      const next = await api.call('replication.status', { sessionId });
      // A read of a loop already ended (another session) must not reach this one's chart.
      if (!signal.aborted) setHistory((h) => appendLag(h, next.channels, next.readAt));
      return next;
    },
    { key: sessionId, intervalMs: active ? ACTIVE_INTERVAL_MS : BACKGROUND_INTERVAL_MS },
  );
  return {
    status: poll.data ?? null,
    error: poll.error ? errorShapeOf(poll.error) : null,
    history,
  };
}
