import {
  formatCost,
  formatFactor,
  formatMs,
  formatRows,
} from '../../shared/explain/format-plan-figures';
import type { PlanNode } from '../../shared/explain/plan-model';
import type { ShownTable } from '../../shared/explain/shown-tables';

/** A short glyph per node kind, drawn in the box's corner (always with text beside it). */
export const KIND_GLYPHS: Record<PlanNode['kind'], string> = {
  table: '▦',
  join: '⋈',
  filter: '▽',
  sort: '⇅',
  group: '⊞',
  aggregate: 'Σ',
  // Not ⧉: no common monospace (nor DejaVu) font has it, so it drew as a missing-glyph box.
  temporary: '▤',
  materialize: '◫',
  subquery: '⊂',
  union: '∪',
  window: '⊡',
  limit: '⊣',
  stream: '≋',
  dedupe: '≠',
  'index-merge': '⋃',
  other: '•',
  unknown: '?',
};

/** The text lines of a node box, each null when the node has nothing to say there. */
export interface NodeLines {
  title: string;
  /** Access type and key. */
  access: string | null;
  /** Time, rows, loops when measured; rows and cost otherwise. */
  figures: string | null;
  /** When measured: rows estimated vs found per loop, and by what factor they differ. */
  estimate: string | null;
}

/**
 * The lines a node box shows: what, how (access + key), how much (time, rows, loops or rows,
 * cost), and, when measured, the estimate beside what was found. `shown`: the real table and
 * alias of a node the plan names by alias only (see shownTables), drawn as MySQL JSON v2's are.
 */
export function nodeLines(node: PlanNode, shown?: ShownTable): NodeLines {
  let title = node.label;
  const table = shown?.table ?? node.table;
  const alias = shown ? shown.alias : node.alias;
  if (table) title = alias && alias !== table ? `${table} ${alias}` : table;
  const access = [node.accessType, node.key ? `key ${node.key}` : null].filter(Boolean).join(' · ');
  const figures: string[] = [];
  const actual = node.actual;
  let estimate: string | null = null;
  if (actual && !actual.executed) figures.push('never executed');
  else if (actual) {
    if (actual.totalTimeMs !== undefined) figures.push(formatMs(actual.totalTimeMs));
    if (actual.totalRows !== undefined) figures.push(`${formatRows(actual.totalRows)} rows`);
    if (actual.loops !== undefined && actual.loops !== 1)
      figures.push(`${formatRows(actual.loops)} loops`);
    if (node.rows !== undefined && actual.rows !== undefined)
      estimate = estimateLine(node.rows, actual.rows, actual.loops);
  } else {
    if (node.rows !== undefined) figures.push(`${formatRows(node.rows)} rows`);
    const cost = node.cost?.total ?? node.cost?.self;
    if (cost !== undefined) figures.push(`cost ${formatCost(cost)}`);
  }
  return { title, access: access || null, figures: figures.join(' · ') || null, estimate };
}

/**
 * `est 11.5 → 1.7 k rows/loop (145×)`: the estimate and what was found, per loop as both are
 * given; the factor (as the misestimate finding computes it) from 2× up, where it starts to say
 * something.
 */
function estimateLine(estimated: number, found: number, loops: number | undefined): string {
  const ratio = Math.max(estimated, 1) / Math.max(found, 1);
  const factor = ratio >= 1 ? ratio : 1 / ratio;
  const per = loops !== undefined && loops !== 1 ? ' rows/loop' : ' rows';
  return `est ${formatRows(estimated)} → ${formatRows(found)}${per}${factor >= 2 ? ` (${formatFactor(factor)})` : ''}`;
}
