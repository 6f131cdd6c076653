import type { ResultColumn } from '../../shared/api/query';
import type { RawCell } from '../db/stream-statement';

/**
 * Turns a result into the text of one export format: the header (if the format has one), then
 * each row as complete lines. Values come as streamed: exact text, bytes (Buffer) or NULL.
 */
export interface RowWriter {
  header(): string;
  row(values: readonly RawCell[]): string;
  /** Cells written so far that a spreadsheet may run as formulas (CSV only; see mayRunAsFormula). */
  formulaLikeCells?(): number;
}

/** Makes the writer of one format for a result's columns. */
export type RowWriterFactory = (columns: readonly ResultColumn[]) => RowWriter;

/** Bytes as the exports write them: upper-case hex, as the grid shows them. */
export function upperHex(bytes: Buffer): string {
  return bytes.toString('hex').toUpperCase();
}
