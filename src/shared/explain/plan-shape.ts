import { accessClassOf } from './access-class';
import type { PlanNode } from './plan-model';
import { tableIdentity, WATCHED_FLAGS } from './plan-diff/node-features';

/**
 * The shape of a plan as text: for every node its kind, table, access class, index and watched
 * flags (full scans, filesort, temporary...), children in order; no costs, rows, times or
 * conditions, which change with the data while the plan stays the same.
 */
export function planShapeText(root: PlanNode): string {
  const parts: string[] = [];
  const stack: Array<PlanNode | ')'> = [root];
  while (stack.length) {
    const item = stack.pop()!;
    if (item === ')') {
      parts.push(')');
      continue;
    }
    const flags = WATCHED_FLAGS.filter((f) => item.flags.includes(f)).join(',');
    parts.push(
      `(${item.kind}|${tableIdentity(item)}|${accessClassOf(item) ?? ''}|${(item.key ?? '').toLowerCase()}|${flags}`,
    );
    stack.push(')');
    for (let c = item.children.length - 1; c >= 0; c--) stack.push(item.children[c]!);
  }
  return parts.join('');
}

/**
 * A short fingerprint of a plan's shape (16 hex digits): equal for plans that do the same
 * operations on the same tables in the same join order with the same access types and indexes,
 * whatever their estimates. Plans of one statement whose fingerprints differ are a plan change.
 */
export function planShapeFingerprint(root: PlanNode): string {
  const text = planShapeText(root);
  // Two 32-bit hashes with different constants: 64 bits keep collisions out of any history.
  return hash32(text, 0x811c9dc5, 0x01000193) + hash32(text, 0x9747b28c, 0x5bd1e995);
}

/** FNV-1a style over UTF-16 code units (xor, then multiply), as 8 hex digits. */
function hash32(text: string, seed: number, multiplier: number): string {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, multiplier) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
