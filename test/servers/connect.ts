import mysql from 'mysql2/promise';

/** What is needed to log in to a test server; both `RunningServer` and `ServerEndpoint` fit. */
export interface LoginTarget {
  host: string;
  port: number;
  user: string;
  password: string;
}

/**
 * A mysql2 connection to a test server as its root (or the given) user, with
 * `multipleStatements` on for setup scripts. The caller ends it.
 */
export function connectTo(
  target: LoginTarget,
  options: mysql.ConnectionOptions = {},
): Promise<mysql.Connection> {
  return mysql.createConnection({
    host: target.host,
    port: target.port,
    user: target.user,
    password: target.password,
    multipleStatements: true,
    ...options,
  });
}

/** Runs `work` on a fresh connection to `target` and always ends the connection. */
export async function withConnection<T>(
  target: LoginTarget,
  work: (connection: mysql.Connection) => Promise<T>,
  options: mysql.ConnectionOptions = {},
): Promise<T> {
  const connection = await connectTo(target, options);
  try {
    return await work(connection);
  } finally {
    await connection.end().catch(() => undefined);
  }
}

/** The first row of a query's result, or a clear error when there is none. */
export async function queryRow(
  connection: mysql.Connection,
  sql: string,
  values: unknown[] = [],
): Promise<mysql.RowDataPacket> {
  const [rows] = await connection.query<mysql.RowDataPacket[]>(sql, values);
  const row = rows[0];
  if (!row) throw new Error(`no row from: ${sql}`);
  return row;
}
