import type { FieldPacket } from 'mysql2';
import { isBinaryColumn } from '../../shared/query/column-type';

/** Turns the bytes of one column's value into text, or null for columns whose values are bytes. */
export type ColumnDecoder = ((bytes: Buffer) => string) | null;

/**
 * The encoding of a column's values as text, or null when its values are bytes. Values arrive as
 * the raw bytes the server sent (mysql2's `typeCast: false`, also its fastest path): numbers,
 * decimals and dates are the server's exact text (BIGINT and DECIMAL keep every digit, DATETIME
 * is never shifted to a time zone), text is in its column's encoding, bytes stay bytes.
 */
export function columnEncoding(field: FieldPacket): BufferEncoding | null {
  const code = Number(field.columnType ?? field.type ?? -1);
  if (isBinaryColumn(code, Number(field.characterSet ?? 0))) return null;
  // JSON always arrives with the binary character set but is UTF-8 text.
  const encoding = code === 245 ? 'utf8' : ((field as { encoding?: string }).encoding ?? 'utf8');
  return Buffer.isEncoding(encoding) ? encoding : 'utf8';
}

/** The decoder for a column (see `columnEncoding`). */
export function columnDecoder(field: FieldPacket): ColumnDecoder {
  const encoding = columnEncoding(field);
  return encoding === null ? null : (b) => b.toString(encoding);
}
