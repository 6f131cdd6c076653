import { describe, expect, it } from 'vitest';
import { explainPlanText } from '../../../src/shared/explain/explain-report';
import { tableOfAlias } from '../../../src/shared/sql/table-of-alias';
import {
  experimentPlan,
  indexCandidates,
  indexNameFor,
} from '../../../src/shared/tuning/index-experiment';
import { statementShape } from '../../../src/shared/tuning/statement-shape';
import { reportOf } from '../explain/corpus-documents';

describe('indexCandidates', () => {
  it('proposes (total) on orders for the full scan of the corpus range query, on MySQL and MariaDB', () => {
    const sql = 'SELECT * FROM orders WHERE total BETWEEN 100 AND 105 ORDER BY total DESC';
    for (const [server, format] of [
      ['mysql-9.7', 'json-v2'],
      ['mysql-9.7', 'json-v1'],
      ['mariadb-10.11', 'json'],
    ] as const) {
      const report = reportOf(server, 'full-scan-filesort', format);
      const candidates = indexCandidates(report.root, report.diagnostics, sql, 'shop');
      expect(candidates.map((c) => [c.schema, c.table, c.columns, c.ddl])).toEqual([
        [
          'shop',
          'orders',
          ['total'],
          'ALTER TABLE `shop`.`orders` ADD INDEX `idx_orders_total` (`total`)',
        ],
      ]);
    }
  });

  it('resolves an alias through the statement (plans in JSON v1 name tables by alias)', () => {
    const r = explainPlanText(
      JSON.stringify({
        query_block: {
          select_id: 1,
          table: {
            table_name: 'o',
            access_type: 'ALL',
            rows_examined_per_scan: 50000,
            filtered: '10.00',
            attached_condition: "(`shop`.`o`.`status` = 'paid')",
          },
        },
      }),
    );
    if (!r.ok) throw new Error(r.error.message);
    const c = indexCandidates(
      r.report.root,
      r.report.diagnostics,
      "SELECT * FROM shop.orders AS o WHERE o.status = 'paid'",
      null,
    );
    expect(c.map((x) => [x.schema, x.table, x.columns])).toEqual([['shop', 'orders', ['status']]]);
  });
});

describe('tableOfAlias', () => {
  it('finds the table behind an alias in FROM and JOIN', () => {
    const sql = 'SELECT * FROM `customers` c JOIN shop.orders o ON o.customer_id = c.id';
    expect(tableOfAlias(sql, 'c')).toEqual({ schema: null, table: 'customers' });
    expect(tableOfAlias(sql, 'o')).toEqual({ schema: 'shop', table: 'orders' });
    expect(tableOfAlias(sql, 'orders')).toEqual({ schema: null, table: 'orders' });
  });
});

describe('experimentPlan', () => {
  const candidate = { schema: 'shop', table: 'orders', columns: ['status', 'total'] };

  it('on MySQL 8.0+ creates the index invisible and lets only this session see it', () => {
    const p = experimentPlan(candidate, { invisibleIndexes: true, isMariaDb: false });
    expect(p).toMatchObject({
      method: 'invisible',
      indexName: 'sl_try_orders_status_total',
      setup: [
        'CREATE INDEX `sl_try_orders_status_total` ON `shop`.`orders` (`status`, `total`) INVISIBLE',
        "SET SESSION optimizer_switch = 'use_invisible_indexes=on'",
      ],
      cleanup: [
        "SET SESSION optimizer_switch = 'use_invisible_indexes=off'",
        'DROP INDEX `sl_try_orders_status_total` ON `shop`.`orders`',
      ],
    });
  });

  it('on MariaDB creates it visible for the one EXPLAIN and says so', () => {
    const p = experimentPlan(candidate, { invisibleIndexes: true, isMariaDb: true });
    expect(p.method).toBe('visible-briefly');
    expect(p.setup).toEqual([
      'CREATE INDEX `sl_try_orders_status_total` ON `shop`.`orders` (`status`, `total`)',
    ]);
    expect(p.cleanup).toEqual(['DROP INDEX `sl_try_orders_status_total` ON `shop`.`orders`']);
    expect(p.consequence).toContain('other sessions on this server may use it');
  });

  it('keeps index names within 64 characters', () => {
    expect(indexNameFor('sl_try_', 'a'.repeat(60), ['b', 'c'])).toHaveLength(64);
  });
});

describe('statementShape', () => {
  it('gives runs of one query with different values one shape', () => {
    const a = statementShape("SELECT * FROM `Orders` WHERE total BETWEEN 100 AND 105 AND s = 'x';");
    const b = statementShape(
      "select *  from orders /* again */ where total between 7 and 8 and s = 'yy'",
    );
    expect(a).toBe('select * from orders where total between ? and ? and s = ?');
    expect(b).toBe(a);
    expect(statementShape('SELECT a FROM t WHERE id IN (1, 2, 3)')).toBe(
      statementShape('SELECT a FROM t WHERE id IN (4)'),
    );
    expect(statementShape('SELECT a FROM t WHERE id IN (4)')).toBe(
      'select a from t where id in (?)',
    );
    expect(statementShape('SELECT b FROM t')).not.toBe(statementShape('SELECT a FROM t'));
  });
});
