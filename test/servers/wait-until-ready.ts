import mysql from 'mysql2/promise';
import type { DaemonProcess } from './daemon-process';
import { formatDuration } from './progress-log';

/** Where to knock: TCP on loopback, or the Unix socket (for bootstrap runs without networking). */
export type ReadinessTarget = { host: string; port: number } | { socketPath: string };

/**
 * Polls until the server accepts a root login and answers `SELECT VERSION()`, which it returns.
 * Fails early when the daemon exits, and after `timeoutMs`, with `describe()` (the caller's
 * summary plus log tails) in the message.
 */
export async function waitUntilReady(
  target: ReadinessTarget,
  daemon: DaemonProcess,
  options: { timeoutMs: number; describe: () => string },
): Promise<string> {
  const started = Date.now();
  let lastError = '';
  while (daemon.running) {
    try {
      const connection = await mysql.createConnection({
        ...target,
        user: 'root',
        password: '',
        connectTimeout: 2000,
      });
      try {
        const [rows] = await connection.query<mysql.RowDataPacket[]>('SELECT VERSION() AS version');
        return String(rows[0]?.version);
      } finally {
        await connection.end().catch(() => undefined);
      }
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() - started > options.timeoutMs) {
      throw new Error(
        `server did not accept connections within ${formatDuration(options.timeoutMs)} ` +
          `(last error: ${lastError})\n${options.describe()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const exit = daemon.exitStatus;
  throw new Error(
    `server exited during start-up (${exit?.signal ?? `exit code ${exit?.code}`})\n${options.describe()}`,
  );
}
