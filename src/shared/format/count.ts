/** `1,204,331`: the exact value, grouped, for hovers and details. */
export function formatExactCount(n: number | bigint | string): string {
  const text = String(n);
  const m = /^(-?)(\d+)$/.exec(text);
  if (!m) return text;
  return m[1] + m[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const UNITS: ReadonlyArray<readonly [number, string]> = [
  [1e12, 'T'],
  [1e9, 'G'],
  [1e6, 'M'],
  [1e3, 'k'],
];

/** `1.2 M`: a count in human units, for cells and badges. */
export function formatCount(n: number): string {
  const abs = Math.abs(n);
  if (abs < 1000) return String(n);
  for (const [size, unit] of UNITS) {
    if (abs >= size) {
      const value = n / size;
      return `${Math.abs(value) < 10 ? value.toFixed(1) : Math.round(value)} ${unit}`;
    }
  }
  return String(n);
}
