/**
 * `source` copied into a new array of `size` figures (one per node id), the rest NaN: not yet
 * given. Used to grow the per-node figures of the walks that number, derive and diagnose.
 */
export function grownFigures(source: Float64Array, size: number): Float64Array<ArrayBuffer> {
  const grown = new Float64Array(size).fill(Number.NaN);
  grown.set(source);
  return grown;
}
