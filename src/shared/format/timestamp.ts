const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * A moment the way servers print them, with the time zone named: `2026-11-22 00:41:07 UTC`
 * (`... 01:41:07 GMT+1` in Europe/Berlin). `iso` is an ISO 8601 time with its zone; text that
 * is not one is returned as it is.
 */
export function formatTimestamp(iso: string, timeZone = 'UTC'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = formatterFor(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return (
    `${part('year')}-${part('month')}-${part('day')} ` +
    `${part('hour')}:${part('minute')}:${part('second')} ${part('timeZoneName')}`
  );
}
