import type { EditColumn, Editability } from './edit-model';
import type { SourceColumn } from './result-source';

/** A table's column as information_schema describes it. */
export interface LiveColumn {
  name: string;
  /** DATA_TYPE, lower case. */
  dataType: string;
  nullable: boolean;
  /** A generated (virtual or stored) column: the server computes it. */
  generated: boolean;
}

/** A unique index (or the primary key) of the table, its parts in order. */
export interface LiveKey {
  name: string;
  primary: boolean;
  /** Column names; null for a part that is an expression (a functional key part). */
  columns: Array<string | null>;
}

/** The table a result's rows come from, as the server describes it now. */
export interface LiveTable {
  schema: string;
  name: string;
  /** information_schema.TABLES.TABLE_TYPE: `BASE TABLE`, `VIEW`, `SYSTEM VIEW`, ... */
  type: string;
  columns: LiveColumn[];
  keys: LiveKey[];
}

const BASE_TABLE_TYPES = new Set(['BASE TABLE', 'SYSTEM VERSIONED']);

/**
 * Types whose values as read do not name one stored value, so a key holding one does not name a
 * row: a FLOAT travels as 6 significant digits (1.0000001 and 1 both read `1`, and `WHERE f = 1`
 * finds the other row; DOUBLE travels exactly), and a TIMESTAMP as the session time zone's
 * wall-clock time (two instants an hour apart read the same in a DST fall-back hour, and a
 * `SET time_zone` after the read points the text at another instant). Both were seen deleting
 * another row than the one shown, on MySQL 9.7 and MariaDB 10.11.
 */
const INEXACT_TYPES: ReadonlyMap<string, string> = new Map([
  ['float', 'which the server sends rounded to 6 digits'],
  [
    'timestamp',
    'which the server sends as the session time zone’s wall-clock time (the same text for two instants in a DST fall-back hour, another instant after a time_zone change)',
  ],
]);

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** `` `name` `` for messages. */
const named = (name: string) => `\`${name}\``;

/**
 * Whether a result from `table` (found by findResultSource) can be edited: `table` must be a base
 * table with a primary key, or a unique key over NOT NULL columns, whose every column is in the
 * result as itself. Each result column is editable when it is one of the table's stored columns,
 * shown once; `from` is the name the statement's FROM clause gave, looked up the same way
 * (`fromType` its TABLE_TYPE, null when there is no such table or view).
 */
export function judgeEditability(
  columns: readonly SourceColumn[],
  table: LiveTable | null,
  from: { name: string; type: string | null },
): Editability {
  if (from.type !== null && !BASE_TABLE_TYPES.has(from.type)) {
    const what = from.type === 'VIEW' ? 'view' : from.type.toLowerCase();
    return { editable: false, reason: `its rows come from the ${what} ${named(from.name)}` };
  }
  if (!table) {
    return {
      editable: false,
      reason: 'its table is not in information_schema (a temporary table?)',
    };
  }
  if (!BASE_TABLE_TYPES.has(table.type)) {
    const what = table.type === 'VIEW' ? 'view' : table.type.toLowerCase();
    return { editable: false, reason: `its rows come from the ${what} ${named(table.name)}` };
  }
  if (!same(from.name, table.name)) {
    return {
      editable: false,
      reason: `FROM names ${named(from.name)} but the columns come from ${named(table.name)}`,
    };
  }
  const fromTable = (c: SourceColumn) =>
    c.orgName !== '' && same(c.table, table.name) && same(c.schema, table.schema);
  /** Each table column's first place in the result. */
  const firstAt = new Map<string, number>();
  columns.forEach((c, i) => {
    const key = c.orgName.toLowerCase();
    if (fromTable(c) && !firstAt.has(key)) firstAt.set(key, i);
  });

  const live = new Map(table.columns.map((c) => [c.name.toLowerCase(), c]));
  const unique = table.keys
    .filter((k) => k.columns.every((c) => c !== null))
    .filter(
      (k) => k.primary || k.columns.every((c) => live.get(c!.toLowerCase())?.nullable === false),
    )
    .sort((a, b) => Number(b.primary) - Number(a.primary));
  const inexactPart = (k: LiveKey) =>
    k.columns.find((c) =>
      INEXACT_TYPES.has(live.get(c!.toLowerCase())?.dataType.toLowerCase() ?? ''),
    );
  const candidates = unique.filter((k) => inexactPart(k) === undefined);
  if (candidates.length === 0 && unique.length > 0) {
    const k = unique[0]!;
    const column = inexactPart(k)!;
    const type = live.get(column.toLowerCase())!.dataType.toLowerCase();
    const keyName = k.primary ? 'primary key' : `unique key ${named(k.name)}`;
    return {
      editable: false,
      reason: `its ${keyName} holds the ${type.toUpperCase()} column ${named(column)}, ${INEXACT_TYPES.get(type)}, so a row shown cannot be named exactly`,
    };
  }
  if (candidates.length === 0) {
    return {
      editable: false,
      reason: `${named(table.name)} has no primary key or NOT NULL unique key to name a row by`,
    };
  }
  const chosen = candidates.find((k) => k.columns.every((c) => firstAt.has(c!.toLowerCase())));
  if (!chosen) {
    const k = candidates[0]!;
    const missing = k.columns.filter((c) => !firstAt.has(c!.toLowerCase())).map((c) => named(c!));
    const keyName = k.primary ? 'primary key' : `unique key ${named(k.name)}`;
    return {
      editable: false,
      reason: `the result lacks ${missing.join(', ')} of the ${keyName}, which names each row`,
    };
  }

  const editColumns: EditColumn[] = columns.map((c, i) => {
    if (!fromTable(c)) return { editable: false, reason: 'an expression, not a table column' };
    const liveColumn = live.get(c.orgName.toLowerCase());
    if (!liveColumn)
      return { editable: false, reason: `${named(c.orgName)} is not in the table now` };
    if (firstAt.get(c.orgName.toLowerCase()) !== i) {
      return { editable: false, reason: `${named(c.orgName)} is shown twice: edit its first copy` };
    }
    if (liveColumn.generated) return { editable: false, reason: 'a generated column' };
    return { editable: true, name: liveColumn.name, dataType: liveColumn.dataType };
  });
  return {
    editable: true,
    schema: table.schema,
    table: table.name,
    key: {
      name: chosen.name,
      columns: chosen.columns.map((c) => firstAt.get(c!.toLowerCase())!),
      names: chosen.columns.map((c) => live.get(c!.toLowerCase())?.name ?? c!),
    },
    columns: editColumns,
  };
}
