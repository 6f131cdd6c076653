import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  backoffDelayMs,
  createPoller,
  type Visibility,
} from '../../../../src/renderer/data/poller';

/** A page whose visibility the test switches. */
function fakeVisibility(hidden = false): Visibility & { set(hidden: boolean): void } {
  const listeners = new Set<() => void>();
  return {
    hidden: () => hidden,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      hidden = next;
      for (const l of listeners) l();
    },
  };
}

/** A fetch whose calls the test settles one by one. */
function controlledFetch<T>() {
  const pending: { resolve: (v: T) => void; reject: (e: unknown) => void }[] = [];
  let calls = 0;
  const fetch = () =>
    new Promise<T>((resolve, reject) => {
      calls++;
      pending.push({ resolve, reject });
    });
  return {
    fetch,
    calls: () => calls,
    inFlight: () => pending.length,
    async resolve(value: T) {
      pending.shift()!.resolve(value);
      await vi.advanceTimersByTimeAsync(0);
    },
    async reject(error: unknown) {
      pending.shift()!.reject(error);
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

describe('poller', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches at once, then every interval counted from the end of the previous fetch', async () => {
    const f = controlledFetch<number>();
    const poller = createPoller({ fetch: f.fetch, intervalMs: 1000, visibility: fakeVisibility() });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(f.calls()).toBe(1);
    // A slow fetch: no second one starts while it runs, however long it takes.
    await vi.advanceTimersByTimeAsync(5000);
    expect(f.calls()).toBe(1);
    await f.resolve(1);
    expect(poller.getState().data).toBe(1);
    expect(poller.getState().lastOk).not.toBeNull();
    await vi.advanceTimersByTimeAsync(999);
    expect(f.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.calls()).toBe(2);
    expect(f.inFlight()).toBe(1);
    poller.stop();
  });

  it('retries with exponential backoff after errors and returns to the interval on success', async () => {
    const f = controlledFetch<string>();
    const poller = createPoller({
      fetch: f.fetch,
      intervalMs: 500,
      retryBaseMs: 1000,
      retryMaxMs: 4000,
      visibility: fakeVisibility(),
    });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    const gaps: number[] = [];
    for (let i = 0; i < 4; i++) {
      await f.reject(new Error(`down ${i}`));
      const before = f.calls();
      let waited = 0;
      while (f.calls() === before) {
        await vi.advanceTimersByTimeAsync(100);
        waited += 100;
      }
      gaps.push(waited);
    }
    expect(gaps).toEqual([1000, 2000, 4000, 4000]);
    expect(poller.getState().failures).toBe(4);
    expect((poller.getState().error as Error).message).toBe('down 3');
    await f.resolve('up');
    expect(poller.getState()).toMatchObject({ data: 'up', error: null, failures: 0 });
    await vi.advanceTimersByTimeAsync(500);
    expect(f.calls()).toBe(6);
    // The next failure starts the backoff from the beginning again.
    await f.reject(new Error('again'));
    await vi.advanceTimersByTimeAsync(999);
    expect(f.calls()).toBe(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.calls()).toBe(7);
    poller.stop();
  });

  it('keeps the last data when a fetch fails', async () => {
    const f = controlledFetch<number>();
    const poller = createPoller({ fetch: f.fetch, intervalMs: 100, visibility: fakeVisibility() });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    await f.resolve(7);
    await vi.advanceTimersByTimeAsync(100);
    await f.reject(new Error('x'));
    expect(poller.getState().data).toBe(7);
    poller.stop();
  });

  it('does not fetch while the page is hidden and fetches at once when it shows again', async () => {
    const page = fakeVisibility();
    const f = controlledFetch<number>();
    const poller = createPoller({ fetch: f.fetch, intervalMs: 1000, visibility: page });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    await f.resolve(1);
    page.set(true);
    expect(poller.getState().paused).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(f.calls()).toBe(1);
    page.set(false);
    expect(poller.getState().paused).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(f.calls()).toBe(2);
    poller.stop();
  });

  it('does not start fetching while the page starts hidden', async () => {
    const page = fakeVisibility(true);
    const f = controlledFetch<number>();
    const poller = createPoller({ fetch: f.fetch, intervalMs: 1000, visibility: page });
    poller.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(f.calls()).toBe(0);
    expect(poller.getState().paused).toBe(true);
    page.set(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(f.calls()).toBe(1);
    poller.stop();
  });

  it('a fetch under way when the page hides still delivers, and schedules nothing', async () => {
    const page = fakeVisibility();
    const f = controlledFetch<number>();
    const poller = createPoller({ fetch: f.fetch, intervalMs: 1000, visibility: page });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    page.set(true);
    await f.resolve(3);
    expect(poller.getState().data).toBe(3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(f.calls()).toBe(1);
    poller.stop();
  });

  it('after stop, a fetch under way delivers nothing and no other fetch starts', async () => {
    const page = fakeVisibility();
    const f = controlledFetch<number>();
    const poller = createPoller({ fetch: f.fetch, intervalMs: 1000, visibility: page });
    const seen: unknown[] = [];
    poller.subscribe(() => seen.push(poller.getState().data));
    let signal: AbortSignal | undefined;
    const wrapped = createPoller({
      fetch: (s) => {
        signal = s;
        return f.fetch();
      },
      intervalMs: 1000,
      visibility: page,
    });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    poller.stop();
    await f.resolve(42);
    expect(poller.getState().data).toBeUndefined();
    expect(seen.every((d) => d === undefined)).toBe(true);
    page.set(true);
    page.set(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(f.calls()).toBe(1);
    // The signal handed to fetch is aborted by stop, so a fetch that can cancel does.
    wrapped.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(signal?.aborted).toBe(false);
    wrapped.stop();
    expect(signal?.aborted).toBe(true);
  });

  it('refresh fetches now, or right after the fetch under way, never two at once', async () => {
    const f = controlledFetch<number>();
    const poller = createPoller({
      fetch: f.fetch,
      intervalMs: 10_000,
      visibility: fakeVisibility(),
    });
    poller.start();
    await vi.advanceTimersByTimeAsync(0);
    poller.refresh();
    poller.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(f.calls()).toBe(1);
    await f.resolve(1);
    expect(f.calls()).toBe(2);
    await f.resolve(2);
    poller.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(f.calls()).toBe(3);
    poller.stop();
  });

  it('with immediate off, the first fetch waits one interval', async () => {
    const f = controlledFetch<number>();
    const poller = createPoller({
      fetch: f.fetch,
      intervalMs: 1000,
      immediate: false,
      visibility: fakeVisibility(),
    });
    poller.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(f.calls()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.calls()).toBe(1);
    poller.stop();
  });

  it('backoff doubles from the base up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelayMs(n, 1000, 15_000))).toEqual([
      1000, 2000, 4000, 8000, 15_000, 15_000,
    ]);
  });
});
