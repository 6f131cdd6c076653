import { uniqueNames } from '../../shared/format/unique-names';
import type { RawCell } from '../db/stream-statement';
import { upperHex, type RowWriterFactory } from './row-writer';

function jsonValue(value: RawCell): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  return `{"$hex":"${upperHex(value)}"}`;
}

/**
 * JSON Lines (see ExportFormatSchema): one object per row, keyed by column name in column order
 * (repeated names made unique); NULL is null, every value a string - numbers exactly as the
 * server wrote them - and bytes `{"$hex": "..."}`. Lines end with LF.
 *
 * Objects are written by hand, not with JSON.stringify of an object: an object would move keys
 * that look like integers (a column named `1`) to the front.
 */
export const jsonlWriter: RowWriterFactory = (columns) => {
  const keys = uniqueNames(columns.map((c) => c.name)).map((k) => `${JSON.stringify(k)}:`);
  return {
    header: () => '',
    row: (values) => {
      let line = '{';
      for (let i = 0; i < keys.length; i++) {
        if (i > 0) line += ',';
        line += keys[i]! + jsonValue(values[i] ?? null);
      }
      return line + '}\n';
    },
  };
};
