import type { PlanChange, PlanDiff } from './diff-plans';

/** Changes that are figures of the whole plan (cost, time): reported, never a regression. */
const WHOLE_PLAN = new Set<PlanChange['kind']>(['cost', 'time']);

/**
 * The changes of a comparison that make the second plan worse, as a CI gate fails on them: a
 * full scan or a worse access type, a filesort, temporary table or other heavy operation that
 * came, a different index with a higher estimate, a table's row estimate grown past the rows
 * factor. Whatever made the plan better or only moved it is left out.
 */
export function planRegressions(diff: PlanDiff): PlanChange[] {
  return diff.changes.filter((c) => c.severity !== 'info' && !WHOLE_PLAN.has(c.kind));
}
