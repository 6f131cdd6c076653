import {
  formatGtidSet,
  gtidIntersection,
  gtidSubtract,
  gtidUnion,
  isGtidSubset,
  parseGtidSet,
} from '../../../src/shared/gtid';
import type { OracleAnswers } from './mysql-oracle';

/**
 * What Sightline answers for the oracle's questions, in the oracle's notation (`R<result>` or
 * `E1772 <message>`). Union and intersection are only comparable when both texts are valid:
 * the server's spelling of them (CONCAT, nested GTID_SUBTRACT) fails differently otherwise.
 */
export function sightlineAnswers(a: string, b: string): OracleAnswers {
  const pa = parseGtidSet(a);
  const pb = parseGtidSet(b);
  const normalized = (r: typeof pa) =>
    r.ok ? `R${formatGtidSet(r.set)}` : `E1772 ${r.error.message}`;
  const firstError = !pa.ok ? pa : !pb.ok ? pb : null;
  const error = firstError && !firstError.ok ? `E1772 ${firstError.error.message}` : null;
  const both = pa.ok && pb.ok ? { a: pa.set, b: pb.set } : null;
  return {
    normalizedA: normalized(pa),
    normalizedB: normalized(pb),
    subtract: error ?? `R${formatGtidSet(gtidSubtract(both!.a, both!.b))}`,
    subset: error ?? `R${isGtidSubset(both!.a, both!.b) ? 1 : 0}`,
    union: both ? `R${formatGtidSet(gtidUnion(both.a, both.b))}` : '(not compared)',
    intersection: both ? `R${formatGtidSet(gtidIntersection(both.a, both.b))}` : '(not compared)',
  };
}
