import { normaliseColumnType, splitDefinition } from '../alter/column-change';
import { Lexer, type SqlFlavor } from '../sql/lexer';
import {
  closingParenthesis,
  isMark,
  isName,
  isWord,
  readQualifiedName,
  splitTopLevel,
  tokensText as textOf,
  unquoteName,
  type SqlToken,
} from '../sql/statement-tokens';

/** One column of a table, as CREATE TABLE (or ALTER) wrote it. */
export interface ColumnModel {
  name: string;
  /** The type as information_schema's COLUMN_TYPE writes it (`varchar(20)`, `int unsigned`). */
  type: string;
  nullable: boolean;
  /** A DEFAULT, AUTO_INCREMENT or generation expression gives new rows a value. */
  hasDefault: boolean;
  autoIncrement: boolean;
  /** `AS (expr) [VIRTUAL|STORED|PERSISTENT]`. */
  generated: { expression: string; stored: boolean } | null;
  /** The column's own character set, or the table's default for text columns; null otherwise. */
  charset: string | null;
  collation: string | null;
  /** Everything after the name, as written. */
  definition: string;
}

export type IndexKind = 'primary' | 'unique' | 'index' | 'fulltext' | 'spatial';

export interface IndexModel {
  /** `PRIMARY` for the primary key. */
  name: string;
  kind: IndexKind;
  /** Column names in key order; a functional key part is `(expr)` as written. */
  columns: string[];
  /** Prefix lengths by position (`a(10)`), null where the whole column is indexed. */
  prefixes: (number | null)[];
}

export interface ForeignKeyModel {
  name: string;
  columns: string[];
  refSchema: string | null;
  refTable: string;
  refColumns: string[];
}

/** A table as the lint rules see it. Keeps what it did not understand in `unknown`. */
export interface TableModel {
  schema: string | null;
  name: string;
  columns: ColumnModel[];
  indexes: IndexModel[];
  foreignKeys: ForeignKeyModel[];
  engine: string | null;
  rowFormat: string | null;
  keyBlockSize: number | null;
  charset: string | null;
  collation: string | null;
  partitioned: boolean;
  /** Table elements and options not understood, as written. */
  unknown: string[];
}

export type ParseCreateTableResult =
  | { ok: true; table: TableModel; like: { schema: string | null; name: string } | null }
  | { ok: false; error: string; offset: number };

const TEXT_TYPES =
  /^(char|varchar|tinytext|text|mediumtext|longtext|enum|set|national|nchar|nvarchar)\b/;

/** Bytes per character of the character sets a column may use (unknown ones: 4, the worst). */
export function bytesPerChar(charset: string | null): number | null {
  if (charset === null) return null;
  const c = charset.toLowerCase();
  if (c === 'utf8mb4' || c === 'utf16' || c === 'utf16le' || c === 'utf32' || c === 'gb18030')
    return 4;
  if (c === 'utf8mb3' || c === 'utf8' || c === 'ujis' || c === 'eucjpms') return 3;
  if (
    c === 'ucs2' ||
    c === 'big5' ||
    c === 'gbk' ||
    c === 'gb2312' ||
    c === 'sjis' ||
    c === 'cp932'
  )
    return 2;
  if (c === 'euckr') return 2;
  return /^(latin|ascii|binary|cp12|cp8|cp1|koi8|greek|hebrew|tis620|armscii|dec8|hp8|swe7|keybcs2|macce|macroman|geostd8)/.test(
    c,
  )
    ? 1
    : 4;
}

/**
 * The tokens of a statement that carry SQL, executable-comment markers left out. Like
 * statementTokens, in one pass: `upper` differs from `text` only for words (a migration history
 * is tokenised here statement by statement, so allocation is what it costs).
 */
export function sqlTokens(sql: string, flavor: SqlFlavor): SqlToken[] {
  return leadingTokens(sql, flavor, Infinity);
}

/**
 * The first `count` tokens of a statement that carry SQL (executable-comment markers left out),
 * without tokenising the rest: enough to tell what kind of statement it is.
 */
export function leadingTokens(sql: string, flavor: SqlFlavor, count: number): SqlToken[] {
  const lexer = new Lexer(sql, { flavor });
  const tokens: SqlToken[] = [];
  for (let token = lexer.next(); token && tokens.length < count; token = lexer.next()) {
    if (
      token.kind === 'whitespace' ||
      token.kind === 'comment' ||
      token.kind === 'conditional-start' ||
      token.kind === 'conditional-end'
    )
      continue;
    const text = sql.slice(token.start, token.end);
    const upper = token.kind === 'word' ? text.toUpperCase() : text;
    tokens.push(
      token.unterminated
        ? { kind: token.kind, start: token.start, end: token.end, unterminated: true, text, upper }
        : { kind: token.kind, start: token.start, end: token.end, text, upper },
    );
  }
  return tokens;
}

/** An empty table named `name`, for CREATE TABLE ... AS SELECT and tables known by name only. */
export function emptyTable(schema: string | null, name: string): TableModel {
  return {
    schema,
    name,
    columns: [],
    indexes: [],
    foreignKeys: [],
    engine: null,
    rowFormat: null,
    keyBlockSize: null,
    charset: null,
    collation: null,
    partitioned: false,
    unknown: [],
  };
}

/**
 * Reads a CREATE TABLE statement (as written by hand, by SHOW CREATE TABLE or by mysqldump /
 * mariadb-dump, executable comments included) into a table model. Tolerant: elements and
 * options it does not know are kept in `unknown`; only a statement that is not a CREATE TABLE
 * or has no name is refused. `CREATE TABLE x LIKE y` comes back with `like` set and no columns.
 */
export function parseCreateTable(
  sql: string,
  flavor: SqlFlavor = 'mysql',
  /** The statement's tokens, when the caller has them already (see sqlTokens). */
  given?: SqlToken[],
): ParseCreateTableResult {
  const tokens = given ? [...given] : sqlTokens(sql, flavor);
  while (tokens.length > 0 && (isMark(tokens.at(-1), ';') || tokens.at(-1)?.kind === 'delimiter'))
    tokens.pop();
  let i = 0;
  if (!isWord(tokens[i], 'CREATE')) return { ok: false, error: 'not a CREATE TABLE', offset: 0 };
  i++;
  if (isWord(tokens[i], 'OR') && isWord(tokens[i + 1], 'REPLACE')) i += 2;
  if (isWord(tokens[i], 'TEMPORARY')) i++;
  if (!isWord(tokens[i], 'TABLE')) {
    return { ok: false, error: 'not a CREATE TABLE', offset: tokens[i]?.start ?? 0 };
  }
  i++;
  if (isWord(tokens[i], 'IF') && isWord(tokens[i + 1], 'NOT') && isWord(tokens[i + 2], 'EXISTS'))
    i += 3;
  const name = readQualifiedName(tokens, i);
  if (!name) {
    return {
      ok: false,
      error: 'the table name is missing after CREATE TABLE',
      offset: tokens[i]?.start ?? sql.length,
    };
  }
  i = name.next;
  const table = emptyTable(name.schema, name.name);
  const likeAt = isMark(tokens[i], '(') && isWord(tokens[i + 1], 'LIKE') ? i + 1 : i;
  if (isWord(tokens[likeAt], 'LIKE')) {
    const like = readQualifiedName(tokens, likeAt + 1);
    if (!like)
      return { ok: false, error: 'the table name is missing after LIKE', offset: sql.length };
    return { ok: true, table, like: { schema: like.schema, name: like.name } };
  }
  if (isMark(tokens[i], '(')) {
    const close = closingParenthesis(tokens, i);
    for (const element of splitTopLevel(tokens.slice(i + 1, close))) {
      readElement(sql, element, table);
    }
    i = close + 1;
  }
  readTableOptions(sql, tokens.slice(i), table);
  for (const column of table.columns) {
    if (column.charset === null && TEXT_TYPES.test(column.type)) {
      column.charset = column.collation?.split('_')[0] ?? table.charset;
      column.collation ??= table.collation;
    }
  }
  return { ok: true, table, like: null };
}

/** A column list `(a, b(10) DESC, (expr))`: names, prefix lengths. */
function readKeyParts(
  sql: string,
  tokens: readonly SqlToken[],
  open: number,
): { columns: string[]; prefixes: (number | null)[]; end: number } {
  const close = closingParenthesis(tokens, open);
  const columns: string[] = [];
  const prefixes: (number | null)[] = [];
  for (const part of splitTopLevel(tokens.slice(open + 1, close))) {
    if (isMark(part[0], '(')) {
      columns.push(textOf(sql, part));
      prefixes.push(null);
      continue;
    }
    columns.push(unquoteName(part[0]));
    prefixes.push(isMark(part[1], '(') && part[2] ? Number(part[2].text) || null : null);
  }
  return { columns, prefixes, end: close };
}

/** The index name at `k` when there is one (not the column list, not USING). */
function indexNameAt(
  tokens: readonly SqlToken[],
  k: number,
): { name: string | null; next: number } {
  if (isWord(tokens[k], 'IF') && isWord(tokens[k + 1], 'NOT') && isWord(tokens[k + 2], 'EXISTS'))
    k += 3;
  if (isName(tokens[k]) && !isWord(tokens[k], 'USING')) {
    return { name: unquoteName(tokens[k]), next: k + 1 };
  }
  return { name: null, next: k };
}

function openParenFrom(tokens: readonly SqlToken[], k: number): number {
  for (let j = k; j < tokens.length; j++) if (isMark(tokens[j], '(')) return j;
  return -1;
}

/** Reads one element of the parenthesised list: a column, an index or a constraint. */
function readElement(sql: string, element: SqlToken[], table: TableModel): void {
  const w = (n: number) => element[n]?.upper ?? '';
  let k = 0;
  let constraintName: string | null = null;
  if (w(0) === 'CONSTRAINT') {
    k = 1;
    if (!['PRIMARY', 'UNIQUE', 'FOREIGN', 'CHECK'].includes(w(1)) && isName(element[1])) {
      constraintName = unquoteName(element[1]);
      k = 2;
    }
  }
  const first = element[k];
  const word = first?.kind === 'word' ? first.upper : '';
  const addIndex = (kind: IndexKind, from: number, fallbackName: string | null) => {
    const named = kind === 'primary' ? { name: 'PRIMARY', next: from } : indexNameAt(element, from);
    const open = openParenFrom(element, named.next);
    if (open < 0) {
      table.unknown.push(textOf(sql, element));
      return;
    }
    const parts = readKeyParts(sql, element, open);
    const name = named.name ?? fallbackName ?? uniqueIndexName(table, parts.columns[0] ?? 'index');
    table.indexes.push({ name, kind, columns: parts.columns, prefixes: parts.prefixes });
  };
  switch (word) {
    case 'PRIMARY':
      addIndex('primary', k + 2, null);
      return;
    case 'UNIQUE': {
      const from = w(k + 1) === 'KEY' || w(k + 1) === 'INDEX' ? k + 2 : k + 1;
      addIndex('unique', from, constraintName);
      return;
    }
    case 'KEY':
    case 'INDEX':
      addIndex('index', k + 1, null);
      return;
    case 'FULLTEXT':
    case 'SPATIAL': {
      const from = w(k + 1) === 'KEY' || w(k + 1) === 'INDEX' ? k + 2 : k + 1;
      addIndex(word === 'FULLTEXT' ? 'fulltext' : 'spatial', from, null);
      return;
    }
    case 'FOREIGN': {
      const named = indexNameAt(element, k + 2);
      const open = openParenFrom(element, named.next);
      const refAt = element.findIndex((t) => isWord(t, 'REFERENCES'));
      if (open < 0 || refAt < 0) {
        table.unknown.push(textOf(sql, element));
        return;
      }
      const own = readKeyParts(sql, element, open);
      const ref = readQualifiedName(element, refAt + 1);
      const refOpen = ref ? openParenFrom(element, ref.next) : -1;
      const refParts = refOpen >= 0 ? readKeyParts(sql, element, refOpen) : { columns: [] };
      table.foreignKeys.push({
        name: constraintName ?? named.name ?? `${table.name}_ibfk_${table.foreignKeys.length + 1}`,
        columns: own.columns,
        refSchema: ref?.schema ?? null,
        refTable: ref?.name ?? '',
        refColumns: refParts.columns,
      });
      // MySQL also makes an index for the referencing columns when none starts with them.
      if (!table.indexes.some((i) => startsWith(i.columns, own.columns))) {
        table.indexes.push({
          name: constraintName ?? named.name ?? own.columns[0] ?? 'fk',
          kind: 'index',
          columns: own.columns,
          prefixes: own.columns.map(() => null),
        });
      }
      return;
    }
    case 'CHECK':
    case 'PERIOD':
      table.unknown.push(textOf(sql, element));
      return;
  }
  if (constraintName !== null || !isName(first)) {
    table.unknown.push(textOf(sql, element));
    return;
  }
  const column = readColumn(sql, element);
  table.columns.push(column);
  const rest = element.slice(1);
  if (rest.some((t, n) => isWord(t, 'PRIMARY') && isWord(rest[n + 1], 'KEY'))) {
    table.indexes.push({
      name: 'PRIMARY',
      kind: 'primary',
      columns: [column.name],
      prefixes: [null],
    });
  } else if (rest.some((t) => isWord(t, 'UNIQUE'))) {
    table.indexes.push({
      name: uniqueIndexName(table, column.name),
      kind: 'unique',
      columns: [column.name],
      prefixes: [null],
    });
  }
}

function uniqueIndexName(table: TableModel, base: string): string {
  const taken = new Set(table.indexes.map((i) => i.name.toLowerCase()));
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}_${n}`.toLowerCase())) return `${base}_${n}`;
}

/** Whether `columns` begins with `prefix` (names compared without case). */
export function startsWith(columns: readonly string[], prefix: readonly string[]): boolean {
  return (
    prefix.length > 0 &&
    prefix.length <= columns.length &&
    prefix.every((c, n) => c.toLowerCase() === columns[n]?.toLowerCase())
  );
}

/** `name type [attributes]` read into a column (also used for ADD/CHANGE/MODIFY COLUMN). */
export function readColumn(sql: string, element: readonly SqlToken[]): ColumnModel {
  return columnFromDefinition(unquoteName(element[0]), element.slice(1), sql);
}

/** A column named `name` with the definition `tokens` (type and attributes). */
export function columnFromDefinition(
  name: string,
  tokens: readonly SqlToken[],
  sql: string,
): ColumnModel {
  const definition = textOf(sql, tokens);
  const { type, nullable } = splitDefinition(definition);
  let hasDefault = false;
  let autoIncrement = false;
  let generated: ColumnModel['generated'] = null;
  let charset: string | null = null;
  let collation: string | null = null;
  let depth = 0;
  for (let n = 0; n < tokens.length; n++) {
    const t = tokens[n]!;
    if (isMark(t, '(')) depth++;
    else if (isMark(t, ')')) depth--;
    if (depth !== 0 || t.kind !== 'word') continue;
    const next = tokens[n + 1];
    switch (t.upper) {
      case 'DEFAULT':
        hasDefault = true;
        break;
      case 'AUTO_INCREMENT':
        autoIncrement = true;
        break;
      case 'CHARSET':
        charset = unquoteName(isMark(next, '=') ? tokens[n + 2] : next).toLowerCase();
        break;
      case 'CHARACTER':
        if (isWord(next, 'SET')) charset = unquoteName(tokens[n + 2]).toLowerCase();
        break;
      case 'COLLATE':
        collation = unquoteName(isMark(next, '=') ? tokens[n + 2] : next).toLowerCase();
        break;
      case 'AS': {
        if (!isMark(next, '(')) break;
        const close = closingParenthesis(tokens, n + 1);
        const after = tokens.slice(close + 1).map((x) => x.upper);
        generated = {
          expression: textOf(sql, tokens.slice(n + 2, close)),
          stored: after.includes('STORED') || after.includes('PERSISTENT'),
        };
        n = close;
        break;
      }
    }
  }
  if (charset === 'utf8') charset = 'utf8mb3';
  return {
    name,
    type: normaliseColumnType(type),
    nullable: nullable && !autoIncrement,
    hasDefault: hasDefault || autoIncrement || generated !== null,
    autoIncrement,
    generated,
    charset: charset ?? (collation ? collation.split('_')[0]! : null),
    collation,
    definition,
  };
}

const OPTION_NAMES: Record<string, keyof TableModel | null> = {
  ENGINE: 'engine',
  TYPE: 'engine',
  ROW_FORMAT: 'rowFormat',
  KEY_BLOCK_SIZE: 'keyBlockSize',
  CHARSET: 'charset',
  COLLATE: 'collation',
};

/** `ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 ... PARTITION BY ...` after the element list. */
function readTableOptions(sql: string, tokens: readonly SqlToken[], table: TableModel): void {
  for (let n = 0; n < tokens.length; n++) {
    const t = tokens[n]!;
    if (t.kind !== 'word') continue;
    if (t.upper === 'PARTITION' && isWord(tokens[n + 1], 'BY')) {
      table.partitioned = true;
      return;
    }
    if (t.upper === 'AS' || t.upper === 'SELECT' || t.upper === 'IGNORE' || t.upper === 'REPLACE') {
      table.unknown.push(textOf(sql, tokens.slice(n)));
      return;
    }
    let key: string = t.upper;
    let valueAt = n + 1;
    if (key === 'CHARACTER' && isWord(tokens[n + 1], 'SET')) {
      key = 'CHARSET';
      valueAt = n + 2;
    }
    const field = OPTION_NAMES[key];
    if (field === undefined) continue;
    if (isMark(tokens[valueAt], '=')) valueAt++;
    const value = unquoteName(tokens[valueAt]);
    if (field === 'keyBlockSize') table.keyBlockSize = Number(value) || null;
    else if (field === 'engine') table.engine = value;
    else if (field === 'rowFormat') table.rowFormat = value.toUpperCase();
    else if (field === 'charset') {
      table.charset = value.toLowerCase() === 'utf8' ? 'utf8mb3' : value.toLowerCase();
    } else if (field === 'collation') table.collation = value.toLowerCase();
    n = valueAt;
  }
  if (table.charset === null && table.collation !== null) {
    table.charset = table.collation.split('_')[0] ?? null;
  }
}
