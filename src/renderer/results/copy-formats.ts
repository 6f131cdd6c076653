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

/** What a copy needs to know beyond the values. */
export interface CopyOptions {
  /**
   * The lower-case names of the generated columns of the table INSERTs go to (see
   * insertTarget): the server computes those and refuses a value for one (MySQL error 3105,
   * MariaDB 1906), so INSERTs leave them out.
   */
  generated?: ReadonlySet<string>;
}

/**
 * The indexes of the columns INSERTs name, and the names of the generated ones they leave
 * out; none are left out when the INSERTs go to `your_table` (its columns are not known).
 */
export function insertColumns(
  columns: readonly ResultColumn[],
  generated: ReadonlySet<string> = new Set(),
): { kept: number[]; leftOut: string[] } {
  const kept: number[] = [];
  const leftOut: string[] = [];
  const toTable = insertTarget(columns).table !== PLACEHOLDER_TABLE;
  columns.forEach((c, i) => {
    if (toTable && generated.has(c.orgName.toLowerCase())) leftOut.push(c.orgName);
    else kept.push(i);
  });
  return { kept, leftOut };
}

/**
 * One `INSERT INTO t (cols) VALUES (...);` per row, one per line. Text is quoted for the
 * servers' default sql_mode (backslash escapes on); numbers unquoted; NULL unquoted. Generated
 * columns of the target table are left out (see CopyOptions); when every column is one, there
 * is nothing to insert and this throws.
 */
export function formatInserts(table: CopyTable, options: CopyOptions = {}): string {
  const target = insertTarget(table.columns);
  const { kept, leftOut } = insertColumns(table.columns, options.generated);
  if (kept.length === 0) {
    throw new Error(
      `every selected column is generated (${leftOut.join(', ')}): the server computes them, so there is nothing to INSERT.`,
    );
  }
  const head = `INSERT INTO ${target.table} (${kept.map((i) => target.names[i]).join(', ')}) VALUES (`;
  return table.rows
    .map(
      (r) => `${head}${kept.map((i) => sqlLiteral(r[i] ?? null, table.columns[i])).join(', ')});`,
    )
    .join('\n');
}

/** MySQL's and MariaDB's NOT_FIXED_DEC: a FLOAT declared without a number of decimals. */
const FLOAT_WITHOUT_DECIMALS = 31;

/**
 * The columns whose values the server sends rounded: a FLOAT declared without decimals travels
 * as 6 significant digits (16777216 reads `16777200`, 1.2345678 reads `1.23457`), so a copy -
 * and an INSERT of it - holds another number than the one stored. DOUBLE travels exactly.
 */
export function roundedColumns(columns: readonly ResultColumn[]): string[] {
  return columns
    .filter((c) => c.typeCode === 4 && c.decimals >= FLOAT_WITHOUT_DECIMALS)
    .map((c) => c.name);
}

/** `a`, `b` and `c`, for notes. */
const nameList = (names: string[]) => {
  const quoted = names.map(displayIdentifier);
  return quoted.length < 2
    ? quoted.join('')
    : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
};

/** What a copy does not hold as stored, in words: generated columns left out, rounded FLOATs. */
export function copyCaveats(
  format: CopyFormat,
  columns: readonly ResultColumn[],
  generated: ReadonlySet<string>,
): string[] {
  const caveats: string[] = [];
  const { leftOut } = format === 'insert' ? insertColumns(columns, generated) : { leftOut: [] };
  if (leftOut.length > 0) {
    caveats.push(
      `Left out the generated ${leftOut.length === 1 ? 'column' : 'columns'} ${nameList(leftOut)}: the server computes ${leftOut.length === 1 ? 'it' : 'them'}.`,
    );
  }
  const rounded = roundedColumns(columns);
  if (rounded.length > 0) {
    caveats.push(
      `FLOAT ${nameList(rounded)} ${rounded.length === 1 ? 'is' : 'are'} copied as the server sends FLOAT, rounded to 6 significant digits, which may differ from what is stored: select CAST(${rounded.length === 1 ? rounded[0] : 'column'} AS DOUBLE) to copy every digit.`,
    );
  }
  return caveats;
}

/** The copied text in one of the formats. */
export function formatCopy(
  format: CopyFormat,
  table: CopyTable,
  options: CopyOptions = {},
): string {
  switch (format) {
    case 'tsv':
      return formatTsv(table);
    case 'csv':
      return formatCsv(table);
    case 'json':
      return formatJson(table);
    case 'insert':
      return formatInserts(table, options);
  }
}
