// The test-server machinery itself, checked against the real servers it starts: versions and
// settings of the shared servers, logins, GTID replication and errant transactions, restarts,
// and that nothing is left behind.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { queryRow, withConnection } from '../servers/connect';
import { TEST_USER } from '../servers/data-dir-template';
import { useDedicatedServer, useTopology } from '../servers/dedicated-servers';
import { startServer } from '../servers/instance';
import { testServers } from '../servers/provided';
import { waitForCatchUp } from '../servers/replication';

const servers = testServers();
// Account facts hold for servers started here, not for ones given by SIGHTLINE_TEST_*_URL.
const localMySql = servers.mysql.socket !== null;
const localMariaDb = servers.mariadb.socket !== null;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `@@gtid_executed` without the line breaks MySQL puts after each comma. */
const gtidExecuted = async (target: Parameters<typeof withConnection>[0]) =>
  withConnection(target, async (c) =>
    String((await queryRow(c, 'SELECT @@GLOBAL.gtid_executed AS g')).g).replace(/\n/g, ''),
  );

describe('shared MySQL 9.7', () => {
  it('is MySQL 9.7 on loopback with binlog, GTIDs and performance_schema on', async () => {
    const row = await withConnection(servers.mysql, (c) =>
      queryRow(
        c,
        `SELECT VERSION() AS version, @@version_comment AS comment, @@gtid_mode AS gtidMode,
                @@enforce_gtid_consistency AS enforce, @@log_bin AS logBin, @@performance_schema AS ps,
                @@bind_address AS bind, @@port AS port, @@server_uuid AS uuid, @@secure_file_priv AS filePriv,
                (SELECT PLUGIN_STATUS FROM information_schema.PLUGINS WHERE PLUGIN_NAME = 'mysqlx') AS mysqlx`,
      ),
    );
    expect(row.version).toMatch(/^9\.7\.\d+/);
    expect(servers.mysql.version).toBe(row.version);
    expect(row.comment).not.toMatch(/mariadb/i);
    expect(row.comment).toMatch(/\S/);
    expect(row).toMatchObject({
      gtidMode: 'ON',
      enforce: 'ON',
      logBin: 1,
      ps: 1,
      bind: '127.0.0.1',
      port: servers.mysql.port,
      filePriv: '',
      mysqlx: 'DISABLED',
    });
    expect(row.uuid).toMatch(UUID);
    expect(servers.mysql.kind).toBe('mysql');
    if (localMySql) {
      expect(servers.mysql).toMatchObject({
        host: '127.0.0.1',
        user: 'root',
        password: '',
      });
    }
  });

  it.skipIf(!localMySql)(
    'lets root in without a password over plain TCP, and the sightline account with and without TLS',
    async () => {
      const root = await withConnection(servers.mysql, (c) =>
        queryRow(
          c,
          "SELECT CURRENT_USER() AS who, (SELECT VARIABLE_VALUE FROM performance_schema.session_status WHERE VARIABLE_NAME = 'Ssl_cipher') AS cipher",
        ),
      );
      expect(root).toEqual({ who: 'root@%', cipher: '' });

      const plugin = await withConnection(servers.mysql, (c) =>
        queryRow(c, "SELECT plugin FROM mysql.user WHERE user = 'sightline'"),
      );
      expect(plugin.plugin).toBe('caching_sha2_password');

      const login = { ...servers.mysql, ...TEST_USER };
      const sessionQuery =
        "SELECT CURRENT_USER() AS who, (SELECT VARIABLE_VALUE FROM performance_schema.session_status WHERE VARIABLE_NAME = 'Ssl_cipher') AS cipher";
      const overTls = await withConnection(login, (c) => queryRow(c, sessionQuery), {
        ssl: { rejectUnauthorized: false },
      });
      expect(overTls.who).toBe('sightline@%');
      expect(overTls.cipher).toMatch(/^TLS_/);
      const plain = await withConnection(login, (c) => queryRow(c, sessionQuery));
      expect(plain).toEqual({ who: 'sightline@%', cipher: '' });
    },
  );

  it.skipIf(!localMySql)(
    'completes a caching_sha2 full authentication without TLS (mysql2 fetches the server key)',
    async () => {
      // A new account has nothing in the server's auth cache, so this login takes the full path.
      const user = `rsa_${process.pid}`;
      await withConnection(servers.mysql, (c) =>
        c.query(`CREATE USER '${user}'@'%' IDENTIFIED BY 'secret-1'`),
      );
      try {
        const who = await withConnection({ ...servers.mysql, user, password: 'secret-1' }, (c) =>
          queryRow(c, 'SELECT CURRENT_USER() AS who'),
        );
        expect(who.who).toBe(`${user}@%`);
        await expect(
          withConnection({ ...servers.mysql, user, password: 'wrong' }, (c) => c.query('SELECT 1')),
        ).rejects.toThrow(/Access denied/);
      } finally {
        await withConnection(servers.mysql, (c) => c.query(`DROP USER '${user}'@'%'`));
      }
    },
  );
});

describe('shared MariaDB 10.11', () => {
  it('is MariaDB 10.11 on loopback with binlog and performance_schema on', async () => {
    const row = await withConnection(servers.mariadb, (c) =>
      queryRow(
        c,
        `SELECT VERSION() AS version, @@log_bin AS logBin, @@performance_schema AS ps, @@bind_address AS bind,
                @@port AS port, @@log_slave_updates AS logReplicaUpdates, @@gtid_domain_id AS domain,
                CURRENT_USER() AS who`,
      ),
    );
    expect(row.version).toMatch(/^10\.11\.\d+-MariaDB/);
    expect(servers.mariadb.version).toBe(row.version);
    expect(row).toMatchObject({
      logBin: 1,
      ps: 1,
      bind: '127.0.0.1',
      port: servers.mariadb.port,
      logReplicaUpdates: 1,
      domain: 0,
    });
    // install-db's root@127.0.0.1 is more specific than the root@'%' added for other TCP clients.
    if (localMariaDb) expect(row.who).toBe('root@127.0.0.1');
  });

  it.skipIf(!localMariaDb)('lets the sightline account in with its password', async () => {
    const row = await withConnection({ ...servers.mariadb, ...TEST_USER }, (c) =>
      queryRow(
        c,
        "SELECT CURRENT_USER() AS who, (SELECT plugin FROM mysql.user WHERE user = 'sightline') AS plugin",
      ),
    );
    expect(row).toEqual({ who: 'sightline@%', plugin: 'mysql_native_password' });
  });
});

describe.skipIf(!servers.mariadb118)('shared MariaDB 11.8', () => {
  it('is MariaDB 11.8 with binlog and performance_schema on', async () => {
    const endpoint = servers.mariadb118!;
    const row = await withConnection(endpoint, (c) =>
      queryRow(c, 'SELECT VERSION() AS version, @@log_bin AS logBin, @@performance_schema AS ps'),
    );
    expect(row.version).toMatch(/^11\.8\.\d+-MariaDB/);
    expect(row).toMatchObject({ logBin: 1, ps: 1 });
  });
});

describe.skipIf(!servers.mariadb105)('shared MariaDB 10.5', () => {
  it('is MariaDB 10.5, unpacked from bullseye, with binlog on', async () => {
    const endpoint = servers.mariadb105!;
    const row = await withConnection(endpoint, (c) =>
      queryRow(
        c,
        'SELECT VERSION() AS version, @@log_bin AS logBin, @@innodb_instant_alter_column_allowed AS instant',
      ),
    );
    expect(row.version).toMatch(/^10\.5\.\d+-MariaDB/);
    expect(row).toMatchObject({ logBin: 1, instant: 'add_drop_reorder' });
  });
});

describe('MySQL source with one replica', () => {
  const topology = useTopology('mysql', 1);
  const uuidOf = (target: Parameters<typeof withConnection>[0]) =>
    withConnection(target, async (c) => String((await queryRow(c, 'SELECT @@server_uuid AS u')).u));

  it('replicates a row, with identical GTID sets on both sides', async () => {
    const { source, replicas } = topology();
    const replica = replicas[0]!;
    await withConnection(source, (c) =>
      c.query(
        "CREATE DATABASE repl_check; CREATE TABLE repl_check.t (id INT PRIMARY KEY, note VARCHAR(20)); INSERT INTO repl_check.t VALUES (1, 'from source')",
      ),
    );
    await waitForCatchUp(source, replica);
    const [rows] = await withConnection(replica, (c) =>
      c.query('SELECT id, note FROM repl_check.t'),
    );
    expect(rows).toEqual([{ id: 1, note: 'from source' }]);
    const sourceUuid = await uuidOf(source);
    // Two probe transactions from startTopology, then the three statements above.
    expect(await gtidExecuted(source)).toBe(`${sourceUuid}:1-5`);
    expect(await gtidExecuted(replica)).toBe(`${sourceUuid}:1-5`);
  });

  it('turns a write made on the replica into an errant transaction under the replica uuid', async () => {
    const { source, replicas } = topology();
    const replica = replicas[0]!;
    const [sourceUuid, replicaUuid] = [await uuidOf(source), await uuidOf(replica)];
    expect(replicaUuid).not.toBe(sourceUuid);
    await withConnection(replica, (c) => c.query("INSERT INTO repl_check.t VALUES (2, 'errant')"));
    // MySQL prints a GTID set ordered by uuid.
    const expected = [`${sourceUuid}:1-5`, `${replicaUuid}:1`].sort().join(',');
    expect(await gtidExecuted(replica)).toBe(expected);
    expect(await gtidExecuted(source)).toBe(`${sourceUuid}:1-5`);
  });
});

describe('MariaDB source with one replica', () => {
  const topology = useTopology('mariadb', 1);
  const positions = (target: Parameters<typeof withConnection>[0]) =>
    withConnection(target, (c) =>
      queryRow(
        c,
        'SELECT @@gtid_binlog_pos AS binlog, @@gtid_slave_pos AS applied, @@gtid_current_pos AS current, @@server_id AS id',
      ),
    );

  it('replicates a row, with the same GTID position on both sides', async () => {
    const { source, replicas } = topology();
    const replica = replicas[0]!;
    await withConnection(source, (c) =>
      c.query(
        "CREATE DATABASE repl_check; CREATE TABLE repl_check.t (id INT PRIMARY KEY, note VARCHAR(20)); INSERT INTO repl_check.t VALUES (1, 'from source')",
      ),
    );
    await waitForCatchUp(source, replica);
    const [rows] = await withConnection(replica, (c) =>
      c.query('SELECT id, note FROM repl_check.t'),
    );
    expect(rows).toEqual([{ id: 1, note: 'from source' }]);
    expect(await positions(source)).toEqual({
      binlog: '0-1-5',
      applied: '',
      current: '0-1-5',
      id: 1,
    });
    expect(await positions(replica)).toEqual({
      binlog: '0-1-5',
      applied: '0-1-5',
      current: '0-1-5',
      id: 2,
    });
  });

  it('logs a write made on the replica under the replica server_id (errant transaction)', async () => {
    const { source, replicas } = topology();
    const replica = replicas[0]!;
    await withConnection(replica, (c) => c.query("INSERT INTO repl_check.t VALUES (2, 'errant')"));
    expect(await positions(replica)).toEqual({
      binlog: '0-2-6',
      applied: '0-1-5',
      current: '0-2-6',
      id: 2,
    });
    expect(await positions(source)).toEqual({
      binlog: '0-1-5',
      applied: '',
      current: '0-1-5',
      id: 1,
    });
  });
});

describe.each(['mysql', 'mariadb'] as const)('a dedicated %s server', (kind) => {
  const server = useDedicatedServer(kind);
  const refused = /ECONNREFUSED/;

  it('keeps its port and data across stop/start and kill/start', async () => {
    const s = server();
    const port = s.port;
    await withConnection(s, (c) =>
      c.query(
        'CREATE DATABASE keep; CREATE TABLE keep.t (id INT PRIMARY KEY); INSERT INTO keep.t VALUES (7)',
      ),
    );
    const count = () =>
      withConnection(s, async (c) =>
        Number((await queryRow(c, 'SELECT COUNT(*) AS n FROM keep.t WHERE id = 7')).n),
      );

    await s.stop();
    expect(s.running).toBe(false);
    await expect(count()).rejects.toThrow(refused);
    await s.start();
    expect(s.port).toBe(port);
    expect(await count()).toBe(1);

    await s.kill();
    await expect(count()).rejects.toThrow(refused);
    await s.start();
    expect(await count()).toBe(1);
  });
});

describe('clean-up', () => {
  it('destroy stops the server and removes its directory', async () => {
    const s = await startServer('mariadb', { name: 'destroy-check' });
    expect(existsSync(s.dataDir)).toBe(true);
    await s.destroy();
    expect(s.running).toBe(false);
    expect(existsSync(s.workDir)).toBe(false);
    await s.destroy(); // idempotent
  });

  it('removes the server of a process killed with SIGKILL (orphan watchdog)', async () => {
    const instanceModule = fileURLToPath(new URL('../servers/instance.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { startServer } = await import(${JSON.stringify(instanceModule)});
         const { readFileSync } = await import('node:fs');
         const s = await startServer('mariadb', { name: 'orphan-check' });
         console.log(JSON.stringify({ workDir: s.workDir, pid: Number(readFileSync(s.workDir + '/spawned.pid', 'utf8')) }));
         setInterval(() => {}, 1000);`,
      ],
      {
        stdio: ['ignore', 'pipe', 'ignore'],
        env: { ...process.env, SIGHTLINE_TEST_SERVERS_QUIET: '1' },
      },
    );
    const started = await new Promise<{ workDir: string; pid: number }>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const line = output.split('\n').find((candidate) => candidate.startsWith('{'));
        if (line) resolve(JSON.parse(line) as { workDir: string; pid: number });
      });
      child.on('exit', (code) =>
        reject(new Error(`child exited (${code}) before starting its server`)),
      );
    });
    expect(processExists(started.pid)).toBe(true);
    child.kill('SIGKILL');
    const deadline = Date.now() + 20_000;
    while ((processExists(started.pid) || existsSync(started.workDir)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(processExists(started.pid)).toBe(false);
    expect(existsSync(started.workDir)).toBe(false);
  });
});

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
