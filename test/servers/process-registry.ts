import { rmSync } from 'node:fs';

/** A started server as the registry sees it: enough to kill it and remove its files synchronously. */
export interface TrackedServer {
  /** The daemon's pid while it runs, else undefined. */
  pid(): number | undefined;
  /** Removed on exit; null for persistent directories (the sandbox). */
  removeDir: string | null;
}

const tracked = new Set<TrackedServer>();
let handlersInstalled = false;

/**
 * Registers a server to be killed (and its directory removed) if this process exits while it
 * still runs, including on SIGINT/SIGTERM/SIGHUP and when a test failed before its teardown.
 * Returns the function that unregisters it (after a clean `destroy`).
 */
export function trackServer(server: TrackedServer): () => void {
  installHandlers();
  tracked.add(server);
  return () => tracked.delete(server);
}

/** Kills every tracked server and removes its files, synchronously (usable in an exit handler). */
export function cleanUpTrackedServers(): void {
  for (const server of tracked) {
    const pid = server.pid();
    if (pid !== undefined) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    // A dying daemon may still create a file; the retries and the server's orphan watchdog
    // (left running on purpose) finish the removal.
    if (server.removeDir) rmSync(server.removeDir, { recursive: true, force: true, maxRetries: 3 });
  }
  tracked.clear();
}

function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', cleanUpTrackedServers);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      // Someone else (vitest, the sandbox) handles this signal and will exit, which runs the
      // exit handler; taking over would change how they shut down.
      if (process.listenerCount(signal) > 1) return;
      cleanUpTrackedServers();
      process.off(signal, onSignal);
      process.kill(process.pid, signal); // die of the signal, as without this handler
    };
    process.on(signal, onSignal);
  }
}
