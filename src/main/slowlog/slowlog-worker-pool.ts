// Idle slow-log workers kept for the next digest. A new worker costs a thread and a Node start
// (0.1-0.3 s on a busy 2-core machine) and then runs its first megabytes cold, before V8 has
// compiled the reader's hot paths (measured: a cold worker used about twice the CPU per byte of
// a warm one on a 25 MB range). The Tuning screen digests the same log again and again (filters,
// windows, compare), so a worker that finished cleanly waits here, unref'd so that it never
// keeps the process alive, and leaves after IDLE_MS without work.
import { Worker } from 'node:worker_threads';

/** How a worker is started: a script URL, or (from source) code evaluated in it. */
export interface SlowLogWorkerScript {
  url: URL;
  eval?: string;
}

/** How long an idle worker waits for another job. */
const IDLE_MS = 60_000;
/** Idle workers kept per script. */
const MAX_IDLE = 4;

interface Idle {
  worker: Worker;
  timer: NodeJS.Timeout;
}

const idle = new Map<string, Idle[]>();

function keyOf(script: SlowLogWorkerScript): string {
  return `${script.url.href}\n${script.eval ?? ''}`;
}

/** An idle worker of `script` if one waits, else a new one. */
export function takeSlowLogWorker(script: SlowLogWorkerScript): Worker {
  const waiting = idle.get(keyOf(script))?.pop();
  if (waiting) {
    clearTimeout(waiting.timer);
    waiting.worker.ref();
    return waiting.worker;
  }
  const worker = startWorker(script);
  // An idle worker that dies is not handed out again.
  worker.once('exit', () => drop(script, worker));
  // Always heard: a digest stops listening once one of its workers failed, and the others'
  // errors (a script that cannot load fails them all) would otherwise crash the process.
  worker.on('error', () => drop(script, worker));
  return worker;
}

/**
 * A new worker of `script`; a bundled one without the loaders of this process (see
 * workerExecArgv). Options given to a worker explicitly must all be ones a worker accepts (not
 * `--max-old-space-size`, say, which it only inherits): with any other, it inherits them all.
 */
function startWorker(script: SlowLogWorkerScript): Worker {
  if (script.eval !== undefined) return new Worker(script.eval, { eval: true });
  const execArgv = workerExecArgv(process.execArgv);
  if (execArgv.length === process.execArgv.length) return new Worker(script.url);
  try {
    return new Worker(script.url, { execArgv });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw error;
    return new Worker(script.url);
  }
}

/** Options that load code into a thread before its script: `--import x`, `--require=x`, ... */
const LOADER_OPTIONS = new Set([
  '--import',
  '--require',
  '-r',
  '--loader',
  '--experimental-loader',
]);

/**
 * `execArgv` without its module loaders and preloads, for a worker that runs a bundled script:
 * it needs none, and a worker inherits them by default (run through tsx, each new worker
 * would start tsx's loader and send its imports through it: measured 40-100 ms of CPU more per
 * worker on this machine, a cost the built app, run without loaders, does not have).
 */
export function workerExecArgv(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i += 1) {
    const option = execArgv[i]!;
    const equals = option.indexOf('=');
    if (LOADER_OPTIONS.has(equals < 0 ? option : option.slice(0, equals))) {
      if (equals < 0) i += 1; // its value is the next argument
    } else kept.push(option);
  }
  return kept;
}

/**
 * Takes back a worker that finished its job cleanly (every listener the job added removed), to
 * hand out again for `idleMs`; past MAX_IDLE it is stopped instead.
 */
export function returnSlowLogWorker(
  script: SlowLogWorkerScript,
  worker: Worker,
  idleMs = IDLE_MS,
): void {
  const key = keyOf(script);
  const list = idle.get(key) ?? [];
  if (list.length >= MAX_IDLE) {
    void worker.terminate();
    return;
  }
  worker.unref();
  const timer = setTimeout(() => {
    drop(script, worker);
    void worker.terminate();
  }, idleMs);
  timer.unref();
  list.push({ worker, timer });
  idle.set(key, list);
}

/** Idle workers waiting for a job: of `script`, or over all scripts. */
export function idleSlowLogWorkers(script?: SlowLogWorkerScript): number {
  if (script) return idle.get(keyOf(script))?.length ?? 0;
  let count = 0;
  for (const list of idle.values()) count += list.length;
  return count;
}

/** Stops every idle worker (the next digest starts new ones, cold). */
export async function closeIdleSlowLogWorkers(): Promise<void> {
  const all = [...idle.values()].flat();
  idle.clear();
  await Promise.all(
    all.map(({ worker, timer }) => {
      clearTimeout(timer);
      return worker.terminate();
    }),
  );
}

function drop(script: SlowLogWorkerScript, worker: Worker): void {
  const key = keyOf(script);
  const list = idle.get(key);
  const at = list?.findIndex((entry) => entry.worker === worker) ?? -1;
  if (at < 0) return;
  clearTimeout(list![at]!.timer);
  list!.splice(at, 1);
  if (list!.length === 0) idle.delete(key);
}
