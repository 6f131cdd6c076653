/**
 * The polling loop behind `usePolling`, free of React so its timing can be tested with fake
 * timers: one fetch at a time (the next is scheduled when the previous ended), retry with
 * exponential backoff after a failure (back to the normal pace after a success), no fetch while
 * the page is hidden, and nothing delivered after `stop()`.
 */

/** Whether the page is hidden, and a way to hear when that changes. */
export interface Visibility {
  hidden(): boolean;
  /** Calls `listener` on every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** The document's visibility (`visibilitychange`); always visible where there is no document. */
export const documentVisibility: Visibility = {
  hidden: () => typeof document !== 'undefined' && document.hidden,
  subscribe(listener) {
    if (typeof document === 'undefined') return () => undefined;
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

export interface PollerOptions<T> {
  /** One read; `signal` is aborted when the poller stops (a fetch may ignore it). */
  fetch: (signal: AbortSignal) => Promise<T>;
  /** Pause between the end of one successful fetch and the start of the next. */
  intervalMs: number;
  /** First retry delay after a failure; doubles on each further failure. Default 1 s. */
  retryBaseMs?: number;
  /** Longest retry delay. Default 30 s, never below `intervalMs`. */
  retryMaxMs?: number;
  visibility?: Visibility;
  /** False: the first fetch waits one interval (the caller has just read). Default true. */
  immediate?: boolean;
}

export interface PollerState<T> {
  data: T | undefined;
  /** The last fetch's error; cleared by the next success. */
  error: unknown;
  /** When the last successful fetch ended (ms since epoch), null before the first. */
  lastOk: number | null;
  /** Failures in a row (0 after a success). */
  failures: number;
  /** True while the page is hidden: no fetch runs until it shows again. */
  paused: boolean;
  /** True while a fetch is under way. */
  loading: boolean;
}

/** Delay before retry `failures` (1-based): base, 2×base, 4×base ... at most `max`. */
export function backoffDelayMs(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, failures - 1));
}

export interface Poller<T> {
  start(): void;
  /** Ends polling for good: no further fetch, and a fetch under way delivers nothing. */
  stop(): void;
  /** Fetch now (after the one under way, if any), then carry on at the normal pace. */
  refresh(): void;
  getState(): PollerState<T>;
  /** Calls `listener` after every state change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createPoller<T>(options: PollerOptions<T>): Poller<T> {
  const visibility = options.visibility ?? documentVisibility;
  const base = options.retryBaseMs ?? 1000;
  const max = Math.max(options.retryMaxMs ?? 30_000, options.intervalMs);
  const listeners = new Set<() => void>();
  const abort = new AbortController();
  let state: PollerState<T> = {
    data: undefined,
    error: null,
    lastOk: null,
    failures: 0,
    paused: visibility.hidden(),
    loading: false,
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let stopped = false;
  let started = false;
  /** A refresh asked for while a fetch was under way: run once it ends. */
  let again = false;
  let unsubscribeVisibility: (() => void) | undefined;

  const set = (patch: Partial<PollerState<T>>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || state.paused) return;
    timer = setTimeout(() => void run(), ms);
  };

  const run = async () => {
    timer = undefined;
    if (stopped || state.paused) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    again = false;
    set({ loading: true });
    let delay: number;
    try {
      const data = await options.fetch(abort.signal);
      if (stopped) return;
      set({ data, error: null, lastOk: Date.now(), failures: 0, loading: false });
      delay = options.intervalMs;
    } catch (error) {
      if (stopped) return;
      const failures = state.failures + 1;
      set({ error, failures, loading: false });
      delay = backoffDelayMs(failures, base, max);
    } finally {
      running = false;
    }
    schedule(again ? 0 : delay);
  };

  const onVisibility = () => {
    const hidden = visibility.hidden();
    if (hidden === state.paused) return;
    set({ paused: hidden });
    if (hidden) {
      clearTimeout(timer);
      timer = undefined;
    } else if (!running) {
      // Back in view: the data is probably old, read at once.
      schedule(0);
    }
  };

  return {
    start() {
      if (started || stopped) return;
      started = true;
      unsubscribeVisibility = visibility.subscribe(onVisibility);
      schedule(options.immediate === false ? options.intervalMs : 0);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      unsubscribeVisibility?.();
      abort.abort();
      listeners.clear();
    },
    refresh() {
      if (stopped) return;
      if (running) again = true;
      else schedule(0);
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
