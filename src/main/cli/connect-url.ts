/** What `--connect mysql://user:password@host:port/database` names. */
export interface ConnectUrl {
  host: string;
  port: number;
  user: string;
  /** '' when the URL has none. */
  password: string;
  database: string;
}

/**
 * `mysql://user:pass@host:port/db` (or `mariadb://`), as the CLI's `--connect` takes it; a
 * string says what is wrong (with any password in it masked).
 */
export function parseConnectUrl(url: string): ConnectUrl | string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not echoed: a URL the parser refuses may hold a password the masking cannot find.
    return '--connect: not a URL (write mysql://user@host:port/database)';
  }
  if (parsed.protocol !== 'mysql:' && parsed.protocol !== 'mariadb:') {
    return '--connect takes mysql://user@host:port/database';
  }
  let user: string;
  let password: string;
  let database: string;
  try {
    user = decodeURIComponent(parsed.username) || 'root';
    password = decodeURIComponent(parsed.password);
    database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  } catch {
    return '--connect: a bad %-escape in the URL (write %25 for a % sign)';
  }
  if (database === '') return '--connect needs the database: mysql://user@host:port/database';
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port ? Number(parsed.port) : 3306,
    user,
    password,
    database,
  };
}

/**
 * `text` with the password of every `scheme://user:password@` in it replaced by `***`, so a URL
 * echoed in a message (a usage error, a typo'd option) never repeats the password. Everything
 * up to the last `@` of the word is masked: a password may hold a raw `@` or `/`, and masking
 * too much is harmless in a message.
 */
export function maskUrlPasswords(text: string): string {
  return text.replace(/(\/\/[^:@/?#\s]*):\S*@/g, '$1:***@');
}
