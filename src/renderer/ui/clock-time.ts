/** Built once: `toLocaleTimeString` makes a new formatter on each call (about 1 ms apiece). */
const CLOCK = new Intl.DateTimeFormat('en-GB', {
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hour12: false,
});

/** `14:05:09`, local time: what `d.toLocaleTimeString('en-GB', { hour12: false })` gives. */
export function clockTime(d: Date): string {
  return CLOCK.format(d);
}
