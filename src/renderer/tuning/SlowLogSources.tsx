import type { SlowLogSourceInfo } from '../../shared/api/slowlog';

/** Where this connection's slow log can be read from, and why the others cannot (yet). */
export function SlowLogSources({ sources }: { sources: readonly SlowLogSourceInfo[] }) {
  return (
    <ul className="slowlog-sources" aria-label="Slow log sources" data-testid="slowlog-sources">
      {sources.map((s) => (
        <li key={s.kind} className={s.available ? 'slowlog-source-on' : 'slowlog-source-off'}>
          <span className="slowlog-source-mark" aria-hidden="true">
            {s.available ? '●' : '○'}
          </span>
          <strong>{s.label}</strong>
          {s.available ? <span> available</span> : <span className="hint"> {s.reason}</span>}
        </li>
      ))}
    </ul>
  );
}
