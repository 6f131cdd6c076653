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
import { tableIdOf } from './table-id';

/**
 * The plan of a statement as written, ALGORITHM= included (the screen can run it so): run as
 * it is, the table is rebuilt (a new InnoDB table id) exactly when the plan says so.
 */
const DB = 'sl_alter_written';
const SETUP = `CREATE TABLE t (id INT PRIMARY KEY, a INT, b VARCHAR(20), e ENUM('x','y')) ENGINE=InnoDB;
INSERT INTO t VALUES (1, 1, 'x', 'x'), (2, 2, 'y', 'y')`;
const STATEMENTS = [
  'ALTER TABLE t ADD COLUMN x INT, ALGORITHM=INPLACE',
  'ALTER TABLE t DROP COLUMN b, ALGORITHM=INPLACE',
  'ALTER TABLE t ADD COLUMN x INT FIRST, ALGORITHM=INPLACE, LOCK=NONE',
  'ALTER TABLE t RENAME COLUMN a TO a2, ALGORITHM=INPLACE',
  "ALTER TABLE t MODIFY e ENUM('x','y','z'), ALGORITHM=INPLACE",
  'ALTER TABLE t ADD COLUMN x INT, ALGORITHM=DEFAULT',
];
const servers = testServers();

describe.each([
  ['MySQL 9.7', servers.mysql],
  ['MariaDB 10.11', servers.mariadb],
  ['MariaDB 11.8', servers.mariadb118!],
] as Array<[string, ServerEndpoint]>)('ALGORITHM= as written on %s', (_label, target) => {
  let conn: Connection;
  let server: ServerInfo;

  beforeAll(async () => {
    conn = await connectTo(target);
    server = await readServerInfo(conn, false);
  });
  afterAll(async () => {
    await conn?.query(`DROP DATABASE IF EXISTS ${DB}`);
    await conn?.end();
  });

  it('rebuilds the table exactly when the plan of the written statement says so', async () => {
    const tableId = () => tableIdOf(conn, server, DB, 't');
    const expected: string[] = [];
    const actual: string[] = [];
    for (const sql of STATEMENTS) {
      await conn.query(`DROP DATABASE IF EXISTS ${DB}; CREATE DATABASE ${DB}; USE ${DB}; ${SETUP}`);
      const parsed = parseAlter(sql, server.flavor === 'mariadb' ? 'mariadb' : 'mysql');
      if (!parsed.ok) throw new Error(parsed.error);
      const facts = await readTableFacts(conn, server, DB, 't');
      await conn.query(`USE ${DB}`);
      const plan = planAlter(parsed.alter, server, planFactsOf(facts, true));
      const before = await tableId();
      await conn.query(sql);
      const rebuilt = (await tableId()) !== before;
      expected.push(`${sql} [${plan.algorithm}] rebuilt ${plan.algorithm === 'inplace-rebuild'}`);
      actual.push(`${sql} [${plan.algorithm}] rebuilt ${rebuilt}`);
    }
    expect(actual).toEqual(expected);
  });
});
