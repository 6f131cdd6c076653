import type { AlterOperation } from '../alter/alter-operation';
import type { SqlFlavor } from '../sql/lexer';
import { splitStatements } from '../sql/split-statements';
import { closingParenthesis, isMark, unquoteName, type SqlToken } from '../sql/statement-tokens';
import { readSchemaStatement, type SchemaStatement } from './schema-statement';
import {
  columnFromDefinition,
  parseCreateTable,
  sqlTokens,
  type IndexKind,
  type TableModel,
} from './table-model';

export {
  readSchemaStatement,
  type ReadStatementResult,
  type SchemaStatement,
} from './schema-statement';

/** A view: its name and its definition's text (what its SELECT names). */
export interface ViewModel {
  name: string;
  body: string;
}

/** A trigger and the table it fires on. */
export interface TriggerModel {
  name: string;
  table: string;
  body: string;
}

/**
 * The tables, views and triggers of one schema, keyed by lower-case name. Built from a dump, a
 * live server or nothing, then changed statement by statement as a migration would change it.
 */
export interface SchemaModel {
  tables: Map<string, TableModel>;
  views: Map<string, ViewModel>;
  triggers: Map<string, TriggerModel>;
}

/** An empty schema. */
export function emptySchema(): SchemaModel {
  return { tables: new Map(), views: new Map(), triggers: new Map() };
}

/** The key a table, view or trigger is stored under. */
export function nameKey(name: string): string {
  return name.toLowerCase();
}

/** A foreign key of another table that points at a table. */
export interface IncomingForeignKey {
  /** The table that has the foreign key. */
  from: string;
  name: string;
  refColumns: string[];
}

/** Foreign keys by the table they point at, built when first asked and dropped on change. */
const incomingCache = new WeakMap<SchemaModel, Map<string, IncomingForeignKey[]>>();

/** The foreign keys of other tables that point at `table`. */
export function foreignKeysInto(schema: SchemaModel, table: string): IncomingForeignKey[] {
  let index = incomingCache.get(schema);
  if (!index) {
    index = new Map();
    for (const other of schema.tables.values()) {
      for (const fk of other.foreignKeys) {
        const key = nameKey(fk.refTable);
        if (key === nameKey(other.name)) continue;
        const list = index.get(key) ?? [];
        list.push({ from: other.name, name: fk.name, refColumns: fk.refColumns });
        index.set(key, list);
      }
    }
    incomingCache.set(schema, index);
  }
  return index.get(nameKey(table)) ?? [];
}

/** Whether applying `statement` can change which foreign keys point where. */
function movesForeignKeys(statement: SchemaStatement): boolean {
  switch (statement.kind) {
    case 'create-table':
    case 'drop-table':
    case 'rename-table':
      return true;
    case 'alter-table':
      return statement.alter.operations.some((o) =>
        ['add-foreign-key', 'drop-foreign-key', 'drop-constraint', 'rename-table'].includes(o.kind),
      );
    default:
      return false;
  }
}

/** The server moves foreign keys along with a renamed table: other tables now point at `to`. */
function repointForeignKeys(schema: SchemaModel, from: string, to: string): void {
  for (const [key, table] of schema.tables) {
    if (!table.foreignKeys.some((fk) => nameKey(fk.refTable) === nameKey(from))) continue;
    schema.tables.set(key, {
      ...table,
      foreignKeys: table.foreignKeys.map((fk) =>
        nameKey(fk.refTable) === nameKey(from) ? { ...fk, refTable: to } : fk,
      ),
    });
  }
}

function cloneTable(table: TableModel): TableModel {
  return {
    ...table,
    columns: table.columns.map((c) => ({ ...c })),
    indexes: table.indexes.map((i) => ({
      ...i,
      columns: [...i.columns],
      prefixes: [...i.prefixes],
    })),
    foreignKeys: table.foreignKeys.map((f) => ({
      ...f,
      columns: [...f.columns],
      refColumns: [...f.refColumns],
    })),
    unknown: [...table.unknown],
  };
}

/**
 * Applies a statement to the schema model in place, as the server would (tables created,
 * altered, renamed, dropped; views and triggers recorded). A changed table is replaced by a new
 * object, so models handed out earlier keep describing the table as it was.
 */
export function applySchemaStatement(
  schema: SchemaModel,
  statement: SchemaStatement,
  flavor: SqlFlavor,
): void {
  if (statement.kind === 'create-table' && !schema.tables.has(nameKey(statement.table.name))) {
    // A new table only adds its own keys (CREATE TABLE ... LIKE copies none: MySQL leaves them out).
    const index = incomingCache.get(schema);
    for (const fk of index && statement.like === null ? statement.table.foreignKeys : []) {
      if (nameKey(fk.refTable) === nameKey(statement.table.name)) continue;
      const list = index!.get(nameKey(fk.refTable)) ?? [];
      list.push({ from: statement.table.name, name: fk.name, refColumns: fk.refColumns });
      index!.set(nameKey(fk.refTable), list);
    }
  } else if (movesForeignKeys(statement)) incomingCache.delete(schema);
  switch (statement.kind) {
    case 'create-table': {
      const key = nameKey(statement.table.name);
      if (schema.tables.has(key) && !statement.replace) return; // IF NOT EXISTS, or an error
      const like = statement.like !== null ? schema.tables.get(nameKey(statement.like)) : undefined;
      schema.tables.set(
        key,
        like
          ? {
              ...cloneTable(like),
              name: statement.table.name,
              schema: statement.table.schema,
              foreignKeys: [],
            }
          : statement.table,
      );
      return;
    }
    case 'alter-table': {
      const key = nameKey(statement.alter.table);
      const current = schema.tables.get(key);
      // A table known only by the ALTERs made to it would look keyless and columnless: it stays
      // unknown, and each statement on it says so.
      if (!current) return;
      const table = cloneTable(current);
      for (const op of statement.alter.operations) applyOperation(table, op, statement.sql, flavor);
      schema.tables.delete(key);
      schema.tables.set(nameKey(table.name), table);
      if (nameKey(table.name) !== key) repointForeignKeys(schema, current.name, table.name);
      return;
    }
    case 'drop-table':
      for (const name of statement.tables) schema.tables.delete(nameKey(name));
      return;
    case 'rename-table':
      for (const { from, to } of statement.renames) {
        const table = schema.tables.get(nameKey(from));
        if (!table) continue;
        schema.tables.delete(nameKey(from));
        schema.tables.set(nameKey(to), { ...table, name: to });
        repointForeignKeys(schema, from, to);
      }
      return;
    case 'create-view':
      schema.views.set(nameKey(statement.view.name), statement.view);
      return;
    case 'drop-view':
      for (const name of statement.views) schema.views.delete(nameKey(name));
      return;
    case 'create-trigger':
      schema.triggers.set(nameKey(statement.trigger.name), statement.trigger);
      return;
    case 'drop-trigger':
      schema.triggers.delete(nameKey(statement.name));
      return;
    case 'other':
      return;
  }
}

const INDEX_KINDS: Partial<Record<AlterOperation['kind'], IndexKind>> = {
  'add-index': 'index',
  'add-unique-index': 'unique',
  'add-fulltext-index': 'fulltext',
  'add-spatial-index': 'spatial',
  'add-primary-key': 'primary',
};

function same(a: string | undefined, b: string | undefined): boolean {
  return (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
}

/** One ALTER TABLE operation applied to a table model. */
function applyOperation(
  table: TableModel,
  op: AlterOperation,
  sql: string,
  flavor: SqlFlavor,
): void {
  const definitionTokens = () => sqlTokens(op.definition ?? '', flavor);
  switch (op.kind) {
    case 'add-column': {
      if (op.column === undefined) {
        table.unknown.push(op.text);
        return;
      }
      const column = columnFromDefinition(op.column, definitionTokens(), op.definition ?? '');
      if (
        column.charset === null &&
        /^(char|varchar|tinytext|text|mediumtext|longtext|enum|set)\b/.test(column.type)
      ) {
        column.charset = table.charset;
        column.collation = table.collation;
      }
      table.columns.push(column);
      if (/\bPRIMARY\s+KEY\b/i.test(op.definition ?? '')) {
        table.indexes.push({
          name: 'PRIMARY',
          kind: 'primary',
          columns: [column.name],
          prefixes: [null],
        });
      } else if (/\bUNIQUE\b/i.test(op.definition ?? '')) {
        table.indexes.push({
          name: column.name,
          kind: 'unique',
          columns: [column.name],
          prefixes: [null],
        });
      }
      return;
    }
    case 'drop-column':
      table.columns = table.columns.filter((c) => !same(c.name, op.column));
      for (const index of table.indexes) {
        const keep = index.columns.map((c) => !same(c, op.column));
        index.columns = index.columns.filter((_, n) => keep[n]);
        index.prefixes = index.prefixes.filter((_, n) => keep[n]);
      }
      table.indexes = table.indexes.filter((i) => i.columns.length > 0);
      return;
    case 'rename-column':
      renameColumn(table, op.column, op.newName);
      return;
    case 'change-column':
    case 'modify-column': {
      const at = table.columns.findIndex((c) => same(c.name, op.column));
      const newName =
        op.kind === 'change-column' ? (op.newName ?? op.column ?? '') : (op.column ?? '');
      if (op.definition === undefined) return; // ALTER COLUMN ... SET VISIBLE and the like
      const column = columnFromDefinition(newName, definitionTokens(), op.definition);
      const before = at >= 0 ? table.columns[at] : undefined;
      if (
        column.charset === null &&
        /^(char|varchar|tinytext|text|mediumtext|longtext|enum|set)\b/.test(column.type)
      ) {
        column.charset = table.charset;
        column.collation = table.collation;
      }
      if (at >= 0) table.columns[at] = column;
      else table.columns.push(column);
      if (before && !same(before.name, newName)) renameColumn(table, before.name, newName, true);
      return;
    }
    case 'set-default':
    case 'drop-default': {
      const column = table.columns.find((c) => same(c.name, op.column));
      if (column) column.hasDefault = op.kind === 'set-default' || column.autoIncrement;
      return;
    }
    case 'add-index':
    case 'add-unique-index':
    case 'add-fulltext-index':
    case 'add-spatial-index':
    case 'add-primary-key': {
      const tokens = sqlTokens(op.text, flavor);
      const open = tokens.findIndex((t) => isMark(t, '('));
      if (open < 0) return;
      const close = closingParenthesis(tokens, open);
      const columns: string[] = [];
      const prefixes: (number | null)[] = [];
      let part: SqlToken[] = [];
      const flush = () => {
        if (part.length === 0) return;
        columns.push(
          isMark(part[0], '(')
            ? op.text.slice(part[0]!.start, part.at(-1)!.end)
            : unquoteName(part[0]),
        );
        prefixes.push(isMark(part[1], '(') && part[2] ? Number(part[2].text) || null : null);
        part = [];
      };
      let depth = 0;
      for (const t of tokens.slice(open + 1, close)) {
        if (isMark(t, '(')) depth++;
        else if (isMark(t, ')')) depth--;
        if (depth === 0 && isMark(t, ',')) flush();
        else part.push(t);
      }
      flush();
      const kind = INDEX_KINDS[op.kind]!;
      table.indexes.push({
        name: kind === 'primary' ? 'PRIMARY' : (op.index ?? columns[0] ?? 'index'),
        kind,
        columns,
        prefixes,
      });
      return;
    }
    case 'drop-index':
      table.indexes = table.indexes.filter((i) => !same(i.name, op.index));
      return;
    case 'drop-primary-key':
      table.indexes = table.indexes.filter((i) => i.kind !== 'primary');
      return;
    case 'rename-index': {
      const index = table.indexes.find((i) => same(i.name, op.index));
      if (index && op.newName) index.name = op.newName;
      return;
    }
    case 'add-foreign-key': {
      const parsed = parseCreateTable(
        `CREATE TABLE x (${op.text.replace(/^ADD\s+/i, '')})`,
        flavor,
      );
      if (parsed.ok) {
        table.foreignKeys.push(...parsed.table.foreignKeys);
        for (const index of parsed.table.indexes) {
          if (
            !table.indexes.some((i) =>
              i.columns.join(',').toLowerCase().startsWith(index.columns.join(',').toLowerCase()),
            )
          )
            table.indexes.push(index);
        }
      }
      return;
    }
    case 'drop-foreign-key':
      table.foreignKeys = table.foreignKeys.filter((f) => !same(f.name, op.index));
      return;
    case 'drop-constraint':
      table.foreignKeys = table.foreignKeys.filter((f) => !same(f.name, op.index));
      table.indexes = table.indexes.filter((i) => !(i.kind === 'unique' && same(i.name, op.index)));
      return;
    case 'rename-table':
      if (op.newName) table.name = op.newName;
      return;
    case 'engine':
      table.engine = op.value ?? table.engine;
      return;
    case 'row-format':
      table.rowFormat = op.value?.toUpperCase() ?? table.rowFormat;
      return;
    case 'convert-charset': {
      const charset = op.value?.toLowerCase().replace(/^utf8$/, 'utf8mb3') ?? null;
      const collation = /\bCOLLATE\s*=?\s*[`'"]?(\w+)/i.exec(op.text)?.[1]?.toLowerCase() ?? null;
      table.charset = charset;
      table.collation = collation;
      for (const c of table.columns) {
        if (c.charset !== null) {
          c.charset = charset;
          c.collation = collation;
        }
      }
      return;
    }
    case 'default-charset': {
      const value = op.value?.toLowerCase() ?? null;
      if (/^(DEFAULT\s+)?COLLATE/i.test(op.text)) table.collation = value;
      else table.charset = value === 'utf8' ? 'utf8mb3' : value;
      return;
    }
    case 'table-option':
      if (/^KEY_BLOCK_SIZE/i.test(op.text))
        table.keyBlockSize = Number(/\d+/.exec(op.text)?.[0]) || null;
      return;
    case 'partition-by':
      table.partitioned = true;
      return;
    case 'remove-partitioning':
      table.partitioned = false;
      return;
    default:
      void sql;
      return;
  }
}

function renameColumn(
  table: TableModel,
  from: string | undefined,
  to: string | undefined,
  onlyReferences = false,
): void {
  if (from === undefined || to === undefined) return;
  if (!onlyReferences) {
    const column = table.columns.find((c) => same(c.name, from));
    if (column) column.name = to;
  }
  for (const index of table.indexes)
    index.columns = index.columns.map((c) => (same(c, from) ? to : c));
  for (const fk of table.foreignKeys) fk.columns = fk.columns.map((c) => (same(c, from) ? to : c));
}

/**
 * Builds a schema model from a dump (`mysqldump --no-data`, `mariadb-dump --no-data`, or any
 * script of CREATE statements): every statement is applied in order; what is not understood is
 * skipped. Returns the model and the statements it could not read.
 */
export function loadSchemaDump(
  text: string,
  flavor: SqlFlavor,
): { schema: SchemaModel; problems: { line: number; column: number; error: string }[] } {
  const schema = emptySchema();
  const problems: { line: number; column: number; error: string }[] = [];
  for (const statement of splitStatements(text, { flavor })) {
    const read = readSchemaStatement(statement.text, flavor);
    if (!read.ok) {
      problems.push({ line: statement.line, column: statement.column, error: read.error });
      continue;
    }
    applySchemaStatement(schema, read.statement, flavor);
  }
  return { schema, problems };
}
