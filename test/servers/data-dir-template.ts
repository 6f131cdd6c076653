import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import mysql from 'mysql2/promise';
import { serverCacheDir } from './cache-dir';
import { DaemonProcess } from './daemon-process';
import { withDirLock } from './dir-lock';
import { logTails } from './log-tail';
import { logProgress, timed } from './progress-log';
import { runCommand } from './run-command';
import { bootstrapArgs, userArgs } from './server-args';
import type { ServerInstallation } from './server-installation';
import { KIND_NAMES } from './server-kind';
import { serverLayout, type ServerLayout } from './server-layout';
import { waitUntilReady } from './wait-until-ready';

// Bump when the way templates are made changes, so existing caches are rebuilt.
const TEMPLATE_RECIPE = 2;

/** The password of the `sightline` account every test server has (root has none). */
export const TEST_USER = { user: 'sightline', password: 'sightline-pw' } as const;

// Accounts for TCP logins. root@'%' because `localhost` accounts never match TCP connections
// under --skip-name-resolve; `sightline` exercises password authentication (caching_sha2 on
// MySQL, native on MariaDB).
const ACCOUNTS_SQL = [
  "CREATE USER 'root'@'%' IDENTIFIED BY ''",
  "GRANT ALL PRIVILEGES ON *.* TO 'root'@'%' WITH GRANT OPTION",
  `CREATE USER '${TEST_USER.user}'@'%' IDENTIFIED BY '${TEST_USER.password}'`,
  `GRANT ALL PRIVILEGES ON *.* TO '${TEST_USER.user}'@'%'`,
];

/**
 * Fills `dataDir` (which must not exist) with a fresh, initialised data directory for
 * `installation`: a copy of a cached template, made once per server version. Initialising from
 * scratch takes MySQL 9.7 several seconds; copying takes a fraction of one. The template already
 * holds the test accounts and was prepared with the binlog off, so a new server starts with an
 * empty GTID history, and without MySQL's auto.cnf, so each copy gets its own server_uuid.
 */
export async function createDataDir(
  installation: ServerInstallation,
  dataDir: string,
): Promise<void> {
  const template = await dataDirTemplate(installation);
  await cp(template, dataDir, { recursive: true });
}

/** The cached template data directory for `installation`, created on first use. */
export async function dataDirTemplate(installation: ServerInstallation): Promise<string> {
  const key = createHash('sha256')
    .update(
      JSON.stringify([
        TEMPLATE_RECIPE,
        installation.daemon,
        installation.daemonOptions,
        installation.version,
        ACCOUNTS_SQL,
      ]),
    )
    .digest('hex')
    .slice(0, 12);
  const kindDir = join(serverCacheDir('templates'), installation.kind);
  const template = join(kindDir, `${installation.version}-${key}`);
  if (existsSync(template)) return template;
  return withDirLock(
    `${template}.lock`,
    async () => {
      if (existsSync(template)) return template;
      const built = await timed(
        `${KIND_NAMES[installation.kind]}: data directory template created`,
        () => buildTemplate(installation),
      );
      try {
        // Copy next to the destination first: the rename is atomic, so a template directory
        // exists only when complete.
        const staging = `${template}.staging-${process.pid}`;
        await rm(staging, { recursive: true, force: true });
        await cp(built.dataDir, staging, { recursive: true });
        await rename(staging, template);
        await pruneSupersededTemplates(kindDir, template);
      } finally {
        await rm(built.workDir, { recursive: true, force: true });
      }
      return template;
    },
    {
      waitingMessage: `${KIND_NAMES[installation.kind]}: another process is creating the data directory template; waiting`,
    },
  );
}

/**
 * Removes the kind's older templates (another server version, or an older recipe), which would
 * otherwise pile up at up to 200 MB each. Runs under the new template's lock; locks and staging
 * directories of other builds are left alone.
 */
async function pruneSupersededTemplates(kindDir: string, current: string): Promise<void> {
  for (const name of await readdir(kindDir)) {
    if (name === basename(current) || name.includes('.lock') || name.includes('.staging-'))
      continue;
    await rm(join(kindDir, name), { recursive: true, force: true });
  }
}

async function buildTemplate(installation: ServerInstallation): Promise<ServerLayout> {
  const layout = serverLayout(
    await mkdtemp(join(tmpdir(), `sightline-template-${installation.kind}-`)),
    tmpdir(),
  );
  logProgress(
    `${KIND_NAMES[installation.kind]}: initialising a data directory template in ${layout.workDir}`,
  );
  try {
    await initialize(installation, layout);
    const daemon = DaemonProcess.spawn(bootstrapArgs(installation, layout), layout);
    try {
      await waitUntilReady({ socketPath: layout.socket }, daemon, {
        timeoutMs: 120_000,
        describe: () => logTails([layout.errorLog, layout.consoleLog]),
      });
      await createAccounts(installation, layout.socket);
    } finally {
      await daemon.stop();
    }
    if (installation.program === 'mysql')
      await rm(join(layout.dataDir, 'auto.cnf'), { force: true });
    return layout;
  } catch (error) {
    await rm(layout.workDir, { recursive: true, force: true });
    throw error;
  }
}

async function initialize(installation: ServerInstallation, layout: ServerLayout): Promise<void> {
  const describe = (error: unknown) =>
    new Error(
      `${KIND_NAMES[installation.kind]}: initialising ${layout.dataDir} failed: ${String(error)}\n${logTails([layout.errorLog])}`,
    );
  if (installation.program === 'mysql') {
    await runCommand([
      ...installation.daemon,
      '--no-defaults',
      ...installation.daemonOptions,
      '--initialize-insecure',
      `--datadir=${layout.dataDir}`,
      `--log-error=${layout.errorLog}`,
      '--skip-log-bin',
      ...userArgs(),
    ]).catch((error: unknown) => Promise.reject(describe(error)));
    return;
  }
  if (!installation.installDb)
    throw new Error(`${KIND_NAMES[installation.kind]}: no mariadb-install-db found`);
  await runCommand([
    ...installation.installDb,
    '--no-defaults',
    ...installation.daemonOptions,
    `--datadir=${layout.dataDir}`,
    '--auth-root-authentication-method=normal',
    '--skip-test-db',
    '--skip-name-resolve',
    ...userArgs(),
  ]).catch((error: unknown) => Promise.reject(describe(error)));
}

async function createAccounts(installation: ServerInstallation, socketPath: string): Promise<void> {
  const connection = await mysql.createConnection({ socketPath, user: 'root', password: '' });
  try {
    if (installation.program === 'mariadb') {
      // install-db may create anonymous accounts, which shadow named ones for some hosts, and
      // root@<this machine's hostname>, which would tie the template to one host.
      const [extra] = await connection.query<mysql.RowDataPacket[]>(
        "SELECT User, Host FROM mysql.user WHERE User = '' OR (User = 'root' AND Host NOT IN ('localhost', '127.0.0.1', '::1'))",
      );
      for (const row of extra) await connection.query('DROP USER ?@?', [row.User, row.Host]);
    }
    for (const statement of ACCOUNTS_SQL) await connection.query(statement);
  } finally {
    await connection.end();
  }
}
