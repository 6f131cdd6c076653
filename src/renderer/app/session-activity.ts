import { useEffect, useState } from 'react';
import { api } from './api';
import {
  activityAfter,
  activityAfterExport,
  LOST_SESSION,
  type SessionActivity,
} from './session-activity-model';

/**
 * Every session's activity, kept from the backend's `query.update` events (each statement is
 * announced when it starts and when it ends) and `export.update` ones, so the status bar is right for whichever tab is
 * shown, including ones whose statements ran while another tab was in front.
 */
export function useSessionActivity(): ReadonlyMap<string, SessionActivity> {
  const [activity, setActivity] = useState<ReadonlyMap<string, SessionActivity>>(new Map());
  useEffect(() => {
    const offUpdate = api.on('query.update', (status) => {
      const now = performance.now();
      setActivity((current) =>
        new Map(current).set(
          status.sessionId,
          activityAfter(current.get(status.sessionId), status, now),
        ),
      );
    });
    const offExport = api.on('export.update', (status) => {
      setActivity((current) =>
        new Map(current).set(
          status.sessionId,
          activityAfterExport(current.get(status.sessionId), status),
        ),
      );
    });
    const offLost = api.on('session.lost', ({ sessionId }) => {
      setActivity((current) => new Map(current).set(sessionId, LOST_SESSION));
    });
    return () => {
      offUpdate();
      offExport();
      offLost();
    };
  }, []);
  return activity;
}
