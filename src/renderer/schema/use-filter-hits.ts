import { useEffect, useState } from 'react';
import { catalogueFor, onMetadataChange } from '../editor/completion/catalogue-cache';
import { matchesFilter } from './tree-model';

const NONE: ReadonlySet<string> = new Set();
/** Schemas a filter opens by itself at most: each one opened is one request for its objects. */
const MAX_SCHEMAS = 20;

/**
 * The schemas holding a table or view whose name matches `filter`, from the connection's
 * completion catalogue (one query for the whole server, shared with the editor), so a filter
 * finds tables in schemas nobody has opened yet.
 */
export function useFilterHits(
  connectionId: string,
  sessionId: string,
  filter: string,
): ReadonlySet<string> {
  const [hits, setHits] = useState(NONE);
  /** Counts the connection's DDL changes: the catalogue is read again after each. */
  const [changes, setChanges] = useState(0);
  useEffect(() => onMetadataChange(connectionId, () => setChanges((n) => n + 1)), [connectionId]);
  const empty = filter.trim() === '';
  useEffect(() => {
    if (empty) return;
    let current = true;
    catalogueFor(connectionId, sessionId).then(
      (index) => {
        if (!current) return;
        const found = index.catalogue.schemas
          .filter((s) => s.tables.some((t) => matchesFilter(t.name, filter)))
          .map((s) => s.name)
          .slice(0, MAX_SCHEMAS);
        setHits(new Set(found));
      },
      () => current && setHits(NONE),
    );
    return () => {
      current = false;
    };
  }, [connectionId, sessionId, filter, empty, changes]);
  // An empty filter opens nothing by itself, whatever an earlier filter found.
  return empty ? NONE : hits;
}
