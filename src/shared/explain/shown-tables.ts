// Naming a table by its real name and alias is presentation: it is done here, once per plan on
// screen (or per report), never in the parsers or the diagnosis, which are held to a speed bench.
import type { Diagnostic } from './diagnose-plan';
import type { Plan, PlanNode } from './plan-model';
import { realTable } from './real-table';

/** A table node's name as shown: the real table and, when the statement aliases it, the alias. */
export interface ShownTable {
  table: string;
  alias: string | undefined;
}

/**
 * For each table node named by an alias only (MySQL JSON v1 and TREE, MariaDB JSON, the classic
 * table), its real table and alias as resolved through `statement`, by node id; nodes that need
 * nothing (MySQL JSON v2 names both, an unaliased table, a `<derived2>`) are not in the map.
 */
export function shownTables(plan: Plan, statement: string): ReadonlyMap<number, ShownTable> {
  const shown = new Map<number, ShownTable>();
  if (plan.dialect === 'mysql-json-v2' || statement.trim() === '') return shown;
  const visit = (node: PlanNode) => {
    const name = node.table;
    if (name !== undefined && (node.alias === undefined || node.alias === name)) {
      const real = realTable(plan, node, statement);
      if (real && real.table !== name) shown.set(node.id, { table: real.table, alias: name });
    }
    for (const child of node.children) visit(child);
  };
  visit(plan.root);
  return shown;
}

/** `orders (as o)`: how findings name a table (as the diagnosis does when the plan names both). */
export function tableWords(shown: ShownTable): string {
  return shown.alias && shown.alias !== shown.table
    ? `${shown.table} (as ${shown.alias})`
    : shown.table;
}

/**
 * The findings with each alias-only table name replaced by `orders (as o)` where the diagnosis
 * wrote the node's name (`Full table scan on o`, `Every row of o is read`, `An index on o (…)`,
 * `Index lookup on o using …`). Names inside quotes, DDL or conditions are left as they are.
 * Returns `diagnostics` itself when nothing is renamed.
 */
export function nameTablesInFindings(
  diagnostics: Diagnostic[],
  shown: ReadonlyMap<number, ShownTable>,
): Diagnostic[] {
  if (shown.size === 0) return diagnostics;
  return diagnostics.map((d) => {
    const table = shown.get(d.nodeId);
    if (!table || table.alias === undefined) return d;
    const rename = renamer(table.alias, tableWords(table));
    return {
      ...d,
      title: rename(d.title),
      explanation: rename(d.explanation),
      ...(d.suggestion !== undefined ? { suggestion: rename(d.suggestion) } : {}),
    };
  });
}

function renamer(alias: string, words: string): (text: string) => string {
  const escaped = alias.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // After "on " or "of ", before the end, " is", " (" or " using": where the diagnosis and the
  // access labels put a table's name, and nowhere else.
  const at = new RegExp(`(?<=\\b(?:on|of) )${escaped}(?=$| is\\b| \\(| using\\b)`, 'g');
  return (text) => text.replace(at, () => words);
}
