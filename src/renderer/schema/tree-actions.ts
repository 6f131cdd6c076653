import type { ObjectKind } from '../../shared/api/schema';
import { qualifiedName } from '../../shared/sql/quote-identifier';
import type { TreeNode } from './tree-model';

/** How many rows "SELECT first rows" asks for. */
export const FIRST_ROWS = 1000;

export type TreeActionId = 'select-first-rows' | 'copy-create' | 'copy-name';

export interface TreeAction {
  id: TreeActionId;
  label: string;
}

/** `SELECT * FROM `s`.`t` LIMIT 1000`: names always quoted, whatever they are. */
export function selectFirstRowsSql(schema: string, table: string): string {
  return `SELECT * FROM ${qualifiedName(schema, table)} LIMIT ${FIRST_ROWS}`;
}

/** The object a node's CREATE statement belongs to, or null for nodes that have none. */
export function createTarget(
  node: TreeNode,
): { schema: string; name: string; kind: ObjectKind } | null {
  switch (node.kind) {
    case 'table':
      return { schema: node.schema, name: node.table.name, kind: 'table' };
    case 'view':
      return { schema: node.schema, name: node.view.name, kind: 'view' };
    case 'routine':
      return { schema: node.schema, name: node.routine.name, kind: node.routine.kind };
    case 'trigger':
      return { schema: node.schema, name: node.trigger.name, kind: 'trigger' };
    case 'event':
      return { schema: node.schema, name: node.event.name, kind: 'event' };
    default:
      return null;
  }
}

/** The name to copy for a node, quoted and qualified as it would be written in SQL. */
export function copyableName(node: TreeNode): string | null {
  switch (node.kind) {
    case 'schema':
      return qualifiedName(null, node.schema.name);
    case 'column':
      return qualifiedName(null, node.column.name);
    case 'index':
      return qualifiedName(null, node.index.name);
    default: {
      const target = createTarget(node);
      return target ? qualifiedName(target.schema, target.name) : null;
    }
  }
}

/** The context menu of a node: what can be done with it, most used first. */
export function treeActions(node: TreeNode): TreeAction[] {
  const actions: TreeAction[] = [];
  if (node.kind === 'table' || node.kind === 'view') {
    actions.push({ id: 'select-first-rows', label: `SELECT first ${FIRST_ROWS} rows` });
  }
  if (createTarget(node)) actions.push({ id: 'copy-create', label: 'Copy CREATE statement' });
  if (copyableName(node)) actions.push({ id: 'copy-name', label: 'Copy name' });
  return actions;
}
