import { describe, expect, it } from 'vitest';
import { otherThreadsRunning } from '../../../../src/main/services/drift/threads-running';

describe('otherThreadsRunning', () => {
  it('counts the other threads, never below zero', () => {
    expect(otherThreadsRunning({ Value: '7' })).toBe(6);
    expect(otherThreadsRunning({ Value: '1' })).toBe(0);
    expect(otherThreadsRunning({ Value: '0' })).toBe(0);
  });

  it('refuses a load it cannot read rather than take the server for idle', () => {
    expect(() => otherThreadsRunning(undefined)).toThrow(
      'The source’s load could not be read: SHOW GLOBAL STATUS gave no Threads_running, so the comparison stopped rather than run unthrottled.',
    );
    for (const [value, shown] of [
      [null, 'null'],
      ['', '""'],
      ['n/a', '"n/a"'],
      ['-3', '"-3"'],
      ['1e3', '"1e3"'],
      [undefined, 'undefined'],
    ] as const) {
      expect(() => otherThreadsRunning({ Value: value })).toThrow(
        `SHOW GLOBAL STATUS gave Threads_running = ${shown},`,
      );
    }
  });
});
