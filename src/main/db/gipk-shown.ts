import type { Connection } from 'mysql2/promise';
import { selectRows } from '../services/schema/metadata-query';

/** ER_UNKNOWN_SYSTEM_VARIABLE: a MySQL before 8.0.30 has no generated invisible primary keys. */
const UNKNOWN_SYSTEM_VARIABLE = 1193;
const VARIABLE = 'show_gipk_in_create_table_and_information_schema';

/**
 * Runs `read` with MySQL's generated invisible primary key (`my_row_id`) shown in SHOW CREATE
 * TABLE and information_schema. With the variable OFF (in the session, or the server's default
 * set so), both hide the column and its PRIMARY KEY: seen on 9.7, a table with a primary key
 * then reads as one without, and a plan to add one misses the server's refusal. The session's
 * setting is put back afterwards. MariaDB has no such keys: `read` runs as it is.
 */
export async function withGipkShown<T>(
  conn: Connection,
  flavor: string,
  read: () => Promise<T>,
): Promise<T> {
  if (flavor === 'mariadb') return read();
  let shown: boolean;
  try {
    const [row] = await selectRows(conn, `SELECT @@session.${VARIABLE} AS V`);
    shown = Number(row?.V) === 1;
  } catch (e) {
    if ((e as { errno?: unknown }).errno === UNKNOWN_SYSTEM_VARIABLE) return read();
    throw e;
  }
  if (shown) return read();
  await conn.query(`SET SESSION ${VARIABLE} = ON`);
  try {
    return await read();
  } finally {
    await conn.query(`SET SESSION ${VARIABLE} = OFF`).catch(() => undefined);
  }
}
