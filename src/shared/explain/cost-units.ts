import { detectFlavor } from '../../../shared/server/flavor';

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
