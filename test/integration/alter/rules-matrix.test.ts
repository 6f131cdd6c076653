import type { Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAlter } from '../../../src/shared/alter/parse-alter';
import {
  algorithmRank,
  lockRank,
  type AlterAlgorithm,
  type AlterLock,
} from '../../../src/shared/alter/alter-rules';
import { planAlter } from '../../../src/shared/alter/plan-alter';
import { planFactsOf } from '../../../src/main/services/alter/preflight';
import type { ServerInfo } from '../../../src/shared/server/server-info';
import { readServerInfo } from '../../../src/main/db/read-server-info';
import { readTableFacts } from '../../../src/main/services/alter/read-table-facts';
import { connectTo } from '../../servers/connect';
import { testServers, type ServerEndpoint } from '../../servers/provided';
import { COMMON_OPS, SHAPES, type Shape } from './rules-matrix-cases';

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

/**
 * The generated matrix: every operation of rules-matrix-cases.ts on every table shape. For each
 * cell the server is asked from the cheapest ALGORITHM/LOCK up until it accepts (refusals change
 * nothing, so only the accepted attempt needs the shape put back); what it accepts first is its
 * answer, compared with the plan. A plan faster or with a weaker lock than the server's answer
 * is dangerous: a DBA would run it at noon on a big table.
 */
type ServerAnswer =
  | { kind: 'ok'; algorithm: AlterAlgorithm; lock: AlterLock; step: string }
  | { kind: 'no-clause' }
  | { kind: 'error'; errno: number; message: string };

interface Step {
  name: string;
  clause: string;
  algorithm: AlterAlgorithm;
  lock: AlterLock;
}

function ladder(nocopy: boolean): Step[] {
  const steps: Step[] = [
    { name: 'INSTANT', clause: 'ALGORITHM=INSTANT', algorithm: 'instant', lock: 'none' },
  ];
  if (nocopy) {
    steps.push(
      {
        name: 'NOCOPY+NONE',
        clause: 'ALGORITHM=NOCOPY, LOCK=NONE',
        algorithm: 'inplace',
        lock: 'none',
      },
      {
        name: 'NOCOPY+SHARED',
        clause: 'ALGORITHM=NOCOPY, LOCK=SHARED',
        algorithm: 'inplace',
        lock: 'shared',
      },
      { name: 'NOCOPY', clause: 'ALGORITHM=NOCOPY', algorithm: 'inplace', lock: 'exclusive' },
    );
  }
  steps.push(
    {
      name: 'INPLACE+NONE',
      clause: 'ALGORITHM=INPLACE, LOCK=NONE',
      algorithm: 'inplace-rebuild',
      lock: 'none',
    },
    {
      name: 'INPLACE+SHARED',
      clause: 'ALGORITHM=INPLACE, LOCK=SHARED',
      algorithm: 'inplace-rebuild',
      lock: 'shared',
    },
    {
      name: 'INPLACE',
      clause: 'ALGORITHM=INPLACE',
      algorithm: 'inplace-rebuild',
      lock: 'exclusive',
    },
    { name: 'COPY+NONE', clause: 'ALGORITHM=COPY, LOCK=NONE', algorithm: 'copy', lock: 'none' },
    {
      name: 'COPY+SHARED',
      clause: 'ALGORITHM=COPY, LOCK=SHARED',
      algorithm: 'copy',
      lock: 'shared',
    },
    { name: 'COPY', clause: 'ALGORITHM=COPY', algorithm: 'copy', lock: 'exclusive' },
  );
  return steps;
}

const PARTITION_OP =
  /^(ADD|DROP|TRUNCATE|REORGANIZE|REBUILD|OPTIMIZE|ANALYZE|COALESCE|CHECK|REPAIR) PARTITION/;
const TRAILING_OP = /^(REMOVE PARTITIONING|PARTITION BY)/;

for (const target of targets) {
  describe(`the generated ALTER matrix on ${target.kind} ${target.version}`, () => {
    let conn: Connection;
    let server: ServerInfo;

    beforeAll(async () => {
      conn = await connectTo(target);
      server = await readServerInfo(conn, false);
      await conn.query('SET SESSION sql_log_bin = 0');
    });
    afterAll(async () => {
      for (const shape of SHAPES) await conn?.query(`DROP DATABASE IF EXISTS ${dbOf(shape)}`);
      await conn?.end();
    });

    const dbOf = (shape: Shape) => `sl_am_${shape.name.replace(/-/g, '_')}`;

    async function build(shape: Shape): Promise<void> {
      const db = dbOf(shape);
      await conn.query(
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

    async function tableIds(shape: Shape): Promise<string[]> {
      const view =
        server.flavor === 'mariadb'
          ? 'information_schema.INNODB_SYS_TABLES'
          : 'information_schema.INNODB_TABLES';
      const db = dbOf(shape);
      const [rows] = await conn.query(
        `SELECT TABLE_ID FROM ${view} WHERE NAME = ? OR NAME LIKE ? ORDER BY TABLE_ID`,
        [`${db}/${shape.table}`, `${db}/${shape.table}#p#%`],
      );
      return (rows as Array<{ TABLE_ID: unknown }>).map((r) => String(r.TABLE_ID));
    }

    async function stillThere(ids: string[]): Promise<boolean> {
      const view =
        server.flavor === 'mariadb'
          ? 'information_schema.INNODB_SYS_TABLES'
          : 'information_schema.INNODB_TABLES';
      const [rows] = await conn.query(
        `SELECT COUNT(*) AS n FROM ${view} WHERE TABLE_ID IN (${ids.map(() => '?').join(',') || 'NULL'})`,
        ids,
      );
      return Number((rows as Array<{ n: unknown }>)[0]?.n) === ids.length;
    }

    /** The server's answer for one operation; the shape is rebuilt after any acceptance. */
    async function ask(shape: Shape, clause: string): Promise<ServerAnswer> {
      const { table } = shape;
      const partitionOp = PARTITION_OP.test(clause);
      const trailing = TRAILING_OP.test(clause);
      const statement = (c: string) =>
        partitionOp || trailing
          ? `ALTER TABLE ${table} ${c}${trailing ? '' : ','} ${clause}`
          : `ALTER TABLE ${table} ${clause}, ${c}`;
      const ids = await tableIds(shape);
      for (const step of ladder(server.capabilities.alterNocopy)) {
        try {
          await conn.query(statement(step.clause));
        } catch {
          continue;
        }
        let { algorithm } = step;
        if (algorithm === 'inplace-rebuild' && (await stillThere(ids))) algorithm = 'inplace';
        await build(shape);
        return { kind: 'ok', algorithm, lock: step.lock, step: step.name };
      }
      try {
        await conn.query(`ALTER TABLE ${table} ${clause}`);
      } catch (e) {
        const err = e as { errno?: number; message?: string };
        return { kind: 'error', errno: err.errno ?? 0, message: err.message ?? String(e) };
      }
      await build(shape);
      return { kind: 'no-clause' };
    }

    it('never plans a faster algorithm or a weaker lock than the server accepts', async () => {
      const flavor = server.flavor === 'mariadb' ? 'mariadb' : 'mysql';
      let total = 0;
      let agreeing = 0;
      let unknown = 0;
      const dangerous: string[] = [];
      const other: string[] = [];
      for (const shape of SHAPES) {
        if (shape.only && shape.only !== flavor) continue;
        await build(shape);
        const ops = [...(shape.noCommon ? [] : COMMON_OPS), ...shape.ops];
        for (const clause of ops) {
          const parsed = parseAlter(`ALTER TABLE ${shape.table} ${clause}`, flavor);
          if (!parsed.ok) throw new Error(`${clause}: ${parsed.error}`);
          const facts = await readTableFacts(conn, server, dbOf(shape), shape.table);
          const plan = planAlter(parsed.alter, server, planFactsOf(facts));
          const answer = await ask(shape, clause);
          total++;
          const cell = `${shape.name}: ${clause}`;
          const predicted = `${plan.algorithm}/${plan.lock}`;
          const partitionOp = PARTITION_OP.test(clause) || TRAILING_OP.test(clause);
          const norm = (a: AlterAlgorithm) =>
            partitionOp && a === 'inplace-rebuild' ? 'inplace' : a;
          if (plan.certainty === 'unknown') {
            unknown++;
            expect(plan.clause, cell).toBeNull();
            continue;
          }
          if (plan.rejected !== null) {
            if (answer.kind === 'error') agreeing++;
            else other.push(`${cell} [plan: refused, ${plan.rejected}] → server accepts it`);
            continue;
          }
          if (answer.kind === 'error') {
            other.push(
              `${cell} [plan ${predicted}] → server rejects: ${answer.errno} ${answer.message}`,
            );
            continue;
          }
          if (answer.kind === 'no-clause') {
            if (plan.clause === null) agreeing++;
            else other.push(`${cell} [plan ${predicted}] → server takes it only without a clause`);
            continue;
          }
          const actual = `${answer.algorithm}/${answer.lock}`;
          if (
            algorithmRank(norm(plan.algorithm)) < algorithmRank(norm(answer.algorithm)) ||
            lockRank(plan.lock) < lockRank(answer.lock)
          ) {
            dangerous.push(`${cell} [plan ${predicted}] → server ${actual} (${answer.step})`);
          } else if (norm(plan.algorithm) === norm(answer.algorithm) && plan.lock === answer.lock) {
            agreeing++;
          } else {
            other.push(`${cell} [plan ${predicted}] → server ${actual} (${answer.step})`);
          }
        }
      }
      console.log(
        `[alter matrix] ${target.kind} ${target.version}: cells agreeing ${agreeing} / ${total}, unknown ${unknown}, ` +
          `dangerous disagreements: ${dangerous.length}\n` +
          [...dangerous.map((d) => `  DANGEROUS ${d}`), ...other.map((o) => `  other ${o}`)].join(
            '\n',
          ),
      );
      expect(dangerous).toEqual([]);
    });
  });
}
