/**
 * Progress lines for provisioning and server start-up. They go to stderr so that they show up
 * in vitest's global setup and in scripts without mixing with anything a caller prints.
 * SIGHTLINE_TEST_SERVERS_QUIET=1 silences them (errors are still thrown with full detail).
 */
export function logProgress(message: string): void {
  if (process.env.SIGHTLINE_TEST_SERVERS_QUIET === '1') return;
  process.stderr.write(`[servers] ${message}\n`);
}

/** Renders a duration the way the progress lines print it: `850 ms`, `12.3 s`. */
export function formatDuration(milliseconds: number): string {
  return milliseconds < 1000
    ? `${Math.round(milliseconds)} ms`
    : `${(milliseconds / 1000).toFixed(1)} s`;
}

/** Runs `work`, logging how long it took under `label`. */
export async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  logProgress(`${label} (${formatDuration(performance.now() - started)})`);
  return result;
}
