/** One reading of a running ALTER's progress. */
export interface ProgressSample {
  /** When it was read (ms, any monotonic clock). */
  atMs: number;
  /** The server's figures: MySQL WORK_COMPLETED/WORK_ESTIMATED, MariaDB PROGRESS of 100. */
  workCompleted: number;
  workEstimated: number;
  /** What the server says it is doing (`stage/innodb/alter table (read PK and internal sort)`). */
  stage: string;
}

/** What the run view shows. */
export interface ProgressView {
  /** 0 to 100, never lower than before, 100 only when finished. */
  percent: number;
  stage: string;
  workCompleted: number;
  workEstimated: number;
  /** Percent per second, smoothed over recent readings; null before two readings moved. */
  percentPerSecond: number | null;
  /** Seconds left at the smoothed rate; null while unknown. */
  etaSeconds: number | null;
  elapsedSeconds: number;
}

export interface ProgressTrackerOptions {
  /** Weight of the newest rate in the moving average (0..1]; default 0.3. */
  smoothing?: number;
  /** The highest percent shown before the server says it finished; default 99.9. */
  ceilingUntilDone?: number;
}

/**
 * Turns the server's progress figures into a bar that never goes backwards and an ETA from a
 * smoothed recent rate. The servers revise WORK_ESTIMATED during a run (MySQL) and restart
 * PROGRESS per stage in some versions, so the raw fraction can drop: the bar then holds still
 * until the work catches up, and the rate only counts forward movement of what is shown.
 * ETA = what is left ÷ the exponentially smoothed rate of recent readings, not elapsed ÷ done,
 * so a slow start (waiting for a lock, reading the table) does not skew it for the whole run.
 */
export class ProgressTracker {
  readonly #startMs: number;
  readonly #smoothing: number;
  readonly #ceiling: number;
  #percent = 0;
  #rate: number | null = null;
  #last: { atMs: number; percent: number } | null = null;
  #view: ProgressView;
  #done = false;

  constructor(startMs: number, options: ProgressTrackerOptions = {}) {
    this.#startMs = startMs;
    this.#smoothing = options.smoothing ?? 0.3;
    this.#ceiling = options.ceilingUntilDone ?? 99.9;
    this.#view = {
      percent: 0,
      stage: '',
      workCompleted: 0,
      workEstimated: 0,
      percentPerSecond: null,
      etaSeconds: null,
      elapsedSeconds: 0,
    };
  }

  /** The view after the latest reading. */
  get view(): ProgressView {
    return this.#view;
  }

  /** Takes a reading; readings older than the last one are ignored. */
  add(sample: ProgressSample): ProgressView {
    if (this.#done || (this.#last && sample.atMs <= this.#last.atMs)) return this.#view;
    const raw =
      sample.workEstimated > 0
        ? Math.min(1, Math.max(0, sample.workCompleted / sample.workEstimated)) * 100
        : 0;
    this.#percent = Math.max(this.#percent, Math.min(raw, this.#ceiling));
    if (this.#last) {
      const seconds = (sample.atMs - this.#last.atMs) / 1000;
      const moved = this.#percent - this.#last.percent;
      if (seconds > 0) {
        const rate = moved / seconds;
        // A reading that did not move still counts (the run may have slowed down), but only
        // once the rate is known: before that, zero says nothing.
        if (moved > 0 || this.#rate !== null) {
          this.#rate =
            this.#rate === null
              ? rate
              : this.#smoothing * rate + (1 - this.#smoothing) * this.#rate;
        }
      }
    }
    this.#last = { atMs: sample.atMs, percent: this.#percent };
    const rate = this.#rate;
    this.#view = {
      percent: this.#percent,
      stage: sample.stage,
      workCompleted: sample.workCompleted,
      workEstimated: sample.workEstimated,
      percentPerSecond: rate,
      etaSeconds: rate !== null && rate > 0 ? (100 - this.#percent) / rate : null,
      elapsedSeconds: (sample.atMs - this.#startMs) / 1000,
    };
    return this.#view;
  }

  /** The server said the ALTER ended successfully: 100 %, nothing left. */
  finish(atMs: number): ProgressView {
    this.#done = true;
    this.#percent = 100;
    this.#view = {
      ...this.#view,
      percent: 100,
      etaSeconds: 0,
      elapsedSeconds: Math.max(this.#view.elapsedSeconds, (atMs - this.#startMs) / 1000),
    };
    return this.#view;
  }
}
