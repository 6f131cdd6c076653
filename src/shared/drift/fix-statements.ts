import { BARE_NUMBER, NUMERIC_TYPES } from '../sql/column-types';
import { qualifiedName, quoteIdentifier, quoteString } from '../sql/quote-identifier';
import {
  BINARY_TYPES,
  STRING_TYPES,
  type DriftColumn,
  type DriftKey,
  type DriftTable,
} from './drift-table';
import { keyText, type KeyValue, type RowDifference } from './row-diff';

/** A column value read for a fix: null, the stored bytes as hex, or the value's text. */
export type FixValue = null | { hex: string } | { text: string };

/** The source's row for a key that is missing or changed on the replica, column by column. */
export type SourceRow = ReadonlyMap<string, FixValue>;

const HEX = /^(?:[0-9A-Fa-f]{2})*$/;

/** Whether a column's value is read as its bytes (hex) for a fix. */
export function readsAsBytes(column: DriftColumn): boolean {
  return (
    STRING_TYPES.has(column.dataType) ||
    BINARY_TYPES.has(column.dataType) ||
    column.dataType === 'json'
  );
}

/**
 * A value as a literal that stores exactly the source's bytes: text as a hex literal with its
 * character set's introducer (`_utf8mb4 X'C3A9'`), so no client or connection character set
 * can change it; binaries as `X'..'`; numbers bare; dates and times quoted.
 */
export function fixLiteral(column: DriftColumn, value: FixValue): string {
  if (value === null) return 'NULL';
  if ('hex' in value) {
    if (!HEX.test(value.hex))
      throw new Error(`column ${column.name}: not hex: ${value.hex.slice(0, 20)}`);
    const bytes = `X'${value.hex.toUpperCase()}'`;
    if (BINARY_TYPES.has(column.dataType)) return bytes;
    const charset = column.dataType === 'json' ? 'utf8mb4' : (column.charset ?? 'binary');
    if (!/^[a-z0-9_]+$/i.test(charset))
      throw new Error(`column ${column.name}: charset ${charset}`);
    return `_${charset.toLowerCase()} ${bytes}`;
  }
  if (NUMERIC_TYPES.has(column.dataType) && BARE_NUMBER.test(value.text)) return value.text;
  return quoteString(value.text);
}

/**
 * `key = literal AND ...` for a row's key. A unique key compares with its collation, so the
 * literal finds exactly one row even where the collation ignores case.
 */
function keyCondition(table: DriftTable, key: DriftKey, values: readonly KeyValue[]): string {
  return key.columns
    .map((name, i) => {
      const column = table.columns.find((c) => c.name === name);
      if (!column) throw new Error(`key column ${name} is not in ${table.table}`);
      const value = values[i];
      if (!value) throw new Error(`no value for key column ${name}`);
      return `${quoteIdentifier(name)} = ${fixLiteral(column, value)}`;
    })
    .join(' AND ');
}

/**
 * `AND` the replica's row still holds exactly `row`, column by column, compared as it was read
 * (bytes for text, binary and JSON; the server's own text for the rest, so approximate numbers
 * compare as read too).
 */
function stillAsCompared(columns: readonly DriftColumn[], row: SourceRow): string {
  return columns
    .map((c) => {
      const name = quoteIdentifier(c.name);
      const value = row.get(c.name) ?? null;
      if (value === null) return ` AND ${name} IS NULL`;
      if ('hex' in value) {
        if (!HEX.test(value.hex))
          throw new Error(`column ${c.name}: not hex: ${value.hex.slice(0, 20)}`);
        return ` AND CAST(${name} AS BINARY) = X'${value.hex.toUpperCase()}'`;
      }
      return ` AND CAST(${name} AS CHAR) = ${quoteString(value.text)}`;
    })
    .join('');
}

/**
 * The statements that make the replica's rows equal to the source's, like pt-table-sync
 * --print: INSERT for missing rows, DELETE for extra ones, UPDATE of every stored column for
 * changed ones, each for one row. They start with `SET SESSION sql_log_bin = 0` so that the
 * repair does not become an errant transaction on the replica (and so does not reach the
 * replica's own replicas: those need the same repair). Meant for the replica only, never run
 * without being shown.
 *
 * A DELETE or UPDATE also requires the replica's row to be as compared (`replicaRows`, read at
 * the comparison's point, over `compared` columns): a row that changed since (the source's
 * newer write replicated) is left alone, rather than set back to what the source had then. An
 * INSERT of a row the replica has since got fails on its key, leaving that row alone too.
 */
export function fixStatements(
  table: DriftTable,
  key: DriftKey,
  differences: readonly RowDifference[],
  sourceRows: ReadonlyMap<string, SourceRow>,
  replicaRows: ReadonlyMap<string, SourceRow> = new Map(),
  compared: readonly DriftColumn[] = [],
): string[] {
  const name = qualifiedName(table.schema, table.table);
  const stored = table.columns.filter((c) => !c.generated);
  // The key is matched by keyCondition already.
  const guarded = compared.filter((c) => !key.columns.includes(c.name));
  const out: string[] = [];
  for (const d of differences) {
    const row = sourceRows.get(keyText(d.key)) ?? null;
    const replicaRow = replicaRows.get(keyText(d.key));
    const guard = replicaRow ? stillAsCompared(guarded, replicaRow) : '';
    if (d.kind === 'extra') {
      out.push(`DELETE FROM ${name} WHERE ${keyCondition(table, key, d.key)}${guard} LIMIT 1`);
      continue;
    }
    if (!row) continue; // gone from the source's snapshot: nothing to copy (cannot happen in one snapshot)
    if (d.kind === 'missing') {
      const cols = stored.map((c) => quoteIdentifier(c.name)).join(', ');
      const values = stored.map((c) => fixLiteral(c, row.get(c.name) ?? null)).join(', ');
      out.push(`INSERT INTO ${name} (${cols}) VALUES (${values})`);
    } else {
      const keyColumns = new Set(key.columns);
      const sets = stored
        .filter((c) => !keyColumns.has(c.name))
        .map((c) => `${quoteIdentifier(c.name)} = ${fixLiteral(c, row.get(c.name) ?? null)}`);
      if (sets.length === 0) continue;
      out.push(
        `UPDATE ${name} SET ${sets.join(', ')} WHERE ${keyCondition(table, key, d.key)}${guard} LIMIT 1`,
      );
    }
  }
  return out.length > 0 ? ['SET SESSION sql_log_bin = 0', ...out] : [];
}
