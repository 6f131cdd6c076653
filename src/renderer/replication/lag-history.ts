import { formatDuration } from '../../shared/format/duration';
import type { ReplicationChannel } from '../../shared/replication/replication-channel';

/** One poll's lag of a channel: seconds, or null when the server could not tell. */
export interface LagPoint {
  /** ms since the epoch (the backend's read time). */
  at: number;
  seconds: number | null;
}

/** Lag per channel name, oldest point first. */
export type LagHistory = Readonly<Record<string, readonly LagPoint[]>>;

/** How far back the chart reaches. */
export const LAG_WINDOW_MS = 10 * 60_000;

/**
 * The history with one more poll: a point per channel read at `at`, points older than
 * LAG_WINDOW_MS dropped, channels that no longer exist forgotten. A poll older than the last
 * point (a late reply) is ignored.
 */
export function appendLag(
  history: LagHistory,
  channels: readonly Pick<ReplicationChannel, 'name' | 'lag'>[],
  at: number,
): LagHistory {
  const next: Record<string, LagPoint[]> = {};
  for (const channel of channels) {
    const before = history[channel.name] ?? [];
    const last = before[before.length - 1];
    if (last && last.at >= at) {
      next[channel.name] = [...before];
      continue;
    }
    next[channel.name] = [
      ...before.filter((p) => p.at > at - LAG_WINDOW_MS),
      { at, seconds: channel.lag.seconds },
    ];
  }
  return next;
}

/**
 * The chart's highest lag in words: `3 min 12 s`, or `unknown` when no poll of the window knew
 * the lag (a MariaDB applier stopped on an error has no Seconds_Behind_Master): never `0 ms`
 * for a replica that may be far behind.
 */
export function highestLagText(points: readonly LagPoint[]): string {
  const known = points.flatMap((p) => (p.seconds === null ? [] : [p.seconds]));
  return known.length === 0 ? 'unknown' : formatDuration(Math.max(...known) * 1000);
}
