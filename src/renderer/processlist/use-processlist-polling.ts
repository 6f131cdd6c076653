import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ApiErrorShape } from '../../shared/api/errors';
import { blockingModel, type BlockingModel } from '../../shared/processlist/blocking-chains';
import type { ProcesslistSnapshot } from '../../shared/processlist/snapshot';
import { snapshotFromWire } from '../../shared/processlist/snapshot-wire';
import { api } from '../app/api';
import { errorShapeOf } from '../app/ErrorNotice';
import { appendPoint, countsOf, type CountPoint } from './count-history';
import { isUnreachable, retryDelayMs } from './retry-backoff';
import { SNAPSHOT_MARK } from './snapshot-mark';

/** Polls a tab makes while another tab is shown: slower, so charts keep going. */
const BACKGROUND_INTERVAL_MS = 10_000;

export interface PollingState {
  snapshot: ProcesslistSnapshot | null;
  /** Who blocks whom in `snapshot`, read once per poll for the charts and the screen. */
  blocking: BlockingModel | null;
  /** A poll failed for another reason than the server being out of reach. */
  error: ApiErrorShape | null;
  /** Set while the server cannot be reached: since when, and the next retry. */
  disconnected: { since: Date; attempt: number; retryAt: Date; error: ApiErrorShape } | null;
  history: CountPoint[];
}

/**
 * Polls `processlist.snapshot` on the tool's session: the next poll is scheduled only after the
 * previous one ended (never two at once), every `intervalMs` (slower in a hidden tab), not at all
 * while paused. When the server is out of reach it retries with backoff (1 s, 2 s, 4 s ... 15 s)
 * and resumes by itself; the session reconnects on the first call that finds it lost.
 */
export function useProcesslistPolling(
  sessionId: string,
  intervalMs: number,
  paused: boolean,
  active: boolean,
  lostNow: ApiErrorShape | null,
): PollingState & { pollNow: () => void } {
  const [state, setState] = useState<PollingState>({
    snapshot: null,
    blocking: null,
    error: null,
    disconnected: null,
    history: [],
  });
  const attempt = useRef(0);
  const [kick, setKick] = useState(0);

  // The session found lost elsewhere (an editor's call) shows as disconnected at once; adjusted
  // while rendering when `lostNow` changes, not in an effect.
  const [seenLost, setSeenLost] = useState<ApiErrorShape | null>(null);
  if (seenLost !== lostNow) {
    setSeenLost(lostNow);
    if (lostNow) {
      setState((s) => {
        if (s.disconnected) return s;
        const now = new Date();
        return { ...s, disconnected: { since: now, attempt: 0, retryAt: now, error: lostNow } };
      });
    }
  }

  useEffect(() => {
    if (paused) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = (ms: number) => {
      if (!cancelled) timer = setTimeout(() => void poll(), ms);
    };
    const poll = async () => {
      try {
        const snapshot = snapshotFromWire(await api.call('processlist.snapshot', { sessionId }));
        if (cancelled) return;
        // Where an update starts, for the renderer benchmark (a user timing, nothing else).
        performance.mark(SNAPSHOT_MARK);
        attempt.current = 0;
        const blocking = blockingModel(snapshot.waits);
        const point = countsOf(snapshot, blocking);
        // Rendered in this task: left to React's scheduler, Chromium runs that work only after
        // the next frame, so the new table would wait a whole frame more to be painted.
        flushSync(() =>
          setState((s) => ({
            snapshot,
            blocking,
            error: null,
            disconnected: null,
            history: appendPoint(s.history, point),
          })),
        );
        schedule(active ? intervalMs : Math.max(intervalMs, BACKGROUND_INTERVAL_MS));
      } catch (e) {
        if (cancelled) return;
        const error = errorShapeOf(e);
        if (isUnreachable(error.code)) {
          attempt.current++;
          const delay = retryDelayMs(attempt.current);
          setState((s) => ({
            ...s,
            error: null,
            disconnected: {
              since: s.disconnected?.since ?? new Date(),
              attempt: attempt.current,
              retryAt: new Date(Date.now() + delay),
              error,
            },
          }));
          schedule(delay);
        } else {
          setState((s) => ({ ...s, error }));
          schedule(Math.max(intervalMs, 2000));
        }
      }
    };
    void poll();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [sessionId, intervalMs, paused, active, kick]);

  return { ...state, pollNow: () => setKick((k) => k + 1) };
}
