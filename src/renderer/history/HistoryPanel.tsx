import { useState } from 'react';
import type { SavedConnection } from '../../shared/api/connection';
import { api } from '../app/api';
import type { ConfirmRequest } from '../app/ConfirmDialog';
import { errorShapeOf } from '../app/ErrorNotice';
import { FailureNotice } from '../ui/FailureNotice';
import type { ApiErrorShape } from '../../shared/api/errors';
import { HistoryEntryItem } from './HistoryEntryItem';
import { useHistorySearch } from './use-history-search';
import { SearchField } from '../ui/SearchField';
import './history.css';

/**
 * The query history beside an editor: every statement run (passwords masked), newest first,
 * searchable; one click puts a statement back in the editor. Shows this connection's statements
 * unless "All connections" is ticked.
 */
export function HistoryPanel({
  connection,
  refreshKey,
  running,
  onInsert,
  onRunAgain,
  onClose,
  confirm,
}: {
  connection: SavedConnection;
  /** Changes when a statement of this editor finished: the list then shows it. */
  refreshKey: unknown;
  running: boolean;
  onInsert: (sql: string) => void;
  onRunAgain: (sql: string) => void;
  onClose: () => void;
  confirm: (request: ConfirmRequest) => Promise<boolean>;
}) {
  const [text, setText] = useState('');
  const [everywhere, setEverywhere] = useState(false);
  const [clearError, setClearError] = useState<ApiErrorShape | null>(null);
  const search = useHistorySearch(text, everywhere ? null : connection.id, refreshKey);
  const searched = search.searchedText.trim();

  const clear = async () => {
    const ok = await confirm({
      title: everywhere
        ? 'Clear the whole query history?'
        : `Clear the query history of “${connection.name}”?`,
      consequence:
        'The recorded statements are removed from this computer for good. Nothing on any server is touched.',
      detail: everywhere
        ? 'Remove every statement recorded, on all connections.'
        : `Remove every statement recorded on “${connection.name}”.`,
      connectionName: everywhere ? 'All connections' : connection.name,
      color: everywhere ? 'gray' : connection.color,
      typedConfirmation: false,
      confirmLabel: 'Clear history',
    });
    if (!ok) return;
    try {
      await api.call('history.clear', everywhere ? {} : { connectionId: connection.id });
      setClearError(null);
    } catch (e) {
      setClearError(errorShapeOf(e));
    }
    search.reload();
  };

  return (
    <aside
      className="history-panel"
      aria-label="Query history"
      data-testid="history-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <header className="history-header">
        <h2>History</h2>
        <span className="spacer" />
        <button
          type="button"
          className="btn-small btn-danger-outline"
          onClick={() => void clear()}
          disabled={search.entries.length === 0 && searched === ''}
        >
          Clear…
        </button>
        <button type="button" className="tab-close" aria-label="Close history" onClick={onClose}>
          ×
        </button>
      </header>
      <div className="history-filters">
        <SearchField
          className="history-search"
          placeholder="Search statements and errors"
          label="Search history"
          value={text}
          onChange={setText}
          autoFocus
        />
        <label className="check">
          <input
            type="checkbox"
            checked={everywhere}
            onChange={(e) => setEverywhere(e.target.checked)}
          />
          All connections
        </label>
      </div>
      {clearError && <FailureNotice error={clearError} title="Could not clear the history" />}
      {search.error && <FailureNotice error={search.error} title="Could not read the history" />}
      {search.entries.length === 0 && !search.loading && !search.error ? (
        <div className="empty-state history-empty" data-testid="history-empty">
          {searched === '' ? (
            <p>
              No statements yet; run one with <kbd>Ctrl</kbd>+<kbd>Enter</kbd>.
            </p>
          ) : (
            <>
              <p>
                Nothing matches ‘{searched}’{everywhere ? '' : ` on ${connection.name}`}.
              </p>
              {!everywhere && (
                <button type="button" className="btn-link" onClick={() => setEverywhere(true)}>
                  Search all connections
                </button>
              )}
            </>
          )}
        </div>
      ) : (
        <ol className="history-list" aria-busy={search.loading}>
          {search.entries.map((entry) => (
            <HistoryEntryItem
              key={entry.seq}
              entry={entry}
              showConnection={everywhere}
              highlight={searched}
              running={running}
              onInsert={() => onInsert(entry.sql)}
              onRunAgain={() => onRunAgain(entry.sql)}
            />
          ))}
          {search.hasMore && (
            <li className="history-more">
              <button type="button" className="btn-small" onClick={search.loadMore}>
                Show older
              </button>
            </li>
          )}
        </ol>
      )}
    </aside>
  );
}
