import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProgressTracker } from '../../../src/shared/alter/alter-progress';

const sample = (atMs: number, workCompleted: number, workEstimated = 1000, stage = 's') => ({
  atMs,
  workCompleted,
  workEstimated,
  stage,
});

describe('ProgressTracker', () => {
  it('reports percent, smoothed rate and ETA from recent readings', () => {
    const t = new ProgressTracker(0);
    expect(t.add(sample(1000, 100)).etaSeconds).toBeNull();
    const v = t.add(sample(2000, 200));
    expect(v.percent).toBe(20);
    expect(v.percentPerSecond).toBe(10);
    expect(v.etaSeconds).toBe(8);
    expect(v.elapsedSeconds).toBe(2);
    // Twice as fast now: the smoothed rate moves part of the way (0.3 × 20 + 0.7 × 10).
    const w = t.add(sample(3000, 400));
    expect(w.percentPerSecond).toBeCloseTo(13, 10);
    expect(w.etaSeconds).toBeCloseTo(60 / 13, 10);
  });

  it('holds still when the server raises its estimate, and never passes 99.9 before the end', () => {
    const t = new ProgressTracker(0);
    t.add(sample(1000, 500));
    expect(t.add(sample(2000, 500, 2000)).percent).toBe(50);
    expect(t.add(sample(3000, 5000, 2000)).percent).toBe(99.9);
    expect(t.add(sample(2500, 0)).percent).toBe(99.9);
    const done = t.finish(4000);
    expect(done).toMatchObject({ percent: 100, etaSeconds: 0, elapsedSeconds: 4 });
    expect(t.add(sample(5000, 1)).percent).toBe(100);
  });

  it('knows no rate while nothing moved (waiting for a lock), and keeps a rate once known', () => {
    const t = new ProgressTracker(0);
    t.add(sample(1000, 0));
    expect(t.add(sample(2000, 0)).percentPerSecond).toBeNull();
    t.add(sample(3000, 100));
    expect(t.view.percentPerSecond).toBe(10);
    expect(t.add(sample(4000, 100)).percentPerSecond).toBe(7);
  });

  it('is monotonic and within 0..100 whatever the server says', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            dt: fc.integer({ min: -50, max: 5000 }),
            done: fc.double({ min: -1e9, max: 1e12, noNaN: true }),
            est: fc.double({ min: -1e9, max: 1e12, noNaN: true }),
          }),
        ),
        (readings) => {
          const t = new ProgressTracker(0);
          let at = 0;
          let last = 0;
          for (const r of readings) {
            at += r.dt;
            const v = t.add(sample(at, r.done, r.est));
            expect(v.percent).toBeGreaterThanOrEqual(last);
            expect(v.percent).toBeLessThanOrEqual(99.9);
            if (v.etaSeconds !== null) expect(v.etaSeconds).toBeGreaterThanOrEqual(0);
            last = v.percent;
          }
        },
      ),
    );
  });
});
