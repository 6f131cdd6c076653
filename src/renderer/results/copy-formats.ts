import type { ResultColumn } from '../../shared/api/query';
import { CSV_RECORD_END, csvField } from '../../shared/format/csv-field';
import { uniqueNames } from '../../shared/format/unique-names';
import { displayIdentifier, qualifiedName, quoteString } from '../../shared/sql/quote-identifier';

/** A value in full, ready to copy: NULL, exact text, or bytes as hex. */
export type CopyValue = null | string | { hex: string };

/** What is copied: the selected columns and, for each selected row, its values in full. */
export interface CopyTable {
  columns: readonly ResultColumn[];
  rows: ReadonlyArray<readonly CopyValue[]>;
}

export const COPY_FORMATS = ['tsv', 'csv', 'json', 'insert'] as const;
export type CopyFormat = (typeof COPY_FORMATS)[number];

export const COPY_FORMAT_LABELS: Record<CopyFormat, string> = {
  tsv: 'TSV',
  csv: 'CSV',
  json: 'JSON',
  insert: 'SQL INSERT',
};

/** The table name INSERTs get when the columns do not all come from one table. */
export const PLACEHOLDER_TABLE = 'your_table';

const hexOf = (v: { hex: string }) => v.hex.toUpperCase();

/**
 * Tab-separated values, as spreadsheets paste them: no header, rows ended by LF (none after the
 * last); NULL reads `NULL` (as the mysql client prints it); bytes `0x...`. A value holding a tab,
 * CR, LF or `"` is quoted with quotes doubled - what spreadsheets do for such cells.
 */
export function formatTsv(table: CopyTable): string {
  const field = (v: CopyValue) => {
    if (v === null) return 'NULL';
    if (typeof v !== 'string') return `0x${hexOf(v)}`;
    return /[\t\r\n"]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
  };
  return table.rows.map((r) => r.map(field).join('\t')).join('\n');
}

/** CSV exactly as the full export writes it (header, CRLF, NULL empty, '' as `""`, `0x...`). */
export function formatCsv(table: CopyTable): string {
  const field = (v: CopyValue) =>
    v === null || typeof v === 'string' ? csvField(v) : `0x${hexOf(v)}`;
  const lines = [table.columns.map((c) => csvField(c.name)).join(',')];
  for (const r of table.rows) lines.push(r.map(field).join(','));
  return lines.join(CSV_RECORD_END) + CSV_RECORD_END;
}

/**
 * A JSON array of one object per row, keys the column names (repeated ones made unique), as the
 * JSON Lines export writes them: NULL is null, every value a string (numbers exact), bytes
 * `{"$hex": "..."}`. One object per line.
 */
export function formatJson(table: CopyTable): string {
  if (table.rows.length === 0) return '[]';
  const keys = uniqueNames(table.columns.map((c) => c.name)).map((k) => JSON.stringify(k));
  const value = (v: CopyValue) =>
    v === null ? 'null' : typeof v === 'string' ? JSON.stringify(v) : `{"$hex": "${hexOf(v)}"}`;
  const objects = table.rows.map(
    (r) => `  {${keys.map((k, i) => `${k}: ${value(r[i] ?? null)}`).join(', ')}}`,
  );
  return `[\n${objects.join(',\n')}\n]`;
}

/**
 * Where copied INSERTs go: the table all the columns come from, by its own column names (not
 * aliases) - or, when they come from several tables or from expressions, or one column is shown
 * twice, `your_table` and the names as shown, for the user to fill in.
 */
export function insertTarget(columns: readonly ResultColumn[]): {
  table: string;
  names: string[];
} {
  const first = columns[0];
  // A column shown twice (`lb, lb AS copy`) would name it twice: the server refuses that INSERT.
  const own = new Set(columns.map((c) => c.orgName.toLowerCase()));
  const oneTable =
    first !== undefined &&
    first.table !== '' &&
    own.size === columns.length &&
    columns.every((c) => c.table === first.table && c.schema === first.schema && c.orgName !== '');
  if (!oneTable)
    return { table: PLACEHOLDER_TABLE, names: columns.map((c) => displayIdentifier(c.name)) };
  let table: string;
  try {
    table = qualifiedName(first.schema, first.table);
  } catch {
    return { table: PLACEHOLDER_TABLE, names: columns.map((c) => displayIdentifier(c.name)) };
  }
  return { table, names: columns.map((c) => displayIdentifier(c.orgName)) };
}

const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** One value as an SQL literal: NULL, a number as is, bytes `X'..'`, text quoted. */
function sqlLiteral(v: CopyValue, column: ResultColumn | undefined): string {
  if (v === null) return 'NULL';
  if (typeof v !== 'string') return `X'${hexOf(v)}'`;
  if (column?.numeric && PLAIN_NUMBER.test(v)) return v;
  try {
    return quoteString(v);
  } catch {
    // Not well-formed UTF-16: what the server would receive is U+FFFD anyway.
    return quoteString(v.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

/**
 * One `INSERT INTO t (cols) VALUES (...);` per row, one per line. Text is quoted for the
 * servers' default sql_mode (backslash escapes on); numbers unquoted; NULL unquoted.
 */
export function formatInserts(table: CopyTable): string {
  const target = insertTarget(table.columns);
  const head = `INSERT INTO ${target.table} (${target.names.join(', ')}) VALUES (`;
  return table.rows
    .map((r) => `${head}${r.map((v, i) => sqlLiteral(v, table.columns[i])).join(', ')});`)
    .join('\n');
}

/** The copied text in one of the formats. */
export function formatCopy(format: CopyFormat, table: CopyTable): string {
  switch (format) {
    case 'tsv':
      return formatTsv(table);
    case 'csv':
      return formatCsv(table);
    case 'json':
      return formatJson(table);
    case 'insert':
      return formatInserts(table);
  }
}
