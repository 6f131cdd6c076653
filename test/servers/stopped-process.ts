import { readdirSync, readFileSync } from 'node:fs';

/**
 * Waits (synchronously, so `pause()` stays a plain call) until every thread of process `pid` is
 * stopped. SIGSTOP only queues a group stop: on a loaded machine a server thread can still wake
 * on a query and answer it before it is scheduled to notice, which made a "frozen" server
 * answer a test's read. Linux only (/proc); gives up after `timeoutMs` with an error.
 */
export function waitUntilStopped(pid: number, timeoutMs = 10_000): void {
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (allThreadsStopped(pid)) return;
    if (Date.now() > deadline)
      throw new Error(`process ${pid} did not stop within ${timeoutMs} ms`);
    Atomics.wait(sleeper, 0, 0, 2);
  }
}

/** Whether every thread's state in /proc is T (stopped) or t (traced); true if it is gone. */
function allThreadsStopped(pid: number): boolean {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return true;
  }
  return tasks.every((task) => {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'latin1');
      // The state follows the command name, which is in parentheses and may hold spaces.
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      return state === 'T' || state === 't';
    } catch {
      return true;
    }
  });
}
