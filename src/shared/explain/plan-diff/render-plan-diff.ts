import type { PlanDiff } from './diff-plans';

/**
 * A comparison as text for a terminal: the verdict (same shape or changed), then one line per
 * change with its severity, worst news marked, in the order `diffPlans` found them.
 */
export function renderPlanDiff(diff: PlanDiff): string {
  const lines: string[] = [];
  const notes = diff.changes.length;
  lines.push(
    diff.sameShape
      ? `Same plan shape (${diff.shapes.before})${notes ? `; ${notes} difference${notes === 1 ? '' : 's'} in figures` : ''}`
      : `Plan changed: shape ${diff.shapes.before} → ${diff.shapes.after}`,
  );
  for (const change of diff.changes) lines.push(`  [${change.severity}] ${change.text}`);
  return `${lines.join('\n')}\n`;
}
