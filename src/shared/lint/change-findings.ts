import type { AlterOperation, ParsedAlter } from '../alter/alter-operation';
import type { SqlFlavor } from '../sql/lexer';
import {
  finding,
  listed,
  same,
  type LintContext,
  type LintFinding,
  type LiveTableFacts,
} from './lint-finding';
import { usersOfColumn, usersOfTable, incomingForeignKeys } from './object-users';
import {
  bytesPerChar,
  columnFromDefinition,
  sqlTokens,
  type ColumnModel,
  type TableModel,
} from './table-model';
import { lossCheck, lossyChange } from './type-narrowing';

/** Types that hold text in a character set. */
export const TEXT_TYPE = /^(char|varchar|tinytext|text|mediumtext|longtext|enum|set)\b/;

/** The id a unique key's duplicate check goes by: the table and its columns, lower case. */
export function uniqueKeyId(table: string, columns: readonly string[]): string {
  return `${table}(${columns.join(',')})`.toLowerCase();
}

/** The `rename` finding: a danger when views, triggers or generated columns use the old name. */
export function renameFinding(
  what: string,
  users: readonly string[],
  offset: number,
  kind: 'column' | 'table',
): LintFinding {
  const fix =
    kind === 'column'
      ? 'Expand and contract: add the new column, write both, move every reader to it, then drop the old one in a later release.'
      : 'Move readers first, or leave a view with the old name (CREATE VIEW old AS SELECT * FROM new) while they move.';
  return users.length > 0
    ? finding(
        'rename',
        `${what}: readers of the old name break, and ${listed(users)} use${users.length === 1 ? 's' : ''} it.`,
        fix,
        offset,
        'danger',
      )
    : finding(
        'rename',
        `${what}: queries and application code that use the old name break at once.`,
        fix,
        offset,
      );
}

/**
 * `drop-used-object` and `drop-only-unique`: columns, indexes and keys dropped while something
 * else uses them, or the table's last unique constraint.
 */
export function dropFindings(
  alter: ParsedAlter,
  table: TableModel,
  context: LintContext,
  offsetOf: (op: AlterOperation | undefined) => number,
): LintFinding[] {
  const findings: LintFinding[] = [];
  const dropped = new Set(
    alter.operations
      .filter((o) => o.kind === 'drop-column')
      .map((o) => (o.column ?? '').toLowerCase()),
  );
  for (const op of alter.operations) {
    if (op.kind === 'drop-column' && op.column) {
      // Foreign keys dropped in the same statement no longer count.
      const droppedKeys = new Set(
        alter.operations
          .filter((o) => o.kind === 'drop-foreign-key')
          .map((o) => (o.index ?? '').toLowerCase()),
      );
      const users = usersOfColumn(table, op.column, context.schema).filter(
        (u) =>
          !(
            u.startsWith('foreign key ') &&
            droppedKeys.has(u.slice(12).split(' ')[0]!.toLowerCase())
          ) && !(u.startsWith('generated column ') && dropped.has(u.slice(17).toLowerCase())),
      );
      if (users.length > 0) {
        findings.push(
          finding(
            'drop-used-object',
            `Column ${op.column} is used by ${listed(users)}.`,
            'Drop or change those first; the server refuses to drop a column a foreign key uses, and views that select it stop working.',
            offsetOf(op),
          ),
        );
      }
    }
    if (op.kind === 'drop-index' || op.kind === 'drop-primary-key') {
      const name = op.kind === 'drop-primary-key' ? 'PRIMARY' : op.index;
      const index = table.indexes.find((i) => same(i.name, name));
      if (!index) continue;
      const others = table.indexes.filter((i) => i !== index);
      const replaced = alter.operations.some(
        (o) =>
          (o.kind.startsWith('add-') && o.kind.includes('index')) || o.kind === 'add-primary-key',
      );
      const needs: string[] = [];
      for (const fk of table.foreignKeys) {
        const served = (i: { columns: string[] }) =>
          fk.columns.every((c, n) => same(i.columns[n], c));
        if (
          served(index) &&
          !others.some(served) &&
          !alter.operations.some((o) => o.kind === 'drop-foreign-key' && same(o.index, fk.name))
        )
          needs.push(`foreign key ${fk.name}`);
      }
      for (const fk of incomingForeignKeys(context.schema, table.name)) {
        const served = (i: { columns: string[] }) =>
          fk.refColumns.every((c, n) => same(i.columns[n], c));
        if (served(index) && !others.some(served))
          needs.push(`foreign key ${fk.name} of table ${fk.from}`);
      }
      if (needs.length > 0 && !replaced) {
        findings.push(
          finding(
            'drop-used-object',
            `Index ${index.name} is the one ${listed(needs)} ${needs.length === 1 ? 'needs' : 'need'}: the server refuses to drop it (error 1553).`,
            'Add another index starting with the same columns first, or drop the foreign key.',
            offsetOf(op),
          ),
        );
      }
      if (index.kind === 'primary' || index.kind === 'unique') {
        const dropping = new Set(
          alter.operations
            .filter((o) => o.kind === 'drop-index' || o.kind === 'drop-primary-key')
            .map((o) =>
              o.kind === 'drop-primary-key' ? 'primary' : (o.index ?? '').toLowerCase(),
            ),
        );
        const remaining = table.indexes.filter(
          (i) =>
            (i.kind === 'primary' || i.kind === 'unique') && !dropping.has(i.name.toLowerCase()),
        );
        const adding = alter.operations.some(
          (o) => o.kind === 'add-unique-index' || o.kind === 'add-primary-key',
        );
        if (remaining.length === 0 && !adding) {
          findings.push(
            finding(
              'drop-only-unique',
              `${index.kind === 'primary' ? 'The primary key' : `Unique key ${index.name}`} is the only unique constraint of ${table.name}: without it duplicate rows can be written, replicas apply row events by scanning the table, and online schema change tools cannot copy it.`,
              'Add the replacement key in the same statement (DROP ... , ADD UNIQUE ...), or keep it.',
              offsetOf(op),
            ),
          );
        }
      }
    }
  }
  return findings;
}

/**
 * `not-null-without-default`, `lossy-type-change` and `rename` for the column operations of a
 * statement, against the column as modelled before it.
 */
export function columnFindings(
  alter: ParsedAlter,
  table: TableModel | null,
  context: LintContext,
  flavor: SqlFlavor,
  offsetOf: (op: AlterOperation | undefined) => number,
): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const op of alter.operations) {
    const offset = offsetOf(op);
    if (op.kind === 'add-column' && op.column && op.definition !== undefined) {
      const column = columnFromDefinition(
        op.column,
        sqlTokens(op.definition, flavor),
        op.definition,
      );
      if (!column.nullable && !column.hasDefault) {
        findings.push(
          finding(
            'not-null-without-default',
            `Column ${op.column} is NOT NULL without a DEFAULT: existing rows get the type's implicit value, and every INSERT that does not name it fails in strict mode.`,
            `Give it a default (${op.column} ... NOT NULL DEFAULT <value>), or add it NULL, backfill, then make it NOT NULL.`,
            offset,
          ),
        );
      }
    }
    if (op.kind === 'rename-column' && op.column) {
      const users = table
        ? usersOfColumn(table, op.column, context.schema).filter(
            (u) => u.startsWith('view') || u.startsWith('trigger') || u.startsWith('generated'),
          )
        : [];
      findings.push(
        renameFinding(`Column ${op.column} becomes ${op.newName ?? '?'}`, users, offset, 'column'),
      );
    }
    if (op.kind === 'rename-table') {
      findings.push(
        renameFinding(
          `Table ${alter.table} becomes ${op.newName ?? '?'}`,
          // Foreign keys follow a renamed table; views do not.
          usersOfTable(alter.table, context.schema).filter((u) => u.startsWith('view')),
          offset,
          'table',
        ),
      );
    }
    if (
      (op.kind === 'change-column' || op.kind === 'modify-column') &&
      op.column &&
      op.definition !== undefined
    ) {
      const newName = op.kind === 'change-column' ? (op.newName ?? op.column) : op.column;
      if (!same(newName, op.column)) {
        const users = table
          ? usersOfColumn(table, op.column, context.schema).filter(
              (u) => u.startsWith('view') || u.startsWith('trigger') || u.startsWith('generated'),
            )
          : [];
        findings.push(
          renameFinding(`Column ${op.column} becomes ${newName}`, users, offset, 'column'),
        );
      }
      const before = table?.columns.find((c) => same(c.name, op.column));
      if (!before) continue;
      const after: ColumnModel = columnFromDefinition(
        newName,
        sqlTokens(op.definition, flavor),
        op.definition,
      );
      if (after.charset === null && TEXT_TYPE.test(after.type)) {
        after.charset = table?.charset ?? null;
      }
      const loss = lossyChange(before, after);
      if (loss !== null) {
        findings.push(
          finding(
            'lossy-type-change',
            `Column ${op.column}: ${loss}.`,
            lossCheck(alter.table, op.column, before, after) !== null
              ? `Count the rows it would damage first: ${lossCheck(alter.table, op.column, before, after)}; or keep the wider type.`
              : `Check that every value fits ${after.type.toUpperCase()} first, or keep the wider type.`,
            offset,
          ),
        );
      }
      if (before.nullable && !after.nullable) {
        findings.push(
          finding(
            'not-null-without-default',
            `Column ${op.column} becomes NOT NULL: the statement fails on the first NULL it finds, after scanning the table.`,
            `Backfill first: UPDATE ${alter.table} SET ${op.column} = <value> WHERE ${op.column} IS NULL (in batches).`,
            offset,
          ),
        );
      }
    }
    if (op.kind === 'convert-charset' && table) {
      const charset = (op.value ?? '').toLowerCase().replace(/^utf8$/, 'utf8mb3');
      const to = bytesPerChar(charset) ?? 4;
      const losing = table.columns.filter(
        (c) =>
          c.charset !== null &&
          c.charset !== charset &&
          ((bytesPerChar(c.charset) ?? 4) > to || to === 1),
      );
      if (losing.length > 0) {
        findings.push(
          finding(
            'lossy-type-change',
            `CONVERT TO ${charset}: column${losing.length > 1 ? 's' : ''} ${listed(losing.map((c) => `${c.name} (${c.charset})`))} can hold characters ${charset} cannot: they are cut or rejected.`,
            'Convert to utf8mb4 instead, or check that no value uses characters outside the new set first.',
            offset,
          ),
        );
      }
    }
  }
  return findings;
}

/** `unique-duplicates`: new unique keys whose columns the live duplicate check found repeated. */
export function uniqueFindings(
  alter: ParsedAlter,
  table: TableModel | null,
  live: LiveTableFacts,
  offsetOf: (op: AlterOperation | undefined) => number,
): LintFinding[] {
  if (!live.duplicates) return [];
  const findings: LintFinding[] = [];
  for (const op of alter.operations) {
    if (op.kind !== 'add-unique-index' && op.kind !== 'add-primary-key') continue;
    const columns = uniqueKeyColumns(op);
    if (columns.length === 0) continue;
    if (live.duplicates.get(uniqueKeyId(alter.table, columns)) === true) {
      findings.push(
        finding(
          'unique-duplicates',
          `${alter.table} already holds duplicate values of (${columns.join(', ')}): the ALTER fails at the end, after all its work.`,
          `Find them: SELECT ${columns.join(', ')}, COUNT(*) FROM ${alter.table} GROUP BY ${columns.join(', ')} HAVING COUNT(*) > 1; then clean them up first.`,
          offsetOf(op),
        ),
      );
    }
  }
  void table;
  return findings;
}

/** The plain column names of an ADD UNIQUE / ADD PRIMARY KEY clause (none when a part is an expression). */
export function uniqueKeyColumns(op: AlterOperation): string[] {
  const open = op.text.indexOf('(');
  if (open < 0) return [];
  const tokens = sqlTokens(op.text.slice(open), 'mysql');
  const columns: string[] = [];
  let depth = 0;
  let expectName = true;
  for (const t of tokens) {
    if (t.kind === 'punctuation' && t.text === '(') {
      depth++;
      if (depth > 2 || (depth === 2 && expectName)) return [];
      continue;
    }
    if (t.kind === 'punctuation' && t.text === ')') {
      if (--depth === 0) break;
      continue;
    }
    if (depth === 1 && t.kind === 'punctuation' && t.text === ',') {
      expectName = true;
      continue;
    }
    if (depth === 1 && expectName && (t.kind === 'word' || t.kind === 'quoted-identifier')) {
      columns.push(
        t.kind === 'quoted-identifier' ? t.text.slice(1, -1).replaceAll('``', '`') : t.text,
      );
      expectName = false;
    }
  }
  return columns;
}
