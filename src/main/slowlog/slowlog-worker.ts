// Worker thread of the parallel slow-log reader: digests one range. Protocol (all messages
// structured-clone data): it posts `tail` (the db/time its range hands on) unless it is the last
// range, waits for `start` with what the log before it carried, posts `progress` as it reads and
// `done` with its digest; `error` if reading fails.
import { parentPort, workerData } from 'node:worker_threads';
import type { DigestCarry, DigestFilter, SlowLogReaderOptions } from '../../shared/slowlog';
import { digestRange, rangeTailCarry, type SlowLogRange } from './slowlog-range';
import type { FromWorker, ToWorker } from './slowlog-worker-protocol';

interface Job {
  range: SlowLogRange;
  filter: DigestFilter;
  readerOptions: SlowLogReaderOptions;
}

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) return;
  const { range, filter, readerOptions } = workerData as Job;
  const post = (message: FromWorker) => port.postMessage(message);
  const started = new Promise<DigestCarry>((resolve) =>
    port.on('message', (message: ToWorker) => {
      if (message.kind === 'start') resolve(message.carry);
    }),
  );
  try {
    if (!range.last) post({ kind: 'tail', carry: await rangeTailCarry(range, readerOptions) });
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
  port.close();
}

void main();
