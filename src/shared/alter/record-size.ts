import { normaliseColumnType } from './column-change';

/**
 * InnoDB's largest record on a 16 KiB page (half a page less its overhead): MySQL refuses an
 * instant ADD/DROP COLUMN whose table's largest possible record would not fit (error 4157,
 * "max possible row size ... crosses max permissible row size"), and rebuilds instead.
 */
export const MAX_RECORD_BYTES = 8126;

/**
 * InnoDB's largest record for a page size (@@innodb_page_size, bytes; absent or null: the 16 KiB
 * default): half a page less 66 bytes, at most 16,383 (64 KiB pages). MySQL 9.7 says 1982, 4030,
 * 8126, 16318 and 16383 for 4, 8, 16, 32 and 64 KiB pages (error 1118), and refuses an instant
 * ADD COLUMN past 1982 on 4 KiB pages (error 4157).
 */
export function maxRecordBytesFor(pageSize: number | null | undefined): number {
  if (!pageSize || pageSize === 16384) return MAX_RECORD_BYTES;
  return Math.min(16383, pageSize / 2 - 66);
}

/** A column as far as its size goes: COLUMN_TYPE and the bytes per character of its set. */
export interface SizedColumn {
  columnType: string;
  nullable: boolean;
  /** null: not a text column, or its character set is not known (the worst is assumed). */
  maxBytesPerChar: number | null;
}

/** Bytes per character of the character sets a VARCHAR may have, for the worst case. */
const CHARSET_WIDTHS = [1, 2, 3, 4];
/** What a column that may go off-page keeps in the record: its 20-byte pointer and 2 length bytes. */
const OFF_PAGE = 22;

/** Bytes of a DECIMAL(p, s): 4 per 9 digits, fewer for the rest, on each side of the point. */
function decimalBytes(precision: number, scale: number): number {
  const leftover = [0, 1, 1, 2, 2, 3, 3, 4, 4];
  const side = (digits: number) => Math.floor(digits / 9) * 4 + (leftover[digits % 9] ?? 4);
  return side(precision - scale) + side(scale);
}

/**
 * The most bytes a column may take inside a DYNAMIC or COMPACT record: fixed-size types their
 * size; a string of at most 255 bytes all of it (with its length byte); a longer one, TEXT and
 * BLOB only the pointer they keep when stored off-page. A character set not known counts as the
 * one that makes the string longest without going past 255 bytes.
 */
export function columnRecordBytes(column: SizedColumn): number {
  const t = normaliseColumnType(column.columnType);
  const args = (/\(([^)]*)\)/.exec(t)?.[1] ?? '').split(',').map((a) => Number(a.trim()));
  const n = Number.isFinite(args[0]) ? (args[0] ?? 0) : 0;
  const fraction = (base: number) => base + Math.ceil(n / 2);
  const string = (chars: number, binary: boolean, lengthByte: number) => {
    const widths = binary
      ? [1]
      : column.maxBytesPerChar
        ? [column.maxBytesPerChar]
        : CHARSET_WIDTHS;
    const inRecord = widths.map((w) => chars * w).filter((b) => b <= 255);
    return inRecord.length > 0 ? Math.max(...inRecord) + lengthByte : OFF_PAGE;
  };
  const integer = /^(tinyint|smallint|mediumint|int|bigint)\b/.exec(t)?.[1];
  if (integer) return { tinyint: 1, smallint: 2, mediumint: 3, int: 4, bigint: 8 }[integer] ?? 8;
  if (/^float\b/.test(t)) return 4;
  if (/^(double|real)\b/.test(t)) return 8;
  if (/^decimal\b/.test(t)) return decimalBytes(args[0] || 10, args[1] || 0);
  if (/^year\b/.test(t)) return 1;
  if (/^date\b/.test(t)) return 3;
  if (/^time\b/.test(t)) return fraction(3);
  if (/^datetime\b/.test(t)) return fraction(5);
  if (/^timestamp\b/.test(t)) return fraction(4);
  if (/^bit\b/.test(t)) return Math.ceil((n || 1) / 8);
  if (/^enum\(/.test(t)) return (t.match(/'(?:[^']|'')*'/g) ?? []).length > 255 ? 2 : 1;
  if (/^set\(/.test(t)) {
    const bytes = Math.ceil((t.match(/'(?:[^']|'')*'/g) ?? []).length / 8);
    return bytes > 4 ? 8 : bytes;
  }
  if (/^(char|binary)\b/.test(t)) return string(n || 1, t.startsWith('binary'), 0);
  if (/^(varchar|varbinary)\b/.test(t)) return string(n, t.startsWith('varbinary'), 1);
  return OFF_PAGE;
}

/**
 * An estimate of the largest record of a table with these columns, as MySQL weighs it before an
 * instant ADD/DROP COLUMN: the columns (see columnRecordBytes), the record header, the NULL
 * bitmap and the transaction id and roll pointer every clustered record holds.
 */
export function maxRecordBytes(columns: readonly SizedColumn[]): number {
  const nullable = columns.filter((c) => c.nullable).length;
  const data = columns.reduce((sum, c) => sum + columnRecordBytes(c), 0);
  return data + 5 + Math.ceil(nullable / 8) + 6 + 7;
}
