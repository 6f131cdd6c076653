import type { Diagnostic } from './diagnose-plan';
import { formatCost, formatMs, formatRows } from './format-plan-figures';
import { DIALECT_NAMES } from './plan-dialect';
import type { Plan, PlanNode } from './plan-model';

export interface RenderOptions {
  /** Shown under their nodes and listed after the tree. */
  diagnostics?: Diagnostic[];
  /** Longer conditions are cut with `…`; default 160 characters. */
  maxConditionLength?: number;
}

/**
 * The plan as a text tree in the style of pt-visual-explain: one line per node, its figures
 * and details indented under it, `+-` branches and `|` rails, then the diagnostics with their
 * explanations and suggestions. Plain ASCII, for terminals and logs.
 */
export function renderPlanTree(plan: Plan, options: RenderOptions = {}): string {
  const diagnostics = options.diagnostics ?? [];
  const byNode = new Map<number, Diagnostic[]>();
  for (const d of diagnostics) byNode.set(d.nodeId, [...(byNode.get(d.nodeId) ?? []), d]);
  const max = options.maxConditionLength ?? 160;
  const lines: string[] = [
    `${DIALECT_NAMES[plan.dialect]}${plan.analyzed ? ', measured' : ''}`,
    '',
  ];
  // Iterative: deep plans must not exhaust the stack.
  const stack: Array<{ node: PlanNode; prefix: string; last: boolean; root: boolean }> = [
    { node: plan.root, prefix: '', last: true, root: true },
  ];
  while (stack.length) {
    const { node, prefix, last, root } = stack.pop()!;
    const branch = root ? '' : '+- ';
    lines.push(`${prefix}${branch}${node.label}  #${node.id}`);
    const childPrefix = root ? '' : `${prefix}${last ? '   ' : '|  '}`;
    const rail = `${childPrefix}${node.children.length ? '|  ' : '   '}`;
    for (const detail of details(node, max)) lines.push(`${rail}${detail}`.trimEnd());
    for (const d of byNode.get(node.id) ?? []) lines.push(`${rail}! ${d.severity}: ${d.title}`);
    for (let i = node.children.length - 1; i >= 0; i--)
      stack.push({
        node: node.children[i]!,
        prefix: childPrefix,
        last: i === node.children.length - 1,
        root: false,
      });
  }
  if (diagnostics.length) {
    lines.push('', 'Diagnostics:');
    for (const d of diagnostics) {
      lines.push(`  [${d.severity}] #${d.nodeId} ${d.title}`);
      lines.push(`    ${d.explanation}`);
      if (d.suggestion) lines.push(`    Suggestion: ${d.suggestion}`);
    }
  } else lines.push('', 'Diagnostics: none');
  return `${lines.join('\n')}\n`;
}

function details(node: PlanNode, max: number): string[] {
  const out: string[] = [];
  const access: string[] = [];
  if (node.table !== undefined) {
    const name = node.schema ? `${node.schema}.${node.table}` : node.table;
    access.push(
      `table ${name}${node.alias && node.alias !== node.table ? ` as ${node.alias}` : ''}`,
    );
  }
  if (node.accessType !== undefined && node.table !== undefined)
    access.push(`access ${node.accessType}`);
  if (node.key !== undefined)
    access.push(`key ${node.key}${node.keyParts?.length ? ` (${node.keyParts.join(', ')})` : ''}`);
  if (node.ref?.length) access.push(`ref ${node.ref.join(', ')}`);
  if (access.length) out.push(access.join('  '));
  if (node.possibleKeys?.length && node.key === undefined)
    out.push(`possible keys ${node.possibleKeys.join(', ')}`);
  const estimate: string[] = [];
  if (node.rows !== undefined) estimate.push(`rows ${formatRows(node.rows)}`);
  if (node.filtered !== undefined && node.filtered !== 100)
    estimate.push(`filtered ${formatRows(node.filtered)}%`);
  if (node.cost?.total !== undefined)
    estimate.push(
      `cost ${formatCost(node.cost.total)}${node.cost.self !== undefined && node.cost.self !== node.cost.total ? ` (self ${formatCost(node.cost.self)})` : ''}`,
    );
  else if (node.cost?.self !== undefined) estimate.push(`cost ${formatCost(node.cost.self)}`);
  if (estimate.length) out.push(estimate.join('  '));
  const a = node.actual;
  if (a && !a.executed) out.push('actual: never executed');
  else if (a) {
    const counts: string[] = [];
    if (a.rows !== undefined) counts.push(`${formatRows(a.rows)} row${a.rows === 1 ? '' : 's'}`);
    if (a.loops !== undefined)
      counts.push(`${formatRows(a.loops)} loop${a.loops === 1 ? '' : 's'}`);
    const parts = counts.length ? [counts.join(' x ')] : [];
    if (a.totalTimeMs !== undefined)
      parts.push(
        `${formatMs(a.totalTimeMs)}${a.selfTimeMs !== undefined ? ` (self ${formatMs(a.selfTimeMs)})` : ''}`,
      );
    else if (a.selfTimeMs !== undefined) parts.push(`self ${formatMs(a.selfTimeMs)}`);
    if (parts.length) out.push(`actual ${parts.join(', ')}`);
  }
  if (node.condition !== undefined && node.kind !== 'filter')
    out.push(`condition ${cut(node.condition, max)}`);
  if (node.flags.length) out.push(`[${node.flags.join(', ')}]`);
  const notes = node.warnings.filter((w) => w !== node.label);
  if (notes.length) out.push(`notes ${notes.join('; ')}`);
  return out;
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
