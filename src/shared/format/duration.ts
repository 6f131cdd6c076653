/**
 * A duration in the app's style: `850 ms`, `1.24 s`, `3 min 12 s`, `2 h 5 min`, `3 d 4 h`.
 * The two largest units are enough to read at a glance; hovers show exact values.
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const totalSeconds = Math.floor(ms / 1000);
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  return seconds > 0 ? `${minutes} min ${seconds} s` : `${minutes} min`;
}

/** Whole seconds (as servers report uptime) in the same style, without false precision. */
export function formatSeconds(seconds: number): string {
  if (Number.isInteger(seconds) && seconds >= 0 && seconds < 60) return `${seconds} s`;
  return formatDuration(seconds * 1000);
}
