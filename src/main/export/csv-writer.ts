import { CSV_RECORD_END, csvField } from '../../shared/format/csv-field';
import { mayRunAsFormula } from '../../shared/format/spreadsheet-formula';
import type { RawCell } from '../db/stream-statement';
import { upperHex, type RowWriterFactory } from './row-writer';

function csvValue(value: RawCell): string {
  if (value === null || typeof value === 'string') return csvField(value);
  // Hex never needs quoting; `0x` alone is zero bytes (NULL stays the empty field).
  return `0x${upperHex(value)}`;
}

/**
 * CSV as RFC 4180 writes it (see ExportFormatSchema): a header of the column names, one CRLF-ended
 * record per row; NULL is an empty unquoted field, '' is `""`, bytes are `0x` + hex.
 */
export const csvWriter: RowWriterFactory = (columns) => {
  // Counted, not changed: the file holds the data as it is (a `'` in front would alter it).
  let formulaLike = columns.filter((c) => mayRunAsFormula(c.name)).length;
  return {
    header: () => columns.map((c) => csvField(c.name)).join(',') + CSV_RECORD_END,
    row: (values) => {
      let line = '';
      for (let i = 0; i < values.length; i++) {
        if (i > 0) line += ',';
        const value = values[i] ?? null;
        if (typeof value === 'string' && value !== '' && mayRunAsFormula(value)) formulaLike++;
        line += csvValue(value);
      }
      return line + CSV_RECORD_END;
    },
    formulaLikeCells: () => formulaLike,
  };
};
