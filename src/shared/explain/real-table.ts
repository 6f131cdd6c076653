import { qualifiedName } from '../sql/quote-identifier';
import { tableOfAlias } from '../sql/table-of-alias';
import type { Plan, PlanNode } from './plan-model';

/** A table a plan node reads, by the name DDL needs. */
export interface RealTable {
  schema: string | undefined;
  table: string;
  /** `` `shop`.`orders` ``, ready for ALTER TABLE / ANALYZE TABLE. */
  qualified: string;
}

/**
 * The real table behind a node, when the plan or the statement explained says which; undefined
 * when it cannot be known. MySQL JSON v2 names the table apart from its alias; every other
 * format (JSON v1, TREE, MariaDB, the classic table) names a table by its alias, so the alias is
 * resolved through `statement` (the SQL explained, or the plan's own `query`). The schema comes
 * from the node, else from the statement, else from conditions that qualify the alias
 * (`` `shop`.`o`.`total` ``).
 */
export function realTable(
  plan: Plan,
  node: PlanNode,
  statement: string | undefined,
  conditions: readonly string[] = [],
): RealTable | undefined {
  const name = node.table;
  if (name === undefined || name.startsWith('<')) return undefined;
  let schema = node.schema;
  let table: string;
  if (plan.dialect === 'mysql-json-v2') table = name;
  else if (statement !== undefined && statement.trim() !== '') {
    const resolved = resolveAlias(statement, name);
    table = resolved.table;
    schema ??= resolved.schema ?? undefined;
  } else return undefined;
  schema ??= schemaFromConditions(node.alias ?? name, conditions);
  let qualified: string;
  try {
    qualified = qualifiedName(schema, table);
  } catch {
    // A name no server object can have (empty, a NUL, ...): a plan is parsed, not trusted, and
    // no DDL can name it.
    return undefined;
  }
  return { schema, table, qualified };
}

// The last statement's aliases: a plan asks about the same few aliases for thousands of nodes,
// and tokenizing the statement each time would cost more than the diagnosis.
let aliases: { statement: string; resolved: Map<string, ReturnType<typeof tableOfAlias>> } = {
  statement: '',
  resolved: new Map(),
};

function resolveAlias(statement: string, alias: string): ReturnType<typeof tableOfAlias> {
  if (aliases.statement !== statement) aliases = { statement, resolved: new Map() };
  let found = aliases.resolved.get(alias);
  if (!found) aliases.resolved.set(alias, (found = tableOfAlias(statement, alias)));
  return found;
}

/** `shop` from `` `shop`.`o`.`total` `` in a condition that names the alias `o`. */
function schemaFromConditions(alias: string, conditions: readonly string[]): string | undefined {
  const needle = `\`.\`${alias}\`.\``;
  for (const text of conditions) {
    const at = text.indexOf(needle);
    if (at <= 0) continue;
    const open = text.lastIndexOf('`', at - 1);
    if (open >= 0) return text.slice(open + 1, at);
  }
  return undefined;
}
