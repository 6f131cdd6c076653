/** Which server programs a case runs on; a case that one of them cannot run names the other. */
export type CorpusProgram = 'mysql' | 'mariadb';

/** One statement of the corpus, explained on every server that can run it, in every format. */
export interface CorpusCase {
  name: string;
  about: string;
  /** The statement, the same on both flavors unless given per flavor. */
  sql: string | Record<CorpusProgram, string>;
  /** Only on this flavor (e.g. LATERAL, which MariaDB lacks). */
  only?: CorpusProgram;
  /** Session settings applied before explaining (and reset after), per flavor. */
  session?: Partial<Record<CorpusProgram, string[]>>;
  /** The statement changes rows: ANALYZE runs it inside a transaction that is rolled back. */
  writes?: boolean;
  /** Also captured through the command-line client, as a user would paste it from a terminal. */
  paste?: boolean;
  /** Also explained as JSON v1 with `end_markers_in_json=ON` (MySQL). */
  endMarkers?: boolean;
}

const semijoinOnly = (mysql: string, mariadb: string): CorpusCase['session'] => ({
  mysql: [`SET SESSION optimizer_switch = '${mysql}'`],
  mariadb: [`SET SESSION optimizer_switch = '${mariadb}'`],
});

/** The statements of the corpus: joins, derived tables, every kind of subquery, set operations, writes. */
export const CORPUS_CASES: CorpusCase[] = [
  {
    name: 'join-order-limit',
    about: 'two-table join filtered on an indexed column, newest first, LIMIT',
    sql: `SELECT c.name, o.id, o.total FROM customers c JOIN orders o ON o.customer_id = c.id
          WHERE c.country = 'NZ' ORDER BY o.ordered_at DESC LIMIT 20`,
    paste: true,
    endMarkers: true,
  },
  {
    name: 'join-group-three-tables',
    about:
      'three-table join grouped on a joined column and ordered by an aggregate (temporary + filesort)',
    sql: `SELECT c.country, COUNT(*) AS line_count, SUM(oi.qty * oi.price) AS revenue
          FROM customers c JOIN orders o ON o.customer_id = c.id JOIN order_items oi ON oi.order_id = o.id
          WHERE o.status = 'returned' GROUP BY c.country ORDER BY revenue DESC`,
  },
  {
    name: 'left-join-anti',
    about: 'LEFT JOIN ... IS NULL: customers without orders (anti-join / not exists)',
    sql: `SELECT c.id, c.name FROM customers c LEFT JOIN orders o ON o.customer_id = c.id WHERE o.id IS NULL`,
  },
  {
    name: 'derived-table',
    about: 'derived table with GROUP BY joined back to its parent table',
    sql: `SELECT c.name, d.spent FROM (SELECT customer_id, SUM(total) AS spent FROM orders GROUP BY customer_id) d
          JOIN customers c ON c.id = d.customer_id WHERE d.spent > 20000`,
    paste: true,
  },
  {
    name: 'lateral',
    about: 'LATERAL derived table: the two largest orders of each customer',
    only: 'mysql',
    sql: `SELECT c.id, top.id AS order_id, top.total FROM customers c,
          LATERAL (SELECT o.id, o.total FROM orders o WHERE o.customer_id = c.id ORDER BY o.total DESC LIMIT 2) AS top
          WHERE c.country = 'NZ'`,
  },
  {
    name: 'subquery-in',
    about: "uncorrelated IN subquery (semi-join, optimizer's choice of strategy)",
    sql: `SELECT c.id, c.name FROM customers c WHERE c.id IN (SELECT o.customer_id FROM orders o WHERE o.coupon_code = 'SPRING')`,
  },
  {
    name: 'subquery-exists',
    about: 'correlated EXISTS subquery',
    sql: `SELECT c.id FROM customers c WHERE c.country = 'SE'
          AND EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id AND o.total > 990)`,
  },
  {
    name: 'subquery-not-in',
    about: 'NOT IN subquery (anti-join or dependent subquery)',
    sql: `SELECT p.id FROM products p WHERE p.id NOT IN (SELECT oi.product_id FROM order_items oi WHERE oi.qty = 5 AND oi.order_id < 5000)`,
  },
  {
    name: 'subquery-scalar',
    about: 'uncorrelated scalar subqueries in the select list and in WHERE',
    sql: `SELECT o.id, o.total, (SELECT MAX(total) FROM orders) AS top_total FROM orders o
          WHERE o.total > (SELECT AVG(total) * 1.95 FROM orders)`,
  },
  {
    name: 'subquery-correlated',
    about:
      'correlated scalar subqueries in the select list (dependent subqueries, expression cache)',
    sql: `SELECT c.id,
            (SELECT COUNT(*) FROM orders o WHERE o.customer_id = c.id) AS order_count,
            (SELECT MAX(o2.ordered_at) FROM orders o2 WHERE o2.customer_id = c.id) AS last_order
          FROM customers c WHERE c.country = 'NZ'`,
    paste: true,
    endMarkers: true,
  },
  {
    name: 'subquery-dependent-in',
    about:
      'IN subquery with semi-join and materialization off: executed per row as a dependent subquery',
    sql: `SELECT p.id, p.name FROM products p
          WHERE p.id IN (SELECT oi.product_id FROM order_items oi WHERE oi.qty = 5 AND oi.order_id < 2000)`,
    session: semijoinOnly(
      'semijoin=off,materialization=off,subquery_to_derived=off',
      'semijoin=off,materialization=off,in_to_exists=on',
    ),
  },
  {
    name: 'subquery-having-order',
    about: 'subqueries in HAVING and ORDER BY of a grouped query',
    sql: `SELECT o.customer_id, SUM(o.total) AS spent FROM orders o GROUP BY o.customer_id
          HAVING spent > (SELECT AVG(total) * 20 FROM orders)
          ORDER BY (SELECT COUNT(*) FROM events e WHERE e.customer_id = o.customer_id) DESC`,
  },
  {
    name: 'semijoin-firstmatch',
    about: 'IN subquery with only the FirstMatch semi-join strategy allowed',
    sql: `SELECT c.id FROM customers c WHERE c.country = 'SE' AND c.id IN (SELECT o.customer_id FROM orders o WHERE o.status = 'returned')`,
    session: semijoinOnly(
      'semijoin=on,firstmatch=on,loosescan=off,materialization=off,duplicateweedout=off',
      'semijoin=on,firstmatch=on,loosescan=off,materialization=off',
    ),
  },
  {
    name: 'semijoin-loosescan',
    about: 'IN subquery over an indexed column with only the LooseScan strategy allowed',
    sql: `SELECT p.id, p.name FROM products p WHERE p.id IN (SELECT oi.product_id FROM order_items oi)`,
    session: semijoinOnly(
      'semijoin=on,firstmatch=off,loosescan=on,materialization=off,duplicateweedout=off',
      'semijoin=on,firstmatch=off,loosescan=on,materialization=off',
    ),
  },
  {
    name: 'semijoin-materialization',
    about: 'IN subquery with only semi-join materialization allowed',
    sql: `SELECT c.id FROM customers c WHERE c.id IN (SELECT o.customer_id FROM orders o WHERE o.status = 'returned' AND o.total > 900)`,
    session: semijoinOnly(
      'semijoin=on,firstmatch=off,loosescan=off,materialization=on,duplicateweedout=off',
      'semijoin=on,firstmatch=off,loosescan=off,materialization=on',
    ),
  },
  {
    name: 'semijoin-duplicateweedout',
    about: 'IN subquery with only DuplicateWeedout left',
    sql: `SELECT c.id FROM customers c WHERE c.country = 'SE' AND c.id IN (SELECT o.customer_id FROM orders o WHERE o.status = 'returned')`,
    session: semijoinOnly(
      'semijoin=on,firstmatch=off,loosescan=off,materialization=off,duplicateweedout=on',
      'semijoin=on,firstmatch=off,loosescan=off,materialization=off',
    ),
  },
  {
    name: 'cte-recursive',
    about: 'recursive CTE walking the category tree',
    sql: `WITH RECURSIVE tree (id, parent_id, name, depth) AS (
            SELECT id, parent_id, name, 0 FROM categories WHERE parent_id IS NULL
            UNION ALL
            SELECT k.id, k.parent_id, k.name, t.depth + 1 FROM categories k JOIN tree t ON k.parent_id = t.id)
          SELECT * FROM tree ORDER BY depth, id`,
  },
  {
    name: 'cte-shared',
    about: 'non-recursive CTE referenced twice (one temporary table shared by both references)',
    sql: `WITH spend AS (SELECT customer_id, SUM(total) AS spent FROM orders GROUP BY customer_id)
          SELECT a.customer_id, a.spent FROM spend a JOIN spend b ON b.customer_id = 1 WHERE a.spent > b.spent / 100`,
  },
  {
    name: 'union',
    about: 'UNION (distinct) of two filtered selects with ORDER BY ... LIMIT on the result',
    sql: `SELECT id, name FROM customers WHERE country = 'NZ'
          UNION SELECT id, name FROM customers WHERE city = 'city 7' ORDER BY id LIMIT 50`,
    endMarkers: true,
  },
  {
    name: 'union-all',
    about: 'UNION ALL of two tables',
    sql: `SELECT 'order' AS kind, id, ordered_at AS at FROM orders WHERE customer_id = 17
          UNION ALL SELECT 'event', id, happened_at FROM events WHERE customer_id = 17`,
  },
  {
    name: 'intersect',
    about: 'INTERSECT',
    sql: `SELECT customer_id FROM orders WHERE status = 'returned' INTERSECT SELECT id FROM customers WHERE country = 'DE'`,
  },
  {
    name: 'except',
    about: 'EXCEPT',
    sql: `SELECT id FROM customers WHERE country = 'FR' EXCEPT SELECT customer_id FROM orders WHERE total > 900`,
  },
  {
    name: 'window',
    about: 'window functions over two different windows',
    sql: `SELECT o.customer_id, o.id, o.total,
            ROW_NUMBER() OVER (PARTITION BY o.customer_id ORDER BY o.total DESC) AS rank_in_customer,
            SUM(o.total) OVER (PARTITION BY o.customer_id) AS customer_total,
            AVG(o.total) OVER (ORDER BY o.ordered_at ROWS BETWEEN 6 PRECEDING AND CURRENT ROW) AS moving_avg
          FROM orders o WHERE o.customer_id <= 50`,
  },
  {
    name: 'rollup',
    about: 'GROUP BY ... WITH ROLLUP over a join',
    sql: `SELECT c.country, o.status, COUNT(*) AS n, SUM(o.total) AS total
          FROM orders o JOIN customers c ON c.id = o.customer_id GROUP BY c.country, o.status WITH ROLLUP`,
  },
  {
    name: 'index-merge-union',
    about: 'OR of two indexed conditions (index merge union)',
    sql: `SELECT * FROM orders WHERE customer_id = 17 OR coupon_code = 'SPRING'`,
  },
  {
    name: 'index-merge-intersect',
    about: 'AND of two indexed equalities (index merge intersection, if chosen)',
    sql: `SELECT id FROM orders WHERE customer_id = 1 AND coupon_code = 'SPRING'`,
  },
  {
    name: 'hash-join',
    about: 'equi-join on columns without an index: hash join (MySQL), hashed join buffer (MariaDB)',
    sql: `SELECT a.action, COUNT(*) AS n FROM audit_log a JOIN customers c ON c.city = a.city_name
          WHERE c.country = 'SE' GROUP BY a.action`,
    session: { mariadb: ['SET SESSION join_cache_level = 4'] },
  },
  {
    name: 'block-nested-loop',
    about: 'join of two index-less inputs with a join buffer (BNL on MariaDB, hash join on MySQL)',
    sql: `SELECT a.customer_ref, b.action FROM audit_log a JOIN audit_log b ON b.customer_ref = a.customer_ref
          WHERE a.action = 'delete' AND b.action = 'export'`,
  },
  {
    name: 'fulltext',
    about: 'FULLTEXT match, ranked',
    sql: `SELECT id, name, MATCH(name, description) AGAINST ('steel lamp') AS score FROM products
          WHERE MATCH(name, description) AGAINST ('steel lamp') ORDER BY score DESC LIMIT 10`,
  },
  {
    name: 'partitions',
    about: 'partitioned table, range on the partitioning column (pruning)',
    sql: `SELECT kind, COUNT(*) AS n FROM events WHERE happened_at >= '2022-03-01' AND happened_at < '2022-06-01' GROUP BY kind`,
  },
  {
    name: 'update-multi',
    about: 'multi-table UPDATE',
    sql: `UPDATE orders o JOIN customers c ON c.id = o.customer_id SET o.status = 'shipped'
          WHERE c.country = 'NZ' AND o.status = 'paid'`,
    writes: true,
  },
  {
    name: 'delete-multi',
    about: 'multi-table DELETE',
    sql: `DELETE oi FROM order_items oi JOIN orders o ON o.id = oi.order_id
          WHERE o.status = 'cancelled' AND o.ordered_at < '2021-02-01'`,
    writes: true,
  },
  {
    name: 'insert-select',
    about: 'INSERT ... SELECT',
    sql: `INSERT INTO order_archive (id, customer_id, status, total, ordered_at)
          SELECT id, customer_id, status, total, ordered_at FROM orders WHERE ordered_at < '2021-01-15'`,
    writes: true,
  },
  {
    name: 'full-scan-filesort',
    about: 'range on a column without an index, sorted: full table scan and filesort',
    sql: `SELECT * FROM orders WHERE total BETWEEN 100 AND 105 ORDER BY total DESC`,
  },
  {
    name: 'misestimate-skew',
    about:
      'join into a skewed column: the estimate per lookup is the average, customer 1 has thousands',
    sql: `SELECT c.id, c.name, COUNT(*) AS n FROM customers c JOIN orders o ON o.customer_id = c.id
          WHERE c.id <= 3 GROUP BY c.id, c.name`,
  },
  {
    name: 'range-checked',
    about: "join on a range of the other table's column: range checked for each record",
    sql: {
      mysql: `SELECT /*+ NO_BNL(o) */ c.id, o.id FROM customers c JOIN orders o ON o.id BETWEEN c.id * 10 AND c.id * 10 + 2
              WHERE c.country = 'NZ'`,
      mariadb: `SELECT c.id, o.id FROM customers c JOIN orders o ON o.id BETWEEN c.id * 10 AND c.id * 10 + 2
                WHERE c.country = 'NZ'`,
    },
  },
  {
    name: 'impossible-where',
    about: 'contradictory WHERE',
    sql: `SELECT * FROM customers WHERE id = 1 AND id = 2`,
  },
  {
    name: 'no-tables',
    about: 'SELECT without tables',
    sql: `SELECT 1 + 1 AS two`,
  },
  {
    name: 'optimized-away',
    about: 'MIN/MAX read from the index ends (select tables optimized away)',
    sql: `SELECT MIN(id), MAX(id) FROM orders`,
  },
  {
    name: 'distinct',
    about: 'DISTINCT over a join (duplicates removal)',
    sql: `SELECT DISTINCT c.city FROM customers c JOIN orders o ON o.customer_id = c.id WHERE o.total > 980`,
  },
  {
    name: 'buffer-result',
    about: 'SQL_BUFFER_RESULT',
    sql: `SELECT SQL_BUFFER_RESULT id, name FROM customers WHERE country = 'NZ'`,
  },
  {
    name: 'group-by-loose-index',
    about: 'GROUP BY on an index prefix with MIN: loose index scan',
    sql: `SELECT country, MIN(city) FROM customers GROUP BY country`,
  },
  {
    name: 'covering-index-order',
    about: 'covering range on a composite index, already in order (a good plan)',
    sql: `SELECT id, ordered_at FROM orders WHERE status = 'returned' AND ordered_at >= '2023-01-01' ORDER BY ordered_at LIMIT 100`,
  },
];

/** The case's statement for a flavor. */
export function caseSql(c: CorpusCase, program: CorpusProgram): string {
  const sql = typeof c.sql === 'string' ? c.sql : c.sql[program];
  // One line, as users type it; the corpus documents quote it back.
  return sql.replace(/\s*\n\s*/g, ' ').trim();
}
