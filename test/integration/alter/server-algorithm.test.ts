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
 * A server setting that imposes an algorithm on ALTERs naming none (MySQL old_alter_table=ON,
 * MariaDB alter_algorithm): the plan of the statement as written says what the server then does
 * (a rebuild, a new InnoDB table id, exactly when it says so; a refusal when it says so), where
 * it used to promise INSTANT. Set per session here, as a DBA's my.cnf sets it for all.
 */
const DB = 'sl_alter_server_algorithm';
const SETUP = `CREATE TABLE t (id INT PRIMARY KEY, a INT, b VARCHAR(20)) ENGINE=InnoDB;
INSERT INTO t VALUES (1, 1, 'x'), (2, 2, 'y')`;
const servers = testServers();

describe.each([
  ['MySQL 9.7', servers.mysql],
  ['MariaDB 10.11', servers.mariadb],
  ['MariaDB 11.8', servers.mariadb118!],
  ['MariaDB 10.5', servers.mariadb105!],
] as Array<[string, ServerEndpoint]>)('server-imposed ALTER algorithm on %s', (_label, target) => {
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

  /** Plans `sql` under `setting`, runs it, and says both in one line for comparing. */
  async function planAndRun(setting: string, sql: string) {
    await conn.query(`DROP DATABASE IF EXISTS ${DB}; CREATE DATABASE ${DB}; USE ${DB}; ${SETUP}`);
    await conn.query(setting);
    const parsed = parseAlter(sql, server.flavor === 'mariadb' ? 'mariadb' : 'mysql');
    if (!parsed.ok) throw new Error(parsed.error);
    const facts = await readTableFacts(conn, server, DB, 't');
    await conn.query(`USE ${DB}`);
    const plan = planAlter(parsed.alter, server, planFactsOf(facts, true));
    const tableId = () => tableIdOf(conn, server, DB, 't');
    const before = await tableId();
    let outcome: string;
    try {
      await conn.query(sql);
      outcome = (await tableId()) !== before ? 'rebuilt' : 'kept';
    } catch (e) {
      outcome = `refused ${(e as { errno?: number }).errno}`;
    }
    const refuses = plan.risks.some((r) => /the server will refuse it/.test(r.text));
    const said = refuses
      ? 'refused'
      : plan.algorithm === 'copy' || plan.algorithm === 'inplace-rebuild'
        ? 'rebuilt'
        : 'kept';
    return { plan, said, outcome: outcome.startsWith('refused') ? 'refused' : outcome };
  }

  it('plans a statement without ALGORITHM= as the setting makes the server run it', async () => {
    const mysql = server.flavor !== 'mariadb';
    const copyAll = mysql
      ? 'SET SESSION old_alter_table = ON'
      : "SET SESSION alter_algorithm = 'COPY'";
    const none = mysql
      ? 'SET SESSION old_alter_table = OFF'
      : "SET SESSION alter_algorithm = 'DEFAULT'";
    const cases: Array<[string, string]> = [
      [copyAll, 'ALTER TABLE t ADD COLUMN x INT'],
      [copyAll, 'ALTER TABLE t ADD COLUMN x INT, ALGORITHM=DEFAULT'],
      [copyAll, 'ALTER TABLE t ADD COLUMN x INT, ALGORITHM=INSTANT'],
      [copyAll, 'ALTER TABLE t ADD INDEX (a)'],
      [none, 'ALTER TABLE t ADD COLUMN x INT'],
    ];
    if (!mysql) {
      cases.push([copyAll, 'ALTER TABLE t ADD INDEX (a), ALGORITHM=NOCOPY']);
      cases.push([copyAll, 'ALTER TABLE t ADD COLUMN x INT, ALGORITHM=INPLACE']);
      cases.push(["SET SESSION alter_algorithm = 'INSTANT'", 'ALTER TABLE t MODIFY a BIGINT']);
      cases.push(["SET SESSION alter_algorithm = 'NOCOPY'", 'ALTER TABLE t ADD COLUMN x INT']);
    }
    const expected: string[] = [];
    const actual: string[] = [];
    for (const [setting, sql] of cases) {
      const { said, outcome } = await planAndRun(setting, sql);
      expected.push(`${setting}; ${sql}: ${said}`);
      actual.push(`${setting}; ${sql}: ${outcome}`);
    }
    await conn.query(none);
    expect(actual).toEqual(expected);
  });

  it('names the setting, and proposes the statement with its algorithm written', async () => {
    const mysql = server.flavor !== 'mariadb';
    const set = mysql ? 'SET SESSION old_alter_table = ON' : "SET SESSION alter_algorithm = 'COPY'";
    const { plan } = await planAndRun(set, 'ALTER TABLE t ADD COLUMN x INT');
    // MariaDB 11.x says it ignores the variable (warning 4200): nothing to name there.
    const [warnings] = await conn.query(`${set}; SHOW WARNINGS`);
    const ignored = JSON.stringify(warnings).includes('"Code":4200');
    if (ignored) {
      expect(plan.algorithm).toBe('instant');
      expect(plan.risks.map((r) => r.text).join(' ')).not.toContain('alter_algorithm');
      expect(plan.clause).toBe('ALGORITHM=INSTANT');
    } else {
      const setting = mysql ? 'old_alter_table=ON' : 'alter_algorithm=COPY';
      expect(plan.algorithm).toBe('copy');
      expect(plan.risks).toContainEqual({
        severity: 'danger',
        text: `The statement names no ALGORITHM=, so the server's ${setting} applies: the table is copied while writes wait, where instant would do (the proposed statement, which names its algorithm).`,
      });
      // MariaDB 10.x copies a written ALGORITHM=INSTANT under alter_algorithm=COPY too.
      expect(plan.clause).toBe(mysql ? 'ALGORITHM=INSTANT' : 'ALGORITHM=INPLACE');
    }
    const { plan: proposed, outcome } = await planAndRun(set, plan.proposedSql);
    expect(proposed.algorithm).toBe('instant');
    expect(outcome).toBe('kept');
    await conn.query(
      mysql ? 'SET SESSION old_alter_table = OFF' : "SET SESSION alter_algorithm = 'DEFAULT'",
    );
  });
});
