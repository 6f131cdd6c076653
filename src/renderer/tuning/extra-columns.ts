import { formatExactCount } from '../../shared/format/count';
import { formatDuration } from '../../shared/format/duration';

/** Timer columns of the digest table count picoseconds (QUANTILE_* are latencies too). */
const PICOSECONDS = /(_TIMER_WAIT|_TIME|^QUANTILE_\d+)$/;
const WHOLE = /^\d+$/;

/**
 * One of the digest table's other columns as a DBA reads it: timers as durations (the exact
 * picoseconds on hover), counters with separators, anything else as the server gave it.
 */
export function extraColumnText(
  name: string,
  value: string | number | null,
): { text: string; exact: string | null } {
  if (value === null) return { text: '—', exact: null };
  const raw = String(value);
  if (!WHOLE.test(raw)) return { text: raw, exact: null };
  if (PICOSECONDS.test(name)) {
    // Exact past 2^53: drop the last nine digits' worth as the ms conversion does.
    const ms =
      raw.length > 9 ? Number(raw.slice(0, -9)) + Number(raw.slice(-9)) / 1e9 : Number(raw) / 1e9;
    // Statement latencies are often below a millisecond: microseconds say more than "0 ms".
    const text = ms > 0 && ms < 1 ? `${Math.round(ms * 1000)} µs` : formatDuration(ms);
    return { text, exact: `${formatExactCount(raw)} ps` };
  }
  return { text: formatExactCount(raw), exact: null };
}
