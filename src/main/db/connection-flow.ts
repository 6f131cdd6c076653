import type { Connection as CoreConnection } from 'mysql2';
import type { Connection } from 'mysql2/promise';

/** Stops and restarts the arrival of rows on a connection. */
export interface RowFlow {
  pause(): void;
  resume(): void;
}

/**
 * Flow control of a session's connection: `pause` stops reading its socket (rows already read
 * wait in mysql2's queue), so a server streaming faster than its reader can write blocks in TCP
 * instead of filling the backend's memory; `resume` carries on where it stopped.
 */
export function connectionFlow(conn: Connection): RowFlow {
  const core = (conn as unknown as { connection: CoreConnection }).connection;
  return {
    pause: () => core.pause(),
    resume: () => core.resume(),
  };
}
