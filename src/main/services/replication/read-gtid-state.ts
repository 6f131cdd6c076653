import type { Connection, RowDataPacket } from 'mysql2/promise';
import type { ServerInfo } from '../../../shared/server/server-info';
import { requireGtidText, type GtidGrammar } from './require-gtid-text';

/** A server's GTID variables, each whole and checked ('' for those its flavor lacks). */
export interface GtidState {
  /** MySQL @@GLOBAL.gtid_executed / MariaDB @@GLOBAL.gtid_binlog_pos. */
  executed: string;
  /** MySQL @@GLOBAL.gtid_purged. */
  purged: string;
  /** MariaDB positions and binlog state; null on MySQL. */
  mariadb: { binlogState: string; currentPos: string; slavePos: string } | null;
}

// Read with SELECT @@GLOBAL, never SHOW VARIABLES: MySQL 9.7 cuts SHOW VARIABLES values (and
// performance_schema.global_variables) at 1,024 characters, MariaDB 10.11/11.8 at 4,096,
// while a server with a long history has a gtid_executed of hundreds of KB.
const MYSQL = ['gtid_executed', 'gtid_purged'];
const MARIADB = ['gtid_binlog_pos', 'gtid_binlog_state', 'gtid_current_pos', 'gtid_slave_pos'];

/**
 * Reads the server's GTID variables whole (those its version has, by capability). `mariadb` is
 * set for every MariaDB server, as errant detection tells the flavors apart by it.
 */
export async function readGtidState(conn: Connection, info: ServerInfo): Promise<GtidState> {
  if (info.flavor !== 'mariadb') {
    const v = info.capabilities.mysqlGtid ? await readGlobals(conn, MYSQL, 'mysql') : {};
    return { executed: v.gtid_executed ?? '', purged: v.gtid_purged ?? '', mariadb: null };
  }
  const v = info.capabilities.mariadbGtid ? await readGlobals(conn, MARIADB, 'mariadb') : {};
  return {
    executed: v.gtid_binlog_pos ?? '',
    purged: '',
    mariadb: {
      binlogState: v.gtid_binlog_state ?? '',
      currentPos: v.gtid_current_pos ?? '',
      slavePos: v.gtid_slave_pos ?? '',
    },
  };
}

/** `@@GLOBAL.gtid_executed` (MySQL) or `@@GLOBAL.gtid_binlog_pos` (MariaDB) alone, read now. */
export async function readExecuted(conn: Connection, info: ServerInfo): Promise<string> {
  if (info.capabilities.mysqlGtid) {
    return (await readGlobals(conn, ['gtid_executed'], 'mysql')).gtid_executed ?? '';
  }
  if (info.capabilities.mariadbGtid) {
    return (await readGlobals(conn, ['gtid_binlog_pos'], 'mariadb')).gtid_binlog_pos ?? '';
  }
  return '';
}

async function readGlobals(
  conn: Connection,
  names: readonly string[],
  grammar: GtidGrammar,
): Promise<Partial<Record<string, string>>> {
  const [rows] = await conn.query<RowDataPacket[]>(
    `SELECT ${names.map((n) => `@@GLOBAL.${n} AS ${n}`).join(', ')}`,
  );
  const row: Record<string, unknown> = rows[0] ?? {};
  return Object.fromEntries(names.map((n) => [n, requireGtidText(n, row[n], grammar)]));
}
