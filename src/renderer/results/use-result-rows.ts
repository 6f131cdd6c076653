import { useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../app/api';
import { RowCache } from '../grid/row-cache';

/**
 * The rows of one result, fetched page by page from the backend as the grid asks; `version`
 * changes whenever rows arrive, so the grid draws them.
 */
export function useResultRows(
  queryId: string,
  rowCount: number,
): { cache: RowCache; version: number } {
  const [version, setVersion] = useState(0);
  const cache = useMemo(
    () =>
      new RowCache(
        async (offset, limit) => (await api.call('query.rows', { queryId, offset, limit })).rows,
        () => setVersion((v) => v + 1),
      ),
    [queryId],
  );

  // Pages fetched while rows were still arriving may be short: fetch the last one again.
  const lastCount = useRef(0);
  useEffect(() => {
    if (rowCount > lastCount.current) cache.invalidateFrom(lastCount.current);
    lastCount.current = rowCount;
  }, [rowCount, cache]);

  return { cache, version };
}
