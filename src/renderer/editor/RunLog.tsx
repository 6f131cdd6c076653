import { formatDuration } from '../../shared/format/duration';
import { logSummary, type RunLog, type RunLogEntry } from './run-log';
import './run-log.css';

/** The most the log takes of the results pane; a longer log scrolls. */
const RUN_LOG_HEIGHT = 168;

const STATE_TEXT: Record<RunLogEntry['state'], { icon: string; word: string }> = {
  pending: { icon: '·', word: 'Waiting' },
  running: { icon: '…', word: 'Running' },
  done: { icon: '✓', word: 'Done' },
  error: { icon: '✖', word: 'Failed' },
  cancelled: { icon: '■', word: 'Cancelled' },
  skipped: { icon: '–', word: 'Not run' },
};

function firstLine(sql: string): string {
  const line = sql.trim().split('\n')[0] ?? '';
  return line.length > 80 ? `${line.slice(0, 80)}…` : line;
}

/**
 * The output of a script run, one line per statement (Workbench's Action Output): what it did,
 * its warnings and time. Clicking a statement selects it in the editor and shows its result.
 */
export function RunLogView({
  log,
  onPick,
  onClose,
}: {
  log: RunLog;
  onPick: (entry: RunLogEntry) => void;
  onClose: () => void;
}) {
  return (
    <section
      className="run-log"
      aria-label="Run log"
      data-testid="run-log"
      style={{ maxHeight: RUN_LOG_HEIGHT }}
    >
      <header className="run-log-head">
        <strong>Output</strong>
        <span className="run-log-summary" data-testid="run-log-summary">
          {logSummary(log)}
        </span>
        {log.continueOnError && <span className="run-log-mode">continue on error</span>}
        <span className="spacer" />
        <button type="button" className="btn-link" aria-label="Close the run log" onClick={onClose}>
          ×
        </button>
      </header>
      <div className="run-log-scroll">
        <table className="run-log-table">
          <thead>
            <tr>
              <th className="num">#</th>
              <th>Statement</th>
              <th>Result</th>
              <th className="num">
                <abbr title="Warnings">Warn.</abbr>
              </th>
              <th className="num">Time</th>
            </tr>
          </thead>
          <tbody>
            {log.entries.map((e, i) => {
              const { icon, word } = STATE_TEXT[e.state];
              return (
                <tr key={i} className={`run-log-row state-${e.state}`} data-state={e.state}>
                  <td className="num">{i + 1}</td>
                  <td className="run-log-statement">
                    <button
                      type="button"
                      className="btn-link"
                      title={`${e.sql}\n\n(click to select it in the editor)`}
                      onClick={() => onPick(e)}
                    >
                      {firstLine(e.sql)}
                    </button>
                  </td>
                  <td className="run-log-outcome" title={e.outcome || word}>
                    <span className="run-log-icon" aria-hidden="true">
                      {icon}
                    </span>{' '}
                    {e.state === 'done' || e.state === 'error' ? e.outcome : word}
                  </td>
                  <td className="num">{e.warnings > 0 ? e.warnings : ''}</td>
                  <td className="num">{e.elapsedMs === null ? '' : formatDuration(e.elapsedMs)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
