import type { Connection, RowDataPacket } from 'mysql2/promise';
import {
  MAX_KEYLESS_TABLES,
  REPLICATION_SETTING_NAMES,
  ReplicationSettingsSchema,
  type ReplicationSettings,
} from '../../../shared/replication/replication-settings';
import type { ServerInfo } from '../../../shared/server/server-info';
import { countOf, selectRows, textOf, textOrNull } from '../schema/metadata-query';
import { readChannels } from './read-channels';

// A user table is keyless for a replica when no index can identify a row: no PRIMARY KEY and
// no UNIQUE index whose columns are all NOT NULL (MySQL's "primary key equivalent").
const KEYLESS = `FROM information_schema.TABLES t
  WHERE t.TABLE_TYPE = 'BASE TABLE'
    AND t.TABLE_SCHEMA NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')
    AND NOT EXISTS (
      SELECT 1 FROM information_schema.STATISTICS s
       WHERE s.TABLE_SCHEMA = t.TABLE_SCHEMA AND s.TABLE_NAME = t.TABLE_NAME AND s.NON_UNIQUE = 0
       GROUP BY s.INDEX_NAME
      HAVING SUM(s.NULLABLE = 'YES') = 0)`;

/**
 * Reads what decides how the server replicates: the variables of REPLICATION_SETTING_NAMES it
 * has, whether it is a replica and has replicas, and its user tables without a key a replica
 * could find rows by.
 */
export async function readReplicationSettings(
  conn: Connection,
  info: ServerInfo,
): Promise<ReplicationSettings> {
  const names = [...REPLICATION_SETTING_NAMES];
  const [rows] = await conn.query<RowDataPacket[]>(
    `SHOW GLOBAL VARIABLES WHERE Variable_name IN (${names.map(() => '?').join(', ')})`,
    names,
  );
  const variables: Record<string, string> = {};
  for (const row of rows) variables[textOf(row.Variable_name)] = textOf(row.Value);
  const channels = await readChannels(conn, info);
  const [dumps] = await conn.query<RowDataPacket[]>(
    "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE COMMAND LIKE 'Binlog Dump%'",
  );
  const [count] = await selectRows(conn, `SELECT COUNT(*) AS n ${KEYLESS}`);
  const keyless = await selectRows(
    conn,
    `SELECT t.TABLE_SCHEMA AS s, t.TABLE_NAME AS t, t.ENGINE AS e, t.TABLE_ROWS AS r ${KEYLESS}
      ORDER BY t.TABLE_ROWS DESC, t.TABLE_SCHEMA, t.TABLE_NAME LIMIT ?`,
    [MAX_KEYLESS_TABLES],
  );
  return ReplicationSettingsSchema.parse({
    flavor: info.flavor,
    version: info.versionText,
    variables,
    isReplica: channels.length > 0,
    hasReplicas: (countOf(dumps[0]?.n) ?? 0) > 0,
    keylessTables: keyless.map((r) => ({
      schema: textOf(r.s),
      table: textOf(r.t),
      engine: textOrNull(r.e),
      rows: countOf(r.r),
    })),
    keylessTableCount: countOf(count?.n) ?? 0,
  });
}
