/**
 * A transaction number inside the GTID algebra: a plain number while it is a safe integer, a
 * bigint above that. Sequence numbers reach 2^63-2, beyond what a number holds exactly, but real
 * sets almost never leave the safe range, and bigint arithmetic is several times slower; keeping
 * one canonical form per value means `===` still means equal, and `<` compares number and bigint
 * exactly. Internal to src/shared/gtid: the public API speaks bigint.
 */
export type Bound = number | bigint;

/** The canonical bound for a value: a number when safe, else the bigint itself. */
export function boundOf(value: bigint): Bound {
  return value <= MAX_SAFE_BIGINT ? Number(value) : value;
}

/** `value + 1`, keeping the canonical form. */
export function nextBound(value: Bound): Bound {
  if (typeof value === 'number') {
    return value < Number.MAX_SAFE_INTEGER ? value + 1 : BigInt(value) + 1n;
  }
  return value + 1n;
}

/** `value - 1`, keeping the canonical form. */
export function previousBound(value: Bound): Bound {
  return typeof value === 'number' ? value - 1 : boundOf(value - 1n);
}

/** `end - start` as a bigint. */
export function distance(start: Bound, end: Bound): bigint {
  return typeof start === 'number' && typeof end === 'number'
    ? BigInt(end - start)
    : BigInt(end) - BigInt(start);
}

const MAX_SAFE_BIGINT = BigInt(Number.MAX_SAFE_INTEGER);
