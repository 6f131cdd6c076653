import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchLiveness } from '../../../../src/main/services/drift/liveness-watch';
import { TrackedServer } from '../../../../src/main/services/drift/tracked-server';
import type { DriftConnection } from '../../../../src/main/services/drift/pin-snapshots';
import type { ServerInfo } from '../../../../src/shared/server/server-info';

describe('watchLiveness', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const limits = { everyMs: 100, timeoutMs: 1000 };

  it('tells once about a server whose pings never settle, never about one that answers', async () => {
    const silent: Array<[string, number]> = [];
    let pingsOfFrozen = 0;
    const watch = watchLiveness(
      {
        up: () => Promise.resolve(),
        frozen: () => {
          pingsOfFrozen++;
          return new Promise(() => {});
        },
      },
      limits,
      (which, ms) => silent.push([which, ms]),
      () => Date.now(),
    );
    await vi.advanceTimersByTimeAsync(900);
    expect(silent).toEqual([]);
    // One ping of a silent server at a time, not one per tick.
    expect(pingsOfFrozen).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(silent).toEqual([['frozen', 1000]]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(silent).toEqual([['frozen', 1000]]);
    watch.stop();
  });

  it('counts failing pings as silence, and an answer restarts the count', async () => {
    const silent: string[] = [];
    let answer = false;
    const watch = watchLiveness(
      { refused: () => (answer ? Promise.resolve() : Promise.reject(new Error('refused'))) },
      limits,
      (which) => silent.push(which),
      () => Date.now(),
    );
    await vi.advanceTimersByTimeAsync(800);
    answer = true;
    await vi.advanceTimersByTimeAsync(100);
    answer = false;
    await vi.advanceTimersByTimeAsync(900);
    expect(silent).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(silent).toEqual(['refused']);
    watch.stop();
  });

  it('stops pinging when stopped', async () => {
    let pings = 0;
    const watch = watchLiveness(
      { a: () => (pings++, Promise.resolve()) },
      limits,
      () => {},
      () => Date.now(),
    );
    await vi.advanceTimersByTimeAsync(300);
    watch.stop();
    const before = pings;
    await vi.advanceTimersByTimeAsync(1000);
    expect(pings).toBe(before);
  });
});

describe('TrackedServer', () => {
  const info = { flavor: 'mysql' } as unknown as ServerInfo;
  const link = (closed: string[], name: string): DriftConnection => ({
    conn: {} as DriftConnection['conn'],
    close: async () => {
      closed.push(name);
    },
  });

  it('closes the connections open, gives up those being opened, and forgets closed ones', async () => {
    const closed: string[] = [];
    const pending: Array<(l: DriftConnection) => void> = [];
    let n = 0;
    const server = new TrackedServer({
      info,
      open: () => {
        n++;
        return n <= 2
          ? Promise.resolve(link(closed, `open${n}`))
          : new Promise((resolve) => pending.push(resolve));
      },
    });
    expect(server.info).toBe(info);
    const first = await server.open();
    await server.open();
    await first.close();
    expect(closed).toEqual(['open1']);
    const opening = server.open();
    await server.closeAll();
    await expect(opening).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: 'the server stopped answering',
    });
    expect(closed).toEqual(['open1', 'open2']);
    // The connection that arrives after it was given up is closed at once.
    pending[0]!(link(closed, 'late'));
    await Promise.resolve();
    expect(closed).toEqual(['open1', 'open2', 'late']);
    // Later connections are not refused.
    const later = server.open();
    pending[1]!(link(closed, 'after'));
    await expect(later).resolves.toMatchObject({ conn: {} });
  });
});
