// The two `# Time:` forms: MySQL 5.7+ `2026-11-25T10:00:00[.123456Z]` (pt-query-digest keeps the
// first 19 characters) and MySQL 5.6/MariaDB `261125 10:00:00` (YYMMDD, hour without zero pad).

const SHORT = /^(\d\d)(\d\d)(\d\d) +(\d+):(\d+):(\d+)(\.\d+)?/;
const ISO = /^(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d):(\d\d)(\.\d+)?/;

/**
 * Seconds since 1970 of a slow-log time, read as wall-clock time (no zone: MySQL writes UTC,
 * MariaDB the server's local time, and the log does not say which), or undefined if unreadable.
 */
export function slowLogSeconds(time: string): number | undefined {
  const short = SHORT.exec(time);
  const parts = short
    ? [2000 + Number(short[1]), ...short.slice(2, 7).map(Number), Number(short[7] ?? 0)]
    : (() => {
        const iso = ISO.exec(time);
        return iso ? [...iso.slice(1, 7).map(Number), Number(iso[7] ?? 0)] : undefined;
      })();
  if (!parts) return undefined;
  const [year, month, day, hour, minute, second, fraction] = parts as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return Date.UTC(year, month - 1, day, hour, minute, second) / 1000 + fraction;
}

/** A slow-log time as pt-query-digest prints it (`parse_timestamp`): short forms become `2026-11-25 10:00:00`. */
export function ptTimestamp(time: string): string {
  const short = SHORT.exec(time);
  if (!short || short[0].length !== time.length) return time;
  const pad = (value: string) => value.padStart(2, '0');
  const seconds = short[7]
    ? (Number(short[6]) + Number(short[7])).toFixed(6).padStart(9, '0')
    : pad(short[6]!);
  return `${2000 + Number(short[1])}-${short[2]}-${short[3]} ${pad(short[4]!)}:${pad(short[5]!)}:${seconds}`;
}

/**
 * A --since/--until value: `2026-11-25`, `2026-11-25 10:00:00`, `2026-11-25T10:00:00`, or the
 * short `261125 [10:00:00]`; undefined if it is none of these.
 */
export function parseTimeBound(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^\d{6}$/.test(trimmed)) return slowLogSeconds(`${trimmed} 00:00:00`);
  if (/^\d{4}-\d\d-\d\d$/.test(trimmed)) return slowLogSeconds(`${trimmed}T00:00:00`);
  return slowLogSeconds(trimmed);
}
