/** Median of a sorted copy. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function timeEach(runs: number, work: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
  }
  return times;
}

/**
 * Connect + describe the server: Sightline's `connections.test` through the backend's router,
 * against mysql2 doing the same queries by hand. Interleaved rounds, so drift hits both alike.
 */
export async function benchConnectAndDescribe(options: {
  baseline: () => Promise<void>;
  sightline: () => Promise<void>;
  rounds?: number;
  perRound?: number;
}): Promise<string> {
  const rounds = options.rounds ?? 5;
  const perRound = options.perRound ?? 10;
  await timeEach(3, options.baseline);
  await timeEach(3, options.sightline);
  const base: number[] = [];
  const ours: number[] = [];
  for (let r = 0; r < rounds; r++) {
    base.push(...(await timeEach(perRound, options.baseline)));
    ours.push(...(await timeEach(perRound, options.sightline)));
  }
  const b = median(base);
  const s = median(ours);
  return [
    'bench connect+describe (MySQL 9.7, TCP, no TLS)',
    `  baseline mysql2 by hand : ${b.toFixed(2)} ms median of ${base.length}`,
    `  sightline connections.test: ${s.toFixed(2)} ms median of ${ours.length}`,
    `  ratio sightline/baseline  : ${(s / b).toFixed(2)}`,
  ].join('\n');
}
