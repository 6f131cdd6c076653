import { z } from 'zod';

/**
 * The plan formats Sightline reads. `mysql-tree` covers both `FORMAT=TREE` and `EXPLAIN ANALYZE`
 * text; `mysql-json-v2` also covers `EXPLAIN ANALYZE FORMAT=JSON`; `mariadb-json` covers
 * `EXPLAIN` and `ANALYZE FORMAT=JSON`; `tabular` is the traditional row-per-table EXPLAIN.
 */
export const PLAN_DIALECTS = [
  'mysql-json-v1',
  'mysql-json-v2',
  'mysql-tree',
  'mariadb-json',
  'tabular',
] as const;
export const PlanDialectSchema = z.enum(PLAN_DIALECTS);
export type PlanDialect = z.infer<typeof PlanDialectSchema>;

/** Names as users know them, for messages and the dialect picker. */
export const DIALECT_NAMES: Record<PlanDialect, string> = {
  'mysql-json-v1': 'MySQL EXPLAIN FORMAT=JSON (version 1)',
  'mysql-json-v2': 'MySQL EXPLAIN FORMAT=JSON (version 2)',
  'mysql-tree': 'MySQL EXPLAIN FORMAT=TREE / EXPLAIN ANALYZE',
  'mariadb-json': 'MariaDB EXPLAIN / ANALYZE FORMAT=JSON',
  tabular: 'traditional tabular EXPLAIN',
};
