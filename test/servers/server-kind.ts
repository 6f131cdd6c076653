/**
 * The servers the test suite knows how to run. `mariadb` is the MariaDB LTS that Debian bookworm
 * ships (10.11); `mariadb-11.8` is the newer LTS, unpacked from Debian trixie, and
 * `mariadb-10.5` the older one, unpacked from Debian bullseye: both optional.
 */
export const SERVER_KINDS = ['mysql', 'mariadb', 'mariadb-11.8', 'mariadb-10.5'] as const;
export type ServerKind = (typeof SERVER_KINDS)[number];

/** Kinds whose tests are skipped, with the reason printed, when they cannot be provisioned. */
export const OPTIONAL_KINDS: ReadonlySet<ServerKind> = new Set(['mariadb-11.8', 'mariadb-10.5']);

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
  'mariadb-10.5': '10.5',
};

/** Names as people say them, for log lines and error messages. */
export const KIND_NAMES: Record<ServerKind, string> = {
  mysql: 'MySQL 9.7',
  mariadb: 'MariaDB 10.11',
  'mariadb-11.8': 'MariaDB 11.8',
  'mariadb-10.5': 'MariaDB 10.5',
};
