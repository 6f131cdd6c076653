import { useEffect, useRef, useState } from 'react';
import type { SlowLogRun, SlowLogSourceInfo } from '../../shared/api/slowlog';
import { api } from '../app/api';
import { ErrorNotice } from '../app/ErrorNotice';
import type { ToolScreenProps } from '../app/tool-screen';
import { SlowLogClassDetail } from './SlowLogClassDetail';
import { SlowLogClasses } from './SlowLogClasses';
import { SlowLogProgress } from './SlowLogProgress';
import { SlowLogSources } from './SlowLogSources';
import { SlowLogSummary } from './SlowLogSummary';
import { useBusyAction } from './use-busy-action';
import './slowlog.css';

/**
 * The slow query log beside performance_schema: a file on the backend's machine read into
 * pt-query-digest's classes, each class's slowest statement one click from the editor or an
 * explain on this connection.
 */
export function SlowLogView(props: ToolScreenProps) {
  const { sessionId } = props;
  const [sources, setSources] = useState<SlowLogSourceInfo[]>([]);
  const [path, setPath] = useState('');
  const [run, setRun] = useState<SlowLogRun | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const { busy, error, run: act } = useBusyAction();
  const runId = useRef<string | null>(null);

  useEffect(() => {
    void act('sources', 'Could not list the slow log sources', async () => {
      setSources((await api.call('slowlog.sources', { sessionId })).sources);
    });
    // Once per session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionId]);

  useEffect(
    () =>
      api.on('slowlog.update', (s) => {
        if (s.runId === runId.current) setRun(s);
      }),
    [],
  );

  const analyze = (table: boolean) =>
    act('analyze', 'Could not start the analysis', async () => {
      setSelected(null);
      const started = table
        ? await api.call('slowlog.analyzeTable', { sessionId })
        : await api.call('slowlog.analyze', { sessionId, path });
      runId.current = started.runId;
      setRun(started);
    });

  const cancel = () => {
    if (run) void api.call('slowlog.cancel', { runId: run.runId }).catch(() => undefined);
  };

  const running = run?.state === 'running';
  const result = run?.state === 'done' ? run.result : null;
  const chosen = result?.classes.find((c) => c.checksum === selected) ?? null;
  return (
    <div className="slowlog-view" data-testid="slowlog-view">
      <SlowLogSources
        sources={sources}
        busy={running || busy === 'analyze'}
        onAnalyzeTable={() => void analyze(true)}
      />
      <form
        className="slowlog-open"
        onSubmit={(e) => {
          e.preventDefault();
          if (path.trim() !== '' && !running) void analyze(false);
        }}
      >
        <label htmlFor={`slowlog-path-${sessionId}`}>Slow log file</label>
        <input
          id={`slowlog-path-${sessionId}`}
          className="mono"
          type="text"
          value={path}
          onChange={(e) => setPath(e.target.value)}
          placeholder="/var/log/mysql/slow.log (plain or .gz, on the machine running Sightline)"
          spellCheck={false}
        />
        <button
          type="submit"
          className="btn-small btn-primary"
          disabled={path.trim() === '' || running || busy === 'analyze'}
        >
          Analyze
        </button>
      </form>
      {error && <ErrorNotice error={error.error} title={error.title} />}
      {run && running && <SlowLogProgress run={run} onCancel={cancel} />}
      {run && run.error && (
        <ErrorNotice
          error={run.error}
          title={run.state === 'cancelled' ? 'Analysis stopped' : 'Could not read the slow log'}
        />
      )}
      {result && run && (
        <>
          <SlowLogSummary run={run} result={result} />
          <div className="tune-split">
            <div className="tune-table-wrap">
              <SlowLogClasses classes={result.classes} selected={selected} onSelect={setSelected} />
            </div>
            {chosen && (
              <SlowLogClassDetail
                {...props}
                queryClass={chosen}
                unit={run.unit}
                key={chosen.checksum}
              />
            )}
          </div>
        </>
      )}
    </div>
  );
}
