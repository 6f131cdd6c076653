import { writeFileSync } from 'node:fs';
import type { Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAlter } from '../../../src/shared/alter/parse-alter';
import type { AlterAlgorithm, AlterLock } from '../../../src/shared/alter/alter-rules';
import { planAlter } from '../../../src/shared/alter/plan-alter';
import type { TableFactsDto } from '../../../src/shared/api/alter';
import { planFactsOf } from '../../../src/main/services/alter/preflight';
import type { ServerInfo } from '../../../src/shared/server/server-info';
import { readServerInfo } from '../../../src/main/db/read-server-info';
import { readTableFacts } from '../../../src/main/services/alter/read-table-facts';
import { connectTo, withConnection } from '../../servers/connect';
import { testServers, type ServerEndpoint } from '../../servers/provided';
import { COMMON_OPS, distinctOperations, SHAPES, type Shape } from './rules-matrix-cases';
import {
  judge,
  PARTITION_OP,
  TRAILING_OP,
  type ServerAnswer,
  type Verdict,
} from './rules-matrix-judge';

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
const targets = [servers.mysql, servers.mariadb, servers.mariadb118, servers.mariadb105].filter(
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
        // Read from the server: its default on MariaDB (MySQL has no such variable).
        expect(facts.instantAlterColumnAllowed).toBe(
          server.flavor === 'mariadb' ? 'add_drop_reorder' : null,
        );
        expect(facts.innodbPageSize).toBe(16384);
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

        // "Unknown" promises nothing (the plan proposes no clause): only its statement must run.
        const known = plan.certainty === 'known';
        if (known) expected.push(`${label} INSTANT ${want(a === 'instant', !unenforced)}`);
        if (known) {
          actual.push(`${label} INSTANT ${got(await attempt(withAlgorithm('ALGORITHM=INSTANT')))}`);
        }
        if (known && server.capabilities.alterNocopy) {
          expected.push(`${label} NOCOPY ${want(a === 'instant' || a === 'inplace', !unenforced)}`);
          actual.push(`${label} NOCOPY ${got(await attempt(withAlgorithm('ALGORITHM=NOCOPY')))}`);
        }
        if (known) {
          expected.push(`${label} INPLACE ${want(a !== 'copy')}`);
          actual.push(`${label} INPLACE ${got(await attempt(withAlgorithm('ALGORITHM=INPLACE')))}`);
        }
        if (known && (a === 'inplace' || a === 'inplace-rebuild')) {
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
        if (known && checkRebuild && proposed === 'ok') {
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

/**
 * Refusals that depend on foreign keys and the AUTO_INCREMENT column: a type change of a column
 * a foreign key uses (either side, with foreign_key_checks on and off), and a generated column
 * over the AUTO_INCREMENT column. The plan, made from the live table's facts, must say "refused"
 * exactly when the server refuses, with the server's error number in its reason.
 */
const FK_DB = 'sl_alter_fk_refusals';
const FK_SETUP = `CREATE TABLE customers (id INT UNSIGNED PRIMARY KEY, code VARCHAR(20) NOT NULL,
  n INT NOT NULL, wide VARCHAR(70) NOT NULL, UNIQUE KEY uc (code), UNIQUE KEY un (n),
  UNIQUE KEY uw (wide)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO customers VALUES (1, 'a', 1, 'a'), (2, 'b', 2, 'b');
CREATE TABLE orders (id INT PRIMARY KEY AUTO_INCREMENT, customer_id INT UNSIGNED NOT NULL,
  code VARCHAR(20), n INT, m INT, wide VARCHAR(70),
  CONSTRAINT fk_cust FOREIGN KEY (customer_id) REFERENCES customers (id),
  CONSTRAINT fk_code FOREIGN KEY (code) REFERENCES customers (code),
  CONSTRAINT fk_n FOREIGN KEY (n) REFERENCES customers (n),
  CONSTRAINT fk_wide FOREIGN KEY (wide) REFERENCES customers (wide))
  ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO orders (customer_id, code, n, m, wide) VALUES (1, 'a', 1, 1, 'a'), (2, 'b', 2, 2, 'b')`;

const FK_CASES: ReadonlyArray<readonly [table: string, clause: string]> = [
  ['orders', 'MODIFY customer_id BIGINT UNSIGNED NOT NULL'],
  ['orders', 'MODIFY customer_id INT NOT NULL'],
  ['orders', 'MODIFY customer_id MEDIUMINT UNSIGNED NOT NULL'],
  ['orders', 'CHANGE customer_id cid BIGINT UNSIGNED NOT NULL'],
  ['orders', 'MODIFY customer_id INT UNSIGNED NULL'],
  ['orders', "MODIFY customer_id INT UNSIGNED NOT NULL COMMENT 'x'"],
  ['orders', 'MODIFY customer_id INT UNSIGNED NOT NULL DEFAULT 1'],
  ['orders', 'CHANGE customer_id cid INT UNSIGNED NOT NULL'],
  ['orders', 'MODIFY customer_id INT UNSIGNED NOT NULL FIRST'],
  ['orders', 'MODIFY code VARCHAR(40)'],
  ['orders', 'MODIFY code VARCHAR(100)'],
  ['orders', 'MODIFY code VARCHAR(10)'],
  ['orders', 'MODIFY code CHAR(20)'],
  ['orders', 'MODIFY code VARCHAR(20) CHARACTER SET latin1'],
  ['orders', 'MODIFY code VARCHAR(20) COLLATE utf8mb4_bin'],
  ['orders', 'MODIFY code VARCHAR(20) NOT NULL'],
  // both lengths past 255 bytes: the length prefix keeps its size
  ['orders', 'MODIFY wide VARCHAR(100)'],
  ['orders', 'MODIFY n BIGINT'],
  ['orders', 'MODIFY n INT UNSIGNED'],
  ['orders', 'MODIFY n INT NOT NULL'],
  ['orders', 'MODIFY m BIGINT'],
  ['customers', 'MODIFY id BIGINT UNSIGNED NOT NULL'],
  ['customers', 'MODIFY id INT NOT NULL'],
  ['customers', "MODIFY id INT UNSIGNED NOT NULL COMMENT 'x'"],
  ['customers', 'MODIFY id INT UNSIGNED NOT NULL DEFAULT 5'],
  ['customers', 'CHANGE id cid INT UNSIGNED NOT NULL'],
  ['customers', 'MODIFY code VARCHAR(40) NOT NULL'],
  ['customers', 'MODIFY code VARCHAR(100) NOT NULL'],
  ['customers', 'MODIFY code VARCHAR(10) NOT NULL'],
  ['customers', 'MODIFY code VARCHAR(20) NULL'],
  ['customers', 'MODIFY wide VARCHAR(100) NOT NULL'],
  ['customers', 'MODIFY code VARCHAR(20) NOT NULL COLLATE utf8mb4_bin'],
  ['customers', 'MODIFY n BIGINT NOT NULL'],
  ['customers', 'MODIFY n INT NULL'],
  ['orders', 'ADD COLUMN g INT AS (id * 2) VIRTUAL'],
  ['orders', 'ADD COLUMN g INT AS (id * 2) STORED'],
  ['orders', 'ADD COLUMN g INT AS (customer_id * 2) VIRTUAL'],
];

/**
 * Dropping or renaming a column that a generated column, a CHECK constraint or a UNIQUE key of
 * several columns uses (with foreign_key_checks on only: no foreign key here).
 */
const USE_SETUP = `CREATE TABLE t (id INT PRIMARY KEY, a INT, b INT, c INT, d INT, e INT, p INT, q INT,
  g INT AS (a + 1) VIRTUAL, gs INT AS (b * 2) STORED, UNIQUE KEY upq (p, q),
  CONSTRAINT ck_cd CHECK (c < d), CONSTRAINT ck_e CHECK (e > 0)) ENGINE=InnoDB;
INSERT INTO t (id, a, b, c, d, e, p, q) VALUES (1, 1, 1, 1, 2, 1, 1, 1), (2, 2, 2, 1, 2, 1, 1, 2)`;

const USE_CASES: ReadonlyArray<readonly [table: string, clause: string]> = [
  ['t', 'DROP COLUMN a'],
  ['t', 'DROP COLUMN b'],
  ['t', 'DROP COLUMN a, DROP COLUMN g'],
  ['t', 'CHANGE COLUMN a a2 INT'],
  ['t', 'DROP COLUMN c'],
  ['t', 'DROP COLUMN c, DROP CONSTRAINT ck_cd'],
  ['t', 'RENAME COLUMN d TO d2'],
  ['t', 'CHANGE COLUMN d d2 INT'],
  ['t', 'DROP COLUMN e'],
  ['t', 'RENAME COLUMN e TO e2'],
  ['t', 'DROP COLUMN p'],
  ['t', 'DROP COLUMN p, DROP INDEX upq'],
  ['t', 'ALTER CHECK ck_cd NOT ENFORCED'],
];

/** MySQL: a functional key part and a DEFAULT expression that use columns. */
const EXPRESSION_SETUP = `CREATE TABLE t (id INT PRIMARY KEY, a INT, b INT, c INT DEFAULT (b + 1),
  KEY kf ((a + 1))) ENGINE=InnoDB;
INSERT INTO t (id, a, b) VALUES (1, 1, 1)`;

const EXPRESSION_CASES: ReadonlyArray<readonly [table: string, clause: string]> = [
  ['t', 'DROP COLUMN a'],
  ['t', 'RENAME COLUMN a TO a2'],
  ['t', 'DROP COLUMN a, DROP INDEX kf'],
  ['t', 'DROP COLUMN b'],
  ['t', 'CHANGE COLUMN b b2 INT'],
  ['t', 'DROP COLUMN b, DROP COLUMN c'],
];

/**
 * The keys an AUTO_INCREMENT column needs: one starting with it must stay, and it must be the only
 * AUTO_INCREMENT column (both error 1075); and
 * FULLTEXT indexes, on text columns only (error 1283).
 */
const AUTO_INCREMENT_KEY_SETUP = `CREATE TABLE a (id INT NOT NULL AUTO_INCREMENT, x INT,
  KEY k_id (id), KEY k_x (x)) ENGINE=InnoDB;
CREATE TABLE b (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, x INT) ENGINE=InnoDB;
CREATE TABLE c (id INT NOT NULL AUTO_INCREMENT, x INT, KEY k_id (id), KEY k_idx (id, x))
  ENGINE=InnoDB;
CREATE TABLE d (id INT PRIMARY KEY, t TEXT, v VARCHAR(40), n DECIMAL(9, 2)) ENGINE=InnoDB`;

const AUTO_INCREMENT_KEY_CASES: ReadonlyArray<readonly [table: string, clause: string]> = [
  ['a', 'DROP INDEX k_id'],
  ['a', 'DROP INDEX k_x'],
  ['a', 'DROP INDEX k_id, ADD INDEX k_id2 (id, x)'],
  ['a', 'DROP INDEX k_id, ADD UNIQUE KEY u (`id`)'],
  ['b', 'DROP PRIMARY KEY'],
  ['b', 'DROP PRIMARY KEY, ADD KEY k (id)'],
  ['c', 'DROP INDEX k_id'],
  ['c', 'DROP INDEX k_id, DROP INDEX k_idx'],
  // Only one AUTO_INCREMENT column (error 1075), unless the statement releases the other.
  ['a', 'MODIFY x INT NOT NULL AUTO_INCREMENT'],
  ['a', 'CHANGE x x2 INT NOT NULL AUTO_INCREMENT'],
  ['a', 'ADD COLUMN m INT AUTO_INCREMENT UNIQUE'],
  ['a', "ADD COLUMN m INT COMMENT 'AUTO_INCREMENT'"],
  ['a', 'MODIFY id INT NOT NULL, MODIFY x INT NOT NULL AUTO_INCREMENT'],
  ['a', 'DROP COLUMN id, MODIFY x INT NOT NULL AUTO_INCREMENT'],
  ['a', 'MODIFY id BIGINT NOT NULL AUTO_INCREMENT'],
  // FULLTEXT takes text columns only (error 1283).
  ['a', 'ADD FULLTEXT INDEX ft (x)'],
  ['d', 'ADD FULLTEXT INDEX ft (t, n)'],
  ['d', 'ADD FULLTEXT INDEX ft (t, v)'],
];

/**
 * A second primary key (error 1068 on every server): the table's own, explicit or (MySQL) the
 * generated invisible one, refuses another unless the statement drops it.
 */
const PRIMARY_KEY_SETUP = `CREATE TABLE a (id INT PRIMARY KEY, x INT NOT NULL) ENGINE=InnoDB;
CREATE TABLE b (id INT NOT NULL, x INT NOT NULL) ENGINE=InnoDB;
INSERT INTO a VALUES (1, 1), (2, 2); INSERT INTO b VALUES (1, 1), (2, 2)`;

const PRIMARY_KEY_CASES: ReadonlyArray<readonly [table: string, clause: string]> = [
  ['a', 'ADD PRIMARY KEY (x)'],
  ['a', 'MODIFY x INT NOT NULL PRIMARY KEY'],
  ['a', 'MODIFY id INT KEY'],
  ['a', 'ADD COLUMN y INT NOT NULL PRIMARY KEY'],
  ['a', 'DROP PRIMARY KEY, ADD PRIMARY KEY (id, x)'],
  ['a', 'ADD PRIMARY KEY (x), DROP PRIMARY KEY'],
  ['a', 'ADD UNIQUE KEY ux (x)'],
  ['b', 'ADD PRIMARY KEY (x)'],
  ['b', 'MODIFY x INT NOT NULL PRIMARY KEY'],
  ['b', 'ADD PRIMARY KEY (x), ADD PRIMARY KEY (id)'],
];

/** MySQL's generated invisible primary key (sql_generate_invisible_primary_key). */
const GIPK_SETUP = `SET SESSION sql_generate_invisible_primary_key = ON;
CREATE TABLE g (x INT NOT NULL, y INT) ENGINE=InnoDB;
SET SESSION sql_generate_invisible_primary_key = OFF;
INSERT INTO g (x, y) VALUES (1, 1), (2, 2)`;

const GIPK_CASES: ReadonlyArray<readonly [table: string, clause: string]> = [
  ['g', 'ADD PRIMARY KEY (x)'],
  ['g', 'MODIFY x INT NOT NULL PRIMARY KEY'],
  ['g', 'DROP PRIMARY KEY, DROP COLUMN my_row_id, ADD PRIMARY KEY (x)'],
  ['g', 'DROP PRIMARY KEY, ADD PRIMARY KEY (x)'],
  ['g', 'DROP PRIMARY KEY'],
];

const REFUSAL_SETS = [
  { setup: FK_SETUP, cases: FK_CASES, checks: [true, false] },
  { setup: USE_SETUP, cases: USE_CASES, checks: [true] },
  { setup: EXPRESSION_SETUP, cases: EXPRESSION_CASES, checks: [true], only: 'mysql' },
  { setup: AUTO_INCREMENT_KEY_SETUP, cases: AUTO_INCREMENT_KEY_CASES, checks: [true] },
  { setup: PRIMARY_KEY_SETUP, cases: PRIMARY_KEY_CASES, checks: [true] },
  { setup: GIPK_SETUP, cases: GIPK_CASES, checks: [true], only: 'mysql' },
];

for (const target of [servers.mysql, servers.mariadb, servers.mariadb118]) {
  if (target === null) continue;
  describe(`refusals on foreign-key, AUTO_INCREMENT and used columns on ${target.kind} ${target.version}`, () => {
    it('are planned exactly when the server refuses, with its error number', async () => {
      const conn = await connectTo(target);
      try {
        const server = await readServerInfo(conn, false);
        const flavor = server.flavor === 'mariadb' ? 'mariadb' : 'mysql';
        const expected: string[] = [];
        const actual: string[] = [];
        const sets = REFUSAL_SETS.filter((set) => !set.only || set.only === flavor);
        for (const set of sets) {
          for (const checks of set.checks) {
            for (const [table, clause] of set.cases) {
              await conn.query(
                `SET SESSION foreign_key_checks = 1; DROP DATABASE IF EXISTS ${FK_DB};
               CREATE DATABASE ${FK_DB}; USE ${FK_DB}; ${set.setup}`,
              );
              await conn.query(`SET SESSION foreign_key_checks = ${checks ? 1 : 0}`);
              const parsed = parseAlter(`ALTER TABLE ${table} ${clause}`, flavor);
              if (!parsed.ok) throw new Error(parsed.error);
              const facts = await readTableFacts(conn, server, FK_DB, table);
              await conn.query(`USE ${FK_DB}`);
              const plan = planAlter(parsed.alter, server, planFactsOf(facts, checks));
              const label = `${table} ${clause} (foreign_key_checks=${checks ? 1 : 0})`;
              expected.push(`${label}: ${plan.rejected === null ? 'runs' : 'refused'}`);
              try {
                await conn.query(`ALTER TABLE ${table} ${clause}`);
                actual.push(`${label}: runs`);
              } catch (e) {
                const errno = (e as { errno?: number }).errno ?? 0;
                const named = new RegExp(`\\b${errno}\\b`).test(plan.rejected ?? '');
                actual.push(`${label}: refused${named ? '' : ` with ${errno}, not in the plan`}`);
              }
            }
          }
        }
        const mismatches = expected.flatMap((e, k) =>
          e === actual[k] ? [] : [`${e} → ${actual[k]}`],
        );
        expect(mismatches).toEqual([]);
        expect(actual.length).toBe(
          sets.reduce((n, set) => n + set.cases.length * set.checks.length, 0),
        );
      } finally {
        await conn.query(`SET SESSION foreign_key_checks = 1; DROP DATABASE IF EXISTS ${FK_DB}`);
        await conn.end();
      }
    }, 120_000);
  });
}

/**
 * The generated matrix: every operation of rules-matrix-cases.ts on every table shape. For each
 * cell the server is asked from the cheapest ALGORITHM/LOCK up until it accepts (refusals change
 * nothing, so only the accepted attempt needs the shape put back); what it accepts first is its
 * answer, compared with the plan. A plan faster or with a weaker lock than the server's answer
 * is dangerous: a DBA would run it at noon on a big table.
 *
 * Cells run on several connections at once, each on its own copy of a shape (its own
 * database), and the three servers at once. Set SIGHTLINE_MATRIX_DUMP=file.json to keep every
 * cell's facts and answer, to try rule changes against them without the servers.
 */
interface Step {
  name: string;
  clause: string;
  algorithm: AlterAlgorithm;
  lock: AlterLock;
}

function ladder(nocopy: boolean): Step[] {
  const step = (name: string, clause: string, algorithm: AlterAlgorithm, lock: AlterLock) => ({
    name,
    clause,
    algorithm,
    lock,
  });
  return [
    step('INSTANT', 'ALGORITHM=INSTANT', 'instant', 'none'),
    ...(nocopy
      ? [
          step('NOCOPY+NONE', 'ALGORITHM=NOCOPY, LOCK=NONE', 'inplace', 'none'),
          step('NOCOPY+SHARED', 'ALGORITHM=NOCOPY, LOCK=SHARED', 'inplace', 'shared'),
          step('NOCOPY', 'ALGORITHM=NOCOPY', 'inplace', 'exclusive'),
        ]
      : []),
    step('INPLACE+NONE', 'ALGORITHM=INPLACE, LOCK=NONE', 'inplace-rebuild', 'none'),
    step('INPLACE+SHARED', 'ALGORITHM=INPLACE, LOCK=SHARED', 'inplace-rebuild', 'shared'),
    step('INPLACE', 'ALGORITHM=INPLACE', 'inplace-rebuild', 'exclusive'),
    step('COPY+NONE', 'ALGORITHM=COPY, LOCK=NONE', 'copy', 'none'),
    step('COPY+SHARED', 'ALGORITHM=COPY, LOCK=SHARED', 'copy', 'shared'),
    step('COPY', 'ALGORITHM=COPY', 'copy', 'exclusive'),
  ];
}

/** One shape's copy with some of its operations: what one connection works through. */
interface Job {
  shape: Shape;
  db: string;
  ops: string[];
}

/** Operations per job: small enough to spread the wide table over the connections. */
const JOB_SIZE = 40;
/** Connections per server. */
const WORKERS = 3;

function jobsFor(flavor: 'mysql' | 'mariadb'): Job[] {
  return SHAPES.filter((s) => !s.only || s.only === flavor).flatMap((shape) => {
    const ops = [...(shape.noCommon ? [] : COMMON_OPS), ...shape.ops];
    const jobs: Job[] = [];
    const size = shape.jobSize ?? JOB_SIZE;
    for (let k = 0; k * size < ops.length; k++) {
      jobs.push({
        shape,
        db: `sl_am_${shape.name.replace(/-/g, '_')}_${k}`,
        ops: ops.slice(k * size, (k + 1) * size),
      });
    }
    return jobs;
  });
}

interface Cell {
  shape: string;
  /** Words between ALTER and TABLE (the shape's head), '' for none. */
  head: string;
  clause: string;
  facts: TableFactsDto;
  foreignKeyChecks?: false;
  answer: ServerAnswer;
}

/** Deadlock, lock wait timeout: the dictionary is busy with another connection's ALTER. */
const TRANSIENT = new Set([1205, 1213]);

/** Runs a query again while the server answers with a transient error. */
async function query(conn: Connection, sql: string, values?: unknown[]): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    try {
      const [rows] = await conn.query(sql, values);
      return rows;
    } catch (e) {
      if (attempt >= 5 || !TRANSIENT.has((e as { errno?: number }).errno ?? 0)) throw e;
    }
  }
}

/** Asks one server every cell of its jobs, WORKERS connections at a time. */
async function askServer(target: ServerEndpoint, server: ServerInfo, jobs: Job[]): Promise<Cell[]> {
  const queue = [...jobs];
  const cells: Cell[] = [];
  const innodbTables =
    server.flavor === 'mariadb'
      ? 'information_schema.INNODB_SYS_TABLES'
      : 'information_schema.INNODB_TABLES';

  async function worker(): Promise<void> {
    const conn = await connectTo(target);
    try {
      await conn.query('SET SESSION sql_log_bin = 0');
      for (let job = queue.shift(); job; job = queue.shift()) await runJob(conn, job);
    } finally {
      await conn.end();
    }
  }

  async function build(conn: Connection, { shape, db }: Job): Promise<void> {
    await query(
      conn,
      `DROP DATABASE IF EXISTS ${db}; CREATE DATABASE ${db}; USE ${db}; ${shape.setup}`,
    );
    if (shape.atRowVersionLimit && server.capabilities.alterInstantRowVersions) {
      const limit = server.capabilities.alterInstantRowVersions255 ? 255 : 64;
      const statements = Array.from({ length: limit }, (_, k) =>
        k % 2 === 0
          ? 'ALTER TABLE t ADD COLUMN v INT, ALGORITHM=INSTANT'
          : 'ALTER TABLE t DROP COLUMN v, ALGORITHM=INSTANT',
      );
      await conn.query(statements.join(';'));
    }
  }

  async function tableIds(conn: Connection, { shape, db }: Job): Promise<string[]> {
    const rows = await query(
      conn,
      `SELECT TABLE_ID FROM ${innodbTables} WHERE NAME = ? OR NAME LIKE ? ORDER BY TABLE_ID`,
      [`${db}/${shape.table}`, `${db}/${shape.table}#p#%`],
    );
    return (rows as Array<{ TABLE_ID: unknown }>).map((r) => String(r.TABLE_ID));
  }

  async function stillThere(conn: Connection, ids: string[]): Promise<boolean> {
    const rows = await query(
      conn,
      `SELECT COUNT(*) AS n FROM ${innodbTables} WHERE TABLE_ID IN (${ids.map(() => '?').join(',') || 'NULL'})`,
      ids,
    );
    return Number((rows as Array<{ n: unknown }>)[0]?.n) === ids.length;
  }

  /** The server's answer for one operation; the shape is rebuilt after any acceptance. */
  async function ask(
    conn: Connection,
    job: Job,
    clause: string,
    last: boolean,
  ): Promise<ServerAnswer> {
    // After the job's last cell the shape is dropped, not put back.
    const putBack = () => (last ? Promise.resolve() : build(conn, job));
    const { table } = job.shape;
    const alter = job.shape.head ? `ALTER ${job.shape.head} TABLE` : 'ALTER TABLE';
    // Partition management and ORDER BY (whose column list would swallow it) take the
    // clause before them; PARTITION BY / REMOVE PARTITIONING without a comma.
    const partitionOp = PARTITION_OP.test(clause) || /^ORDER BY/.test(clause);
    const trailing = TRAILING_OP.test(clause);
    const statement = (c: string) =>
      partitionOp || trailing
        ? `${alter} ${table} ${c}${trailing ? '' : ','} ${clause}`
        : `${alter} ${table} ${clause}, ${c}`;
    const ids = await tableIds(conn, job);
    for (const step of ladder(server.capabilities.alterNocopy)) {
      try {
        await query(conn, statement(step.clause));
      } catch {
        continue;
      }
      let { algorithm } = step;
      if (algorithm === 'inplace-rebuild' && (await stillThere(conn, ids))) algorithm = 'inplace';
      // A server that takes INSTANT or NOCOPY and rebuilds anyway did not do what it accepted
      // (partition management aside: it makes new partitions by design).
      if (
        (algorithm === 'instant' || algorithm === 'inplace') &&
        !partitionOp &&
        !trailing &&
        !(await stillThere(conn, ids))
      ) {
        algorithm = 'inplace-rebuild';
      }
      await putBack();
      return { kind: 'ok', algorithm, lock: step.lock, step: step.name };
    }
    try {
      await query(conn, `${alter} ${table} ${clause}`);
    } catch (e) {
      const err = e as { errno?: number; message?: string };
      return { kind: 'error', errno: err.errno ?? 0, message: err.message ?? String(e) };
    }
    await putBack();
    return { kind: 'no-clause' };
  }

  async function runJob(conn: Connection, job: Job): Promise<void> {
    const off = job.shape.foreignKeyChecksOff === true;
    await conn.query(`SET SESSION foreign_key_checks = ${off ? 0 : 1}`);
    await build(conn, job);
    // The shape is put back after every accepted ALTER, so its facts hold for all its cells.
    const facts = await readTableFacts(conn, server, job.db, job.shape.table);
    await conn.query(`USE ${job.db}`);
    for (const [k, clause] of job.ops.entries()) {
      const answer = await ask(conn, job, clause, k === job.ops.length - 1);
      cells.push({
        shape: job.shape.name,
        head: job.shape.head ?? '',
        clause,
        facts,
        ...(off ? { foreignKeyChecks: false as const } : {}),
        answer,
      });
    }
    await conn.query(`DROP DATABASE IF EXISTS ${job.db}`);
  }

  await Promise.all(Array.from({ length: WORKERS }, () => worker()));
  return cells;
}

describe.concurrent('the generated ALTER matrix', () => {
  for (const target of targets) {
    it(`never plans a faster algorithm or a weaker lock than ${target.kind} ${target.version} accepts`, async () => {
      const server = await withConnection(target, (c) => readServerInfo(c, false));
      const flavor = server.flavor === 'mariadb' ? 'mariadb' : 'mysql';
      const cells = await askServer(target, server, jobsFor(flavor));
      const counts: Record<Verdict, number> = {
        agree: 0,
        unenforced: 0,
        unknown: 0,
        dangerous: 0,
        other: 0,
      };
      const lines: string[] = [];
      for (const cell of cells) {
        const parsed = parseAlter(
          `${cell.head ? `ALTER ${cell.head} TABLE` : 'ALTER TABLE'} t ${cell.clause}`,
          flavor,
        );
        if (!parsed.ok) throw new Error(`${cell.clause}: ${parsed.error}`);
        const plan = planAlter(
          parsed.alter,
          server,
          planFactsOf(cell.facts, cell.foreignKeyChecks),
        );
        if (plan.certainty === 'unknown') expect(plan.clause, cell.clause).toBeNull();
        const [verdict, text] = judge(cell.clause, plan, cell.answer);
        counts[verdict]++;
        if (verdict !== 'agree') {
          lines.push(`  ${verdict} ${cell.shape}: ${cell.head} ${cell.clause} ${text}`);
        }
      }
      const dump = process.env.SIGHTLINE_MATRIX_DUMP;
      if (dump) {
        writeFileSync(
          dump.replace(/\.json$/, `-${target.kind}.json`),
          JSON.stringify({ server, cells }),
        );
      }
      console.log(
        `[alter matrix] ${target.kind} ${target.version}: ${distinctOperations()} distinct operations, ` +
          `cells agreeing ${counts.agree + counts.unenforced} / ${cells.length} ` +
          `(${counts.unenforced} of them: the server takes any ALGORITHM there, as the plan says), ` +
          `unknown ${counts.unknown}, other ${counts.other}, ` +
          `dangerous disagreements: ${counts.dangerous}\n` +
          lines
            .filter((l) => !l.startsWith('  unenforced'))
            .sort()
            .join('\n'),
      );
      expect(lines.filter((l) => l.startsWith('  dangerous'))).toEqual([]);
      expect(cells.length).toBe(jobsFor(flavor).reduce((n, j) => n + j.ops.length, 0));
    }, 300_000);
  }
});
