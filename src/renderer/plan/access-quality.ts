import type { PlanNode } from '../../shared/explain/plan-model';

/** How good a table access is, as a DBA reads it: one row by key, a range or lookup, or a full scan. */
export type AccessQuality = 'good' | 'fair' | 'bad' | 'none';

const GOOD = new Set(['system', 'const', 'eq_ref', 'single_row', 'zero_rows', 'constant']);

/**
 * Access quality from the normalised flags first (the same for every dialect), then the access
 * type: full scans are bad, single-row lookups good, everything else that reads a table fair.
 */
export function accessQuality(node: PlanNode): AccessQuality {
  if (node.flags.includes('full-table-scan') || node.flags.includes('full-index-scan'))
    return 'bad';
  if (node.kind !== 'table' && node.kind !== 'index-merge') return 'none';
  const type = (node.accessType ?? '').toLowerCase().replace(/\s+/g, '_');
  if (
    GOOD.has(type) ||
    node.flags.includes('impossible') ||
    node.flags.includes('optimized-away')
  ) {
    return 'good';
  }
  return 'fair';
}
