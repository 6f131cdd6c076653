import type { SlowLogSourceInfo } from '../../shared/api/slowlog';

/**
 * Where this connection's slow log can be read from, and why the others cannot; the server's
 * own file over SSH and mysql.slow_log, where available, are read from here.
 */
export function SlowLogSources({
  sources,
  busy,
  onAnalyzeTable,
  onAnalyzeServerFile,
}: {
  sources: readonly SlowLogSourceInfo[];
  busy: boolean;
  onAnalyzeTable: () => void;
  onAnalyzeServerFile: () => void;
}) {
  return (
    <ul className="slowlog-sources" aria-label="Slow log sources" data-testid="slowlog-sources">
      {sources.map((s) => (
        <li key={s.kind} className={s.available ? 'slowlog-source-on' : 'slowlog-source-off'}>
          <span className="slowlog-source-mark" aria-hidden="true">
            {s.available ? '●' : '○'}
          </span>
          <strong>{s.label}</strong>
          {s.available ? <span> available</span> : null}
          {s.reason && <span className="hint"> {s.reason}</span>}
          {s.available && s.kind === 'ssh' && (
            <>
              {' '}
              <button
                type="button"
                className="btn-small"
                disabled={busy}
                onClick={onAnalyzeServerFile}
              >
                Analyze the server’s file
              </button>
            </>
          )}
          {s.available && s.kind === 'table' && (
            <>
              {' '}
              <button type="button" className="btn-small" disabled={busy} onClick={onAnalyzeTable}>
                Analyze mysql.slow_log
              </button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
