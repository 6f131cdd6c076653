import type { ServerInstallation } from './server-installation';
import type { ServerLayout } from './server-layout';

export interface ServerArgsOptions {
  port: number;
  serverId: number;
  /** MySQL: GTID mode on (MariaDB always writes GTIDs). */
  gtid: boolean;
  extraArgs: readonly string[];
}

/** `--user=root` is required when running as root and rejected as noise otherwise. */
export function userArgs(): string[] {
  return process.getuid?.() === 0 ? ['--user=root'] : [];
}

/**
 * The daemon command line for a test server: loopback only, binlog and GTIDs on, replica-ready
 * (report-host/port so `SHOW REPLICAS` lists it, relay logs with a fixed name), and small enough
 * to run several at once on a 2-core machine. Durability is relaxed (flush at commit = 2,
 * sync_binlog = 0): a killed process loses nothing, only an OS crash would, and commits stay
 * fast. `extraArgs` come last so they override anything here.
 */
export function serverArgs(
  installation: ServerInstallation,
  layout: ServerLayout,
  options: ServerArgsOptions,
): string[] {
  const common = [
    ...installation.daemon,
    '--no-defaults',
    ...installation.daemonOptions,
    `--datadir=${layout.dataDir}`,
    `--socket=${layout.socket}`,
    `--pid-file=${layout.pidFile}`,
    `--log-error=${layout.errorLog}`,
    // Temporary tables' files in the server's own folder: a sweep of /tmp by anything else
    // (MariaDB's #sql-temptable-* files vanished mid-statement once) cannot reach them.
    `--tmpdir=${layout.workDir}`,
    `--port=${options.port}`,
    '--bind-address=127.0.0.1',
    // No DNS on connect; accounts are defined for '%' and 'localhost' (socket), never by name.
    '--skip-name-resolve',
    `--server-id=${options.serverId}`,
    '--log-bin=binlog',
    '--relay-log=relay-bin',
    '--report-host=127.0.0.1',
    `--report-port=${options.port}`,
    '--innodb-buffer-pool-size=64M',
    '--innodb-flush-log-at-trx-commit=2',
    '--sync-binlog=0',
    '--performance-schema=ON',
    // Room for every digest a whole test run makes (MariaDB sizes it at 5,000 here, MySQL at
    // 10,000): once full, new statements fall into the overflow row and tuning tests miss them.
    '--performance-schema-digests-size=40000',
    ...userArgs(),
  ];
  const flavorArgs =
    installation.program === 'mysql'
      ? [
          '--mysqlx=OFF',
          // Without it mysqld refuses to start (it wants /var/lib/mysql-files).
          '--secure-file-priv=',
          ...(options.gtid ? ['--gtid-mode=ON', '--enforce-gtid-consistency=ON'] : []),
        ]
      : [
          // MySQL logs replicated transactions by default; MariaDB needs it for a replica's
          // binlog (and gtid_binlog_pos) to hold them, which promotion and errant-GTID checks use.
          '--log-slave-updates=ON',
        ];
  return [...common, ...flavorArgs, ...options.extraArgs];
}

/**
 * The command line for a short private run used to prepare a data directory: socket only, no
 * binlog (so nothing done here becomes a GTID that replicas would later disagree about).
 */
export function bootstrapArgs(installation: ServerInstallation, layout: ServerLayout): string[] {
  return [
    ...installation.daemon,
    '--no-defaults',
    ...installation.daemonOptions,
    `--datadir=${layout.dataDir}`,
    `--socket=${layout.socket}`,
    `--pid-file=${layout.pidFile}`,
    `--log-error=${layout.errorLog}`,
    '--skip-networking',
    '--innodb-buffer-pool-size=64M',
    ...userArgs(),
    ...(installation.program === 'mysql'
      ? ['--skip-log-bin', '--mysqlx=OFF', '--secure-file-priv=']
      : []),
  ];
}
