// Worker thread of the parallel slow-log reader: digests one range per job, one job at a time,
// and stays for the next (see slowlog-worker-protocol). Per job it waits for `start` with what
// the log before its range carried, posts `progress` as it reads and `done` with its digest;
// `error` if reading fails.
import { parentPort } from 'node:worker_threads';
import type { DigestCarry } from '../../shared/slowlog';
import { digestRange } from './slowlog-range';
import type { FromWorker, SlowLogWorkerJob, ToWorker } from './slowlog-worker-protocol';

const port = parentPort;
if (port) {
  const post = (message: FromWorker) => port.postMessage(message);
  let onStart: ((carry: DigestCarry) => void) | undefined;
  const run = async (job: SlowLogWorkerJob) => {
    const { range, filter, readerOptions } = job;
    const started = new Promise<DigestCarry>((resolve) => (onStart = resolve));
    try {
      const carry = await started;
      let reported = 0;
      const result = await digestRange(range, filter, readerOptions, carry, (bytes) => {
        post({ kind: 'progress', bytes: bytes - reported });
        reported = bytes;
      });
      post({ kind: 'done', result });
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      post({ kind: 'error', code, message });
    }
  };
  port.on('message', (message: ToWorker) => {
    if (message.kind === 'job') void run(message.job);
    else onStart?.(message.carry);
  });
}
