import type { AlterOperation } from './alter-operation';
import {
  normaliseColumnType,
  splitDefinition,
  type ColumnChange,
  type CurrentColumn,
} from './column-change';

/** A foreign key that uses some of a table's columns. */
export interface ForeignKeyUse {
  /** The constraint's name. */
  name: string;
  /** For a key of another table into this one: that table (`schema.table`). */
  table?: string;
  /** The columns of THIS table it uses (referencing, or referenced). */
  columns: readonly string[];
}

/** What the refusals below need to know about the table (all optional: unknown, no claim). */
export interface ColumnRefusalFacts {
  columns?: readonly CurrentColumn[];
  /** The table's own foreign keys, with their referencing columns. */
  foreignKeys?: readonly ForeignKeyUse[];
  /** Other tables' foreign keys into this table, with the columns of this table they reference. */
  incomingForeignKeys?: readonly ForeignKeyUse[];
  /**
   * @@foreign_key_checks of the ALTER's session. Absent (a migration file: its session is not
   * known), the refusals that depend on it are not claimed.
   */
  foreignKeyChecks?: boolean;
  /** The table's AUTO_INCREMENT column; null when it has none, absent when not known. */
  autoIncrementColumn?: string | null;
  /** Every index, the primary key (`PRIMARY`) included: name, columns in order, uniqueness. */
  keys?: ReadonlyArray<{ name: string; columns: readonly string[]; unique: boolean }>;
  /** The columns each generated column's expression uses, by generated column. */
  generatedColumnUses?: Readonly<Record<string, readonly string[]>>;
  /** The columns each named CHECK constraint uses, by constraint name. */
  checkConstraintColumns?: Readonly<Record<string, readonly string[]>>;
  /**
   * Expressions that use columns outside generated columns and CHECKs: a functional key part
   * (MySQL) or a DEFAULT (expression) of a column, named by the index or the column.
   */
  expressionUses?: ReadonlyArray<{
    kind: 'functional-index' | 'default';
    name: string;
    columns: readonly string[];
  }>;
}

const INTEGER = /^(tinyint|smallint|mediumint|int|bigint)\b/;
const SEEN_FK =
  'seen on MySQL 9.7, MariaDB 10.11 and 11.8 (test/integration/alter/rules-matrix.test.ts)';

/**
 * Why the server refuses a CHANGE/MODIFY COLUMN of a column a foreign key uses, or null (also
 * when the column or its keys are not known). Seen on the servers: a change that keeps the
 * type (rename, move, comment, default, NULL ↔ NOT NULL) passes; MariaDB refuses any other
 * (1832, or 1833 from the referenced side), even with foreign_key_checks=0; MySQL takes a
 * VARCHAR made longer within its length-prefix size, refuses an integer size or sign change
 * always (3780) and the other changes only with foreign_key_checks on (3780 for another
 * collation or character set, 1832/1833 else).
 */
export function foreignKeyColumnRefusal(
  op: AlterOperation,
  change: ColumnChange | undefined,
  facts: ColumnRefusalFacts,
  flavor: 'mysql' | 'mariadb',
): string | null {
  if (op.kind !== 'change-column' && op.kind !== 'modify-column') return null;
  const name = (op.column ?? '').toLowerCase();
  const current = facts.columns?.find((c) => c.name.toLowerCase() === name);
  if (!current || op.definition === undefined || change === undefined) return null;
  if (change === 'same' || change === 'reorder' || change === 'nullability') return null;
  const uses = (f: ForeignKeyUse) => f.columns.some((c) => c.toLowerCase() === name);
  const own = (facts.foreignKeys ?? []).filter(uses);
  const incoming = (facts.incomingForeignKeys ?? []).filter(uses);
  if (own.length === 0 && incoming.length === 0) return null;

  const keys = [
    ...own.map((f) => f.name),
    ...incoming.map((f) => (f.table ? `${f.name} of ${f.table}` : f.name)),
  ].join(', ');
  const side =
    own.length > 0
      ? `column ${op.column ?? ''} is the referencing column of foreign key ${keys}`
      : `column ${op.column ?? ''} is referenced by foreign key ${keys}`;
  const lengthError = own.length > 0 ? '1832' : '1833';
  const fix =
    'drop the foreign key, change the columns on both sides, then add it back (or change only what keeps the type: name, comment, default, NULL)';
  const before = normaliseColumnType(current.columnType);
  const after = normaliseColumnType(splitDefinition(op.definition).type);
  const integerChange = INTEGER.test(before) && INTEGER.test(after) && before !== after;

  if (flavor === 'mariadb') {
    return `${side}: MariaDB refuses to change the type of a column a foreign key uses, error ${lengthError} (1846 when it is renamed too), even with foreign_key_checks=0; ${fix}; ${SEEN_FK}`;
  }
  if (integerChange) {
    return `${side}: the two columns' integer types would differ in size or sign, MySQL error 3780 (even with foreign_key_checks=0); ${fix}; ${SEEN_FK}`;
  }
  // MySQL lengthens a VARCHAR in place under a foreign key as long as the length prefix keeps its size.
  if (change === 'varchar-widen') return null;
  if (facts.foreignKeyChecks !== true) return null;
  const collation =
    change === 'collation' || /\b(CHARACTER\s+SET|CHARSET|COLLATE)\b/i.test(op.definition);
  return collation
    ? `${side}: the two columns' character sets or collations would differ, MySQL error 3780 (with foreign_key_checks=1); ${fix}; ${SEEN_FK}`
    : `${side}: MySQL refuses this change of its type, error ${lengthError} (with foreign_key_checks=1); ${fix}; ${SEEN_FK}`;
}

/**
 * Why the server refuses a generated column whose expression uses the AUTO_INCREMENT column,
 * or null: MySQL always (error 3109), MariaDB when it is STORED/PERSISTENT (error 1901; a
 * VIRTUAL one it takes). Seen on MySQL 9.7, MariaDB 10.11 and 11.8.
 */
export function autoIncrementReferenceRefusal(
  op: AlterOperation,
  facts: ColumnRefusalFacts,
  flavor: 'mysql' | 'mariadb',
): string | null {
  const kinds = ['add-column', 'change-column', 'modify-column'];
  const column = facts.autoIncrementColumn;
  if (!kinds.includes(op.kind) || !column || op.definition === undefined) return null;
  // Quoted text (a COMMENT, a string in the expression) names no column.
  const definition = op.definition.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"/g, "''");
  const m = /\b(?:GENERATED\s+ALWAYS\s+)?AS\s*\(([^]*)\)\s*(VIRTUAL|STORED|PERSISTENT)?/i.exec(
    definition,
  );
  if (!m) return null;
  const escaped = column.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('`', '``');
  const uses = new RegExp(`(^|[^\\w$\`])(\`${escaped}\`|${escaped})(?![\\w$])`, 'i');
  if (!uses.test(m[1] ?? '')) return null;
  const stored = /^(STORED|PERSISTENT)$/i.test(m[2] ?? '');
  if (flavor === 'mysql') {
    return `the generated column's expression uses the AUTO_INCREMENT column ${column}: MySQL refuses it, error 3109 (seen on 9.7)`;
  }
  return stored
    ? `the stored generated column's expression uses the AUTO_INCREMENT column ${column}: MariaDB refuses it, error 1901 (a VIRTUAL one it takes; seen on 10.11 and 11.8)`
    : null;
}

/**
 * Why the server refuses to drop or rename a column that something else of the table uses, or
 * null (also when that is not known). Seen on MySQL 9.7, MariaDB 10.11 and 11.8:
 * - a generated column's expression uses it: dropping is refused by both (MySQL 3108, MariaDB
 *   1054) unless the statement drops that generated column too; renaming by MySQL (3108);
 * - a CHECK constraint uses it: MySQL refuses to rename it (3959), and to drop it when the
 *   constraint uses other columns too (a constraint on it alone goes with it); MariaDB refuses
 *   that drop as well (1054) and renames it in the constraint;
 * - a functional key part or another column's DEFAULT expression uses it: MySQL refuses to
 *   drop or rename it (3837, 3766; MariaDB not checked, no claim);
 * - MariaDB refuses to drop one column of a UNIQUE or PRIMARY key of several (1072); MySQL
 *   shrinks the key.
 * A statement that also drops the constraint or the index is not claimed.
 */
export function columnUseRefusal(
  op: AlterOperation,
  all: readonly AlterOperation[],
  facts: ColumnRefusalFacts,
  flavor: 'mysql' | 'mariadb',
): string | null {
  const lower = (s: string | undefined) => (s ?? '').toLowerCase();
  const name = lower(op.column);
  const drops = op.kind === 'drop-column';
  const renames =
    op.kind === 'rename-column' ||
    (op.kind === 'change-column' && op.newName !== undefined && lower(op.newName) !== name);
  if (name === '' || (!drops && !renames)) return null;
  const dropped = new Set(all.filter((o) => o.kind === 'drop-column').map((o) => lower(o.column)));
  const droppedNames = new Set(
    all
      .filter((o) => o.kind === 'drop-index' || o.kind === 'drop-constraint')
      .map((o) => lower(o.index)),
  );
  if (all.some((o) => o.kind === 'drop-primary-key')) droppedNames.add('primary');
  const uses = (columns: readonly string[]) => columns.some((c) => lower(c) === name);

  const generated = Object.entries(facts.generatedColumnUses ?? {}).find(
    ([g, columns]) => lower(g) !== name && uses(columns) && !dropped.has(lower(g)),
  );
  if (generated && (drops || flavor === 'mysql')) {
    const error =
      flavor === 'mysql' ? 'MySQL refuses it, error 3108' : 'MariaDB refuses it, error 1054';
    return `the generated column ${generated[0]} uses column ${op.column ?? ''}: ${error} (change or drop the generated column first; seen on MySQL 9.7, MariaDB 10.11 and 11.8)`;
  }

  const check = Object.entries(facts.checkConstraintColumns ?? {}).find(
    ([c, columns]) =>
      uses(columns) &&
      !droppedNames.has(lower(c)) &&
      (renames || columns.some((other) => !dropped.has(lower(other)))),
  );
  if (check && (flavor === 'mysql' || drops)) {
    const error =
      flavor === 'mysql' ? 'MySQL refuses it, error 3959' : 'MariaDB refuses it, error 1054';
    return `CHECK constraint ${check[0]} uses column ${op.column ?? ''}${drops ? ' and others' : ''}: ${error} (drop the constraint first; seen on MySQL 9.7, MariaDB 10.11 and 11.8)`;
  }

  // MySQL keeps the expression's column from being dropped or renamed under it.
  const expression = (facts.expressionUses ?? []).find(
    (e) =>
      uses(e.columns) &&
      (e.kind === 'functional-index'
        ? !droppedNames.has(lower(e.name))
        : !dropped.has(lower(e.name))) &&
      lower(e.name) !== name,
  );
  if (expression && flavor === 'mysql') {
    return expression.kind === 'functional-index'
      ? `functional index ${expression.name} uses column ${op.column ?? ''}: MySQL refuses to drop or rename it, error 3837 (drop the index first; seen on 9.7)`
      : `the DEFAULT expression of column ${expression.name} uses column ${op.column ?? ''}: MySQL refuses to drop or rename it, error 3766 (change that default first; seen on 9.7)`;
  }

  if (flavor === 'mariadb' && drops) {
    const key = (facts.keys ?? []).find(
      (k) =>
        k.unique &&
        uses(k.columns) &&
        k.columns.some((c) => !dropped.has(lower(c))) &&
        !droppedNames.has(lower(k.name)),
    );
    if (key) {
      return `column ${op.column ?? ''} is one of the columns of ${key.name === 'PRIMARY' ? 'the primary key' : `UNIQUE key ${key.name}`}: MariaDB refuses to drop it, error 1072 (drop or redefine the key in the same statement; seen on 10.11 and 11.8)`;
    }
  }
  return null;
}

/**
 * Why the server refuses to drop the last key whose first column is the AUTO_INCREMENT column,
 * or null (also when the keys or that column are not known): both flavors refuse it, error 1075
 * ("there can be only one auto column and it must be defined as a key"), unless the statement
 * adds another key starting with it, or changes or drops the column itself. Seen on MySQL 9.7,
 * MariaDB 10.11 and 11.8.
 */
export function autoIncrementKeyRefusal(
  op: AlterOperation,
  all: readonly AlterOperation[],
  facts: ColumnRefusalFacts,
): string | null {
  if (op.kind !== 'drop-index' && op.kind !== 'drop-primary-key') return null;
  const column = facts.autoIncrementColumn;
  const keys = facts.keys;
  if (!column || keys === undefined) return null;
  const lower = (s: string) => s.toLowerCase();
  const ai = lower(column);
  const dropsName = (o: AlterOperation): string | null =>
    o.kind === 'drop-primary-key'
      ? 'primary'
      : o.kind === 'drop-index'
        ? lower(o.index ?? '')
        : null;
  const own = dropsName(op);
  const key = keys.find((k) => lower(k.name) === own);
  if (!key || lower(key.columns[0] ?? '') !== ai) return null;
  const touchesColumn = all.some(
    (o) =>
      (o.kind === 'drop-column' || o.kind === 'change-column' || o.kind === 'modify-column') &&
      lower(o.column ?? '') === ai,
  );
  if (touchesColumn) return null;
  const dropped = new Set(all.map(dropsName).filter((n): n is string => n !== null));
  const kept = keys.some((k) => !dropped.has(lower(k.name)) && lower(k.columns[0] ?? '') === ai);
  const added = all.some(
    (o) =>
      (o.kind === 'add-index' || o.kind === 'add-unique-index' || o.kind === 'add-primary-key') &&
      lower(keyColumns(o.text)[0] ?? '') === ai,
  );
  if (kept || added) return null;
  const what = key.name === 'PRIMARY' ? 'the primary key' : `index ${key.name}`;
  return `${what} is the only key that starts with the AUTO_INCREMENT column ${column}: the server refuses to drop it, error 1075 (add another key starting with ${column} in the same statement; seen on MySQL 9.7, MariaDB 10.11 and 11.8)`;
}

/** Whether a column definition makes the column AUTO_INCREMENT (quoted text aside). */
function definesAutoIncrement(definition: string | undefined): boolean {
  const unquoted = (definition ?? '').replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"/g, "''");
  return /\bAUTO_INCREMENT\b/i.test(unquoted);
}

/**
 * Why the server refuses to make a column AUTO_INCREMENT while another column of the table still
 * is, or null (also when the table's AUTO_INCREMENT column is not known): both flavors refuse it,
 * error 1075 ("there can be only one auto column"), unless the same statement drops the other
 * column or changes it into a plain one. Seen on MySQL 9.7, MariaDB 10.11 and 11.8.
 */
export function secondAutoIncrementRefusal(
  op: AlterOperation,
  all: readonly AlterOperation[],
  facts: ColumnRefusalFacts,
): string | null {
  if (op.kind !== 'add-column' && op.kind !== 'modify-column' && op.kind !== 'change-column') {
    return null;
  }
  const current = facts.autoIncrementColumn;
  if (!current || !definesAutoIncrement(op.definition)) return null;
  const lower = (s: string | undefined) => (s ?? '').toLowerCase();
  const ai = lower(current);
  if (op.kind !== 'add-column' && lower(op.column) === ai) return null;
  const released = all.some(
    (o) =>
      lower(o.column) === ai &&
      (o.kind === 'drop-column' ||
        ((o.kind === 'modify-column' || o.kind === 'change-column') &&
          !definesAutoIncrement(o.definition))),
  );
  if (released) return null;
  const name = op.kind === 'change-column' ? (op.newName ?? op.column) : op.column;
  return `${current} is already the table's AUTO_INCREMENT column: the server refuses a second one (${name ?? 'this column'}), error 1075 (in the same statement, MODIFY ${current} without AUTO_INCREMENT or drop it; seen on MySQL 9.7, MariaDB 10.11 and 11.8)`;
}

/**
 * The key parts of an ADD ... INDEX/KEY/UNIQUE/PRIMARY KEY clause, in order: each a plain
 * column's name, or null for a part that is not one (an expression).
 */
function keyColumns(clause: string): Array<string | null> {
  const open = clause.indexOf('(');
  const close = clause.lastIndexOf(')');
  if (open < 0 || close <= open) return [];
  return clause
    .slice(open + 1, close)
    .split(',')
    .map((part) => {
      const m = /^\s*(`(?:[^`]|``)+`|[\w$]+)\s*(?:\(\s*\d+\s*\)\s*)?(?:ASC|DESC)?\s*$/i.exec(part);
      if (!m) return null;
      return m[1]!.startsWith('`') ? m[1]!.slice(1, -1).replaceAll('``', '`') : m[1]!;
    });
}

/**
 * Why the server refuses a FULLTEXT index on a column that is not CHAR, VARCHAR or TEXT, or
 * null (also when the column is not known, or is added or changed by the same statement):
 * error 1283 on both flavors. Seen on MySQL 9.7, MariaDB 10.11 and 11.8.
 */
export function fulltextColumnRefusal(
  op: AlterOperation,
  all: readonly AlterOperation[],
  facts: ColumnRefusalFacts,
): string | null {
  if (op.kind !== 'add-fulltext-index' || facts.columns === undefined) return null;
  const lower = (s: string) => s.toLowerCase();
  const redefined = new Set(
    all
      .filter((o) => ['add-column', 'change-column', 'modify-column'].includes(o.kind))
      .flatMap((o) => [lower(o.column ?? ''), lower(o.newName ?? '')]),
  );
  for (const name of keyColumns(op.text)) {
    if (name === null || redefined.has(lower(name))) continue;
    const column = facts.columns.find((c) => lower(c.name) === lower(name));
    if (!column) continue;
    const type = normaliseColumnType(column.columnType);
    if (!/^(char|varchar|tinytext|text|mediumtext|longtext)\b/.test(type)) {
      return `column ${column.name} (${column.columnType}) cannot be part of a FULLTEXT index, only CHAR, VARCHAR and TEXT columns can: the server refuses it, error 1283 (seen on MySQL 9.7, MariaDB 10.11 and 11.8)`;
    }
  }
  return null;
}

/**
 * Whether `op` declares a primary key: ADD PRIMARY KEY, or a column defined with PRIMARY KEY or
 * a bare KEY (`ADD COLUMN y INT KEY`, `MODIFY x INT PRIMARY KEY`); quoted text aside.
 */
function declaresPrimaryKey(op: AlterOperation): boolean {
  if (op.kind === 'add-primary-key') return true;
  if (op.kind !== 'add-column' && op.kind !== 'change-column' && op.kind !== 'modify-column') {
    return false;
  }
  const unquoted = (op.definition ?? '').replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"/g, "''");
  return !/\bUNIQUE\b/i.test(unquoted) && /\b(PRIMARY\s+)?KEY\b/i.test(unquoted);
}

/**
 * Why the server refuses a second primary key, or null: both flavors answer error 1068
 * ("Multiple primary key defined") to a statement that declares one while the table keeps its
 * own (an explicit one, or MySQL's generated invisible `my_row_id`), even on the same column,
 * and to one that declares two. `DROP PRIMARY KEY` in the same statement (before or after)
 * frees the place. Without the table's keys, only the second case is claimed. Seen on MySQL 9.7,
 * MariaDB 10.5, 10.11 and 11.8. `all`: the statement's operations as written.
 */
export function primaryKeyRefusal(
  op: AlterOperation,
  all: readonly AlterOperation[],
  facts: ColumnRefusalFacts,
): string | null {
  if (!declaresPrimaryKey(op)) return null;
  const declared = all.filter(declaresPrimaryKey).length;
  const seen = '(seen on MySQL 9.7, MariaDB 10.5, 10.11 and 11.8)';
  if (declared > 1) {
    return `the statement declares ${declared} primary keys and a table has one: the server refuses it, error 1068 ${seen}`;
  }
  if (all.some((o) => o.kind === 'drop-primary-key')) return null;
  const primary = facts.keys?.find((k) => k.name === 'PRIMARY');
  if (!primary) return null;
  return `the table already has a primary key (${primary.columns.join(', ')}): the server refuses another one, error 1068 (add DROP PRIMARY KEY to the same statement to replace it) ${seen}`;
}
