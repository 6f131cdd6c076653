/**
 * The servers the test suite knows how to run. `mariadb` is the MariaDB LTS that Debian bookworm
 * ships (10.11); `mariadb-11.8` is the newer LTS, unpacked from Debian trixie and optional.
 */
export const SERVER_KINDS = ['mysql', 'mariadb', 'mariadb-11.8'] as const;
export type ServerKind = (typeof SERVER_KINDS)[number];

/** Which server program a kind runs; decides data-dir initialisation and option names. */
export type ServerProgram = 'mysql' | 'mariadb';

export function programOf(kind: ServerKind): ServerProgram {
  return kind === 'mysql' ? 'mysql' : 'mariadb';
}

/** The release line each kind stands for, used to warn when a binary found on PATH differs. */
export const EXPECTED_VERSION_PREFIX: Record<ServerKind, string> = {
  mysql: '9.7',
  mariadb: '10.11',
  'mariadb-11.8': '11.8',
};

/** Names as people say them, for log lines and error messages. */
export const KIND_NAMES: Record<ServerKind, string> = {
  mysql: 'MySQL 9.7',
  mariadb: 'MariaDB 10.11',
  'mariadb-11.8': 'MariaDB 11.8',
};
