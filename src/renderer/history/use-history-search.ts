import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiErrorShape } from '../../shared/api/errors';
import type { HistoryEntry } from '../../shared/api/history';
import { api } from '../app/api';
import { errorShapeOf } from '../app/ErrorNotice';

/** Entries asked for per page: a screenful and some. */
const PAGE = 100;
/** How long typing must pause before the search runs. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface HistorySearch {
  entries: HistoryEntry[];
  /** The search the entries answer (debounced), for the empty state to name it. */
  searchedText: string;
  loading: boolean;
  error: ApiErrorShape | null;
  hasMore: boolean;
  loadMore: () => void;
  /** Searches again from the newest entry (after a clear, say). */
  reload: () => void;
}

/**
 * The history matching `text` (debounced) on `connectionId` (all when null), newest first, a
 * page at a time. `refreshKey` changing searches again, so statements just run show up. Answers
 * to searches that were overtaken are dropped, so typing fast never shows stale results.
 */
export function useHistorySearch(
  text: string,
  connectionId: string | null,
  refreshKey: unknown,
): HistorySearch {
  const [searchedText, setSearchedText] = useState(text);
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<ApiErrorShape | null>(null);
  const [reloads, setReloads] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const timer = setTimeout(() => setSearchedText(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const fetchPage = useCallback(
    async (before: string | null) => {
      const request = ++latest.current;
      setLoading(true);
      try {
        const page = await api.call('history.search', {
          limit: PAGE,
          ...(searchedText.trim() !== '' ? { text: searchedText } : {}),
          ...(connectionId !== null ? { connectionId } : {}),
          ...(before !== null ? { before } : {}),
        });
        if (request !== latest.current) return;
        setEntries((old) => (before === null ? page.entries : [...old, ...page.entries]));
        setCursor(page.nextCursor);
        setError(null);
      } catch (e) {
        if (request === latest.current) setError(errorShapeOf(e));
      } finally {
        if (request === latest.current) setLoading(false);
      }
    },
    [searchedText, connectionId],
  );

  useEffect(() => {
    void fetchPage(null);
  }, [fetchPage, refreshKey, reloads]);

  return {
    entries,
    searchedText,
    loading,
    error,
    hasMore: cursor !== null,
    loadMore: () => {
      if (cursor !== null) void fetchPage(cursor);
    },
    reload: () => setReloads((n) => n + 1),
  };
}
