/** Protocol column type codes, as the server sends them in column definitions. */
export const COLUMN_TYPE_CODES: Record<number, string> = {
  0: 'DECIMAL',
  1: 'TINYINT',
  2: 'SMALLINT',
  3: 'INT',
  4: 'FLOAT',
  5: 'DOUBLE',
  6: 'NULL',
  7: 'TIMESTAMP',
  8: 'BIGINT',
  9: 'MEDIUMINT',
  10: 'DATE',
  11: 'TIME',
  12: 'DATETIME',
  13: 'YEAR',
  14: 'DATE',
  15: 'VARCHAR',
  16: 'BIT',
  242: 'VECTOR',
  245: 'JSON',
  246: 'DECIMAL',
  247: 'ENUM',
  248: 'SET',
  249: 'TINYBLOB',
  250: 'MEDIUMBLOB',
  251: 'LONGBLOB',
  252: 'BLOB',
  253: 'VARCHAR',
  254: 'CHAR',
  255: 'GEOMETRY',
};

/** Column definition flags the grid cares about. */
export const COLUMN_FLAGS = {
  notNull: 1,
  primaryKey: 2,
  uniqueKey: 4,
  multipleKey: 8,
  blob: 16,
  unsigned: 32,
  zerofill: 64,
  binary: 128,
  enum: 256,
  autoIncrement: 512,
  timestamp: 1024,
  set: 2048,
} as const;

/** The `binary` character set: bytes, not text. Numbers and dates also carry it. */
export const BINARY_CHARSET = 63;

const INTEGER_CODES = new Set([1, 2, 3, 8, 9]);
const NUMERIC_CODES = new Set([0, 1, 2, 3, 4, 5, 8, 9, 13, 246]);
const TEMPORAL_CODES = new Set([7, 10, 11, 12, 14]);
const BYTE_CAPABLE_CODES = new Set([15, 249, 250, 251, 252, 253, 254]);

/** True when the column's values are bytes (BINARY, VARBINARY, BLOB, BIT, GEOMETRY). */
export function isBinaryColumn(code: number, charset: number): boolean {
  if (code === 16 || code === 255) return true;
  return BYTE_CAPABLE_CODES.has(code) && charset === BINARY_CHARSET;
}

/** True for columns whose values are numbers, to right-align them. */
export function isNumericColumn(code: number): boolean {
  return NUMERIC_CODES.has(code);
}

/** True for dates and times, shown as the server's text (never shifted to a time zone). */
export function isTemporalColumn(code: number): boolean {
  return TEMPORAL_CODES.has(code);
}

/**
 * The SQL type a column definition describes, as a DBA would write it: `BIGINT UNSIGNED`,
 * `VARBINARY`, `TEXT`, `JSON`. MariaDB's extended type name (`uuid`, `inet6`) wins when sent.
 * The protocol does not tell TEXT sizes or CHAR vs ENUM apart in every case; this says what
 * it can.
 */
export function columnTypeName(
  code: number,
  flags: number,
  charset: number,
  extendedType?: string,
): string {
  if (extendedType) return extendedType.toUpperCase();
  if (flags & COLUMN_FLAGS.enum) return 'ENUM';
  if (flags & COLUMN_FLAGS.set) return 'SET';
  let name = COLUMN_TYPE_CODES[code] ?? `TYPE ${code}`;
  const binary = charset === BINARY_CHARSET;
  if (code === 253 || code === 15) name = binary ? 'VARBINARY' : 'VARCHAR';
  else if (code === 254) name = binary ? 'BINARY' : 'CHAR';
  else if (code >= 249 && code <= 252 && !binary) name = name.replace('BLOB', 'TEXT');
  if (INTEGER_CODES.has(code) || code === 0 || code === 246 || code === 4 || code === 5) {
    if (flags & COLUMN_FLAGS.unsigned) name += ' UNSIGNED';
  }
  return name;
}
