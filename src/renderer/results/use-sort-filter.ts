import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ResultColumn } from '../../shared/api/query';
import { formatExactCount } from '../../shared/format/count';
import type { RowCache } from '../grid/row-cache';
import { viewOrder, type SortSpec } from '../grid/view-order';

/** Rows fetched for a client-side sort or filter: beyond that, ORDER BY and WHERE do it better. */
export const SORT_FETCH_LIMIT = 100_000;

/** The text of the filter box, settled for a moment before the rows are filtered. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Sort (by one column) and filter among the rows fetched: the first time either is asked for,
 * up to SORT_FETCH_LIMIT rows are fetched; `order` maps each row shown to the result's row
 * (null: the server's order, all rows).
 */
export function useSortFilter(cache: RowCache, columns: ResultColumn[], rowCount: number) {
  const [sort, setSort] = useState<SortSpec | null>(null);
  const [filterText, setFilterText] = useState('');
  const filter = useSettled(filterText, 150).trim();
  const active = sort !== null || filter !== '';
  const fetchTarget = Math.min(rowCount, SORT_FETCH_LIMIT);
  const [fetched, setFetched] = useState(0);
  useEffect(() => {
    if (!active || fetched === fetchTarget) return;
    let live = true;
    void cache.load(0, fetchTarget).then(() => {
      if (live) setFetched(fetchTarget);
    });
    return () => {
      live = false;
    };
  }, [active, fetchTarget, fetched, cache]);

  const order = useMemo(
    () =>
      active && fetched > 0 ? viewOrder(cache.loadedRows(0, fetched), columns, sort, filter) : null,
    [active, fetched, sort, filter, columns, cache],
  );
  const resultRow = useCallback((v: number) => (order ? (order[v] ?? -1) : v), [order]);

  /** A header click: ascending, then descending, then the server's order again. */
  const toggleSort = (column: number) =>
    setSort((s) =>
      s?.column !== column
        ? { column, direction: 'asc' }
        : s.direction === 'asc'
          ? { column, direction: 'desc' }
          : null,
    );

  const notes: string[] = [];
  if (filter !== '' && order) {
    notes.push(
      `${formatExactCount(order.length)} of the ${formatExactCount(fetched)} rows fetched match “${filter}”`,
    );
  }
  if (sort && order) {
    notes.push(
      `${filter !== '' ? 'sorted' : `Sorted among the ${formatExactCount(fetched)} rows fetched`} by ${columns[sort.column]?.name} ${sort.direction === 'asc' ? 'ascending' : 'descending'}`,
    );
  }

  return {
    sort,
    toggleSort,
    filterText,
    setFilterText,
    order,
    /** Rows shown: all of the result's, or those the filter keeps. */
    viewCount: order ? order.length : rowCount,
    resultRow,
    active,
    clear: () => {
      setSort(null);
      setFilterText('');
    },
    /** What the view says about the sort and filter, for its status line. */
    status: {
      fetching: active && fetched < fetchTarget,
      fetchTarget,
      fetched,
      notes,
      capped: rowCount > SORT_FETCH_LIMIT,
      rowCount,
    },
  };
}

export type SortFilter = ReturnType<typeof useSortFilter>;
