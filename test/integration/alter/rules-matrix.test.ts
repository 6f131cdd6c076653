import type { Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAlter } from '../../../src/shared/alter/parse-alter';
import { planAlter } from '../../../src/shared/alter/plan-alter';
import type { ServerInfo } from '../../../src/shared/server/server-info';
import { readServerInfo } from '../../../src/main/db/read-server-info';
import { readTableFacts } from '../../../src/main/services/alter/read-table-facts';
import { connectTo } from '../../servers/connect';
import { testServers, type ServerEndpoint } from '../../servers/provided';

/**
 * The rules table against the real servers: for each operation the plan predicts an algorithm
 * and a lock; the server must accept ALGORITHM=INSTANT exactly when the plan says instant,
 * NOCOPY (MariaDB) exactly when no rebuild, INPLACE exactly when no copy, LOCK=NONE exactly
 * when the plan says so - and the proposed statement must run, rebuilding the table (a new
 * InnoDB table id) exactly when the plan says rebuild or copy.
 */
const DB = 'sl_alter_matrix';
const BASE = `CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB;
INSERT INTO p VALUES (1), (2);
CREATE TABLE t (id INT PRIMARY KEY AUTO_INCREMENT, a INT NOT NULL DEFAULT 0, b VARCHAR(20), c INT,
  d VARCHAR(10) NULL, KEY ka (a), CONSTRAINT fk_c FOREIGN KEY (c) REFERENCES p (id))
  ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO t (a, b, c, d) VALUES (1, 'x', 1, 'y'), (2, 'z', 2, 'w');
CREATE TABLE tp (id INT PRIMARY KEY, v INT) PARTITION BY RANGE (id)
  (PARTITION p0 VALUES LESS THAN (100), PARTITION p1 VALUES LESS THAN (200));
INSERT INTO tp VALUES (1, 1), (150, 2);`;

const CASES: Array<[table: 't' | 'tp', clause: string]> = [
  ['t', 'ADD COLUMN x INT'],
  ['t', 'ADD COLUMN x INT FIRST'],
  ['t', 'ADD COLUMN x INT AFTER a'],
  ['t', 'DROP COLUMN b'],
  ['t', 'RENAME COLUMN b TO b2'],
  ['t', 'CHANGE COLUMN b b2 VARCHAR(20)'],
  ['t', "MODIFY COLUMN c INT COMMENT 'why'"],
  ['t', 'MODIFY COLUMN a BIGINT NOT NULL DEFAULT 0'],
  ['t', 'MODIFY COLUMN d VARCHAR(10) NOT NULL'],
  ['t', 'MODIFY COLUMN a INT NULL DEFAULT 0'],
  ['t', 'MODIFY COLUMN b VARCHAR(40)'],
  ['t', 'MODIFY COLUMN b VARCHAR(70)'],
  ['t', 'MODIFY COLUMN a INT NOT NULL DEFAULT 0 AFTER d'],
  ['t', 'ALTER COLUMN a SET DEFAULT 5'],
  ['t', 'ALTER COLUMN a DROP DEFAULT'],
  ['t', 'ADD INDEX kb (b)'],
  ['t', 'ADD UNIQUE INDEX ub (b)'],
  ['t', 'DROP INDEX ka'],
  ['t', 'RENAME INDEX ka TO ka2'],
  ['t', 'ADD FULLTEXT INDEX fb (b)'],
  ['t', 'DROP PRIMARY KEY, ADD PRIMARY KEY (id, a)'],
  ['t', 'ADD CONSTRAINT fk2 FOREIGN KEY (c) REFERENCES p (id)'],
  ['t', 'DROP FOREIGN KEY fk_c'],
  ['t', 'ADD CONSTRAINT ck CHECK (a >= 0)'],
  ['t', 'RENAME TO t2'],
  ['t', 'ENGINE=InnoDB'],
  ['t', 'ROW_FORMAT=COMPACT'],
  ['t', 'CONVERT TO CHARACTER SET latin1'],
  ['t', 'DEFAULT CHARSET=latin1'],
  ['t', 'FORCE'],
  ['t', "COMMENT='x'"],
  ['t', 'AUTO_INCREMENT=1000'],
  ['t', 'ADD COLUMN x INT, ADD INDEX kx (a)'],
  ['tp', 'ADD PARTITION (PARTITION p2 VALUES LESS THAN (300))'],
  ['tp', 'DROP PARTITION p1'],
  ['tp', 'TRUNCATE PARTITION p0'],
  [
    'tp',
    'REORGANIZE PARTITION p1 INTO (PARTITION p1a VALUES LESS THAN (150), PARTITION p1b VALUES LESS THAN (200))',
  ],
  ['tp', 'REMOVE PARTITIONING'],
  ['tp', 'PARTITION BY HASH (id) PARTITIONS 2'],
];

const servers = testServers();
const targets = [servers.mysql, servers.mariadb, servers.mariadb118].filter(
  (s): s is ServerEndpoint => s !== null,
);

for (const target of targets) {
  describe(`the ALTER rules table on ${target.kind} ${target.version}`, () => {
    let conn: Connection;
    let server: ServerInfo;

    beforeAll(async () => {
      conn = await connectTo(target);
      server = await readServerInfo(conn, false);
      await reset();
    });
    afterAll(async () => {
      await conn?.query(`DROP DATABASE IF EXISTS ${DB}`);
      await conn?.end();
    });

    async function reset(): Promise<void> {
      await conn.query(`DROP DATABASE IF EXISTS ${DB}; CREATE DATABASE ${DB}; USE ${DB}; ${BASE}`);
    }

    /** The server's answer: 'ok', or its error number; the tables are put back after a success. */
    async function attempt(sql: string): Promise<string> {
      try {
        await conn.query(sql);
      } catch (e) {
        return String((e as { errno?: number }).errno);
      }
      await reset();
      return 'ok';
    }

    async function tableId(table: string): Promise<string> {
      const view =
        server.flavor === 'mariadb'
          ? 'information_schema.INNODB_SYS_TABLES'
          : 'information_schema.INNODB_TABLES';
      const [rows] = await conn.query(`SELECT TABLE_ID FROM ${view} WHERE NAME = ?`, [
        `${DB}/${table}`,
      ]);
      return String((rows as Array<{ TABLE_ID: unknown }>)[0]?.TABLE_ID);
    }

    it('accepts exactly the algorithms and locks the plan predicts, and the proposed statement', async () => {
      const flavor = server.flavor === 'mariadb' ? 'mariadb' : 'mysql';
      const expected: string[] = [];
      const actual: string[] = [];
      for (const [table, clause] of CASES) {
        const parsed = parseAlter(`ALTER TABLE ${table} ${clause}`, flavor);
        if (!parsed.ok) throw new Error(parsed.error);
        const facts = await readTableFacts(conn, server, DB, table);
        await conn.query(`USE ${DB}`);
        const plan = planAlter(parsed.alter, server, {
          columns: facts.columns,
          engine: facts.engine,
          rowVersions: facts.rowVersions,
        });
        const partitioned = table === 'tp';
        const trailing = /^(REMOVE PARTITIONING|PARTITION BY)/.test(clause);
        const withAlgorithm = (c: string) =>
          partitioned
            ? `ALTER TABLE ${table} ${c}${trailing ? '' : ','} ${clause}`
            : `ALTER TABLE ${table} ${clause}, ${c}`;
        const label = `${clause} [${plan.algorithm}/${plan.lock}]`;
        const a = plan.algorithm;
        const noClause = partitioned && !trailing && !server.capabilities.alterPartitionClause;
        // MariaDB 10.11 takes any ALGORITHM when repartitioning, but copies (its plan says so).
        const unenforced = trailing && !server.capabilities.alterRepartitionChecksAlgorithm;
        if (unenforced) {
          expect(plan.clauseNote).toBe(
            'MariaDB accepts but does not enforce ALGORITHM=INSTANT or NOCOPY when repartitioning: it copies the table anyway.',
          );
        }
        const want = (ok: boolean, enforced = true) =>
          noClause ? '1064' : ok || !enforced ? 'ok' : 'refused';
        const got = (r: string) => (r === 'ok' || r === '1064' ? r : 'refused');

        expected.push(`${label} INSTANT ${want(a === 'instant', !unenforced)}`);
        actual.push(`${label} INSTANT ${got(await attempt(withAlgorithm('ALGORITHM=INSTANT')))}`);
        if (server.capabilities.alterNocopy) {
          expected.push(`${label} NOCOPY ${want(a === 'instant' || a === 'inplace', !unenforced)}`);
          actual.push(`${label} NOCOPY ${got(await attempt(withAlgorithm('ALGORITHM=NOCOPY')))}`);
        }
        expected.push(`${label} INPLACE ${want(a !== 'copy')}`);
        actual.push(`${label} INPLACE ${got(await attempt(withAlgorithm('ALGORITHM=INPLACE')))}`);
        if (a === 'inplace' || a === 'inplace-rebuild') {
          expected.push(`${label} INPLACE+LOCK=NONE ${want(plan.lock === 'none')}`);
          actual.push(
            `${label} INPLACE+LOCK=NONE ${got(await attempt(withAlgorithm('ALGORITHM=INPLACE, LOCK=NONE')))}`,
          );
        }
        // The proposed statement runs, and rebuilds the table exactly when the plan says so.
        const checkRebuild = !partitioned && !clause.startsWith('RENAME TO');
        const before = checkRebuild ? await tableId(table) : '';
        let proposed = 'ok';
        try {
          await conn.query(plan.proposedSql);
        } catch (e) {
          proposed = `${(e as { errno?: number }).errno}: ${plan.proposedSql}`;
        }
        expected.push(`${label} proposed ok`);
        actual.push(`${label} proposed ${proposed}`);
        if (checkRebuild && proposed === 'ok') {
          const rebuilt = (await tableId(table)) !== before;
          expected.push(`${label} rebuilt ${a === 'inplace-rebuild' || a === 'copy'}`);
          actual.push(`${label} rebuilt ${rebuilt}`);
        }
        if (proposed === 'ok') await reset();
      }
      // Every disagreement at once, as `expected → actual`.
      const mismatches = expected.flatMap((e, k) =>
        e === actual[k] ? [] : [`${e} → ${actual[k]}`],
      );
      expect(mismatches).toEqual([]);
      expect(actual.length).toBe(expected.length);
    });
  });
}
