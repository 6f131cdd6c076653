import type { AlterOperation } from './alter-operation';

/** A column as the server describes it now (information_schema.COLUMNS). */
export interface CurrentColumn {
  name: string;
  /** COLUMN_TYPE: `varchar(20)`, `int`, `bigint unsigned`. */
  columnType: string;
  nullable: boolean;
  /** Bytes per character of its character set (utf8mb4: 4, latin1: 1); null for non-text. */
  maxBytesPerChar: number | null;
  /** COLLATION_NAME (`utf8mb4_0900_ai_ci`); null for non-text, absent when not read. */
  collation?: string | null;
}

/**
 * What a CHANGE/MODIFY COLUMN really changes, which decides how the server runs it:
 * - `same`: type and nullability unchanged (rename, new default, comment): metadata only;
 * - `reorder`: the same, moved with FIRST/AFTER;
 * - `varchar-widen`: VARCHAR made longer without crossing the 255-byte length-prefix limit;
 * - `varchar-widen-prefix`: VARCHAR made longer past 255 bytes (a second length byte);
 * - `varchar-widen-short`: the same from at most 127 bytes, whose values all fit a one-byte
 *   length in either encoding;
 * - `enum-append`: ENUM/SET members added at the end, storage size unchanged;
 * - `nullability`: NULL ↔ NOT NULL only (every row is checked: a rebuild);
 * - `collation`: only the collation, within the same character set;
 * - `binary`: a character column made its binary counterpart of the same byte length
 *   (VARCHAR(n) to VARBINARY(n × bytes per character), TEXT to BLOB), unindexed: the bytes stay;
 * - `virtual-reorder`: an unindexed VIRTUAL column restated unchanged and moved (FIRST/AFTER);
 * - `charset-widen`: an unindexed VARCHAR or TEXT column from utf8mb3 to utf8mb4, type and
 *   nullability kept, its VARCHAR length prefix keeping its size: every value stays as it is;
 * - `type`: anything else, or a definition we cannot compare (every row is converted: a copy).
 */
export type ColumnChange =
  | 'same'
  | 'reorder'
  | 'varchar-widen'
  | 'varchar-widen-prefix'
  | 'varchar-widen-short'
  | 'enum-append'
  | 'nullability'
  | 'collation'
  | 'binary'
  | 'virtual-reorder'
  | 'charset-widen'
  | 'type';

/** Where a column definition's type ends and its attributes begin. */
const ATTRIBUTE_WORDS = new Set([
  'NULL',
  'NOT',
  'DEFAULT',
  'COMMENT',
  'AUTO_INCREMENT',
  'PRIMARY',
  'UNIQUE',
  'KEY',
  'COLLATE',
  'CHARACTER',
  'CHARSET',
  'GENERATED',
  'AS',
  'ON',
  'INVISIBLE',
  'VISIBLE',
  'CHECK',
  'REFERENCES',
  'SRID',
  'STORAGE',
  'COLUMN_FORMAT',
  'ENGINE_ATTRIBUTE',
  'SECONDARY_ENGINE_ATTRIBUTE',
]);

const INTEGER_TYPES = /^(tinyint|smallint|mediumint|int|bigint)\(\d+\)/;
const SYNONYMS: Record<string, string> = {
  integer: 'int',
  bool: 'tinyint(1)',
  boolean: 'tinyint(1)',
  dec: 'decimal',
  numeric: 'decimal',
  'double precision': 'double',
};

/** A type as COLUMN_TYPE writes it: lower case, no display widths, one space between words. */
export function normaliseColumnType(type: string): string {
  let t = type
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*\(\s*/g, '(');
  t = t.replace(/\s*\)/g, ')').replace(/\s*,\s*/g, ',');
  for (const [from, to] of Object.entries(SYNONYMS)) {
    if (t === from || t.startsWith(from + ' ') || t.startsWith(from + '(')) {
      t = to + t.slice(from.length);
    }
  }
  // MySQL 8.0.19+ drops integer display widths (except tinyint(1)); compare without them.
  if (t !== 'tinyint(1)') t = t.replace(INTEGER_TYPES, '$1');
  // MariaDB writes YEAR as year(4), the only width it has.
  t = t.replace(/^year\(4\)/, 'year');
  // ZEROFILL changes how values read back (the servers copy the table for it) and implies
  // UNSIGNED; keep it, written as COLUMN_TYPE writes it.
  return / zerofill/.test(t) && !/ unsigned/.test(t)
    ? t.replace(/ zerofill/, ' unsigned zerofill')
    : t;
}

/** The type part and NOT NULL of a column definition (`VARCHAR(40) NOT NULL DEFAULT ''`). */
export function splitDefinition(definition: string): { type: string; nullable: boolean } {
  const words = definition.match(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\([^)]*\)|[^\s(]+/g) ?? [];
  const typeWords: string[] = [];
  let k = 0;
  for (; k < words.length; k++) {
    const upper = (words[k] ?? '').toUpperCase();
    if (ATTRIBUTE_WORDS.has(upper)) break;
    typeWords.push(words[k] ?? '');
  }
  const rest = words.slice(k).join(' ').toUpperCase();
  const nullable = !/\bNOT\s+NULL\b/.test(rest) && !/\bPRIMARY\b/.test(rest);
  return { type: typeWords.join(' ').replace(/\s+\(/g, '('), nullable };
}

function varcharLength(type: string): number | null {
  const m = /^var(?:char|binary)\((\d+)\)/.exec(type);
  return m ? Number(m[1]) : null;
}

/**
 * A generation expression compared loosely: SHOW CREATE TABLE writes `(\`a\` * 3)` where the
 * statement has `a * 3`; quoting, spacing, case and enclosing parentheses do not count.
 */
export function normaliseExpression(expression: string): string {
  let e = expression.replace(/`/g, '').replace(/\s+/g, '').toLowerCase();
  while (e.startsWith('(') && e.endsWith(')') && enclosed(e)) e = e.slice(1, -1);
  return e;
}

/** Whether the first parenthesis of `e` closes at its very end. */
function enclosed(e: string): boolean {
  let depth = 0;
  for (let k = 0; k < e.length; k++) {
    if (e[k] === '(') depth++;
    else if (e[k] === ')' && --depth === 0) return k === e.length - 1;
  }
  return false;
}

/**
 * Compares a CHANGE/MODIFY COLUMN with the column it changes; `type` when the column is
 * unknown (the worst case). `indexed`: whether an index uses the column (assumed when not
 * known): a collation that may change then re-sorts the index, worse than any widening.
 * `generation`: the column's expression when it is a VIRTUAL generated column.
 */
export function classifyColumnChange(
  op: AlterOperation,
  current: CurrentColumn | undefined,
  indexed = true,
  defaultCollations: Readonly<Record<string, string>> = {},
  generation?: string,
): ColumnChange {
  if (!current || op.definition === undefined) return 'type';
  if (generation !== undefined && /\bAS\s*\(/i.test(op.definition)) {
    return virtualChange(op, op.definition, current, indexed, generation);
  }
  const change = classifyKnownColumn(op, op.definition, current, defaultCollations);
  // An index on the column is re-sorted by bytes: not the same index any more.
  if (change === 'binary' || change === 'charset-widen') return indexed ? 'type' : change;
  if (change !== 'maybe-collation') return change;
  // The character set restated without COLLATE: the collation may change or not. Unindexed,
  // a collation change costs no more than a widening; indexed, it may cost a copy.
  const base = classifyKnownColumn(op, withoutCharset(op.definition), current, defaultCollations);
  if (base === 'same' || base === 'maybe-collation') return 'collation';
  return indexed ? 'type' : base;
}

/**
 * A VIRTUAL column's CHANGE/MODIFY: only moving it, unindexed and otherwise restated as it is,
 * stores nothing new; anything else recomputes it (`type`, the worst case).
 */
function virtualChange(
  op: AlterOperation,
  definition: string,
  current: CurrentColumn,
  indexed: boolean,
  generation: string,
): ColumnChange {
  const m = /^([^]*?)\b(?:GENERATED\s+ALWAYS\s+)?AS\s*\(([^]*)\)\s*VIRTUAL\b([^]*)$/i.exec(
    definition,
  );
  if (!m || indexed || !op.position) return 'type';
  const wanted = splitDefinition(`${m[1] ?? ''} ${m[3] ?? ''}`);
  const same =
    normaliseColumnType(wanted.type) === normaliseColumnType(current.columnType) &&
    wanted.nullable === current.nullable &&
    normaliseExpression(m[2] ?? '') === normaliseExpression(generation) &&
    !/\b(COLLATE|CHARACTER\s+SET|CHARSET)\b/i.test(definition);
  return same ? 'virtual-reorder' : 'type';
}

/** The definition without its CHARACTER SET / CHARSET clause. */
function withoutCharset(definition: string): string {
  return definition.replace(/\b(?:CHARACTER\s+SET|CHARSET)\s*=?\s*[`'"]?\w+[`'"]?/i, ' ');
}

function classifyKnownColumn(
  op: AlterOperation,
  definition: string,
  current: CurrentColumn,
  defaultCollations: Readonly<Record<string, string>>,
): ColumnChange | 'maybe-collation' {
  // A generation expression written out: the servers recompute (copy) even when it is unchanged.
  if (/\b(AS|GENERATED)\s*(ALWAYS\s+AS\s*)?\(/i.test(definition)) return 'type';
  const charset = characterSetChange(definition, current, defaultCollations);
  if (charset === 'charset')
    return utf8mb4Widening(op, definition, current) ? 'charset-widen' : 'type';
  if (charset === 'maybe-collation') return charset;
  const wanted = splitDefinition(definition);
  const before = normaliseColumnType(current.columnType);
  const after = normaliseColumnType(wanted.type);
  const sameNull = wanted.nullable === current.nullable;
  if (charset === 'collation') {
    return before === after && sameNull && !op.position ? 'collation' : 'type';
  }
  if (before === after) {
    if (!sameNull) return 'nullability';
    return op.position ? 'reorder' : 'same';
  }
  if (sameNull && !op.position && membersAppended(before, after)) return 'enum-append';
  if (sameNull && !op.position && binaryCounterpart(before, after, current)) return 'binary';
  const from = varcharLength(before);
  const to = varcharLength(after);
  if (
    from !== null &&
    to !== null &&
    to >= from &&
    before.slice(0, 8) === after.slice(0, 8) &&
    sameNull &&
    !op.position &&
    before.slice(before.indexOf(')')) === after.slice(after.indexOf(')'))
  ) {
    // VARBINARY counts bytes; a text column without a known character set counts the worst.
    const bytes = before.startsWith('varbinary') ? 1 : (current.maxBytesPerChar ?? 4);
    // The length prefix is 1 byte up to 255 bytes, 2 beyond: MySQL rewrites every row then.
    if (from * bytes <= 255 === to * bytes <= 255) return 'varchar-widen';
    return from * bytes <= 127 ? 'varchar-widen-short' : 'varchar-widen-prefix';
  }
  return 'type';
}

/**
 * Whether a definition takes a utf8mb3 VARCHAR or TEXT column to utf8mb4 and changes nothing
 * else that matters: same type, nullability and place, and a VARCHAR's length prefix the same
 * size (up to 255 bytes, or past it, at 3 and 4 bytes a character). utf8mb3 is a subset of
 * utf8mb4, so every stored byte stays valid (seen: MySQL 9.7 changes it in place without a
 * rebuild, MariaDB 10.5, 10.11 and 11.8 instantly; crossing 255 bytes both may refuse).
 */
function utf8mb4Widening(op: AlterOperation, definition: string, current: CurrentColumn): boolean {
  if (op.position || !current.collation) return false;
  if (charsetOfCollation(current.collation) !== 'utf8mb3') return false;
  const named = /\b(?:CHARACTER\s+SET|CHARSET)\s*=?\s*[`'"]?(\w+)/i.exec(definition)?.[1];
  const collate = /\bCOLLATE\s*=?\s*[`'"]?(\w+)/i.exec(definition)?.[1];
  const target = named?.toLowerCase() ?? (collate ? charsetOfCollation(collate) : undefined);
  if (target !== 'utf8mb4') return false;
  if (collate !== undefined && charsetOfCollation(collate) !== 'utf8mb4') return false;
  const wanted = splitDefinition(
    withoutCharset(definition).replace(/\bCOLLATE\s*=?\s*[`'"]?\w+[`'"]?/i, ' '),
  );
  const before = normaliseColumnType(current.columnType);
  if (normaliseColumnType(wanted.type) !== before || wanted.nullable !== current.nullable) {
    return false;
  }
  if (before === 'text') return true;
  const length = /^varchar\((\d+)\)$/.exec(before)?.[1];
  if (length === undefined) return false;
  return Number(length) * 3 <= 255 === Number(length) * 4 <= 255;
}

/**
 * Whether `after` is the binary type holding exactly the bytes `before` may hold: VARCHAR(n)
 * to VARBINARY(n × bytes per character), TEXT to BLOB (the two seen on MySQL 9.7).
 */
function binaryCounterpart(before: string, after: string, current: CurrentColumn): boolean {
  if (before === 'text' && after === 'blob') return true;
  const from = /^varchar\((\d+)\)$/.exec(before);
  const to = /^varbinary\((\d+)\)$/.exec(after);
  const bytes = current.maxBytesPerChar;
  return !!from && !!to && bytes !== null && Number(from[1]) * bytes === Number(to[1]);
}

/**
 * What a definition does to the column's character set and collation: nothing, only the
 * collation (same character set), or the character set. Named ones are compared with the
 * current collation (a charset is its collation's prefix); not knowing counts as a change.
 */
function characterSetChange(
  definition: string,
  current: CurrentColumn,
  defaultCollations: Readonly<Record<string, string>>,
): 'same' | 'collation' | 'maybe-collation' | 'charset' {
  const charset = /\b(?:CHARACTER\s+SET|CHARSET)\s*=?\s*[`'"]?(\w+)/i.exec(definition)?.[1];
  const collate = /\bCOLLATE\s*=?\s*[`'"]?(\w+)/i.exec(definition)?.[1];
  if (charset === undefined && collate === undefined) return 'same';
  const now = current.collation?.toLowerCase();
  if (!now) return 'charset';
  const nowCharset = charsetOfCollation(now);
  const want = charset?.toLowerCase().replace(/^utf8$/, 'utf8mb3');
  if (want !== undefined && want !== nowCharset) return 'charset';
  // CHARACTER SET alone means the server's default collation for it: compared when known.
  if (collate === undefined) {
    const byDefault = want === undefined ? undefined : defaultCollations[want];
    if (byDefault === undefined) return 'maybe-collation';
    return byDefault.toLowerCase() === now ? 'same' : 'collation';
  }
  const wantCollation = collate.toLowerCase();
  if (charsetOfCollation(wantCollation) !== nowCharset) return 'charset';
  return wantCollation === now ? 'same' : 'collation';
}

/**
 * ENUM/SET members added at the end only, without growing the stored value (ENUM: 1 byte up to
 * 255 members; SET: one byte per 8 members).
 */
function membersAppended(before: string, after: string): boolean {
  const b = /^(enum|set)\((.*)\)$/.exec(before);
  const a = /^(enum|set)\((.*)\)$/.exec(after);
  if (!b || !a || b[1] !== a[1]) return false;
  const old = b[2] ?? '';
  const now = a[2] ?? '';
  if (!now.startsWith(old + ',')) return false;
  const count = (list: string) => (list.match(/'(?:[^']|'')*'/g) ?? []).length;
  const size = (n: number) => (b[1] === 'enum' ? (n <= 255 ? 1 : 2) : Math.ceil(n / 8));
  return size(count(old)) === size(count(now));
}

/**
 * The character set a collation belongs to (`utf8mb4_0900_ai_ci` gives `utf8mb4`), in lower case,
 * with `utf8` read as the `utf8mb3` it stands for.
 */
export function charsetOfCollation(collation: string): string {
  return collation
    .slice(0, collation.indexOf('_'))
    .toLowerCase()
    .replace(/^utf8$/, 'utf8mb3');
}
