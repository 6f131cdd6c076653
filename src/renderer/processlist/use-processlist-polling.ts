import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ApiErrorShape } from '../../shared/api/errors';
import { blockingModel, type BlockingModel } from '../../shared/processlist/blocking-chains';
import {
  blockingPairsOf,
  EMPTY_TIMELINE,
  recordFailure,
  recordPoll,
  type BlockingTimeline,
} from '../../shared/processlist/blocking-timeline';
import type { ProcesslistSnapshot } from '../../shared/processlist/snapshot';
import { snapshotFromWire } from '../../shared/processlist/snapshot-wire';
import { api } from '../app/api';
import { errorShapeOf } from '../app/ErrorNotice';
import { backoffDelayMs } from '../data/poller';
import { usePolling } from '../data/use-polling';
import { appendPoint, countsOf, type CountPoint } from './count-history';
import type { Pace } from './ProcesslistToolbar';
import { isUnreachable, RETRY_BASE_MS, RETRY_MAX_MS } from './retry-backoff';
import { SNAPSHOT_MARK } from './snapshot-mark';

/** Polls a tab makes while another tab is shown: slower, so charts keep going. */
const BACKGROUND_INTERVAL_MS = 10_000;

/**
 * Longer than this between good polls (paused, page hidden) and the blocking timeline says it
 * does not know what happened in between.
 */
const TIMELINE_SILENCE_MS = 30_000;

export interface PollingState {
  snapshot: ProcesslistSnapshot | null;
  /** Who blocks whom in `snapshot`, read once per poll for the charts and the screen. */
  blocking: BlockingModel | null;
  /** A poll failed for another reason than the server being out of reach. */
  error: ApiErrorShape | null;
  /** Set while the server cannot be reached: since when, and the next retry. */
  disconnected: { since: Date; attempt: number; retryAt: Date; error: ApiErrorShape } | null;
  history: CountPoint[];
  /** Who blocked whom over the last 15 minutes, from the polls (failed ones as unknown). */
  timeline: BlockingTimeline;
}

/**
 * Polls `processlist.snapshot` on the tool's session through the one polling hook (one poll at
 * a time, backoff after failures: 1 s, 2 s, 4 s ... 15 s, nothing while the page is hidden),
 * every `intervalMs` (slower in a hidden tab), not at all while paused. The session reconnects
 * on the first call that finds it lost, and the view resumes by itself.
 *
 * The poll's own fetch puts each snapshot on screen: the hook's data would reach React through
 * its scheduler, which Chromium runs only after the next frame, so the new table would wait a
 * whole frame more to be painted (see the processlist bench).
 */
export function useProcesslistPolling(
  sessionId: string,
  { intervalMs, paused }: Pace,
  active: boolean,
  lostNow: ApiErrorShape | null,
): PollingState & { pollNow: () => void } {
  const [state, setState] = useState<PollingState>({
    snapshot: null,
    blocking: null,
    error: null,
    disconnected: null,
    history: [],
    timeline: EMPTY_TIMELINE,
  });
  /** Failed polls in a row: the poller's count, for the retry time shown. */
  const failures = useRef(0);
  const every = active ? intervalMs : Math.max(intervalMs, BACKGROUND_INTERVAL_MS);

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

  const poll = async (signal: AbortSignal): Promise<void> => {
    let snapshot: ProcesslistSnapshot;
    try {
      snapshot = snapshotFromWire(await api.call('processlist.snapshot', { sessionId }));
    } catch (e) {
      if (signal.aborted) throw e;
      const error = errorShapeOf(e);
      failures.current++;
      const failedAt = Date.now();
      setState((s) => ({ ...s, timeline: recordFailure(s.timeline, failedAt) }));
      if (isUnreachable(error.code)) {
        const attempt = failures.current;
        const delay = backoffDelayMs(attempt, RETRY_BASE_MS, Math.max(RETRY_MAX_MS, every));
        setState((s) => ({
          ...s,
          error: null,
          disconnected: {
            since: s.disconnected?.since ?? new Date(),
            attempt,
            retryAt: new Date(Date.now() + delay),
            error,
          },
        }));
      } else {
        setState((s) => ({ ...s, error }));
      }
      // The poller retries with its backoff.
      throw e;
    }
    // A read of a loop already ended (another session, paused) must not reach the screen.
    if (signal.aborted) return;
    // Where an update starts, for the renderer benchmark (a user timing, nothing else).
    performance.mark(SNAPSHOT_MARK);
    failures.current = 0;
    const blocking = blockingModel(snapshot.waits);
    const point = countsOf(snapshot, blocking);
    const run = snapshot.serverRun;
    const runKey = `${run.hostname}|${run.serverId}|${run.startedAtMs}`;
    const pairs = blockingPairsOf(snapshot);
    // Rendered in this task (see above).
    flushSync(() =>
      setState((s) => ({
        snapshot,
        blocking,
        error: null,
        disconnected: null,
        history: appendPoint(s.history, point),
        timeline: recordPoll(
          s.timeline,
          Date.parse(snapshot.takenAt),
          runKey,
          pairs,
          Math.max(TIMELINE_SILENCE_MS, 3 * every),
        ),
      })),
    );
  };

  const { refresh } = usePolling(poll, {
    key: sessionId,
    intervalMs: every,
    enabled: !paused,
    retryBaseMs: RETRY_BASE_MS,
    retryMaxMs: RETRY_MAX_MS,
  });

  return { ...state, pollNow: refresh };
}
