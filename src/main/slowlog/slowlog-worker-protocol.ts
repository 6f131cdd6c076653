// Messages between the parallel slow-log reader and its workers (slowlog-worker.ts).
import type { DigestCarry } from '../../shared/slowlog';
import type { SlowLogRangeResult } from './slowlog-range';

/** To a worker: start digesting from what the log before its range carried. */
export type ToWorker = { kind: 'start'; carry: DigestCarry };

/** From a worker. `progress` gives bytes read since its last `progress`. */
export type FromWorker =
  | { kind: 'tail'; carry: DigestCarry }
  | { kind: 'progress'; bytes: number }
  | { kind: 'done'; result: SlowLogRangeResult }
  | { kind: 'error'; code?: string; message: string };
