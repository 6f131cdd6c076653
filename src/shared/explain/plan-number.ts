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
  // Fast path for the common case, a plain decimal ("3878.08"): Number() reads it, after
  // ruling out what Number() accepts but plans never mean ("0x10", "0b1", "0o7").
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
