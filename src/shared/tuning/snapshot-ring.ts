/**
 * Which digest snapshots a session keeps, and which one starts a "last N minutes" window.
 * Every poll of the top-statements screen takes a snapshot; keeping them all would cost a few
 * MB each on a full digest table, so older ones are thinned to one per minute, then one per
 * five minutes, up to an hour back: enough to start any window of the screen within a minute
 * (or five, for the last hour) of when it was asked for.
 */

/** What the ring needs to know of a snapshot. */
export interface RingEntry {
  id: string;
  /** When it was taken, in ms since the epoch (the server's clock). */
  takenAtMs: number;
}

/** How far back snapshots are kept (a little more than the longest window offered). */
export const RING_MAX_AGE_MS = 65 * 60_000;
/** The newest snapshots are all kept (a refresh and the one before it). */
const KEEP_NEWEST = 3;
/** Up to this age one snapshot per minute is kept, older ones one per five minutes. */
const FINE_AGE_MS = 12 * 60_000;
const FINE_BUCKET_MS = 60_000;
const COARSE_BUCKET_MS = 5 * 60_000;

/**
 * The snapshots to keep of `ring` (oldest first) at `nowMs`: the newest few, the pinned ones
 * (a window the user started from a snapshot), and of the rest no older than an hour, the
 * earliest of each minute (each five minutes past twelve minutes). Buckets are on the clock,
 * not on age, so a snapshot kept stays kept until its bucket coarsens or it is an hour old.
 */
export function snapshotsToKeep<T extends RingEntry>(
  ring: readonly T[],
  nowMs: number,
  pinned: ReadonlySet<string> = new Set(),
): T[] {
  const sorted = [...ring].sort((a, b) => a.takenAtMs - b.takenAtMs);
  const newest = new Set(sorted.slice(-KEEP_NEWEST));
  const seenBuckets = new Set<string>();
  return sorted.filter((s) => {
    if (newest.has(s) || pinned.has(s.id)) return true;
    const age = nowMs - s.takenAtMs;
    if (age > RING_MAX_AGE_MS) return false;
    const size = age <= FINE_AGE_MS ? FINE_BUCKET_MS : COARSE_BUCKET_MS;
    const bucket = `${size}:${Math.floor(s.takenAtMs / size)}`;
    if (seenBuckets.has(bucket)) return false;
    seenBuckets.add(bucket);
    return true;
  });
}

/** Where a "last N seconds" window starts, and whether it reaches back that far. */
export interface WindowStart<T extends RingEntry> {
  /** The snapshot the window counts from; null when there is none yet (the screen just opened). */
  from: T | null;
  /** Seconds the window spans: from `from` to now (0 without one). */
  seconds: number;
  /** True when no snapshot is that old: the window is shorter than asked for. */
  short: boolean;
}

/**
 * The snapshot a window of the last `seconds` starts from: the newest taken at least that long
 * before `nowMs`, so the window covers at least what was asked. When none is that old the
 * oldest is used and the window says it is short (the screen has not been open that long).
 * `earlier` holds snapshots taken before now (not the one being counted to).
 */
export function chooseWindowStart<T extends RingEntry>(
  earlier: readonly T[],
  nowMs: number,
  seconds: number,
): WindowStart<T> {
  const cutoff = nowMs - seconds * 1000;
  let from: T | null = null;
  let oldest: T | null = null;
  for (const s of earlier) {
    if (s.takenAtMs >= nowMs) continue;
    if (s.takenAtMs <= cutoff && (!from || s.takenAtMs > from.takenAtMs)) from = s;
    if (!oldest || s.takenAtMs < oldest.takenAtMs) oldest = s;
  }
  const start = from ?? oldest;
  return {
    from: start,
    seconds: start ? (nowMs - start.takenAtMs) / 1000 : 0,
    short: from === null,
  };
}

/** A span in words, to the second: `45 s`, `3 min 20 s`, `1 h 5 min`. */
export function formatSpan(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) {
    const rest = s % 60;
    return `${Math.floor(s / 60)} min${rest ? ` ${rest} s` : ''}`;
  }
  const minutes = Math.floor((s % 3600) / 60);
  return `${Math.floor(s / 3600)} h${minutes ? ` ${minutes} min` : ''}`;
}

/**
 * What the screen says about a window shorter than asked for, plainly; null when it is as long
 * as asked (or no length was asked for). 0 seconds means there was no earlier snapshot at all.
 */
export function shortWindowNote(window: { seconds: number; short: boolean }): string | null {
  if (!window.short) return null;
  if (window.seconds === 0) {
    return 'The screen has just opened: the window starts now and grows as the screen refreshes.';
  }
  // Under a second still reads as a second: "0 s" would look like nothing was counted.
  return `Window is ${formatSpan(Math.max(1, window.seconds))}: the screen has been open that long.`;
}
