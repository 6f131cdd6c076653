/**
 * Exact ordering of numbers written as text (what the server sends for BIGINT, DECIMAL(65,30),
 * FLOAT `1e308` ...): compared digit by digit, never through a float, so
 * `18446744073709551614 < 18446744073709551615` and `0.1000000000000000000001 > 0.1`.
 */

/** A number's text split into what ordering needs: sign, significant digits, decimal exponent. */
interface DecimalParts {
  negative: boolean;
  /** Significant digits without leading or trailing zeros; '' for zero. */
  digits: string;
  /** The value is 0.DIGITS × 10^exponent (meaningless for zero). */
  exponent: number;
}

const NUMBER_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** The parts of a number's text, or null when the text is not a plain decimal number. */
export function parseDecimal(text: string): DecimalParts | null {
  const m = NUMBER_TEXT.exec(text.trim());
  if (!m) return null;
  const int = m[2] ?? '';
  const frac = m[3] ?? '';
  if (int === '' && frac === '') return null;
  const all = int + frac;
  const lead = all.search(/[1-9]/);
  if (lead < 0) return { negative: false, digits: '', exponent: 0 };
  const digits = all.slice(lead).replace(/0+$/, '');
  const exponent = int.length - lead + Number(m[4] ?? 0);
  return { negative: m[1] === '-', digits, exponent };
}

/** Compares two magnitudes (both nonzero). */
function compareMagnitude(a: DecimalParts, b: DecimalParts): number {
  if (a.exponent !== b.exponent) return a.exponent < b.exponent ? -1 : 1;
  if (a.digits === b.digits) return 0;
  // Same exponent: the digit strings compare as left-aligned fractions.
  return a.digits < b.digits ? -1 : 1;
}

function compareParts(a: DecimalParts, b: DecimalParts): number {
  const signA = a.digits === '' ? 0 : a.negative ? -1 : 1;
  const signB = b.digits === '' ? 0 : b.negative ? -1 : 1;
  if (signA !== signB) return signA < signB ? -1 : 1;
  if (signA === 0) return 0;
  const magnitude = compareMagnitude(a, b);
  return signA < 0 ? 0 - magnitude : magnitude;
}

/**
 * Orders two number texts exactly: negative when `a < b`, positive when `a > b`, 0 when equal
 * (`1.50` equals `1.5`). Text that is not a number sorts after every number, by code unit.
 */
export function compareDecimalText(a: string, b: string): number {
  const pa = parseDecimal(a);
  const pb = parseDecimal(b);
  if (pa && pb) return compareParts(pa, pb);
  if (pa) return -1;
  if (pb) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
