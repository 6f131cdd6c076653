import type { PlanFlag, PlanNode } from '../plan-model';
import { accessClassOf } from '../access-class';

const UNUSUAL_SPACE = /\s\s|[\t\n\r\f\v]|^\s|\s$/;

/** Text compared without case and with runs of white space as one space. */
export function normalizedText(text: string | undefined): string {
  const lower = (text ?? '').toLowerCase();
  // Parsers mostly give single spaces already: test before paying for a replace.
  return UNUSUAL_SPACE.test(lower) ? lower.replace(/\s+/g, ' ').trim() : lower;
}

/**
 * Which table a node reads, as the statement names it: its alias (else the table), without
 * case. Empty for nodes that read no table. The alias is what a statement keeps from one plan
 * to the next, and all dialects have it: MariaDB and MySQL JSON v1 name tables by alias only,
 * JSON v2 and the trees give table and alias.
 */
export function tableIdentity(node: PlanNode): string {
  return normalizedText(node.alias ?? node.table);
}

/** The flags whose appearing or going a comparison reports (full scans, sorts, temporaries). */
export const WATCHED_FLAGS: readonly PlanFlag[] = [
  'full-table-scan',
  'full-index-scan',
  'filesort',
  'temporary',
  'join-buffer',
  'dependent',
  'covering-index',
];

/**
 * What a node does, without its figures: kind, operation words, table, access, index,
 * conditions and watched flags. Two nodes with the same text do the same thing, whatever their
 * estimates and costs say.
 */
export function operationText(node: PlanNode): string {
  const flags = WATCHED_FLAGS.filter((f) => node.flags.includes(f)).join(',');
  return [
    node.kind,
    normalizedText(node.label),
    tableIdentity(node),
    accessClassOf(node) ?? '',
    normalizedText(node.key),
    normalizedText(node.condition),
    normalizedText(node.indexCondition),
    flags,
  ].join('\u0001');
}

/**
 * What a node is, loosely: its kind and the table it reads. Nodes that keep this between two
 * plans are the same step of the statement even when its access, index or condition changed.
 */
export function roleText(node: PlanNode): string {
  return `${node.kind}\u0001${tableIdentity(node)}`;
}
