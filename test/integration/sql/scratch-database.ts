import { randomBytes } from 'node:crypto';
import type mysql from 'mysql2/promise';
import { connectTo, withConnection } from '../../servers/connect';
import type { ServerEndpoint } from '../../servers/provided';

/** A database of its own for one test, on a shared server. */
export interface ScratchDatabase {
  name: string;
  /**
   * A new connection with the scratch database as default and multipleStatements off, so
   * every query is exactly one statement; ended when the scratch database goes.
   */
  connect(): Promise<mysql.Connection>;
}

/** The servers of a run, as `[name, endpoint, flavor]` rows for describe.each. */
export type ServerCase = [string, ServerEndpoint, 'mysql' | 'mariadb'];

/** MySQL 9.7, MariaDB 10.11 and, when it could be provisioned, MariaDB 11.8. */
export function serverCases(servers: {
  mysql: ServerEndpoint;
  mariadb: ServerEndpoint;
  mariadb118: ServerEndpoint | null;
}): ServerCase[] {
  const cases: ServerCase[] = [
    ['MySQL 9.7', servers.mysql, 'mysql'],
    ['MariaDB 10.11', servers.mariadb, 'mariadb'],
  ];
  if (servers.mariadb118) cases.push(['MariaDB 11.8', servers.mariadb118, 'mariadb']);
  return cases;
}

/**
 * Creates a fresh utf8mb4 database (MariaDB 10.11 defaults to latin1); `close()` ends every
 * connection `connect()` opened and drops it.
 */
export async function openScratchDatabase(
  server: ServerEndpoint,
): Promise<ScratchDatabase & { close(): Promise<void> }> {
  const name = `sightline_sql_${randomBytes(4).toString('hex')}`;
  const opened: mysql.Connection[] = [];
  await withConnection(server, (c) =>
    c.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci`),
  );
  return {
    name,
    connect: async () => {
      const connection = await connectTo(server, { database: name, multipleStatements: false });
      opened.push(connection);
      return connection;
    },
    close: async () => {
      await Promise.all(opened.map((c) => c.end().catch(() => undefined)));
      await withConnection(server, (c) => c.query(`DROP DATABASE IF EXISTS \`${name}\``));
    },
  };
}

/** Runs `work` with a scratch database (see openScratchDatabase) and always drops it. */
export async function withScratchDatabase<T>(
  server: ServerEndpoint,
  work: (scratch: ScratchDatabase) => Promise<T>,
): Promise<T> {
  const scratch = await openScratchDatabase(server);
  try {
    return await work(scratch);
  } finally {
    await scratch.close();
  }
}

/**
 * The rows of a query result as arrays of strings (null kept), whatever the statement: a
 * SELECT's rows, or the first result set of a CALL or compound statement; [] without rows.
 * Needs `rowsAsArray: true` on the query.
 */
export function rowsOf(result: unknown): unknown[][] {
  if (!Array.isArray(result)) return [];
  const last: unknown = result[result.length - 1];
  // Several results (CALL, compound statements): result sets, then an OK packet.
  const rows: unknown = last !== undefined && !Array.isArray(last) ? result[0] : result;
  if (!Array.isArray(rows)) return [];
  return rows.map((row: unknown) =>
    Array.isArray(row) ? row.map((v: unknown) => (v === null ? null : text(v))) : [],
  );
}

function text(value: unknown): string {
  return Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
}
