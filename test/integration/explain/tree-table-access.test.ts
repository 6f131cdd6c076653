// MySQL 9.7's tree plans (FORMAT=TREE, EXPLAIN ANALYZE) name a table in many wordings. The same
// statement's JSON version 2 plan says in keys which nodes read which table: every node that
// has a table there must have it (by the alias the tree prints) and its index in the tree too.
import type { RowDataPacket } from 'mysql2/promise';
import type { Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainPlanText, type PlanNode } from '../../../src/shared/explain';
import { connectTo, withConnection } from '../../servers/connect';
import { testServers } from '../../servers/provided';

const DATABASE = 'sightline_tree_tables';
const endpoint = testServers().mysql;

const SCHEMA = [
  `DROP DATABASE IF EXISTS ${DATABASE}`,
  `CREATE DATABASE ${DATABASE}`,
  `USE ${DATABASE}`,
  'SET SESSION cte_max_recursion_depth = 10000',
  `CREATE TABLE t1 (id INT PRIMARY KEY AUTO_INCREMENT, a INT, b INT, c INT, d VARCHAR(20),
     KEY ka (a), KEY kb (b), KEY kab (a, b), KEY kc (c))`,
  `INSERT INTO t1 (a, b, c, d) WITH RECURSIVE s (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s
     WHERE n < 2000) SELECT n % 10, n % 97, n, CONCAT('x', n) FROM s`,
  'CREATE TABLE t2 (id INT PRIMARY KEY, t1id INT, v INT, KEY kt (t1id))',
  'INSERT INTO t2 SELECT id, id, id % 5 FROM t1',
  `CREATE TABLE ft (FTS_DOC_ID BIGINT UNSIGNED AUTO_INCREMENT NOT NULL PRIMARY KEY, body TEXT,
     FULLTEXT KEY fb (body))`,
  `INSERT INTO ft (body) VALUES ('mysql database tuning'), ('mariadb plans explained'),
     ('another database row'), ('more text here')`,
  'CREATE TABLE one (id INT PRIMARY KEY, v INT)',
  'INSERT INTO one VALUES (1, 1)',
  'ANALYZE TABLE t1, t2, ft, one',
];

/** Multi-range reads and batched key access, so their wordings show up. */
const MRR = "SET SESSION optimizer_switch = 'mrr=on,mrr_cost_based=off,batched_key_access=on'";
const HYPERGRAPH = "SET SESSION optimizer_switch = 'hypergraph_optimizer=on'";

const STATEMENTS: Array<{ about: string; sql: string; session?: string[] }> = [
  {
    about: 'a covering full-text index search',
    sql: "SELECT FTS_DOC_ID FROM ft WHERE MATCH (body) AGAINST ('database')",
  },
  {
    about: 'a full-text index search',
    sql: "SELECT * FROM ft WHERE MATCH (body) AGAINST ('database')",
  },
  {
    about: 'an index range scan with Multi-Range Read',
    sql: 'SELECT * FROM t1 WHERE c BETWEEN 10 AND 500',
    session: [MRR],
  },
  {
    about: 'a multi-range index lookup (batched key access)',
    sql: 'SELECT * FROM t2 JOIN t1 ON t1.c = t2.v',
    session: [MRR],
  },
  { about: 'counting rows', sql: 'SELECT COUNT(*) FROM t1' },
  {
    about: 'a scan of the union temporary table',
    sql: 'SELECT id FROM t1 WHERE id < 3 UNION SELECT id FROM t2 WHERE id < 3',
  },
  { about: 'an index skip scan', sql: 'SELECT a, b FROM t1 WHERE b > 40' },
  { about: 'a skip scan for grouping', sql: 'SELECT a, MIN(b) FROM t1 GROUP BY a' },
  { about: 'a skip scan for deduplication', sql: 'SELECT DISTINCT a FROM t1' },
  { about: 'an index merge (union)', sql: 'SELECT * FROM t1 WHERE a = 3 OR b = 5' },
  {
    about: 'an index merge (intersection)',
    sql: 'SELECT /*+ INDEX_MERGE(t1 ka, kc) */ * FROM t1 WHERE a = 3 AND c = 5',
  },
  {
    about: 'single-row and covering lookups under an alias',
    sql: 'SELECT x.id FROM t1 AS x JOIN t2 AS y ON y.id = x.id JOIN t2 AS z ON z.t1id = x.id WHERE x.a = 1',
  },
  {
    about: 'a semijoin materialized with deduplication',
    sql: 'SELECT * FROM t1 WHERE c IN (SELECT v FROM t2)',
  },
  { about: 'a derived table', sql: 'SELECT * FROM (SELECT DISTINCT a FROM t1) AS d' },
  { about: 'a VALUES table', sql: 'VALUES ROW(1, 2), ROW(3, 4)' },
  { about: 'a constant table', sql: 'SELECT * FROM one WHERE id = 1' },
  { about: 'an impossible WHERE', sql: 'SELECT * FROM t1 WHERE 1 = 0' },
  {
    about: 'a grouping through a temporary table',
    sql: 'SELECT d, COUNT(*) FROM t1 GROUP BY d ORDER BY COUNT(*) DESC LIMIT 3',
  },
  {
    about: 'a dependent subquery',
    sql: 'SELECT (SELECT MAX(v) FROM t2 WHERE t2.t1id = t1.id) FROM t1 WHERE id < 3',
  },
  {
    about: 'the hypergraph optimizer',
    sql: 'SELECT * FROM t1 JOIN one ON one.id = 1 WHERE t1.id = one.v',
    session: [HYPERGRAPH],
  },
];

function preOrder(root: PlanNode): PlanNode[] {
  const out: PlanNode[] = [];
  const stack = [root];
  while (stack.length) {
    const node = stack.pop()!;
    out.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return out;
}

async function explain(connection: Connection, sql: string): Promise<PlanNode[]> {
  const [rows] = await connection.query<RowDataPacket[]>(sql);
  const text = String(Object.values(rows[0]!)[0]);
  const result = explainPlanText(text);
  if (!result.ok) throw new Error(`${sql}: ${JSON.stringify(result.error)}\n${text}`);
  return preOrder(result.report.root);
}

/** What the JSON says each table-reading node reads, as the tree must print it. */
function expectedReads(json: PlanNode[]): Array<{ at: number; table: string; key?: string }> {
  const out: Array<{ at: number; table: string; key?: string }> = [];
  json.forEach((node, at) => {
    if (node.table === undefined) return;
    out.push({ at, table: node.alias ?? node.table, key: node.key });
  });
  return out;
}

describe('MySQL 9.7 tree plans: every table read carries its table', () => {
  let connection: Connection;

  beforeAll(async () => {
    connection = await connectTo(endpoint);
    for (const statement of SCHEMA) await connection.query(statement);
  });

  afterAll(async () => {
    await connection?.end();
    await withConnection(endpoint, (c) => c.query(`DROP DATABASE IF EXISTS ${DATABASE}`));
  });

  it.each(STATEMENTS)('$about', async ({ sql, session }) => {
    await connection.query("SET SESSION optimizer_switch = 'default'");
    await connection.query('SET SESSION explain_json_format_version = 2');
    for (const s of session ?? []) await connection.query(s);
    const json = await explain(connection, `EXPLAIN FORMAT=JSON ${sql}`);
    const reads = expectedReads(json);
    for (const prefix of ['EXPLAIN FORMAT=TREE', 'EXPLAIN ANALYZE']) {
      const tree = await explain(connection, `${prefix} ${sql}`);
      const label = (i: number) => `${prefix}: ${tree[i]?.label}`;
      // The two formats print the same operations in the same order.
      expect(
        tree.map((n) => n.kind),
        prefix,
      ).toEqual(json.map((n) => n.kind));
      for (const { at, table, key } of reads) {
        expect(tree[at]!.table, label(at)).toBe(table);
        if (key !== undefined) expect(tree[at]!.key, label(at)).toBe(key);
      }
    }
  });

  it('finds table reads in the plans at all', async () => {
    await connection.query("SET SESSION optimizer_switch = 'default'");
    await connection.query('SET SESSION explain_json_format_version = 2');
    const json = await explain(connection, `EXPLAIN FORMAT=JSON ${STATEMENTS[0]!.sql}`);
    expect(expectedReads(json)).toEqual([{ at: 1, table: 'ft', key: 'fb' }]);
  });
});
