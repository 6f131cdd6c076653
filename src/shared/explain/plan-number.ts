// Servers print numbers in many ways: JSON numbers, strings ("3878.08", "100.00"), engineering
// notation in text plans ("1.98e+6", "200e-6"), and size suffixes ("191K", "12KiB", "21Kb").

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const POWERS: Record<string, number> = { k: 1, m: 2, g: 3, t: 4, p: 5 };

/**
 * A finite number from a JSON number or numeric string; `K`/`M`/`G`/`T` suffixes count in
 * thousands. Anything else (null, booleans, words, NaN) gives undefined.
 */
export function parsePlanNumber(value: unknown): number | undefined {
  return readNumber(value, 1000);
}

/** Bytes from a size such as `191K`, `3M`, `12KiB` or `21Kb` (binary units), or a plain number. */
export function parseByteSize(value: unknown): number | undefined {
  return readNumber(value, 1024);
}

function readNumber(value: unknown, base: number): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const plain = plainDecimal(value, base);
  if (plain !== null) return plain;
  // Fast path for other decimals ("1.5e+6"): Number() reads them, after ruling out what
  // Number() accepts but plans never mean ("0x10", "0b1", "0o7").
  const c = value.charCodeAt(0);
  if ((c >= 48 && c <= 57) || c === 45 || c === 46) {
    const second = value.charCodeAt(1) | 32;
    if (!(c === 48 && (second === 120 || second === 98 || second === 111))) {
      const n = Number(value);
      if (Number.isFinite(n)) return n;
    }
  }
  const text = value.trim();
  if (NUMBER.test(text)) {
    const n = Number(text);
    return Number.isFinite(n) ? n : undefined;
  }
  return withSuffix(text, base);
}

/** Powers of ten that doubles hold exactly. */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, i) => 10 ** i);

/**
 * The most common shapes, `12.50`, `-3`, `1M`: up to 15 digits with an optional sign, point and
 * unit letter, read digit by digit (Number() on a string costs more than the rest of reading a
 * plan node). With so few digits, integer / power of ten is exact division of exact values, so
 * the result is the same correctly rounded number Number() gives. Null for any other text.
 */
function plainDecimal(text: string, base: number): number | null {
  const n = text.length;
  const negative = text.charCodeAt(0) === 45; /* - */
  let i = negative ? 1 : 0;
  let mantissa = 0;
  let digits = 0;
  let scale = -1; // digits after the point; -1 before it
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      if (scale >= 0) scale++;
    } else if (c === 46 /* . */ && scale < 0) scale = 0;
    else break;
  }
  if (digits === 0 || digits > 15) return null;
  const magnitude = scale > 0 ? mantissa / POWERS_OF_TEN[scale]! : mantissa;
  const value = negative ? -magnitude : magnitude;
  if (i === n) return value;
  const power = i === n - 1 ? suffixPower(text.charCodeAt(i)) : 0;
  return power === 0 ? null : value * (base === 1024 ? BINARY_UNITS : DECIMAL_UNITS)[power]!;
}

// base ** power for each unit letter's power, the same exact values: a power is a call.
const DECIMAL_UNITS = [1, 1e3, 1e6, 1e9, 1e12, 1e15];
const BINARY_UNITS = [1, 2 ** 10, 2 ** 20, 2 ** 30, 2 ** 40, 2 ** 50];

/**
 * The power of an ASCII unit letter's code (`K`/`k` 1 ... `P`/`p` 5, as POWERS), else 0:
 * compared rather than looked up by a one-letter string made lower case, which costs more than
 * reading the digits (MySQL JSON v1 gives every table's data_read_per_join so, `1M`).
 */
function suffixPower(code: number): number {
  switch (code | 32) {
    case 107 /* k */:
      return 1;
    case 109 /* m */:
      return 2;
    case 103 /* g */:
      return 3;
    case 116 /* t */:
      return 4;
    case 112 /* p */:
      return 5;
    default:
      // Also for a letter outside ASCII that lower-cases to one of them (the Kelvin sign is a
      // `k`): the general reader's withSuffix reads those.
      return 0;
  }
}

/** `191K`, `12KiB`, `21Kb`: a number and a unit letter (with an optional `i` and `B`/`b`). */
function withSuffix(text: string, base: number): number | undefined {
  let end = text.length;
  if ((text.charCodeAt(end - 1) | 32) === 98 /* b */) {
    end--;
    if (text.charCodeAt(end - 1) === 105 /* i */) end--;
  }
  const power = POWERS[text.charAt(end - 1).toLowerCase()];
  if (power === undefined) return undefined;
  const digits = text.slice(0, end - 1).trimEnd();
  if (!NUMBER.test(digits)) return undefined;
  const n = Number(digits) * base ** power;
  return Number.isFinite(n) ? n : undefined;
}
