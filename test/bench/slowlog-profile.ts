// Profiling aid for the slow-log digest (not a bench): writes a generated log once to FILE (if
// missing) and digests it in one pass in this thread, printing the CPU rate, so
// `node --cpu-prof --import tsx test/bench/slowlog-profile.ts FILE MB ROUNDS [lettered] [ROOT...]`
// shows where time goes. Each ROOT (a copy of the tree, e.g. the last commit's) is timed in turn,
// round by round, so a busy machine slows each about the same. WORKERS=n reads on n worker
// threads instead (BUNDLE=1: from an esbuild bundle of the worker, as the bench runs them).
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { writeSlowLog } from './slowlog-generate';

const path = process.argv[2] ?? '/tmp/slowlog-profile.log';
const mb = Number(process.argv[3] ?? 100);
const rounds = Number(process.argv[4] ?? 2);
const lettered = process.argv[5] === 'lettered';
const roots = process.argv.slice(6);
if (roots.length === 0) roots.push(resolve(import.meta.dirname, '../..'));
if (!existsSync(path)) await writeSlowLog(path, mb * 1e6, undefined, lettered);
const bytes = statSync(path).size;
const workers = Number(process.env['WORKERS'] ?? 0);

interface Modules {
  digestSlowLogSources: typeof import('../../src/main/slowlog/digest-slowlog-sources').digestSlowLogSources;
  SlowLogDigest: typeof import('../../src/shared/slowlog').SlowLogDigest;
}
const trees: (Modules & { worker?: URL })[] = [];
for (const root of roots) {
  const sources = (await import(
    pathToFileURL(`${root}/src/main/slowlog/digest-slowlog-sources.ts`).href
  )) as Pick<Modules, 'digestSlowLogSources'>;
  const shared = (await import(pathToFileURL(`${root}/src/shared/slowlog/index.ts`).href)) as Pick<
    Modules,
    'SlowLogDigest'
  >;
  let worker: URL | undefined;
  if (process.env['BUNDLE'] === '1') {
    const outfile = join(mkdtempSync(join(tmpdir(), 'slowlog-profile-')), 'worker.mjs');
    await build({
      entryPoints: [`${root}/src/main/slowlog/slowlog-worker.ts`],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile,
      logLevel: 'error',
    });
    worker = pathToFileURL(outfile);
  }
  trees.push({ ...sources, ...shared, worker });
}
const best = trees.map(() => Infinity);
for (let round = 0; round < rounds; round += 1) {
  for (let t = 0; t < trees.length; t += 1) {
    const { digestSlowLogSources, SlowLogDigest, worker } = trees[t]!;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const digest = new SlowLogDigest();
    await digestSlowLogSources([path], digest, { workers, workerScript: worker });
    const classes = digest.results().length;
    const cpu = process.cpuUsage(cpu0);
    const wall = performance.now() - t0;
    const ms = (cpu.user + cpu.system) / 1000;
    best[t] = Math.min(best[t]!, ms);
    if (process.env['QUIET'] === '1') continue;
    console.log(
      `${roots[t]}: ${(bytes / 1e6).toFixed(0)} MB, ${digest.count} entries, ${classes} classes: ${(ms / 1000).toFixed(2)} s CPU, ${(bytes / 1e3 / ms).toFixed(1)} MB/s, wall ${(wall / 1000).toFixed(2)} s`,
    );
  }
}
roots.forEach((root, t) =>
  console.log(
    `${root}: best ${(bytes / 1e3 / best[t]!).toFixed(1)} MB/s of CPU (${rounds} rounds)`,
  ),
);
