const UNITS: ReadonlyArray<readonly [number, string]> = [
  [1024 ** 3, 'GiB'],
  [1024 ** 2, 'MiB'],
  [1024, 'KiB'],
];

/** `17.2 MiB`, `64 MiB`, `900 bytes`: a size in binary units, one decimal unless whole. */
export function formatBytes(bytes: number): string {
  for (const [size, unit] of UNITS) {
    const value = bytes / size;
    // What rounds to 1.0 of a unit is shown in it: `1.0 MiB`, not `1024.0 KiB`.
    if (Math.round(value * 10) >= 10) {
      return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
    }
  }
  return `${bytes} bytes`;
}
