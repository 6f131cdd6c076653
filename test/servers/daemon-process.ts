import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, rmSync, writeFileSync } from 'node:fs';
import type { ServerLayout } from './server-layout';

export interface DaemonExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * One run of a server daemon: spawned in its own process group (so a Ctrl-C in the terminal
 * reaches this package's handlers, which stop servers cleanly, rather than the daemons
 * directly), output appended to the layout's console log, and its pid recorded in the layout for
 * the orphan watchdog. The child does not keep Node's event loop alive by itself; waiting on
 * `exited` through `stop`/`kill` does.
 */
export class DaemonProcess {
  readonly pid: number;
  readonly exited: Promise<DaemonExit>;
  private exit: DaemonExit | null = null;

  private constructor(
    private readonly child: ChildProcess,
    layout: ServerLayout,
  ) {
    if (child.pid === undefined) throw new Error(`cannot start ${child.spawnfile}`);
    this.pid = child.pid;
    writeFileSync(layout.spawnedPidFile, String(this.pid));
    this.exited = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        this.exit = { code, signal };
        rmSync(layout.spawnedPidFile, { force: true });
        resolve(this.exit);
      });
    });
    child.unref();
  }

  /** Starts `argv` with output going to the layout's console log. */
  static spawn(argv: readonly string[], layout: ServerLayout): DaemonProcess {
    const [program, ...args] = argv;
    if (!program) throw new Error('DaemonProcess.spawn: empty command');
    const output = openSync(layout.consoleLog, 'a');
    try {
      const child = spawn(program, args, { detached: true, stdio: ['ignore', output, output] });
      return new DaemonProcess(child, layout);
    } finally {
      closeSync(output); // the child has its own copy
    }
  }

  get running(): boolean {
    return this.exit === null;
  }

  get exitStatus(): DaemonExit | null {
    return this.exit;
  }

  /**
   * Clean shutdown: SIGTERM (both MySQL and MariaDB shut down cleanly on it, flushing InnoDB),
   * then SIGKILL if it has not exited after `timeoutMs`.
   */
  async stop(timeoutMs = 30_000): Promise<DaemonExit> {
    if (!this.running) return this.exited;
    this.child.ref();
    this.child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>(
      (resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)),
    );
    const result = await Promise.race([this.exited, timedOut]);
    clearTimeout(timer);
    return result === 'timeout' ? this.kill() : result;
  }

  /** SIGKILL, as a crash would; resolves once the process is gone. */
  async kill(): Promise<DaemonExit> {
    if (!this.running) return this.exited;
    this.child.ref();
    this.child.kill('SIGKILL');
    return this.exited;
  }
}
