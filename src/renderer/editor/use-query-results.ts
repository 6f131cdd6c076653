import { useCallback, useEffect, useRef, useState } from 'react';
import { statusAfterUpdate, type QueryStatus } from '../../shared/api/query';
import { api } from '../app/api';
import { errorShapeOf } from '../app/ErrorNotice';
import type { PickedStatement } from './pick-statements';
import type { ResultEntry } from './ResultPanel';
import { moved, resultsKeptByNewRun } from './result-tabs';

/** Results kept per editor; older ones are discarded on the backend too. */
const MAX_RESULTS = 20;

const discard = (queryId: string) =>
  void api.call('query.discard', { queryId }).catch(() => undefined);

/**
 * The statements an editor ran on its session, one result each (the newest MAX_RESULTS),
 * kept current from the backend's query updates; starting, cancelling and closing them. A new
 * run (`startRun`) replaces the results of the runs before it, except those the user pinned.
 */
/** Why a Cancel did not stop its statement; `serverSilent`: only giving up its connection can. */
export interface CancelProblem {
  message: string;
  queryId: string;
  serverSilent: boolean;
}

/** An editor's results and what can be done with them (see useQueryResults). */
export type QueryResults = ReturnType<typeof useQueryResults>;

export function useQueryResults(sessionId: string) {
  const [results, setResults] = useState<ResultEntry[]>([]);
  const [activeId, setActiveId] = useState<string | null>(null);
  /** Why the last Cancel did not stop the statement, when it could not. */
  const [cancelProblem, setCancelProblem] = useState<CancelProblem | null>(null);
  /** Edits made and not applied, per result (ids of results that have some). */
  const [edited, setEdited] = useState<ReadonlyMap<string, number>>(() => new Map());
  const noteUnappliedEdits = useCallback(
    (queryId: string, count: number) =>
      setEdited((m) => {
        if ((m.get(queryId) ?? 0) === count) return m;
        const next = new Map(m);
        if (count === 0) next.delete(queryId);
        else next.set(queryId, count);
        return next;
      }),
    [],
  );
  /** Edits not applied in the results a new run would replace (pinned ones stay, with theirs). */
  const unappliedEdits = results.reduce(
    (n, r) => (r.pinned ? n : n + (edited.get(r.status.queryId) ?? 0)),
    0,
  );
  const waiters = useRef(new Map<string, (s: QueryStatus) => void>());

  useEffect(() => {
    const off = api.on('query.update', (update) => {
      if (update.sessionId !== sessionId) return;
      // Progress updates leave the columns out: the result keeps the ones it got.
      setResults((rs) =>
        rs.map((r) =>
          r.status.queryId === update.queryId
            ? { ...r, status: statusAfterUpdate(r.status, update) }
            : r,
        ),
      );
      // The last update always carries the columns.
      if (update.state !== 'running') {
        waiters.current.get(update.queryId)?.(statusAfterUpdate(undefined, update));
        waiters.current.delete(update.queryId);
      }
    });
    return off;
  }, [sessionId]);

  /** Starts one statement and resolves with its final status. */
  const runOne = useCallback(
    async (picked: PickedStatement, readOnlyConfirmed: boolean): Promise<QueryStatus> => {
      const started = await api.call('query.start', {
        sessionId,
        sql: picked.sql,
        readOnlyConfirmed,
      });
      const entry: ResultEntry = { status: started, startedAt: performance.now(), range: picked };
      setResults((rs) => {
        const next = [...rs, entry];
        for (const old of next.slice(0, Math.max(0, next.length - MAX_RESULTS))) {
          discard(old.status.queryId);
        }
        return next.slice(-MAX_RESULTS);
      });
      setActiveId(started.queryId);
      if (started.state !== 'running') return started;
      return new Promise((resolve) => {
        waiters.current.set(started.queryId, resolve);
        // The end may have been announced before we listened: ask once.
        void api.call('query.status', { queryId: started.queryId }).then((s) => {
          if (s.state !== 'running') {
            waiters.current.delete(s.queryId);
            setResults((rs) =>
              rs.map((r) => (r.status.queryId === s.queryId ? { ...r, status: s } : r)),
            );
            resolve(s);
          }
        });
      });
    },
    [sessionId],
  );

  const cancelQuery = useCallback((queryId: string) => {
    setCancelProblem(null);
    api.call('query.cancel', { queryId }).then(
      (r) => {
        if (!r.cancelled && r.reason)
          setCancelProblem({ message: r.reason, queryId, serverSilent: r.serverSilent === true });
      },
      (e: unknown) =>
        setCancelProblem({ message: errorShapeOf(e).message, queryId, serverSilent: false }),
    );
  }, []);

  const startRun = useCallback(() => {
    const { kept, dropped } = resultsKeptByNewRun(results);
    if (dropped.length === 0) return;
    for (const r of dropped) discard(r.status.queryId);
    setResults(kept);
  }, [results]);

  const clearCancelProblem = useCallback(() => setCancelProblem(null), []);
  /** Closes the connection the statement waits on (the caller asked the user first). */
  const giveUp = useCallback(async (queryId: string) => {
    try {
      await api.call('query.giveUp', { queryId });
      setCancelProblem(null);
    } catch (e) {
      setCancelProblem({ message: errorShapeOf(e).message, queryId, serverSilent: false });
    }
  }, []);
  const running = results.some((r) => r.status.state === 'running');
  return {
    results,
    activeId,
    setActiveId,
    running,
    runOne,
    cancelQuery,
    /** Cancels the statement running now, if any. */
    cancelRunning: () => {
      const current = results.find((r) => r.status.state === 'running');
      if (current) cancelQuery(current.status.queryId);
    },
    cancelProblem,
    clearCancelProblem,
    giveUp,
    close: (queryId: string) => {
      setResults((rs) => rs.filter((r) => r.status.queryId !== queryId));
      discard(queryId);
    },
    /** Before a run: the earlier runs' results go (on the backend too), pinned ones stay. */
    startRun,
    unappliedEdits,
    /** Edits not applied, per result: such a result stays mounted when another is in front. */
    edited,
    noteUnappliedEdits,
    togglePin: (queryId: string) =>
      setResults((rs) =>
        rs.map((r) => (r.status.queryId === queryId ? { ...r, pinned: !r.pinned } : r)),
      ),
    move: (queryId: string, to: number) =>
      setResults((rs) =>
        moved(
          rs,
          rs.findIndex((r) => r.status.queryId === queryId),
          to,
        ),
      ),
    /** Changes when a statement finishes, so an open history shows it. */
    lastFinished: results.filter((r) => r.status.state !== 'running').at(-1)?.status.queryId,
  };
}
