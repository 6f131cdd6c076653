import type { Connection, RowDataPacket } from 'mysql2/promise';

/** Runs a function on a session's connection (the session's own run, with its error mapping). */
export type SessionRun = <R>(fn: (conn: Connection) => Promise<R>) => Promise<R>;

/**
 * Runs `work` with the session's lock_wait_timeout set to `seconds`, and puts the session's own
 * value back afterwards, whatever happened. lock_wait_timeout bounds how long a statement waits
 * for a table's metadata lock (a year by default): an EXPLAIN or a CREATE INDEX waits behind any
 * open transaction that used the table, a LOCK TABLES or other DDL, and while DDL waits, every
 * later query of the table waits behind it.
 */
export async function withLockWait<T>(
  run: SessionRun,
  seconds: number,
  work: () => Promise<T>,
): Promise<T> {
  if (!Number.isSafeInteger(seconds) || seconds < 1)
    throw new Error(`lock wait of ${seconds} s: a whole number of seconds is needed`);
  const previous = await run(async (conn) => {
    const [rows] = await conn.query<RowDataPacket[]>('SELECT @@SESSION.lock_wait_timeout AS w');
    await conn.query(`SET SESSION lock_wait_timeout = ${seconds}`);
    return Number(rows[0]?.w);
  });
  try {
    return await work();
  } finally {
    // The user's own statements on this session wait as long as they did before.
    if (Number.isSafeInteger(previous) && previous > 0)
      await run((conn) => conn.query(`SET SESSION lock_wait_timeout = ${previous}`)).catch(
        () => undefined,
      );
  }
}
