import type { Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAlter } from '../../../src/shared/alter/parse-alter';
import { planAlter } from '../../../src/shared/alter/plan-alter';
import { planFactsOf } from '../../../src/main/services/alter/preflight';
import { readServerInfo } from '../../../src/main/db/read-server-info';
import { readTableFacts } from '../../../src/main/services/alter/read-table-facts';
import type { ServerInfo } from '../../../src/shared/server/server-info';
import { connectTo } from '../../servers/connect';
import { testServers, type ServerEndpoint } from '../../servers/provided';

/**
 * What the plan reads from InnoDB's own views (INNODB_TABLES, INNODB_SYS_TABLES), which write
 * names in the server's file-name encoding and list partitions one by one: the instant row
 * versions a table has used, and the hidden FTS_DOC_ID a FULLTEXT index leaves behind.
 */
const DB = 'sl-alter-innodb-names';
const servers = testServers();

describe.each([
  ['MySQL 9.7', servers.mysql],
  ['MariaDB 10.11', servers.mariadb],
  ['MariaDB 11.8', servers.mariadb118!],
] as Array<[string, ServerEndpoint]>)('InnoDB facts of a table on %s', (label, target) => {
  let conn: Connection;
  let server: ServerInfo;
  const mysql = label.startsWith('MySQL');

  beforeAll(async () => {
    conn = await connectTo(target);
    server = await readServerInfo(conn, false);
    await conn.query(`DROP DATABASE IF EXISTS \`${DB}\`; CREATE DATABASE \`${DB}\`; USE \`${DB}\`;
      CREATE TABLE \`order-items\` (id INT PRIMARY KEY, a INT) ENGINE=InnoDB;
      CREATE TABLE \`Order-Items\` (id INT PRIMARY KEY, a INT) ENGINE=InnoDB;
      CREATE TABLE parts (id INT PRIMARY KEY, a INT) ENGINE=InnoDB PARTITION BY HASH (id) PARTITIONS 2;
      CREATE TABLE \`ft was\` (id INT PRIMARY KEY, a INT, body TEXT, FULLTEXT KEY fb (body)) ENGINE=InnoDB;
      ALTER TABLE \`ft was\` DROP INDEX fb;
      CREATE TABLE ft_own (FTS_DOC_ID BIGINT UNSIGNED NOT NULL AUTO_INCREMENT, id INT PRIMARY KEY,
        body TEXT, UNIQUE KEY FTS_DOC_ID_INDEX (FTS_DOC_ID), FULLTEXT KEY fb (body)) ENGINE=InnoDB;
      ALTER TABLE ft_own DROP INDEX fb;`);
    if (mysql) {
      await conn.query(`ALTER TABLE \`order-items\` ADD COLUMN x INT, ALGORITHM=INSTANT;
        ALTER TABLE \`order-items\` ADD COLUMN y INT, ALGORITHM=INSTANT;
        ALTER TABLE parts ADD COLUMN x INT, ALGORITHM=INSTANT;`);
    }
  });
  afterAll(async () => {
    await conn?.query(`DROP DATABASE IF EXISTS \`${DB}\``);
    await conn?.end();
  });

  it('reads the row versions of a table whose name InnoDB encodes, and of a partitioned one', async () => {
    const facts = async (t: string) => (await readTableFacts(conn, server, DB, t)).rowVersions;
    // MariaDB has no row versions to read.
    expect(await facts('order-items')).toBe(mysql ? 2 : null);
    expect(await facts('Order-Items')).toBe(mysql ? 0 : null);
    expect(await facts('parts')).toBe(mysql ? 1 : null);
  });

  it('knows the hidden FTS_DOC_ID a dropped FULLTEXT index left, and plans ADD COLUMN as the server runs it', async () => {
    const ftWas = await readTableFacts(conn, server, DB, 'ft was');
    expect(ftWas.hiddenFtsDocId).toBe(true);
    // A table's own FTS_DOC_ID column is an ordinary column: instant ADD COLUMN stays.
    expect((await readTableFacts(conn, server, DB, 'ft_own')).hiddenFtsDocId).toBe(false);
    expect((await readTableFacts(conn, server, DB, 'order-items')).hiddenFtsDocId).toBe(false);

    const flavor = server.flavor === 'mariadb' ? 'mariadb' : 'mysql';
    const parsed = parseAlter('ALTER TABLE `ft was` ADD COLUMN x INT', flavor);
    if (!parsed.ok) throw new Error(parsed.error);
    const plan = planAlter(parsed.alter, server, planFactsOf(ftWas, true));
    expect([plan.algorithm, plan.lock, plan.proposedSql]).toEqual([
      'inplace-rebuild',
      'none',
      'ALTER TABLE `ft was` ALGORITHM=INPLACE, LOCK=NONE, ADD COLUMN x INT',
    ]);
    await conn.query(`USE \`${DB}\``);
    // The server refuses the instant ADD COLUMN the plan used to promise, and takes the proposal.
    await expect(
      conn.query('ALTER TABLE `ft was` ADD COLUMN x INT, ALGORITHM=INSTANT'),
    ).rejects.toMatchObject({ errno: 1845 });
    await conn.query(plan.proposedSql);
  });
});
