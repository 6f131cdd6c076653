// Plain decimals, the values servers write for nearly every attribute (`20`, `0.012345`): read
// from a byte string as their digits and decimal places, with no string made, and turned into
// exactly the number parseFloat gives or back into exactly the text they were read from.

/** Digits kept in a plain decimal: below 2^53, so its digits are one exact integer. */
export const MAX_DIGITS = 15;
/** 10^0 .. 10^15, all exact doubles. */
const POWERS_OF_TEN = Array.from({ length: MAX_DIGITS + 1 }, (_, i) => 10 ** i);

/** Decimals of the last {@link plainDecimalDigits} answer (a module slot: no object per call). */
let lastDecimals = 0;

/**
 * `text[start, end)` read as a plain decimal (`0`, `12`, `0.012345`: no sign, exponent or
 * leading zero, at most 15 digits): its digits as one integer (`12345` for `0.012345`, see
 * {@link plainDecimalPlaces} for where its point was), or -1 when the text is anything else.
 */
export function plainDecimalDigits(text: string, start: number, end: number): number {
  if (start >= end || end - start > MAX_DIGITS + 1) return -1;
  let digits = 0;
  let value = 0;
  let point = -1;
  for (let i = start; i < end; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      // A leading zero only alone or before the point (`0`, `0.5`; not `007`).
      if (digits === 1 && value === 0 && point < 0) return -1;
      value = value * 10 + (code - 48);
      digits += 1;
    } else if (code === 46 /* . */ && point < 0 && digits > 0) {
      point = i;
    } else return -1;
  }
  if (digits > MAX_DIGITS || point === end - 1) return -1;
  lastDecimals = point < 0 ? 0 : end - point - 1;
  return value;
}

/** Digits after the point of the last number {@link plainDecimalDigits} read. */
export function plainDecimalPlaces(): number {
  return lastDecimals;
}

/**
 * The number `digits / 10^decimals`: the same double as parseFloat of the text it was read from
 * (both exact, so the one division is correctly rounded, as parseFloat is).
 */
export function plainDecimalValue(digits: number, decimals: number): number {
  return decimals === 0 ? digits : digits / POWERS_OF_TEN[decimals]!;
}

/** The text a plain decimal was read from. */
export function plainDecimalText(digits: number, decimals: number): string {
  if (decimals === 0) return String(digits);
  const padded = String(digits).padStart(decimals + 1, '0');
  return `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
}
