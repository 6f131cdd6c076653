import type { ParsedAlter } from '../alter/alter-operation';
import { same } from './lint-finding';
import { foreignKeysInto, type SchemaModel } from './schema-model';
import type { TableModel } from './table-model';

/** Whether `text` names `name` as a word (plain or back-quoted). */
function mentions(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\w$])\`?${escaped}\`?($|[^\\w$])`, 'i').test(text);
}

/** Foreign keys of other tables that point at `table`. */
export function incomingForeignKeys(schema: SchemaModel | undefined, table: string) {
  return schema ? foreignKeysInto(schema, table) : [];
}

/** What uses column `column` of `table`: foreign keys, generated columns, views, triggers. */
export function usersOfColumn(
  table: TableModel,
  column: string,
  schema: SchemaModel | undefined,
): string[] {
  const users: string[] = [];
  for (const fk of table.foreignKeys) {
    if (fk.columns.some((c) => same(c, column))) users.push(`foreign key ${fk.name}`);
  }
  for (const fk of incomingForeignKeys(schema, table.name)) {
    if (fk.refColumns.some((c) => same(c, column)))
      users.push(`foreign key ${fk.name} of table ${fk.from}`);
  }
  for (const c of table.columns) {
    if (c.generated && !same(c.name, column) && mentions(c.generated.expression, column)) {
      users.push(`generated column ${c.name}`);
    }
  }
  if (schema) {
    for (const view of schema.views.values()) {
      if (mentions(view.body, table.name) && mentions(view.body, column))
        users.push(`view ${view.name}`);
    }
    for (const trigger of schema.triggers.values()) {
      if (same(trigger.table, table.name) && mentions(trigger.body, column))
        users.push(`trigger ${trigger.name}`);
    }
  }
  return users;
}

/** What uses table `table` as a whole: other tables' foreign keys, views. */
export function usersOfTable(table: string, schema: SchemaModel | undefined): string[] {
  const users = incomingForeignKeys(schema, table).map(
    (fk) => `foreign key ${fk.name} of table ${fk.from}`,
  );
  for (const view of schema?.views.values() ?? [])
    if (mentions(view.body, table)) users.push(`view ${view.name}`);
  return users;
}

/** Which online schema change tool fits the table, and why the other does not. */
export function onlineToolAdvice(
  table: TableModel | null,
  schema: SchemaModel | undefined,
  alter: ParsedAlter | null,
): string {
  if (alter?.operations.some((o) => o.kind === 'rename-table')) {
    return 'Rename the table in a statement of its own: neither gh-ost nor pt-online-schema-change renames.';
  }
  if (!table)
    return 'Consider gh-ost or pt-online-schema-change: they copy in throttled chunks and let you choose the cut-over.';
  const hasKey = table.indexes.some(
    (i) =>
      i.kind === 'primary' ||
      (i.kind === 'unique' &&
        i.columns.every((c) => table.columns.find((x) => same(x.name, c))?.nullable === false)),
  );
  if (!hasKey) {
    return 'Neither gh-ost nor pt-online-schema-change can copy this table: both need a PRIMARY KEY or a UNIQUE key on NOT NULL columns to copy it in chunks; add one first.';
  }
  const fks = table.foreignKeys.length + incomingForeignKeys(schema, table.name).length;
  const triggers = [...(schema?.triggers.values() ?? [])].filter((t) =>
    same(t.table, table.name),
  ).length;
  if (fks > 0 || triggers > 0) {
    const why = [fks > 0 ? 'foreign keys' : '', triggers > 0 ? 'triggers' : '']
      .filter(Boolean)
      .join(' and ');
    return `Use pt-online-schema-change${fks > 0 ? ' --alter-foreign-keys-method=auto' : ''}${triggers > 0 ? ' --preserve-triggers' : ''}: the table has ${why}, which gh-ost does not support.`;
  }
  return 'Use gh-ost (or pt-online-schema-change): it copies in throttled chunks that pause on replica lag, and cuts over when you choose.';
}
