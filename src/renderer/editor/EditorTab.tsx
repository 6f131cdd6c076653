import { useCallback, useEffect, useRef, useState } from 'react';
import type { SavedConnection } from '../../shared/api/connection';
import { statusAfterUpdate, type QueryStatus } from '../../shared/api/query';
import { classifyStatement } from '../../shared/sql/classify-statement';
import { api } from '../app/api';
import type { ConfirmRequest } from '../app/ConfirmDialog';
import { ErrorNotice, errorShapeOf } from '../app/ErrorNotice';
import type { ApiErrorShape } from '../../shared/api/errors';
import type { ExplainRunResult } from '../../shared/api/explain';
import type { ServerFlavor } from '../../shared/server/flavor';
import { useEditorCommands } from './editor-commands';
import { loadEditorText, saveEditorText } from './editor-text-store';
import { formatInEditor } from './format-command';
import { pickStatements, type PickedStatement } from './pick-statements';
import { locateStatement, type RunLog } from './run-log';
import { RUN_LOG_HEIGHT, RunLogView } from './RunLog';
import { runScript } from './run-script';
import { useContinueOnError } from './use-continue-on-error';
import { HistoryPanel } from '../history/HistoryPanel';
import { ResultPanel, type ResultEntry } from './ResultPanel';
import { SqlFileButtons } from './SqlFileButtons';
import { SqlEditor, type RunKind, type SqlEditorHandle } from './SqlEditor';
import { EDITOR_SPLIT, loadEditorSplit, saveEditorSplit } from '../app/layout-store';
import { Notice } from '../ui/Notice';
import { useLatest } from '../ui/use-latest';

/** Results kept per editor; older ones are discarded on the backend too. */
const MAX_RESULTS = 20;

/**
 * One SQL editor on its own server session: run the statement at the cursor or all of them,
 * each into its own result, cancel, and on a read-only connection confirm anything that writes.
 */
export function EditorTab({
  connection,
  sessionId,
  flavor,
  slot,
  confirm,
  sqlRequest,
  onPlan,
}: {
  connection: SavedConnection;
  sessionId: string;
  flavor: ServerFlavor;
  slot: number;
  confirm: (request: ConfirmRequest) => Promise<boolean>;
  /** SQL sent here from elsewhere (the schema tree): inserted, selected, and run if asked. */
  sqlRequest?: { id: number; sql: string; run: boolean } | null;
  /** Shows an explained plan (in the plan tab). */
  onPlan?: (plan: ExplainRunResult, title: string) => void;
}) {
  const editorRef = useRef<SqlEditorHandle>(null);
  const [results, setResults] = useState<ResultEntry[]>([]);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [runError, setRunError] = useState<ApiErrorShape | null>(null);
  /** Why the last Cancel did not stop the statement, when it could not. */
  const [cancelProblem, setCancelProblem] = useState<string | null>(null);
  const [split, setSplit] = useState(loadEditorSplit);
  const [height, setHeight] = useState(600);
  const areaRef = useRef<HTMLDivElement>(null);
  const waiters = useRef(new Map<string, (s: QueryStatus) => void>());
  const running = results.some((r) => r.status.state === 'running');
  const [initialText] = useState(() => loadEditorText(connection.id, slot));
  const [historyOpen, setHistoryOpen] = useState(false);
  /** The .sql file the text was last opened from or saved as, if any. */
  const [fileName, setFileName] = useState<string | null>(null);
  /** The output of the last run of several statements, until closed. */
  const [runLog, setRunLog] = useState<RunLog | null>(null);
  const [continueOnError, setContinueOnError] = useContinueOnError();
  const [formatNote, setFormatNote] = useState<string | null>(null);
  // Changes when a statement finishes, so an open history shows it.
  const lastFinished = results.filter((r) => r.status.state !== 'running').at(-1)?.status.queryId;

  useEffect(() => {
    const off = api.on('query.update', (update) => {
      if (update.sessionId !== sessionId) return;
      // Progress updates leave the columns out: the result keeps the ones it got.
      setResults((rs) =>
        rs.map((r) =>
          r.status.queryId === update.queryId
            ? { ...r, status: statusAfterUpdate(r.status, update) }
            : r,
        ),
      );
      // The last update always carries the columns.
      if (update.state !== 'running') {
        waiters.current.get(update.queryId)?.(statusAfterUpdate(undefined, update));
        waiters.current.delete(update.queryId);
      }
    });
    return off;
  }, [sessionId]);

  useEffect(() => {
    const el = areaRef.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setHeight(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  /** Starts one statement and resolves with its final status. */
  const runOne = useCallback(
    async (picked: PickedStatement, readOnlyConfirmed: boolean): Promise<QueryStatus> => {
      const started = await api.call('query.start', {
        sessionId,
        sql: picked.sql,
        readOnlyConfirmed,
      });
      const entry: ResultEntry = { status: started, startedAt: performance.now(), range: picked };
      setResults((rs) => {
        const next = [...rs, entry];
        for (const old of next.slice(0, Math.max(0, next.length - MAX_RESULTS))) {
          void api.call('query.discard', { queryId: old.status.queryId }).catch(() => undefined);
        }
        return next.slice(-MAX_RESULTS);
      });
      setActiveId(started.queryId);
      if (started.state !== 'running') return started;
      return new Promise((resolve) => {
        waiters.current.set(started.queryId, resolve);
        // The end may have been announced before we listened: ask once.
        void api.call('query.status', { queryId: started.queryId }).then((s) => {
          if (s.state !== 'running') {
            waiters.current.delete(s.queryId);
            setResults((rs) =>
              rs.map((r) => (r.status.queryId === s.queryId ? { ...r, status: s } : r)),
            );
            resolve(s);
          }
        });
      });
    },
    [sessionId],
  );

  /** EXPLAIN (or ANALYZE, which runs it: asked first) of the statement at the cursor. */
  const explain = async (analyze: boolean) => {
    if (running) return;
    const snapshot = editorRef.current?.snapshot();
    if (!snapshot) return;
    const sqlFlavor = flavor === 'mariadb' ? 'mariadb' : 'mysql';
    const [picked] = pickStatements(snapshot, 'statement', { flavor: sqlFlavor });
    if (!picked) return;
    setRunError(null);
    setCancelProblem(null);
    if (analyze) {
      const ok = await confirm({
        title: 'Run the statement to measure its plan?',
        consequence: `EXPLAIN ANALYZE executes the statement on “${connection.name}” and reports what it measured${classifyStatement(picked.sql, { flavor: sqlFlavor }).kind === 'read' ? '' : ': this statement may change data'}.`,
        detail: picked.sql,
        connectionName: connection.name,
        color: connection.color,
        typedConfirmation: connection.production,
        confirmLabel: 'Run and explain',
      });
      if (!ok) return;
    }
    try {
      const plan = await api.call('explain.run', { sessionId, sql: picked.sql, analyze });
      const firstLine = picked.sql.trim().split('\n')[0] ?? '';
      onPlan?.(plan, `${analyze ? 'Analyze' : 'Explain'}: ${firstLine.slice(0, 40)}`);
    } catch (e) {
      const error = errorShapeOf(e);
      setRunError(error);
      editorRef.current?.markError({
        start: picked.start,
        end: picked.end,
        message: error.message,
      });
    }
  };

  const run = useCallback(
    async (kind: RunKind) => {
      if (running) return;
      const snapshot = editorRef.current?.snapshot();
      if (!snapshot) return;
      const sqlFlavor = flavor === 'mariadb' ? 'mariadb' : 'mysql';
      const picked = pickStatements(snapshot, kind, { flavor: sqlFlavor });
      if (picked.length === 0) return;
      setRunError(null);
      setCancelProblem(null);
      setFormatNote(null);
      editorRef.current?.markError(null);
      // The backend refuses a possible write on a read-only connection unless told the user agreed.
      let readOnlyConfirmed = false;
      if (connection.readOnly) {
        const writes = picked.filter(
          (p) => classifyStatement(p.sql, { flavor: sqlFlavor }).kind !== 'read',
        );
        if (writes.length > 0) {
          const ok = await confirm({
            title: `Run ${writes.length === 1 ? 'a statement that may write' : `${writes.length} statements that may write`} on a read-only connection?`,
            consequence: `“${connection.name}” is marked read-only. These statements are not known to be read-only, so they may change data or server state.`,
            detail: writes.map((w) => w.sql).join(';\n\n'),
            connectionName: connection.name,
            color: connection.color,
            typedConfirmation: connection.production,
            confirmLabel: 'Run anyway',
          });
          if (!ok) return;
          readOnlyConfirmed = true;
        }
      }
      // A script (several statements) gets its output log; one statement has its result's.
      const script = picked.length > 1;
      const outcome = await runScript(
        picked,
        (p) => runOne(p, readOnlyConfirmed),
        { continueOnError: script && continueOnError, onLog: script ? setRunLog : () => {} },
        errorShapeOf,
      );
      if (outcome.notSent) setRunError(outcome.notSent);
      if (outcome.failed) {
        const { statement, message } = outcome.failed;
        editorRef.current?.markError({ start: statement.start, end: statement.end, message });
      }
    },
    [running, connection, confirm, runOne, flavor, continueOnError],
  );

  const runRef = useLatest(run);
  // SQL sent here before Monaco has loaded (a new editor opened for it) waits for it.
  const [editorReady, setEditorReady] = useState(false);
  const handledRequest = useRef<number | null>(null);
  useEffect(() => {
    if (!sqlRequest || !editorReady || handledRequest.current === sqlRequest.id) return;
    handledRequest.current = sqlRequest.id;
    editorRef.current?.insertText(sqlRequest.sql);
    // Selected once inserted, so "run selection" runs exactly it.
    if (sqlRequest.run) void runRef.current('all');
  }, [sqlRequest, editorReady, runRef]);

  const format = () => {
    const editor = editorRef.current;
    if (!editor) return;
    // An error marked by the last run no longer sits where the text moved to.
    editor.markError(null);
    setFormatNote(formatInEditor(editor, flavor === 'mariadb' ? 'mariadb' : 'mysql'));
  };

  /** A statement picked in the run log: selected in the editor, its result shown if kept. */
  const pickLogged = (entry: RunLog['entries'][number]) => {
    const editor = editorRef.current;
    const text = editor?.snapshot()?.text;
    if (!editor || text === undefined) return;
    const at = locateStatement(text, entry);
    if (at) editor.select(at.start, at.end);
    if (entry.queryId && results.some((r) => r.status.queryId === entry.queryId))
      setActiveId(entry.queryId);
  };

  const cancelQuery = useCallback((queryId: string) => {
    setCancelProblem(null);
    api.call('query.cancel', { queryId }).then(
      (r) => {
        if (!r.cancelled && r.reason) setCancelProblem(r.reason);
      },
      (e: unknown) => setCancelProblem(errorShapeOf(e).message),
    );
  }, []);

  const cancel = useCallback(() => {
    const current = results.find((r) => r.status.state === 'running');
    if (current) cancelQuery(current.status.queryId);
  }, [results, cancelQuery]);

  // The command palette's editor actions, for whichever editor is in front.
  useEditorCommands(sessionId, (command) => {
    if (command === 'run-statement') void run('statement');
    else if (command === 'run-all') void run('all');
    else if (command === 'explain') void explain(false);
    else if (command === 'explain-analyze') void explain(true);
    else if (command === 'cancel') cancel();
    else if (command === 'format') format();
    else setHistoryOpen(true);
  });

  const startDrag = (e: React.PointerEvent) => {
    const area = areaRef.current;
    if (!area) return;
    const rect = area.getBoundingClientRect();
    let last = split;
    const move = (ev: PointerEvent) => {
      last = Math.min(
        EDITOR_SPLIT.max,
        Math.max(EDITOR_SPLIT.min, (ev.clientY - rect.top) / rect.height),
      );
      setSplit(last);
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      saveEditorSplit(last);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    e.preventDefault();
  };

  return (
    <div className="editor-area" ref={areaRef}>
      <div className="editor-pane" style={{ height: `${split * 100}%` }}>
        <div className="editor-toolbar">
          <button
            type="button"
            className="btn-primary btn-small"
            onClick={() => void run('statement')}
            disabled={running}
          >
            ▶ Run statement
          </button>
          <button
            type="button"
            className="btn-small"
            onClick={() => void run('all')}
            disabled={running}
          >
            Run all
          </button>
          <label
            className="toolbar-check"
            title="When a statement of a script fails, go on with the next (default: stop there)"
          >
            <input
              type="checkbox"
              checked={continueOnError}
              onChange={(e) => setContinueOnError(e.currentTarget.checked)}
            />
            Continue on error
          </label>
          <button type="button" className="btn-small" onClick={cancel} disabled={!running}>
            Cancel
          </button>
          <button
            type="button"
            className="btn-small"
            onClick={() => void explain(false)}
            disabled={running}
          >
            Explain
          </button>
          <button
            type="button"
            className="btn-small"
            title="Format the selection or all (Ctrl/Cmd+Shift+F)"
            onClick={format}
          >
            Format
          </button>
          {formatNote ? (
            <span
              className="toolbar-hint"
              role="status"
              data-testid="format-note"
              title={formatNote}
            >
              {formatNote}
            </span>
          ) : (
            <span className="toolbar-hint">Ctrl+Enter · Ctrl+Shift+Enter · Esc</span>
          )}
          <span className="spacer" />
          <SqlFileButtons
            fileName={fileName}
            defaultName={connection.name}
            getText={() => editorRef.current?.snapshot()?.text ?? null}
            onOpened={(name, text) => {
              editorRef.current?.markError(null);
              editorRef.current?.setText(text);
              setFileName(name);
            }}
            onSaved={setFileName}
          />
          <button
            type="button"
            className="btn-small"
            aria-pressed={historyOpen}
            onClick={() => setHistoryOpen((open) => !open)}
          >
            History
          </button>
        </div>
        <SqlEditor
          ref={editorRef}
          onReady={() => setEditorReady(true)}
          initialText={initialText}
          running={running}
          onChange={(text) => saveEditorText(connection.id, slot, text)}
          onRun={(kind) => void run(kind)}
          onCancel={cancel}
          onExplain={(analyze) => void explain(analyze)}
          onFormat={format}
          completion={{ connectionId: connection.id, sessionId, flavor }}
        />
      </div>
      <div
        className="splitter"
        role="separator"
        aria-orientation="horizontal"
        aria-label="Editor and results split"
        aria-valuemin={EDITOR_SPLIT.min * 100}
        aria-valuemax={EDITOR_SPLIT.max * 100}
        aria-valuenow={Math.round(split * 100)}
        tabIndex={0}
        onPointerDown={startDrag}
        onKeyDown={(e) => {
          const step = e.key === 'ArrowUp' ? -0.05 : e.key === 'ArrowDown' ? 0.05 : 0;
          if (step === 0) return;
          e.preventDefault();
          const next = Math.min(EDITOR_SPLIT.max, Math.max(EDITOR_SPLIT.min, split + step));
          setSplit(next);
          saveEditorSplit(next);
        }}
      />
      <div className="results-pane" style={{ height: `${(1 - split) * 100}%` }}>
        {runError && <ErrorNotice error={runError} title="Could not run the statement" />}
        {cancelProblem && (
          <Notice severity="warning" role="alert" testId="cancel-problem">
            <strong>Not cancelled.</strong> {cancelProblem}
          </Notice>
        )}
        {runLog && <RunLogView log={runLog} onPick={pickLogged} onClose={() => setRunLog(null)} />}
        <ResultPanel
          results={results}
          activeId={activeId}
          height={height * (1 - split) - (runLog ? RUN_LOG_HEIGHT : 0)}
          onSelect={setActiveId}
          onCancel={cancelQuery}
          onClose={(queryId) => {
            setResults((rs) => rs.filter((r) => r.status.queryId !== queryId));
            void api.call('query.discard', { queryId }).catch(() => undefined);
          }}
        />
      </div>
      {historyOpen && (
        <HistoryPanel
          connection={connection}
          refreshKey={lastFinished}
          running={running}
          onInsert={(sql) => editorRef.current?.insertText(sql)}
          onRunAgain={(sql) => {
            // Selected once inserted, so "run selection" runs exactly it.
            editorRef.current?.insertText(sql);
            void run('all');
          }}
          onClose={() => {
            setHistoryOpen(false);
            editorRef.current?.focus();
          }}
          confirm={confirm}
        />
      )}
    </div>
  );
}
