import { connectTo } from './connect';
import type { RunningServer } from './instance';

/** A write load running on one server until stopped. */
export interface WriteLoad {
  /** Ends the loop and resolves with how many rows it inserted (throws what the loop threw). */
  stop(): Promise<number>;
}

/**
 * Inserts into `table` (created here: `id` auto-increment, `v`) in a loop, one autocommit
 * INSERT after another on one connection, until `stop()`: traffic on a source during a test.
 * Resolves once the table exists and the first row is in.
 */
export async function startWriteLoad(server: RunningServer, table: string): Promise<WriteLoad> {
  const connection = await connectTo(server);
  await connection.query(
    `CREATE TABLE ${table} (id BIGINT AUTO_INCREMENT PRIMARY KEY, v INT NOT NULL)`,
  );
  await connection.query(`INSERT INTO ${table} (v) VALUES (0)`);
  let running = true;
  let rows = 1;
  const loop = (async () => {
    while (running) {
      await connection.query(`INSERT INTO ${table} (v) VALUES (?)`, [rows]);
      rows++;
    }
  })();
  return {
    stop: async () => {
      running = false;
      try {
        await loop;
      } finally {
        await connection.end().catch(() => undefined);
      }
      return rows;
    },
  };
}
