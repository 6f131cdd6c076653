import type mysql from 'mysql2/promise';

/**
 * `mysql://user:pass@host:port/db` (or `mariadb://`), as the CLI's `--connect` takes it, read
 * into mysql2 options and the database; a string says what is wrong (the password masked).
 */
export function connectionFromUrl(
  url: string,
): { options: mysql.ConnectionOptions; database: string } | string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `--connect: not a URL: ${url.replace(/\/\/[^@/]*@/, '//***@')}`;
  }
  if (parsed.protocol !== 'mysql:' && parsed.protocol !== 'mariadb:') {
    return '--connect takes mysql://user:password@host:port/database';
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (database === '') return '--connect needs the database: mysql://user@host:port/database';
  return {
    database,
    options: {
      host: parsed.hostname.replace(/^\[|\]$/g, ''),
      port: parsed.port ? Number(parsed.port) : 3306,
      user: decodeURIComponent(parsed.username) || 'root',
      password: decodeURIComponent(parsed.password),
      connectTimeout: 10_000,
    },
  };
}
