import { useEffect, useRef, type RefObject } from 'react';
import { useLatest } from '../ui/use-latest';
import type { RunKind, SqlEditorHandle } from './SqlEditor';
import type { SqlRequest } from './sql-requests';

/**
 * Puts each request's SQL into the editor once (inserted and selected) and runs it if asked.
 * `editor` is null until Monaco has loaded: a request made before then (a new editor opened for
 * it) waits.
 */
export function useInsertSqlRequest(
  request: SqlRequest | null | undefined,
  editor: RefObject<SqlEditorHandle | null> | null,
  run: (kind: RunKind) => Promise<void>,
): void {
  const runRef = useLatest(run);
  const handled = useRef<number | null>(null);
  useEffect(() => {
    if (!request || !editor || handled.current === request.id) return;
    handled.current = request.id;
    editor.current?.insertText(request.sql);
    // Selected once inserted, so "run selection" runs exactly it.
    if (request.run) void runRef.current('all');
  }, [request, editor, runRef]);
}
