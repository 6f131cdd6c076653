import type { PlanChange, PlanChangeKind } from '../../shared/explain/plan-diff';

/** Each kind of change as the summary names it. */
const KIND_WORDS: Record<PlanChangeKind, string> = {
  'join-order': 'join order',
  'join-algorithm': 'join algorithm',
  access: 'access',
  index: 'index',
  'table-added': 'table added',
  'table-removed': 'table removed',
  'operation-added': 'operation added',
  'operation-removed': 'operation removed',
  condition: 'condition',
  operation: 'operation',
  'flag-added': 'extra step',
  'flag-removed': 'extra step',
  rows: 'estimated rows',
  'measured-rows': 'measured rows',
  cost: 'cost',
  time: 'time',
};

/**
 * The compare header's one line: as many changes as the report lists (conditions included), and
 * which kinds, in the report's order: `1 change: condition`, `3 changes: access, index,
 * estimated rows`. The header once counted nodes whose access, key or estimate changed, and
 * said "Same plan shape: no … changed" beside a report of one changed condition.
 */
export function changeSummary(changes: readonly PlanChange[]): string {
  if (changes.length === 0)
    return 'No change: same join order, access, indexes, operations, conditions and rows.';
  const kinds = [...new Set(changes.map((c) => KIND_WORDS[c.kind]))];
  return `${changes.length} ${changes.length === 1 ? 'change' : 'changes'}: ${kinds.join(', ')}`;
}
