import { formatCost, formatMs, formatRows } from '../../shared/explain/format-plan-figures';
import type { PlanNode } from '../../shared/explain/plan-model';

/** A short glyph per node kind, drawn in the box's corner (always with text beside it). */
export const KIND_GLYPHS: Record<PlanNode['kind'], string> = {
  table: '▦',
  join: '⋈',
  filter: '▽',
  sort: '⇅',
  group: '⊞',
  aggregate: 'Σ',
  temporary: '⧉',
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

/** The lines a node box shows: what, how (access + key), and how much (rows, cost or time). */
export function nodeLines(node: PlanNode): {
  title: string;
  access: string | null;
  figures: string;
} {
  let title = node.label;
  if (node.table) {
    title = node.alias && node.alias !== node.table ? `${node.table} ${node.alias}` : node.table;
  }
  const access = [node.accessType, node.key ? `key ${node.key}` : null].filter(Boolean).join(' · ');
  const figures: string[] = [];
  const actual = node.actual;
  if (actual && !actual.executed) figures.push('never executed');
  else if (actual) {
    if (actual.totalTimeMs !== undefined) figures.push(formatMs(actual.totalTimeMs));
    if (actual.totalRows !== undefined) figures.push(`${formatRows(actual.totalRows)} rows`);
    if (actual.loops !== undefined && actual.loops !== 1)
      figures.push(`${formatRows(actual.loops)} loops`);
  } else {
    if (node.rows !== undefined) figures.push(`${formatRows(node.rows)} rows`);
    const cost = node.cost?.total ?? node.cost?.self;
    if (cost !== undefined) figures.push(`cost ${formatCost(cost)}`);
  }
  return { title, access: access || null, figures: figures.join(' · ') };
}
