import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPoller, type Poller, type PollerState, type Visibility } from './poller';

export interface PollingOptions {
  /** What the fetch reads (a session id, a filter): a new key starts a new loop. */
  key: string;
  intervalMs: number;
  /** False: no polling at all (and nothing kept running). */
  enabled?: boolean;
  retryBaseMs?: number;
  retryMaxMs?: number;
  visibility?: Visibility;
  /** False: the first fetch waits one interval (the screen reads on its own at first). */
  immediate?: boolean;
}

export interface Polling<T> {
  data: T | undefined;
  error: unknown;
  /** When the last successful fetch ended (ms since epoch), null before the first. */
  lastOk: number | null;
  /** True while the page is hidden (no fetch until it shows again). */
  paused: boolean;
  loading: boolean;
  /** Fetch now, then carry on at the normal pace. */
  refresh: () => void;
}

/**
 * Runs `fetch` every `intervalMs` for as long as the component is mounted: one call at a time,
 * retry with backoff after errors, paused while the page is hidden, results arriving after
 * unmount dropped. A change of `key` (or of `intervalMs`/`enabled`) starts a new loop and keeps
 * the last data until the new loop delivers. `fetch` is read from the latest render.
 */
export function usePolling<T>(
  fetch: (signal: AbortSignal) => Promise<T>,
  options: PollingOptions,
): Polling<T> {
  const {
    key,
    intervalMs,
    enabled = true,
    retryBaseMs,
    retryMaxMs,
    visibility,
    immediate,
  } = options;
  const fetchRef = useRef(fetch);
  useLayoutEffect(() => {
    fetchRef.current = fetch;
  });
  const pollerRef = useRef<Poller<T> | null>(null);
  const [state, setState] = useState<Omit<PollerState<T>, 'failures'>>({
    data: undefined,
    error: null,
    lastOk: null,
    paused: false,
    loading: false,
  });

  useEffect(() => {
    if (!enabled) return;
    const poller = createPoller<T>({
      fetch: (signal) => fetchRef.current(signal),
      intervalMs,
      retryBaseMs,
      retryMaxMs,
      visibility,
      immediate,
    });
    pollerRef.current = poller;
    const unsubscribe = poller.subscribe(() => {
      const next = poller.getState();
      setState((prev) => ({
        // A new loop keeps showing the previous loop's data until it has its own.
        data: next.lastOk === null ? prev.data : next.data,
        error: next.error,
        lastOk: next.lastOk ?? prev.lastOk,
        paused: next.paused,
        loading: next.loading,
      }));
    });
    poller.start();
    return () => {
      unsubscribe();
      poller.stop();
      if (pollerRef.current === poller) pollerRef.current = null;
    };
  }, [key, enabled, intervalMs, retryBaseMs, retryMaxMs, visibility, immediate]);

  const refresh = useCallback(() => pollerRef.current?.refresh(), []);
  return { ...state, refresh };
}
