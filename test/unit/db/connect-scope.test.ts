import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectScope, ConnectTimedOut } from '../../../src/main/db/connect-scope';

afterEach(() => {
  vi.useRealTimers();
});

describe('ConnectScope', () => {
  it('race rejects with ConnectTimedOut naming the stage when time runs out', async () => {
    vi.useFakeTimers();
    const scope = new ConnectScope(1000);
    scope.stage = 'greeting';
    const never = new Promise<never>(() => {});
    const raced = scope.race(never);
    const outcome = raced.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    const e = await outcome;
    expect(e).toBeInstanceOf(ConnectTimedOut);
    expect((e as ConnectTimedOut).stage).toBe('greeting');
  });

  it('race passes through the step result, and a late step rejection is absorbed', async () => {
    vi.useFakeTimers();
    const scope = new ConnectScope(1000);
    await expect(scope.race(Promise.resolve(42))).resolves.toBe(42);
    let rejectLate: (e: Error) => void = () => {};
    const late = new Promise<never>((_, reject) => {
      rejectLate = reject;
    });
    const raced = scope.race(late).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await raced).toBeInstanceOf(ConnectTimedOut);
    // Rejecting after the race settled must not surface as an unhandled rejection.
    vi.useRealTimers();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    rejectLate(new Error('late'));
    // Node reports unhandled rejections after the microtask queue drains; give it two turns.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('fail closes everything it owns, newest first; succeed forgets it', () => {
    const order: string[] = [];
    const failing = new ConnectScope(1000);
    failing.own(() => order.push('ssh'));
    failing.own(() => order.push('socket'));
    failing.fail();
    expect(order).toEqual(['socket', 'ssh']);

    const closed = vi.fn();
    const succeeding = new ConnectScope(1000);
    succeeding.own(closed);
    succeeding.succeed();
    expect(closed).not.toHaveBeenCalled();
  });

  it('something opened after the attempt ended is closed at once', () => {
    const scope = new ConnectScope(1000);
    scope.fail();
    const closed = vi.fn();
    scope.own(closed);
    expect(closed).toHaveBeenCalledOnce();
  });

  it('a closer that throws does not stop the others', () => {
    const scope = new ConnectScope(1000);
    const second = vi.fn();
    scope.own(second);
    scope.own(() => {
      throw new Error('already closed');
    });
    expect(() => scope.fail()).not.toThrow();
    expect(second).toHaveBeenCalledOnce();
  });

  it('remainingMs counts down and never goes below 1', () => {
    vi.useFakeTimers();
    const scope = new ConnectScope(1000);
    vi.advanceTimersByTime(400);
    expect(scope.remainingMs()).toBe(600);
    vi.advanceTimersByTime(5000);
    expect(scope.remainingMs()).toBe(1);
  });
});
