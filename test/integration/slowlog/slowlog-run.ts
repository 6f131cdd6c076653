import type { SlowLogRun } from '../../../src/shared/api/slowlog';
import type { BackendUnderTest } from '../backend/backend-harness';

/** Waits (two minutes at most) until the slow-log run has ended and returns its final status. */
export async function ended(b: BackendUnderTest, runId: string): Promise<SlowLogRun> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const s = await b.call('slowlog.status', { runId });
    if (!s.ok) throw new Error(s.error.message);
    if (s.value.state !== 'running') return s.value;
    if (Date.now() > deadline) throw new Error('analysis still running');
    await new Promise((r) => setTimeout(r, 20));
  }
}
