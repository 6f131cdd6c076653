import type { ReactNode } from 'react';
import type { HistoryEntry } from '../../shared/api/history';
import { formatExactCount } from '../../shared/format/count';
import { formatDuration } from '../../shared/format/duration';
import { formatTimestamp } from '../../shared/format/timestamp';
import { SeverityIcon } from '../ui/SeverityIcon';

/** The zone the user's clock shows: history times are read next to it. */
const LOCAL_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** `3 rows`, `1 row affected`, or nothing for statements that report neither. */
function rowsText(entry: HistoryEntry): string | null {
  if (entry.rows !== null)
    return `${formatExactCount(entry.rows)} ${entry.rows === 1 ? 'row' : 'rows'}`;
  if (entry.affectedRows !== null) {
    return `${formatExactCount(entry.affectedRows)} ${entry.affectedRows === 1 ? 'row' : 'rows'} affected`;
  }
  return null;
}

/** `text` with each case-insensitive occurrence of `needle` in a <mark>. */
function highlighted(text: string, needle: string): ReactNode {
  if (needle === '') return text;
  const lower = text.toLowerCase();
  const target = needle.toLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(target); at !== -1; at = lower.indexOf(target, from)) {
    parts.push(text.slice(from, at), <mark key={at}>{text.slice(at, at + needle.length)}</mark>);
    from = at + needle.length;
  }
  parts.push(text.slice(from));
  return parts;
}

/** How the statement ended, in words (never colour alone). */
function Outcome({ entry }: { entry: HistoryEntry }) {
  if (entry.state === 'error') {
    const code = entry.error?.serverCode ?? entry.error?.code ?? '';
    return (
      <span className="history-outcome history-outcome-error" title={entry.error?.message}>
        <SeverityIcon severity="danger" /> Error {code}
      </span>
    );
  }
  if (entry.state === 'cancelled') {
    return (
      <span className="history-outcome history-outcome-cancelled">
        <span aria-hidden="true">■</span> Cancelled
      </span>
    );
  }
  const rows = rowsText(entry);
  return rows ? <span className="num">{rows}</span> : null;
}

/**
 * One recorded statement: when, where, how long, what came of it, and the statement. Choosing it
 * puts the statement in the editor; Run again puts it there and runs it.
 */
export function HistoryEntryItem({
  entry,
  showConnection,
  highlight,
  running,
  onInsert,
  onRunAgain,
}: {
  entry: HistoryEntry;
  showConnection: boolean;
  /** The text searched for, marked where it occurs in the statement. */
  highlight: string;
  running: boolean;
  onInsert: () => void;
  onRunAgain: () => void;
}) {
  const cut = entry.sqlTruncated;
  return (
    <li className="history-entry" data-testid="history-entry" data-state={entry.state}>
      <button
        type="button"
        className="history-entry-main"
        onClick={onInsert}
        title="Put this statement in the editor"
      >
        <span className="history-entry-meta">
          <span className={`color-dot color-${entry.connectionColor}`} aria-hidden="true" />
          <time dateTime={entry.startedAt} title={entry.startedAt}>
            {formatTimestamp(entry.startedAt, LOCAL_TIME_ZONE)}
          </time>
          {showConnection && <span className="history-connection">{entry.connectionName}</span>}
          {entry.schema !== null && (
            <span className="history-schema" title="Default schema">
              {entry.schema}
            </span>
          )}
          <span className="spacer" />
          <Outcome entry={entry} />
          <span className="num" title={`${entry.durationMs.toFixed(1)} ms`}>
            {formatDuration(entry.durationMs)}
          </span>
        </span>
        <code className="history-sql">{highlighted(entry.sql, highlight)}</code>
        {cut && (
          <span className="history-cut">
            Only the first {formatExactCount(entry.sql.length)} of{' '}
            {formatExactCount(entry.sqlLength)} characters were kept.
          </span>
        )}
      </button>
      <button
        type="button"
        className="btn-small history-run"
        onClick={onRunAgain}
        disabled={running || cut}
        aria-label="Run again"
        title={
          cut
            ? 'Only the start of this statement was kept: it cannot be run again'
            : 'Run again in this editor'
        }
      >
        ▶
      </button>
    </li>
  );
}
