import { join } from 'node:path';

/**
 * The files of one server instance, all inside its work directory so that removing that one
 * directory removes everything the instance left behind.
 */
export interface ServerLayout {
  workDir: string;
  dataDir: string;
  socket: string;
  /** Written by the daemon itself. */
  pidFile: string;
  errorLog: string;
  /** The daemon's stdout and stderr: loader and early start-up errors land here, not in errorLog. */
  consoleLog: string;
  /** The pid as recorded by this package when it spawned the daemon (read by the orphan watchdog). */
  spawnedPidFile: string;
}

// sun_path holds 108 bytes; a socket path longer than this cannot be bound.
const MAX_SOCKET_PATH = 100;

/**
 * Lays out an instance under `workDir`. `fallbackSocketDir` is used for the socket when the work
 * directory's path is too long for a Unix socket (a deep repo checkout, macOS temp dirs).
 */
export function serverLayout(workDir: string, fallbackSocketDir: string): ServerLayout {
  const socketInWorkDir = join(workDir, 'mysqld.sock');
  const socket =
    socketInWorkDir.length <= MAX_SOCKET_PATH
      ? socketInWorkDir
      : join(
          fallbackSocketDir,
          `sightline-${Buffer.from(workDir).toString('base64url').slice(-24)}.sock`,
        );
  return {
    workDir,
    dataDir: join(workDir, 'data'),
    socket,
    pidFile: join(workDir, 'mysqld.pid'),
    errorLog: join(workDir, 'error.log'),
    consoleLog: join(workDir, 'console.log'),
    spawnedPidFile: join(workDir, 'spawned.pid'),
  };
}
