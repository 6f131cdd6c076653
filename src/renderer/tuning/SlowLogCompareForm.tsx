import { useState } from 'react';
import type { SlowLogFilter, SlowLogWindow } from '../../shared/api/slowlog';
import { Segmented } from '../ui/Segmented';
import { filterProblems, SlowLogFilterFields } from './SlowLogFilterFields';
import { SlowLogPathField } from './SlowLogPathField';

/** The server's own log, where this connection offers it: mysql.slow_log or its file over SSH. */
export type ServerLogSource = 'table' | 'ssh';

const SOURCE_LABELS: Record<'file' | ServerLogSource, string> = {
  file: 'A file',
  table: 'mysql.slow_log',
  ssh: 'The server’s file (SSH)',
};

/**
 * Two windows to compare, before and after a deploy: each a time window (and user, host,
 * database) of the same log, or of a second file when the after side names one. The log is a
 * file on this machine, or the server's own log where the connection offers it (read once).
 */
export function SlowLogCompareForm({
  path,
  onPathChange,
  serverSources,
  busy,
  onCompare,
  onCompareServerLog,
}: {
  /** The log of the before side (shared with the classes view's field). */
  path: string;
  onPathChange: (path: string) => void;
  /** The server's logs this connection can read, in the order offered. */
  serverSources: readonly ServerLogSource[];
  busy: boolean;
  onCompare: (before: SlowLogWindow, after: SlowLogWindow) => void;
  onCompareServerLog: (
    source: ServerLogSource,
    before: SlowLogFilter,
    after: SlowLogFilter,
  ) => void;
}) {
  const [chosen, setChosen] = useState<'file' | ServerLogSource>('file');
  const [afterPath, setAfterPath] = useState('');
  const [before, setBefore] = useState<SlowLogFilter>({});
  const [after, setAfter] = useState<SlowLogFilter>({});
  // A source the connection stopped offering falls back to a file.
  const source = chosen !== 'file' && !serverSources.includes(chosen) ? 'file' : chosen;
  const onFile = source === 'file';
  const ready =
    (!onFile || path.trim() !== '') && !filterProblems(before) && !filterProblems(after);
  return (
    <form
      className="slowlog-compare-form"
      data-testid="slowlog-compare-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ready || busy) return;
        if (source !== 'file') onCompareServerLog(source, before, after);
        else
          onCompare(
            { path, filter: before },
            { path: afterPath.trim() === '' ? path : afterPath, filter: after },
          );
      }}
    >
      {serverSources.length > 0 && (
        <div className="slowlog-compare-source">
          <span className="hint">Log</span>
          <Segmented
            label="Log to compare"
            options={(['file', ...serverSources] as const).map((s) => [s, SOURCE_LABELS[s]])}
            value={source}
            onChange={setChosen}
          />
          {!onFile && (
            <span className="hint" data-testid="slowlog-compare-source-hint">
              Read once; each window takes its own entries.
            </span>
          )}
        </div>
      )}
      <section aria-label="Before" data-testid="slowlog-before">
        <h4>Before</h4>
        {onFile && (
          <div className="slowlog-open">
            <SlowLogPathField label="Log" value={path} onChange={onPathChange} disabled={busy} />
          </div>
        )}
        <SlowLogFilterFields value={before} onChange={setBefore} label="Before window" />
      </section>
      <section aria-label="After" data-testid="slowlog-after">
        <h4>After</h4>
        {onFile && (
          <div className="slowlog-open">
            <SlowLogPathField
              label="Log"
              value={afterPath}
              onChange={setAfterPath}
              disabled={busy}
              placeholder="the same log as before (or another: after a rotation)"
            />
          </div>
        )}
        <SlowLogFilterFields value={after} onChange={setAfter} label="After window" />
      </section>
      <div>
        <button type="submit" className="btn-small btn-primary" disabled={!ready || busy}>
          Compare
        </button>
      </div>
    </form>
  );
}
