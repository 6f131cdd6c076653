import { useEffect, useRef, useState } from 'react';
import type {
  SlowLogFilter,
  SlowLogRun,
  SlowLogSourceInfo,
  SlowLogWindow,
} from '../../shared/api/slowlog';
import { api } from '../app/api';
import { ErrorNotice } from '../app/ErrorNotice';
import type { ToolScreenProps } from '../app/tool-screen';
import { Notice } from '../ui/Notice';
import { Segmented } from '../ui/Segmented';
import { SlowLogClassesResult } from './SlowLogClassesResult';
import { SlowLogCompareForm, type ServerLogSource } from './SlowLogCompareForm';
import { SlowLogComparison } from './SlowLogComparison';
import { filterProblems, SlowLogFilterFields } from './SlowLogFilterFields';
import { SlowLogPathField } from './SlowLogPathField';
import { SlowLogProgress } from './SlowLogProgress';
import { SlowLogSources } from './SlowLogSources';
import { useFileDrop } from './slowlog-file-drop';
import { useBusyAction } from './use-busy-action';
import './slowlog.css';

type Mode = 'classes' | 'compare';

/**
 * The slow query log beside performance_schema: a file on the backend's machine (or
 * mysql.slow_log) read into pt-query-digest's classes, filtered to a window, user, host or
 * database, or two windows compared; each class's slowest statement one click from the editor
 * or an explain on this connection.
 */
export function SlowLogView(props: ToolScreenProps) {
  const { sessionId } = props;
  const [sources, setSources] = useState<SlowLogSourceInfo[]>([]);
  const [mode, setMode] = useState<Mode>('classes');
  const [path, setPath] = useState('');
  const [filter, setFilter] = useState<SlowLogFilter>({});
  const [run, setRun] = useState<SlowLogRun | null>(null);
  const { busy, error, run: act } = useBusyAction();
  const runId = useRef<string | null>(null);
  const { notice: dropNotice, clearNotice, dropProps } = useFileDrop(setPath);
  const typePath = (typed: string) => {
    setPath(typed);
    clearNotice();
  };

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

  const started = (s: SlowLogRun) => {
    runId.current = s.runId;
    setRun(s);
  };
  const analyze = (source: 'file' | 'ssh' | 'table') =>
    act('analyze', 'Could not start the analysis', async () => {
      started(
        source === 'table'
          ? await api.call('slowlog.analyzeTable', { sessionId, filter })
          : source === 'ssh'
            ? await api.call('slowlog.analyzeServerFile', { sessionId, filter })
            : await api.call('slowlog.analyze', { sessionId, path, filter }),
      );
    });
  const compare = (before: SlowLogWindow, after: SlowLogWindow) =>
    act('analyze', 'Could not start the comparison', async () => {
      started(await api.call('slowlog.compare', { sessionId, before, after }));
    });

  const compareServerLog = (source: ServerLogSource, before: SlowLogFilter, after: SlowLogFilter) =>
    act('analyze', 'Could not start the comparison', async () => {
      started(await api.call('slowlog.compareServerLog', { sessionId, source, before, after }));
    });
  const serverSources = sources.flatMap((s) => (s.available && s.kind !== 'file' ? [s.kind] : []));

  const cancel = () => {
    if (run) void api.call('slowlog.cancel', { runId: run.runId }).catch(() => undefined);
  };

  const running = run?.state === 'running';
  const starting = running || busy === 'analyze';
  const done = run?.state === 'done' ? run : null;
  return (
    <div className="slowlog-view" data-testid="slowlog-view" {...dropProps}>
      <SlowLogSources
        sources={sources}
        busy={starting || filterProblems(filter)}
        onAnalyzeTable={() => void analyze('table')}
        onAnalyzeServerFile={() => void analyze('ssh')}
      />
      <Segmented
        label="Slow log view"
        options={[
          ['classes', 'Classes'],
          ['compare', 'Compare two windows'],
        ]}
        value={mode}
        onChange={setMode}
      />
      {/* Both stay mounted, so what was typed in one survives a look at the other. */}
      <div hidden={mode !== 'classes'}>
        <form
          className="slowlog-analyze-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (path.trim() !== '' && !starting && !filterProblems(filter)) void analyze('file');
          }}
        >
          <div className="slowlog-open">
            <SlowLogPathField
              label="Slow log file"
              value={path}
              onChange={typePath}
              disabled={starting}
            />
            <button
              type="submit"
              className="btn-small btn-primary"
              disabled={path.trim() === '' || starting || filterProblems(filter)}
            >
              Analyze
            </button>
          </div>
          <SlowLogFilterFields value={filter} onChange={setFilter} label="Filter" />
        </form>
      </div>
      <div hidden={mode !== 'compare'}>
        <SlowLogCompareForm
          path={path}
          onPathChange={typePath}
          serverSources={serverSources}
          busy={starting}
          onCompare={(b, a) => void compare(b, a)}
          onCompareServerLog={(s, b, a) => void compareServerLog(s, b, a)}
        />
      </div>
      {dropNotice && (
        <Notice severity="info" title="No path from a drop here" testId="slowlog-drop-notice">
          {dropNotice}
        </Notice>
      )}
      {error && <ErrorNotice error={error.error} title={error.title} />}
      {run && running && <SlowLogProgress run={run} onCancel={cancel} />}
      {run && run.error && (
        <ErrorNotice
          error={run.error}
          title={run.state === 'cancelled' ? 'Analysis stopped' : 'Could not read the slow log'}
        />
      )}
      {done?.result && (
        <SlowLogClassesResult {...props} key={done.runId} run={done} result={done.result} />
      )}
      {done?.comparison && <SlowLogComparison comparison={done.comparison} />}
    </div>
  );
}
