import { describe, expect, it } from 'vitest';
import { KillsInFlight } from '../../../src/main/services/processlist/kill-sessions';

describe('KILLs in flight', () => {
  it('runs one KILL per key at a time; the others learn when it was sent', async () => {
    const inFlight = new KillsInFlight();
    let runs = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const kill = async () => {
      runs++;
      await gate;
      return { id: 25, outcome: 'killed' as const, message: null };
    };
    const answers = Promise.all([
      inFlight.once('a|query|25', kill),
      inFlight.once('a|query|25', kill),
      inFlight.once('a|query|26', kill),
    ]);
    release();
    const [first, second, other] = await answers;
    expect(runs).toBe(2);
    expect(first).toEqual({ id: 25, outcome: 'killed', message: null });
    expect(second).toEqual({ startedAt: expect.any(Date) });
    expect(other).toEqual({ id: 25, outcome: 'killed', message: null });
    // Once it ended, the same KILL runs again (a new statement may need stopping).
    await inFlight.once('a|query|25', kill);
    expect(runs).toBe(3);
  });

  it('a failed KILL frees its key, and the waiting ones still answer', async () => {
    const inFlight = new KillsInFlight();
    const failing = inFlight.once('k', () => Promise.reject(new Error('link broke')));
    const waiting = inFlight.once('k', () => Promise.reject(new Error('not run')));
    await expect(failing).rejects.toThrow('link broke');
    await expect(waiting).resolves.toEqual({ startedAt: expect.any(Date) });
    await expect(
      inFlight.once('k', async () => ({ id: 1, outcome: 'gone' as const, message: 'x' })),
    ).resolves.toMatchObject({ outcome: 'gone' });
  });
});
