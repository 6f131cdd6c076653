/** Built once: `toLocaleTimeString` makes a new formatter on each call (about 1 ms apiece). */
const CLOCK = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});
const CLOCK_MINUTES = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/**
 * `14:05:09` on this computer's clock (`14:05` without seconds, where room is short), from a
 * Date or epoch milliseconds.
 */
export function clockTime(at: Date | number, seconds = true): string {
  return (seconds ? CLOCK : CLOCK_MINUTES).format(at);
}
