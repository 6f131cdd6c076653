import { useEffect, useState } from 'react';
import type { QueryStatus } from '../../shared/api/query';
import { formatExactCount } from '../../shared/format/count';
import { formatDuration } from '../../shared/format/duration';
import { FailureNotice } from '../ui/FailureNotice';
import { ExportAction } from '../results/ExportAction';
import { ResultView } from '../results/ResultView';
import { requestOpenSettings } from '../settings/open-settings';
import { Notice } from '../ui/Notice';
import type { QueryResults } from './use-query-results';
import { tabId, tabPanelId, Tabs } from '../ui/Tabs';

function firstLine(sql: string): string {
  const line = sql.trim().split('\n')[0] ?? '';
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}

/** Ticks while a statement runs, so its elapsed time counts up live. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(performance.now()), 100);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** How each state of a statement reads in its summary. */
const STATE_LABEL: Record<QueryStatus['state'], string> = {
  running: 'Running',
  cancelled: 'Cancelled by user',
  error: 'Failed',
  done: 'Done',
};

function Summary({ status, startedAt }: { status: QueryStatus; startedAt: number }) {
  const now = useNow(status.state === 'running');
  const elapsed = status.state === 'running' ? now - startedAt : status.elapsedMs;
  const parts: string[] = [];
  if (status.columns) {
    parts.push(`${formatExactCount(status.rowCount)} ${status.rowCount === 1 ? 'row' : 'rows'}`);
  } else if (status.affectedRows !== null) {
    parts.push(
      `${formatExactCount(status.affectedRows)} ${status.affectedRows === 1 ? 'row' : 'rows'} affected`,
    );
    if (status.insertId && status.insertId !== '0') parts.push(`insert id ${status.insertId}`);
    // The server's own words, as the mysql client prints them: rows matched beside rows changed.
    if (status.info) parts.push(status.info);
  }
  if (status.warnings.length)
    parts.push(
      `${status.warnings.length} ${status.warnings.length === 1 ? 'warning' : 'warnings'}`,
    );
  const label = STATE_LABEL[status.state];
  return (
    <div
      className={`result-summary state-${status.state}`}
      data-testid="result-summary"
      data-state={status.state}
    >
      <strong>{label}</strong>
      {parts.length > 0 && <span>{parts.join(' · ')}</span>}
      <span className="num" data-testid="elapsed">
        {formatDuration(elapsed)}
      </span>
    </div>
  );
}

export interface ResultEntry {
  status: QueryStatus;
  /** performance.now() when it started here, for the live timer. */
  startedAt: number;
  /** Where the statement sits in the editor, to mark it on error. */
  range: { start: number; end: number } | null;
  /** Kept when the next statement runs (the others are replaced by its results). */
  pinned?: boolean;
}

/**
 * The outcome of each statement of the last run in an editor tab, one result tab each (plus the
 * pinned results of earlier runs), on a strip that scrolls and lists every tab in its menu. A
 * result holding edits not applied stays mounted (hidden) while another is in front, so going
 * back finds them; closing it asks first (`confirmClose`).
 */
export function ResultPanel({
  queries,
  confirmClose,
}: {
  queries: QueryResults;
  confirmClose?: (unappliedEdits: number) => Promise<boolean>;
}) {
  const { results, activeId, edited } = queries;
  const onSelect = queries.setActiveId;
  const onClose = (queryId: string) => {
    const count = edited.get(queryId) ?? 0;
    if (count === 0 || !confirmClose) {
      queries.close(queryId);
      return;
    }
    void confirmClose(count).then((yes) => yes && queries.close(queryId));
  };
  const onCancel = queries.cancelQuery;
  const onMove = queries.move;
  const onTogglePin = queries.togglePin;
  const active = results.find((r) => r.status.queryId === activeId) ?? results.at(-1) ?? null;
  if (!active) {
    return (
      <div className="result-panel empty-state" data-testid="result-panel">
        {/* One paragraph: the panel lays out its children as a column. */}
        <p>
          Run a statement with <kbd>Ctrl</kbd>+<kbd>Enter</kbd> (all with <kbd>Ctrl</kbd>+
          <kbd>Shift</kbd>+<kbd>Enter</kbd>). <kbd>Ctrl</kbd>+<kbd>K</kbd> finds any action by name;{' '}
          <kbd>?</kbd> lists the shortcuts.
        </p>
      </div>
    );
  }
  const s = active.status;
  // The result in front, then those kept for their edits, in strip order.
  const views = results.filter(
    (r) =>
      r.status.columns &&
      r.status.columns.length > 0 &&
      (r === active || (edited.get(r.status.queryId) ?? 0) > 0),
  );
  return (
    <div className="result-panel" data-testid="result-panel">
      <Tabs
        label="Results"
        items={results.map((r, i) => ({
          id: r.status.queryId,
          title: `${r.pinned ? 'Pinned: kept when the next statement runs\n' : ''}${(edited.get(r.status.queryId) ?? 0) > 0 ? `${edited.get(r.status.queryId)} edits not applied\n` : ''}${r.status.sql}`,
          label: (
            <>
              <span className="result-tab-index">{i + 1}</span> {firstLine(r.status.sql)}
              {(edited.get(r.status.queryId) ?? 0) > 0 && (
                <span className="result-tab-edited" data-testid="result-tab-edited">
                  {' '}
                  ✎ {edited.get(r.status.queryId)}
                </span>
              )}
            </>
          ),
          icon: r.pinned ? (
            <svg className="result-tab-pin" viewBox="0 0 16 16" width="12" height="12">
              <title>Pinned</title>
              <path d="M5.5 1.5h5l-1 4.5 3 3h-9l3-3zM8 9v5.5" fill="none" stroke="currentColor" />
            </svg>
          ) : undefined,
          className: `result-tab state-${r.status.state}`,
          closeLabel: `Close result ${i + 1}`,
        }))}
        activeId={active.status.queryId}
        onSelect={onSelect}
        onClose={onClose}
        onMove={onMove}
      >
        <button
          type="button"
          className="btn-small result-pin"
          aria-pressed={active.pinned === true}
          title="A pinned result stays when the next statement runs; the others are replaced"
          onClick={() => onTogglePin(active.status.queryId)}
        >
          {active.pinned ? 'Pinned' : 'Pin'}
        </button>
      </Tabs>
      <div
        className="result-body"
        role="tabpanel"
        id={tabPanelId(active.status.queryId)}
        aria-labelledby={tabId(active.status.queryId)}
      >
        <div className="result-header">
          <Summary status={s} startedAt={active.startedAt} />
          {s.state === 'running' && (
            <button
              type="button"
              className="btn-danger-outline btn-small"
              onClick={() => onCancel(s.queryId)}
            >
              Cancel (Esc)
            </button>
          )}
          <ExportAction status={s} />
        </div>
        {s.error && s.state !== 'cancelled' && (
          <FailureNotice
            error={s.error}
            title={
              s.error.code === 'SESSION_RESET'
                ? 'Not run: the session started afresh'
                : 'The statement failed'
            }
          />
        )}
        {s.truncated && (
          <Notice severity="warning" actions={<ExportAction status={s} prominent />}>
            Stopped fetching at {formatExactCount(s.rowCount)} rows: the result reached the{' '}
            {s.truncated === 'rows' ? 'row' : 'memory'} limit that keeps the app responsive. The
            rows shown are the first ones the server sent.{' '}
            <button type="button" className="btn-link" onClick={requestOpenSettings}>
              Change the limits in Settings
            </button>
          </Notice>
        )}
        {s.warnings.length > 0 && (
          <ul className="warnings" aria-label="Warnings">
            {s.warnings.map((w, i) => (
              <li key={i}>
                <span className="badge badge-warning">{w.level}</span> {w.code}: {w.message}
              </li>
            ))}
          </ul>
        )}
        {views.map((r) => (
          <div
            // Sort, filter, selection, fetched rows and edits belong to one result.
            key={r.status.queryId}
            className="result-view-slot"
            hidden={r !== active}
          >
            <ResultView
              queryId={r.status.queryId}
              columns={r.status.columns!}
              rowCount={r.status.rowCount}
              result={r.status}
              onUnappliedEdits={(count) => queries.noteUnappliedEdits(r.status.queryId, count)}
            />
          </div>
        ))}
      </div>
    </div>
  );
}
