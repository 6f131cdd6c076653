import { BARE_NUMBER, NUMERIC_TYPES, SPATIAL_TYPES } from '../sql/column-types';
import { qualifiedName, quoteIdentifier, quoteString } from '../sql/quote-identifier';
import type { EditTarget, EditValue, OriginalValue, RowEdit } from './edit-model';

/** How the session reads string literals (its sql_mode). */
export interface LiteralOptions {
  noBackslashEscapes: boolean;
}

/**
 * Types whose text does not compare equal to the stored value: approximate numbers (a FLOAT
 * read as `1.1` is not the double 1.1), JSON (compared with a string it is a JSON string) and
 * spatial values. Their original value is not part of a WHERE.
 */
const NOT_COMPARABLE = new Set(['float', 'double', 'real', 'json', ...SPATIAL_TYPES]);

/**
 * A value as an SQL literal for a column of `dataType`: NULL, bytes as `X'..'` (a BIT value as
 * its unsigned integer), a number bare when it is one (BIGINT UNSIGNED and DECIMAL keep every
 * digit that way; quoted, a comparison with an integer column would go through a double),
 * anything else as a string literal quoted for the session's sql_mode (never with double
 * quotes, so ANSI_QUOTES does not matter).
 */
export function sqlLiteral(value: EditValue, dataType: string, options: LiteralOptions): string {
  if (value === null) return 'NULL';
  if ('hex' in value) {
    // MariaDB compares a BIT column with a string (X'01' is one) as DECIMAL and strict mode
    // refuses it; the value as an unsigned integer is exact (64 bits at most) on both servers.
    if (dataType === 'bit' && value.hex !== '') return BigInt(`0x${value.hex}`).toString();
    return `X'${value.hex.toUpperCase()}'`;
  }
  if (NUMERIC_TYPES.has(dataType) && BARE_NUMBER.test(value.text)) return value.text;
  return quoteString(value.text, { noBackslashEscapes: options.noBackslashEscapes });
}

/** The statements for `edits`, one per row, each meant to change exactly one row. */
export function buildEditStatements(
  target: EditTarget,
  edits: readonly RowEdit[],
  options: LiteralOptions,
): string[] {
  const table = qualifiedName(target.schema, target.table);
  const width = target.columns.length;
  const columnOf = (index: number) => {
    const c = target.columns[index];
    if (!c) throw new Error(`There is no column ${index + 1} in the result.`);
    if (!c.editable) throw new Error(`Column ${index + 1} cannot be changed: ${c.reason}.`);
    return c;
  };
  /** The type of a result column that is a table column (key columns may be read-only). */
  const typeOf = (index: number): string => {
    const c = target.columns[index];
    return c?.editable ? c.dataType : '';
  };
  const keyCondition = (original: readonly OriginalValue[], row: number): string[] => {
    if (original.length !== width) {
      throw new Error(`Row ${row + 1}: ${original.length} original values for ${width} columns.`);
    }
    return target.key.columns.map((index, k) => {
      const value = original[index];
      if (value === undefined || value === 'unknown' || value === null) {
        throw new Error(
          `Row ${row + 1}: its key column ${target.key.names[k]} has no known value.`,
        );
      }
      return `${quoteIdentifier(target.key.names[k]!)} = ${sqlLiteral(value, typeOf(index), options)}`;
    });
  };
  const assignments = (values: RowEdit & { op: 'update' | 'insert' }) => {
    const seen = new Set<number>();
    return values.values.map(({ column, value }) => {
      if (seen.has(column)) throw new Error(`Column ${column + 1} is given twice in one row.`);
      seen.add(column);
      const c = columnOf(column);
      return {
        column,
        name: quoteIdentifier(c.name),
        literal: sqlLiteral(value, c.dataType, options),
      };
    });
  };

  return edits.map((edit, row) => {
    switch (edit.op) {
      case 'delete':
        return `DELETE FROM ${table} WHERE ${keyCondition(edit.original, row).join(' AND ')} LIMIT 1`;
      case 'insert': {
        const set = assignments(edit);
        return `INSERT INTO ${table} (${set.map((s) => s.name).join(', ')}) VALUES (${set.map((s) => s.literal).join(', ')})`;
      }
      case 'update': {
        const set = assignments(edit);
        const where = keyCondition(edit.original, row);
        // The changed columns must still hold what was read: otherwise someone else changed the
        // row since, and this statement matches nothing (and everything is rolled back).
        for (const s of set) {
          const before = edit.original[s.column];
          const c = columnOf(s.column);
          if (
            target.key.columns.includes(s.column) ||
            before === undefined ||
            before === 'unknown'
          ) {
            continue;
          }
          if (NOT_COMPARABLE.has(c.dataType)) continue;
          where.push(`${s.name} <=> ${sqlLiteral(before, c.dataType, options)}`);
        }
        const assigned = set.map((s) => `${s.name} = ${s.literal}`).join(', ');
        return `UPDATE ${table} SET ${assigned} WHERE ${where.join(' AND ')} LIMIT 1`;
      }
    }
  });
}
