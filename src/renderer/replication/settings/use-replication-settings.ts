import type { ApiErrorShape } from '../../../shared/api/errors';
import type { SettingAdvice } from '../../../shared/replication/settings-advice';
import type { ReplicationSettings } from '../../../shared/replication/replication-settings';
import { api } from '../../app/api';
import { errorShapeOf } from '../../app/ErrorNotice';
import { usePolling } from '../../data/use-polling';

/** Settings change rarely: read when shown, then once a minute (or on Read again). */
const INTERVAL_MS = 60_000;

export interface ReplicationSettingsView {
  settings: ReplicationSettings | null;
  advice: SettingAdvice[];
  readAt: number | null;
  error: ApiErrorShape | null;
  loading: boolean;
  refresh: () => void;
}

/** `replication.settings` of the session's server while the screen is shown. */
export function useReplicationSettings(
  sessionId: string,
  active: boolean,
): ReplicationSettingsView {
  const poll = usePolling(() => api.call('replication.settings', { sessionId }), {
    key: sessionId,
    intervalMs: INTERVAL_MS,
    enabled: active,
  });
  return {
    settings: poll.data?.settings ?? null,
    advice: poll.data?.advice ?? [],
    readAt: poll.data?.readAt ?? null,
    error: poll.error ? errorShapeOf(poll.error) : null,
    loading: poll.loading,
    refresh: poll.refresh,
  };
}
