/** One benchmark of `npm run bench`: prints its own figures, each a ratio against a baseline. */
export interface Bench {
  name: string;
  run(): Promise<string>;
}

/** Median of a sorted copy. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The value at fraction `p` (0.9: p90) of a sorted copy; 0 for none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length * p)] ?? 0;
}

/** Times `work` `runs` times, in milliseconds. */
export async function timeEach(runs: number, work: () => Promise<void> | void): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
  }
  return times;
}
