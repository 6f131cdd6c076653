import type { MethodResult } from '../../shared/api/contract';
import { formatDuration } from '../../shared/format/duration';
import { api } from '../app/api';
import { usePolling } from '../data/use-polling';
import { ProgressBar } from './ProgressBar';

type External = MethodResult<'alter.external'>;
const NO_EXTERNAL: External = [];

/**
 * ALTERs other sessions run, with the same progress bar, polled (slower while the tab is
 * hidden); a failed read keeps the last list and is retried with backoff.
 */
export function ExternalAlters({ sessionId, active }: { sessionId: string; active: boolean }) {
  const external =
    usePolling(() => api.call('alter.external', { sessionId }), {
      key: sessionId,
      intervalMs: active ? 3000 : 15000,
    }).data ?? NO_EXTERNAL;
  if (external.length === 0) return null;
  return (
    <section className="alt-section" aria-labelledby="alt-external-title">
      <h3 id="alt-external-title">ALTERs other sessions are running</h3>
      {external.map((x) => (
        <div key={x.processId} className="alt-external">
          <div>
            <span className="num">#{x.processId}</span> {x.user}:{' '}
            <span className="mono">{x.sql}</span>{' '}
            <span className="hint">
              {x.state ?? ''} · {formatDuration(x.timeSeconds * 1000)}
            </span>
          </div>
          <ProgressBar
            percent={x.progress?.percent ?? null}
            label={`Progress of session ${x.processId}`}
          />
        </div>
      ))}
    </section>
  );
}
