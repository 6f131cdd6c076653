import { formatCount, formatExactCount } from '../format/count';
import { formatDuration } from '../format/duration';

/** Rows as people read them: `11.4`, `250`, `50.3 k`, `6.5 M`; averages keep a decimal. */
export function formatRows(n: number): string {
  if (Math.abs(n) >= 1000) return formatCount(Math.round(n));
  return formatSmall(n);
}

/** A cost in optimizer units, in the same style as rows. */
export function formatCost(n: number): string {
  return formatRows(n);
}

/** Milliseconds with sub-millisecond precision where plans need it: `0.042 ms`, `13.2 ms`, `1.24 s`. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  if (ms >= 1000) return formatDuration(ms);
  return `${formatSmall(ms)} ms`;
}

/** A ratio as `12×`, `1.5×`. */
export function formatFactor(n: number): string {
  return `${n >= 10 ? formatExactCount(Math.round(n)) : n.toFixed(1)}×`;
}

/** Three significant digits, no exponent, no trailing zeros. */
function formatSmall(n: number): string {
  if (n === 0) return '0';
  const abs = Math.abs(n);
  const digits =
    abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : Math.min(6, 2 - Math.floor(Math.log10(abs)));
  return String(Number(n.toFixed(digits)));
}
