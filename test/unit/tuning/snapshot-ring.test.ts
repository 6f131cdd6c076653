import { describe, expect, it } from 'vitest';
import {
  chooseWindowStart,
  formatSpan,
  RING_MAX_AGE_MS,
  shortWindowNote,
  snapshotsToKeep,
  type RingEntry,
} from '../../../src/shared/tuning/snapshot-ring';

const T0 = Date.parse('2026-11-24T10:00:00Z');
const MIN = 60_000;
/** A snapshot `seconds` after T0, named by that offset. */
const at = (seconds: number): RingEntry => ({ id: `s${seconds}`, takenAtMs: T0 + seconds * 1000 });
const ids = (list: readonly RingEntry[]) => list.map((s) => s.id);

describe('chooseWindowStart', () => {
  const ring = [at(0), at(60), at(120), at(180), at(240)];

  it('starts at the newest snapshot at least that old, so the window covers what was asked', () => {
    const now = T0 + 250_000;
    // 250 - 120 = 130 s back: s120 is 130 s old (>= 120), s180 only 70 s.
    expect(chooseWindowStart(ring, now, 120)).toEqual({
      from: at(120),
      seconds: 130,
      short: false,
    });
    expect(chooseWindowStart(ring, now, 10)).toEqual({ from: at(240), seconds: 10, short: false });
    // Exactly that old counts.
    expect(chooseWindowStart(ring, T0 + 300_000, 300).from).toEqual(at(0));
  });

  it('uses the oldest snapshot and says the window is short when none is old enough', () => {
    expect(chooseWindowStart(ring, T0 + 250_000, 600)).toEqual({
      from: at(0),
      seconds: 250,
      short: true,
    });
  });

  it('has no start when nothing was kept before now', () => {
    expect(chooseWindowStart([], T0, 300)).toEqual({ from: null, seconds: 0, short: true });
    // A snapshot taken at the same moment is not earlier.
    expect(chooseWindowStart([at(0)], T0, 300)).toEqual({ from: null, seconds: 0, short: true });
  });
});

describe('snapshotsToKeep', () => {
  it('keeps every poll for a short while, then one a minute, then one per five minutes', () => {
    // A poll every 15 s for 70 minutes.
    const polls = Array.from({ length: 70 * 4 + 1 }, (_, i) => at(i * 15));
    let ring: RingEntry[] = [];
    for (const p of polls) ring = snapshotsToKeep([...ring, p], p.takenAtMs);
    const now = polls.at(-1)!.takenAtMs;
    const ages = ring.map((s) => (now - s.takenAtMs) / MIN);
    // Never older than the hour and a bit; bounded in number.
    expect(Math.max(...ages)).toBeLessThanOrEqual(RING_MAX_AGE_MS / MIN);
    expect(ring.length).toBeLessThanOrEqual(3 + 13 + 11);
    // The newest three polls are all there.
    expect(ids(ring.slice(-3))).toEqual(ids(polls.slice(-3)));
    // Any window of the screen finds a start within a minute (5 minutes for the hour).
    for (const [seconds, slack] of [
      [300, 60],
      [600, 60],
      [3600, 300],
    ] as const) {
      const start = chooseWindowStart(ring.slice(0, -1), now, seconds);
      expect(start.short).toBe(false);
      expect(start.seconds).toBeGreaterThanOrEqual(seconds);
      expect(start.seconds).toBeLessThanOrEqual(seconds + slack);
    }
    // One a minute in the last twelve minutes (older than the newest three).
    const fine = ring.filter((s) => now - s.takenAtMs <= 12 * MIN).slice(0, -3);
    const minutes = fine.map((s) => Math.floor(s.takenAtMs / MIN));
    expect(new Set(minutes).size).toBe(minutes.length);
  });

  it('keeps a pinned snapshot however old, and drops the rest past the hour', () => {
    const ring = [at(0), at(30), at(4000), at(4010), at(4020), at(4030)];
    const now = T0 + 4030_000;
    expect(ids(snapshotsToKeep(ring, now, new Set(['s30'])))).toEqual([
      's30',
      's4000',
      's4010',
      's4020',
      's4030',
    ]);
    expect(ids(snapshotsToKeep(ring, now))).toEqual(['s4000', 's4010', 's4020', 's4030']);
  });
});

describe('window wording', () => {
  it('says plainly how long a short window is', () => {
    expect(shortWindowNote({ seconds: 200, short: true })).toBe(
      'Window is 3 min 20 s: the screen has been open that long.',
    );
    expect(shortWindowNote({ seconds: 0, short: true })).toBe(
      'The screen has just opened: the window starts now and grows as the screen refreshes.',
    );
    expect(shortWindowNote({ seconds: 0.4, short: true })).toBe(
      'Window is 1 s: the screen has been open that long.',
    );
    expect(shortWindowNote({ seconds: 620, short: false })).toBeNull();
    expect([45, 60, 200, 3600, 3900].map(formatSpan)).toEqual([
      '45 s',
      '1 min',
      '3 min 20 s',
      '1 h',
      '1 h 5 min',
    ]);
  });
});
