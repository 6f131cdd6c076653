import { formatSeconds } from '../../shared/format/duration';
import type { BlockingModel } from '../../shared/processlist/blocking-chains';
import type { ProcesslistSnapshot } from '../../shared/processlist/snapshot';

/** One poll's counts, for the charts. */
export interface CountPoint {
  /** When the poll finished, ms since the epoch. */
  t: number;
  /** Client sessions running a statement (the poll's own connection left out). */
  running: number;
  /** Client sessions connected. */
  connected: number;
  /** Sessions waiting for a lock another session holds. */
  blocked: number;
}

/** How far back the charts look. */
export const HISTORY_MS = 15 * 60 * 1000;

/**
 * The time the charts span, ms since the epoch: from the oldest poll kept to the latest, so a
 * chart opened a minute ago fills its width instead of drawing a dot at its right edge. One poll
 * (or none) gets a span of a second ending at it.
 */
export function chartSpan(history: readonly CountPoint[]): { from: number; to: number } {
  const to = history[history.length - 1]?.t ?? 0;
  const from = Math.max(history[0]?.t ?? to, to - HISTORY_MS);
  return { from: from < to ? from : to - 1000, to };
}

/** A chart's span in words, whole seconds: `40 s`, `2 min 10 s`, `15 min`. */
export function spanWords(ms: number): string {
  return formatSeconds(Math.max(1, Math.round(ms / 1000)));
}

/** The counts of one snapshot. */
export function countsOf(snapshot: ProcesslistSnapshot, blocking: BlockingModel): CountPoint {
  let running = 0;
  let connected = 0;
  for (const r of snapshot.rows) {
    if (r.kind !== 'client' || r.self) continue;
    connected++;
    if (r.command !== 'Sleep') running++;
  }
  return { t: Date.parse(snapshot.takenAt), running, connected, blocked: blocking.waiting.size };
}

/** `history` with `point` added and points older than 15 minutes before it dropped. */
export function appendPoint(history: readonly CountPoint[], point: CountPoint): CountPoint[] {
  const from = point.t - HISTORY_MS;
  const kept = history.filter((p) => p.t >= from && p.t < point.t);
  kept.push(point);
  return kept;
}
