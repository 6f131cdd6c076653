import type { Connection } from 'mysql2/promise';
import { readTableIds } from '../../../src/main/services/alter/innodb-table-name';
import type { ServerInfo } from '../../../src/shared/server/server-info';

/**
 * The InnoDB table ids of `schema.table` as one string, to tell a rebuild (new ids) from a change
 * in place; throws when InnoDB does not list the table, so a judge never compares two misses.
 */
export async function tableIdOf(
  conn: Connection,
  server: ServerInfo,
  schema: string,
  table: string,
): Promise<string> {
  const ids = await readTableIds(
    conn,
    server.flavor === 'mariadb' ? 'mariadb' : 'mysql',
    schema,
    table,
  );
  if (ids === null) throw new Error(`InnoDB lists no table ${schema}.${table}`);
  return ids.join(',');
}
