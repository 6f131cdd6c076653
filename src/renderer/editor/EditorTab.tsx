import { useCallback, useRef, useState } from 'react';
import type { SavedConnection } from '../../shared/api/connection';
import type { ApiErrorShape } from '../../shared/api/errors';
import type { ExplainRunResult } from '../../shared/api/explain';
import type { ServerFlavor } from '../../shared/server/flavor';
import type { ConfirmRequest } from '../app/ConfirmDialog';
import { errorShapeOf } from '../app/ErrorNotice';
import { FailureNotice } from '../ui/FailureNotice';
import { loadEditorSplit } from '../app/layout-store';
import { HistoryPanel } from '../history/HistoryPanel';
import { useEditorCommands } from './editor-commands';
import { loadEditorText, saveEditorText } from './editor-text-store';
import { EditorToolbar } from './EditorToolbar';
import { TextNotKeptNotice } from './TextNotKeptNotice';
import { ExplainRunning } from '../ui/ExplainRunning';
import { CancelProblemNotice } from '../ui/CancelProblemNotice';
import { useExplainCancel } from '../data/use-explain-cancel';
import { explainStatement } from './explain-statement';
import { formatInEditor } from './format-command';
import { announceChangesOf } from './metadata-after-run';
import { pickStatements } from './pick-statements';
import { ResultPanel } from './ResultPanel';
import { ResultsSplitter } from './ResultsSplitter';
import { locateStatement, type RunLog } from './run-log';
import { askBeforeRun, discardEditsConfirmation, giveUpConfirmation } from './run-confirmations';
import { runScript } from './run-script';
import { RunLogView } from './RunLog';
import { SqlEditor, type RunKind, type SqlEditorHandle } from './SqlEditor';
import { useSqlFile } from './use-sql-file';
import { useContinueOnError } from './use-continue-on-error';
import { useQueryResults } from './use-query-results';
import { useInsertSqlRequest } from './insert-sql-request';
import type { SqlRequest } from './sql-requests';
import './editor.css';

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
  sqlRequest?: SqlRequest | null;
  /** Shows an explained plan in a plan tab: its tab's title and the statement explained. */
  onPlan?: (plan: ExplainRunResult, title: string, sql: string) => void;
}) {
  const editorRef = useRef<SqlEditorHandle>(null);
  const queries = useQueryResults(sessionId);
  const { runOne, clearCancelProblem, startRun, unappliedEdits } = queries;
  /** The explain on its way (ANALYZE runs the statement): it holds the session as a run does. */
  const [explaining, setExplaining] = useState<{
    analyze: boolean;
    since: number;
    sql: string;
  } | null>(null);
  const explainCancel = useExplainCancel(sessionId);
  const running = queries.running || explaining !== null;
  const cancelRunning = () => {
    if (explaining) explainCancel.cancel();
    else queries.cancelRunning();
  };
  /** After Cancel could send no KILL for the explain: asked, then its connection given up. */
  const giveUpExplain = (sql: string) =>
    explainCancel.giveUp(() => confirm(giveUpConfirmation(connection, sql)));
  const [runError, setRunError] = useState<ApiErrorShape | null>(null);
  const [split, setSplit] = useState(loadEditorSplit);
  const areaRef = useRef<HTMLDivElement>(null);
  const [initialText] = useState(() => loadEditorText(connection.id, slot));
  /** The last change of the text could not be kept for the next start (storage full). */
  const [textNotKept, setTextNotKept] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  /** The .sql file the text was last opened from or saved as, if any. */
  const [fileName, setFileName] = useState<string | null>(null);
  /** The output of the last run of several statements, until closed. */
  const [runLog, setRunLog] = useState<RunLog | null>(null);
  const [continueOnError, setContinueOnError] = useContinueOnError();
  const [formatNote, setFormatNote] = useState<string | null>(null);
  const sqlFlavor = flavor === 'mariadb' ? 'mariadb' : 'mysql';

  /** EXPLAIN (or ANALYZE, which runs it: asked first) of the statement at the cursor. */
  const explain = async (analyze: boolean) => {
    const snapshot = running ? null : editorRef.current?.snapshot();
    const [picked] = snapshot ? pickStatements(snapshot, 'statement', { flavor: sqlFlavor }) : [];
    if (!picked) return;
    setRunError(null);
    clearCancelProblem();
    explainCancel.clearProblem();
    try {
      const explained = await explainStatement(picked.sql, analyze, {
        sessionId,
        connection,
        flavor: sqlFlavor,
        confirm,
        onSent: () => setExplaining({ analyze, since: Date.now(), sql: picked.sql }),
      }).finally(() => setExplaining(null));
      if (explained) onPlan?.(explained.plan, explained.title, picked.sql);
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
      const picked = pickStatements(snapshot, kind, { flavor: sqlFlavor });
      if (picked.length === 0) return;
      const asked = await askBeforeRun(picked, {
        connection,
        flavor: sqlFlavor,
        unappliedEdits,
        confirm,
      });
      if (!asked) return;
      setRunError(null);
      clearCancelProblem();
      setFormatNote(null);
      editorRef.current?.markError(null);
      // A run replaces the last one's output: its log, and its results unless pinned.
      startRun();
      setRunLog(null);
      // A script (several statements) gets its output log; one statement has its result's.
      const script = picked.length > 1;
      const outcome = await runScript(
        picked,
        async (p) => {
          const status = await runOne(p, asked.readOnlyConfirmed);
          // DDL changes what completion and the schema tree know; they learn it here.
          void announceChangesOf(p.sql, connection.id, sessionId, sqlFlavor);
          return status;
        },
        { continueOnError: script && continueOnError, onLog: script ? setRunLog : () => {} },
        errorShapeOf,
      );
      if (outcome.notSent) setRunError(outcome.notSent);
      if (outcome.failed) {
        const { statement, message } = outcome.failed;
        editorRef.current?.markError({ start: statement.start, end: statement.end, message });
      }
    },
    [
      running,
      connection,
      confirm,
      runOne,
      sqlFlavor,
      continueOnError,
      clearCancelProblem,
      startRun,
      unappliedEdits,
      sessionId,
    ],
  );

  // SQL sent here before Monaco has loaded (a new editor opened for it) waits for it.
  const [editorReady, setEditorReady] = useState(false);
  useInsertSqlRequest(sqlRequest, editorReady ? editorRef : null, run);

  /** After Cancel could send no KILL (the server does not answer): asked, then given up. */
  const giveUp = async (queryId: string) => {
    const sql = queries.results.find((r) => r.status.queryId === queryId)?.status.sql ?? '';
    if (await confirm(giveUpConfirmation(connection, sql))) await queries.giveUp(queryId);
  };

  const format = () => {
    const editor = editorRef.current;
    if (!editor) return;
    // An error marked by the last run no longer sits where the text moved to.
    editor.markError(null);
    setFormatNote(formatInEditor(editor, sqlFlavor));
  };

  /** A statement picked in the run log: selected in the editor, its result shown if kept. */
  const pickLogged = (entry: RunLog['entries'][number]) => {
    const editor = editorRef.current;
    const text = editor?.snapshot()?.text;
    if (!editor || text === undefined) return;
    const at = locateStatement(text, entry);
    if (at) editor.select(at.start, at.end);
    if (entry.queryId && queries.results.some((r) => r.status.queryId === entry.queryId))
      queries.setActiveId(entry.queryId);
  };

  const sqlFile = useSqlFile({
    fileName,
    defaultName: connection.name,
    getText: () => editorRef.current?.snapshot()?.text ?? null,
    onOpened: (name, text) => {
      editorRef.current?.markError(null);
      editorRef.current?.setText(text);
      setFileName(name);
    },
    onSaved: setFileName,
  });

  // The command palette's editor actions, for whichever editor is in front.
  useEditorCommands(sessionId, (command) => {
    if (command === 'run-statement') void run('statement');
    else if (command === 'run-all') void run('all');
    else if (command === 'explain') void explain(false);
    else if (command === 'explain-analyze') void explain(true);
    else if (command === 'cancel') cancelRunning();
    else if (command === 'format') format();
    else setHistoryOpen(true);
  });

  return (
    <div className="editor-area" ref={areaRef}>
      <div className="editor-pane" style={{ height: `${split * 100}%` }}>
        <EditorToolbar
          running={running}
          onRun={(kind) => void run(kind)}
          continueOnError={continueOnError}
          onContinueOnError={setContinueOnError}
          onCancel={cancelRunning}
          onExplain={() => void explain(false)}
          onFormat={format}
          formatNote={formatNote}
          files={sqlFile}
          historyOpen={historyOpen}
          onToggleHistory={() => setHistoryOpen((open) => !open)}
        />
        {textNotKept && <TextNotKeptNotice onSaveAsFile={sqlFile.save} />}
        <SqlEditor
          ref={editorRef}
          onReady={() => setEditorReady(true)}
          initialText={initialText}
          running={running}
          onChange={(text) => setTextNotKept(!saveEditorText(connection.id, slot, text))}
          onRun={(kind) => void run(kind)}
          onCancel={cancelRunning}
          onExplain={(analyze) => void explain(analyze)}
          onFormat={format}
          completion={{ connectionId: connection.id, sessionId, flavor }}
        />
      </div>
      <ResultsSplitter split={split} onSplit={setSplit} areaRef={areaRef} />
      <div className="results-pane" style={{ height: `${(1 - split) * 100}%` }}>
        {explaining && (
          <ExplainRunning
            analyze={explaining.analyze}
            since={explaining.since}
            onCancel={cancelRunning}
            shortcut="Esc"
          />
        )}
        {explainCancel.problem && (
          <CancelProblemNotice
            message={explainCancel.problem.message}
            testId="explain-cancel-problem"
            onGiveUp={
              explainCancel.problem.serverSilent && explaining
                ? () => void giveUpExplain(explaining.sql)
                : null
            }
          />
        )}
        {runError && <FailureNotice error={runError} title="Could not run the statement" />}
        {queries.cancelProblem && (
          <CancelProblemNotice
            message={queries.cancelProblem.message}
            testId="cancel-problem"
            onGiveUp={
              queries.cancelProblem.serverSilent
                ? () => void giveUp(queries.cancelProblem!.queryId)
                : null
            }
          />
        )}
        {runLog && <RunLogView log={runLog} onPick={pickLogged} onClose={() => setRunLog(null)} />}
        <ResultPanel
          queries={queries}
          confirmClose={(count) => confirm(discardEditsConfirmation(connection, count, 'close'))}
        />
      </div>
      {historyOpen && (
        <HistoryPanel
          connection={connection}
          refreshKey={queries.lastFinished}
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
