import { useEffect, useMemo, useState } from 'react';
import type { ApiErrorShape } from '../../shared/api/errors';
import type { HistoryEntry } from '../../shared/api/history';
import { api } from '../app/api';
import { errorShapeOf } from '../app/ErrorNotice';
import { useLatest } from '../ui/use-latest';

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
  const [error, setError] = useState<ApiErrorShape | null>(null);
  const [reloads, setReloads] = useState(0);
  // One object per search: the page that answers it says so, and answers to a search that was
  // overtaken meanwhile are dropped.
  const search = useMemo(
    () => ({ text: searchedText, connectionId, refreshKey, reloads }),
    [searchedText, connectionId, refreshKey, reloads],
  );
  const [answered, setAnswered] = useState<typeof search | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const current = useLatest(search);

  useEffect(() => {
    const timer = setTimeout(() => setSearchedText(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  useEffect(() => {
    searchPage(search, null).then(
      (page) => {
        if (current.current !== search) return;
        setEntries(page.entries);
        setCursor(page.nextCursor);
        setError(null);
        setAnswered(search);
      },
      (e: unknown) => {
        if (current.current !== search) return;
        setError(errorShapeOf(e));
        setAnswered(search);
      },
    );
  }, [search, current]);

  return {
    entries,
    searchedText,
    loading: answered !== search || loadingMore,
    error,
    hasMore: cursor !== null,
    loadMore: () => {
      if (cursor === null) return;
      const forSearch = search;
      setLoadingMore(true);
      searchPage(forSearch, cursor)
        .then(
          (page) => {
            if (current.current !== forSearch) return;
            setEntries((old) => [...old, ...page.entries]);
            setCursor(page.nextCursor);
            setError(null);
          },
          (e: unknown) => {
            if (current.current === forSearch) setError(errorShapeOf(e));
          },
        )
        .finally(() => setLoadingMore(false));
    },
    reload: () => setReloads((n) => n + 1),
  };
}

/** One page of the history matching `search`, older than `before` when given. */
function searchPage(
  search: { text: string; connectionId: string | null },
  before: string | null,
): Promise<{ entries: HistoryEntry[]; nextCursor: string | null }> {
  return api.call('history.search', {
    limit: PAGE,
    ...(search.text.trim() !== '' ? { text: search.text } : {}),
    ...(search.connectionId !== null ? { connectionId: search.connectionId } : {}),
    ...(before !== null ? { before } : {}),
  });
}
