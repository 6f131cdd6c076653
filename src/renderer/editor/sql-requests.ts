import { useEffect, useSyncExternalStore } from 'react';

/** SQL sent to an editor from elsewhere (the schema tree, a tool's "open in editor"). */
export interface SqlRequest {
  /** New for each request, so the same text sent twice is inserted twice. */
  id: number;
  sql: string;
  /** Run it once inserted. */
  run: boolean;
}

// Kept per session until read: an editor opened for the SQL mounts after the request is made.
const latest = new Map<string, SqlRequest>();
const listeners = new Set<() => void>();
let counter = 0;

/** Sends `sql` to the editor on session `sessionId`. */
export function sendSqlToEditor(sessionId: string, sql: string, run: boolean): void {
  latest.set(sessionId, { id: ++counter, sql, run });
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The last SQL sent to the editor on `sessionId` (null before any). */
export function useSqlRequest(sessionId: string): SqlRequest | null {
  useEffect(() => () => void latest.delete(sessionId), [sessionId]);
  return useSyncExternalStore(subscribe, () => latest.get(sessionId) ?? null);
}
