import { detectFlavor } from '../server/flavor';
import type { PlanDialect } from './plan-dialect';

/**
 * Whether plans from two servers (their `SELECT VERSION()`) state cost in the same units: MySQL
 * and Percona Server share one cost model; MariaDB has its own, which 11.0 replaced (costs in
 * milliseconds). A version that does not read as one is taken to differ.
 */
export function sameCostUnits(a: string, b: string): boolean {
  const x = detectFlavor(a, '');
  const y = detectFlavor(b, '');
  if (!x || !y) return false;
  const mariadb = (f: typeof x) => f.flavor === 'mariadb';
  if (mariadb(x) !== mariadb(y)) return false;
  return !mariadb(x) || x.version.major >= 11 === y.version.major >= 11;
}

/** Where a plan came from, as far as it is known: its server's VERSION(), else its format. */
export interface PlanOrigin {
  dialect: PlanDialect;
  /** `SELECT VERSION()` of the server that made the plan; absent for a pasted plan. */
  server?: string;
}

/**
 * Why two plans' costs cannot be compared, in words (`MySQL and MariaDB count cost in other
 * units`), or undefined when they can. Judged by their servers' versions when both are known
 * (`sameCostUnits`), else by their formats, which tell MariaDB's from MySQL's. Two MariaDB
 * plans of unknown version count as alike: only 11.0 and later write a cost in `EXPLAIN
 * FORMAT=JSON`, so there is no cost from before 11.0 to set against one after.
 */
export function costUnitsMismatch(a: PlanOrigin, b: PlanOrigin): string | undefined {
  const family = (p: PlanOrigin): 'MySQL' | 'MariaDB' => {
    const f = p.server === undefined ? undefined : detectFlavor(p.server, '');
    if (f) return f.flavor === 'mariadb' ? 'MariaDB' : 'MySQL';
    return p.dialect === 'mariadb-json' ? 'MariaDB' : 'MySQL';
  };
  const x = family(a);
  const y = family(b);
  if (x !== y) return 'MySQL and MariaDB count cost in other units';
  if (a.server === undefined || b.server === undefined || sameCostUnits(a.server, b.server))
    return undefined;
  return x === 'MariaDB'
    ? 'MariaDB 11.0 replaced its cost units (costs are milliseconds from 11.0)'
    : 'one of the two server versions could not be read, so their cost units are unknown';
}
