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
  const m = /^varchar\((\d+)\)/.exec(type);
  return m ? Number(m[1]) : null;
}

/**
 * Compares a CHANGE/MODIFY COLUMN with the column it changes; `type` when the column is
 * unknown (the worst case).
 */
export function classifyColumnChange(
  op: AlterOperation,
  current: CurrentColumn | undefined,
): ColumnChange {
  if (!current || op.definition === undefined) return 'type';
  // A generation expression written out: the servers recompute (copy) even when it is unchanged.
  if (/\b(AS|GENERATED)\s*(ALWAYS\s+AS\s*)?\(/i.test(op.definition)) return 'type';
  if (!sameCharacterSet(op.definition, current)) return 'type';
  const wanted = splitDefinition(op.definition);
  const before = normaliseColumnType(current.columnType);
  const after = normaliseColumnType(wanted.type);
  const sameNull = wanted.nullable === current.nullable;
  if (before === after) {
    if (!sameNull) return 'nullability';
    return op.position ? 'reorder' : 'same';
  }
  if (sameNull && !op.position && membersAppended(before, after)) return 'enum-append';
  const from = varcharLength(before);
  const to = varcharLength(after);
  if (
    from !== null &&
    to !== null &&
    to >= from &&
    sameNull &&
    !op.position &&
    before.slice(before.indexOf(')')) === after.slice(after.indexOf(')'))
  ) {
    const bytes = current.maxBytesPerChar ?? 4;
    // The length prefix is 1 byte up to 255 bytes, 2 beyond: MySQL rewrites every row then.
    if (from * bytes <= 255 === to * bytes <= 255) return 'varchar-widen';
    return from * bytes <= 127 ? 'varchar-widen-short' : 'varchar-widen-prefix';
  }
  return 'type';
}

/**
 * Whether a definition keeps the column's character set and collation. Named ones are compared
 * with the current collation (a charset is its collation's prefix); not knowing counts as a change.
 */
function sameCharacterSet(definition: string, current: CurrentColumn): boolean {
  const charset = /\b(?:CHARACTER\s+SET|CHARSET)\s*=?\s*[`'"]?(\w+)/i.exec(definition)?.[1];
  const collate = /\bCOLLATE\s*=?\s*[`'"]?(\w+)/i.exec(definition)?.[1];
  if (charset === undefined && collate === undefined) return true;
  const now = current.collation?.toLowerCase();
  if (!now) return false;
  if (collate !== undefined && collate.toLowerCase() !== now) return false;
  const nowCharset = now.slice(0, now.indexOf('_'));
  const want = charset?.toLowerCase().replace(/^utf8$/, 'utf8mb3');
  return want === undefined || want === nowCharset;
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
