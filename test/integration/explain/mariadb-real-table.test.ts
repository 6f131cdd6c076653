// MariaDB's EXPLAIN / ANALYZE FORMAT=JSON name a table only by its alias (`table_name` is the
// alias; no key holds the real name). The plan's nodes carry what the server printed, and the
// real schema and table come from the statement explained, so suggested DDL can be run as is.
import type { RowDataPacket } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainPlanText, type PlanNode, type PlanReport } from '../../../src/shared/explain';
import { withConnection } from '../../servers/connect';
import { testServers, type ServerEndpoint } from '../../servers/provided';

const DATABASE = 'sightline_mariadb_real_table';
const servers = testServers();
const targets: Array<{ name: string; endpoint: ServerEndpoint | null }> = [
  { name: 'MariaDB 10.11', endpoint: servers.mariadb },
  { name: 'MariaDB 11.8', endpoint: servers.mariadb118 },
];

const STATEMENT = `SELECT b.id, s.v FROM ${DATABASE}.big AS b JOIN ${DATABASE}.small AS s ON s.id = b.sid WHERE b.c > 5`;

function tableNodes(root: PlanNode): PlanNode[] {
  const out: PlanNode[] = [];
  const stack = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.table !== undefined) out.push(node);
    stack.push(...node.children);
  }
  return out;
}

describe.each(targets)('$name', ({ endpoint }) => {
  beforeAll(async () => {
    if (!endpoint) return;
    await withConnection(endpoint, async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${DATABASE}`);
      await c.query(`CREATE DATABASE ${DATABASE}`);
      await c.query(`CREATE TABLE ${DATABASE}.big (id INT PRIMARY KEY, sid INT, c INT)`);
      await c.query(`CREATE TABLE ${DATABASE}.small (id INT PRIMARY KEY, v INT)`);
      await c.query(
        `INSERT INTO ${DATABASE}.big SELECT seq, seq % 50 + 1, seq % 1000 FROM ${DATABASE}.seq_1_to_5000`,
      );
      await c.query(
        `INSERT INTO ${DATABASE}.small SELECT seq, seq % 7 FROM ${DATABASE}.seq_1_to_50`,
      );
      await c.query(`ANALYZE TABLE ${DATABASE}.big, ${DATABASE}.small`);
    });
  });

  afterAll(async () => {
    if (endpoint)
      await withConnection(endpoint, (c) => c.query(`DROP DATABASE IF EXISTS ${DATABASE}`));
  });

  it.skipIf(!endpoint).each(['EXPLAIN', 'ANALYZE'])(
    '%s FORMAT=JSON: alias-named nodes, DDL on the real table',
    async (verb) => {
      const text = await withConnection(endpoint!, async (c) => {
        const [rows] = await c.query<RowDataPacket[]>(`${verb} FORMAT=JSON ${STATEMENT}`);
        return String(Object.values(rows[0]!)[0]);
      });
      // What the server gives: aliases only.
      expect(text).not.toContain('"big"');
      expect(text).not.toContain('"small"');
      const parse = (statement?: string): PlanReport => {
        const result = explainPlanText(text, statement === undefined ? {} : { statement });
        if (!result.ok) throw new Error(JSON.stringify(result.error));
        return result.report;
      };
      const alone = parse();
      expect(alone.dialect).toBe('mariadb-json');
      expect(
        tableNodes(alone.root)
          .map((n) => n.table)
          .sort(),
      ).toEqual(['b', 's']);

      const report = parse(STATEMENT);
      const scan = report.diagnostics.find((d) => d.code === 'full-scan');
      expect(scan?.suggestion).toContain(`ALTER TABLE \`${DATABASE}\`.\`big\` ADD INDEX (\`c\`)`);
      // Without the statement, no DDL is made up from the alias.
      const guess = alone.diagnostics.find((d) => d.code === 'full-scan');
      expect(guess?.suggestion).not.toContain('ALTER TABLE');
    },
  );
});
