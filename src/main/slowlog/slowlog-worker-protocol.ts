// Messages between the parallel slow-log reader and its workers (slowlog-worker.ts). A worker
// digests one range per `job` and then waits for the next: the reader keeps idle workers for a
// while (see slowlog-worker-pool), so a later digest skips their start-up and their JIT warm-up.
import type { DigestCarry, DigestFilter, SlowLogReaderOptions } from '../../shared/slowlog';
import type { SlowLogRange, SlowLogRangeResult } from './slowlog-range';

/** One range to digest, with the digest's filter and the reader's options. */
export interface SlowLogWorkerJob {
  range: SlowLogRange;
  filter: DigestFilter;
  readerOptions: SlowLogReaderOptions;
}

/**
 * To a worker: `job` starts a range, then `start` hands it what the log before its range carried
 * (the reader finds what each range hands on: see rangeTailCarry).
 */
export type ToWorker =
  { kind: 'job'; job: SlowLogWorkerJob } | { kind: 'start'; carry: DigestCarry };

/** From a worker. `progress` gives bytes read since its last `progress`. */
export type FromWorker =
  | { kind: 'progress'; bytes: number }
  | { kind: 'done'; result: SlowLogRangeResult }
  | { kind: 'error'; code?: string; message: string };
