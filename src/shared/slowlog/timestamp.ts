// The two `# Time:` forms: MySQL 5.7+ `2026-11-25T10:00:00.123456Z` (log_timestamps=UTC) or
// `2026-11-25T05:00:00.123456-05:00` (log_timestamps=SYSTEM), and MySQL 5.6/MariaDB
// `261125 10:00:00` (YYMMDD, hour without zero pad, the server's local time, no zone written).
// pt-query-digest keeps the first 19 characters of the ISO form, dropping the zone; the reader
// keeps pt's 19 and adds a UTC offset when the log writes one (see timeOf), so times order and
// filter as instants. An ISO time without an offset is UTC: MySQL writes `Z` then, which is
// dropped as pt drops it.

const SHORT = /^(\d\d)(\d\d)(\d\d) +(\d+):(\d+):(\d+)(\.\d+)?/;
const ISO = /^(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d):(\d\d)(\.\d+)?/;

/**
 * Seconds since 1970 of a slow-log time, or undefined if unreadable. An ISO time is an instant:
 * UTC, less its offset when it has one (`-05:00` adds five hours); the short MariaDB form names no
 * zone and is read as wall-clock time, as if it were UTC.
 */
export function slowLogSeconds(time: string): number | undefined {
  const iso = isoSeconds(time);
  if (iso >= 0) return iso;
  if (iso === ZONED) return isoSeconds(time.slice(0, time.length - 6)) - offsetSeconds(time);
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

/** What isoSeconds returns for a time that ends in a UTC offset. */
const ZONED = -2;

/** The UTC offset at the end of an ISO time (`+05:30`, `-05:00`), in seconds; 0 if none. */
function offsetSeconds(time: string): number {
  const zone = ISO_ZONE.exec(time);
  if (!zone) return 0;
  const seconds = Number(zone[2]) * 3600 + Number(zone[3]) * 60;
  return zone[1] === '-' ? -seconds : seconds;
}

/** An ISO time's UTC offset, as MySQL's log_timestamps=SYSTEM writes it (after the fraction). */
const ISO_ZONE = /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:\.\d+)?([+-])(\d\d):(\d\d)$/;

/** 10^0 .. 10^15, all exact doubles. */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, i) => 10 ** i);
/** The last whole second isoSeconds computed, by its digits (entries come seconds apart). */
let lastWholeKey = -1;
let lastWholeSeconds = 0;

/**
 * What the ISO branch of slowLogSeconds gives, read by index (MySQL 5.7+ writes a time on every
 * entry, and the two patterns with their match arrays cost about as much as the rest of the
 * digest's work on an entry): -1 when `time` is not `YYYY-MM-DD[T ]hh:mm:ss` (then the patterns
 * decide; SHORT cannot match such a text, its fifth character being `-`), ZONED when it is and
 * ends in a UTC offset (which the caller takes off; the wall-clock part is read here again).
 */
function isoSeconds(time: string): number {
  if (time.length < 19 || time.charCodeAt(4) !== 45 || time.charCodeAt(7) !== 45) return -1;
  const separator = time.charCodeAt(10);
  if (separator !== 84 /* T */ && separator !== 32) return -1;
  if (time.charCodeAt(13) !== 58 || time.charCodeAt(16) !== 58) return -1;
  if (time.charCodeAt(time.length - 3) === 58 /* : */ && ISO_ZONE.test(time)) return ZONED;
  const year = digitsAt(time, 0, 4);
  const month = digitsAt(time, 5, 2);
  const day = digitsAt(time, 8, 2);
  const hour = digitsAt(time, 11, 2);
  const minute = digitsAt(time, 14, 2);
  const second = digitsAt(time, 17, 2);
  if ((year | month | day | hour | minute | second) < 0) return -1;
  // One key per distinct digit string (each field below 10^4, 100): no two times share one.
  const key = ((((year * 100 + month) * 100 + day) * 100 + hour) * 100 + minute) * 100 + second;
  if (key !== lastWholeKey) {
    lastWholeSeconds = Date.UTC(year, month - 1, day, hour, minute, second) / 1000;
    lastWholeKey = key;
  }
  // `(\.\d+)?`: Number('.123') is digits / 10^places exactly (both exact, one rounding) while
  // the digits fit in a double's integer range.
  if (time.charCodeAt(19) !== 46 /* . */) return lastWholeSeconds + 0;
  let end = 20;
  let digits = 0;
  for (let code = time.charCodeAt(end); code >= 48 && code <= 57; code = time.charCodeAt(end)) {
    digits = digits * 10 + (code - 48);
    end += 1;
  }
  if (end === 20) return lastWholeSeconds + 0;
  if (end - 20 > 15) return lastWholeSeconds + Number(time.slice(19, end));
  return lastWholeSeconds + digits / POWERS_OF_TEN[end - 20]!;
}

/** The decimal number of `count` ASCII digits at `at`, or -1. */
function digitsAt(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return -1;
    value = value * 10 + (code - 48);
  }
  return value;
}

/**
 * A slow-log time as pt-query-digest prints it (`parse_timestamp`): short forms become
 * `2026-11-25 10:00:00`. One deliberate difference: an ISO time keeps the UTC offset the reader
 * kept (`2026-11-27T14:02:11-05:00`), where pt prints the first 19 characters and so loses which
 * instant it was.
 */
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
 * A --since/--until value: `2026-11-25`, `2026-11-25 10:00:00`, `2026-11-25T10:00:00`, either
 * with a UTC offset (`2026-11-25 10:00:00-05:00`) or `Z`, or the short `261125 [10:00:00]`;
 * undefined if it is none of these. Read as slowLogSeconds reads a log's time: a time without an
 * offset is UTC, which is what it is compared with in a MySQL log, and the wall clock of a
 * MariaDB one.
 */
export function parseTimeBound(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^\d{6}$/.test(trimmed)) return slowLogSeconds(`${trimmed} 00:00:00`);
  if (/^\d{4}-\d\d-\d\d$/.test(trimmed)) return slowLogSeconds(`${trimmed}T00:00:00`);
  // A whole bound, not a prefix: `10:00:00+01:00x` is a typo, not 10:00 UTC.
  if (!BOUND.test(trimmed)) return undefined;
  return slowLogSeconds(trimmed.endsWith('Z') ? trimmed.slice(0, -1) : trimmed);
}

const BOUND =
  /^(?:\d{6} +\d+:\d+:\d+(?:\.\d+)?|\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)?)$/;

/**
 * The zone a slow-log time is in, for people: `UTC` for an ISO time without an offset (MySQL's
 * log_timestamps=UTC), `UTC-05:00` for one with, and null for the short form, which is the
 * server's local time without saying which zone that is. The short form may come as written
 * (`261125 10:00:00`) or as ptTimestamp prints it (`2026-11-25 10:00:00`, a space where MySQL's
 * ISO form has `T`).
 */
export function slowLogZone(time: string): string | null {
  if (SHORT.test(time) || time.charCodeAt(10) === 32) return null;
  const zone = ISO_ZONE.exec(time);
  return zone ? `UTC${zone[1]}${zone[2]}:${zone[3]}` : 'UTC';
}

/**
 * A slow-log time for people, its zone named: `2026-11-27 14:02:11 UTC-05:00`,
 * `2026-11-25 10:00:00 UTC`, or `2026-11-25 10:00:00 server time` for the short form (the log
 * names no zone). `short` leaves the year out (`11-27 14:02:11 UTC-05:00`), for tables.
 */
export function slowLogTimeText(time: string, short = false): string {
  const printed = ptTimestamp(time);
  const wall = ISO.test(printed) ? printed.slice(0, 19).replace('T', ' ') : printed;
  return `${short ? wall.slice(5) : wall} ${slowLogZone(time) ?? 'server time'}`;
}
