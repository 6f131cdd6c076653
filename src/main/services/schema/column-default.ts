import { MYSQL_ESCAPES } from '../../../shared/sql/string-literal';
/** A column's default, the same for both flavors. */
export interface ColumnDefault {
  /** A literal's value without quotes, or an expression's text; null for none or NULL. */
  value: string | null;
  isExpression: boolean;
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
const BIT_OR_HEX = /^[bx]'[0-9a-f]*'$/i;
const CURRENT_TIMESTAMP = /^current_timestamp(\(\d*\))?$/i;

/**
 * information_schema.COLUMNS.COLUMN_DEFAULT evened out between the flavors. MySQL reports the
 * value (`it's`, `0.00`; SQL NULL for none) and marks expressions with DEFAULT_GENERATED in
 * EXTRA, their text escaped (undone here, so it reads as in SHOW CREATE TABLE). MariaDB since 10.2.7 (capability `columnDefaultsAsSql`) reports SQL: `'it''s'`, `0.00`,
 * `NULL`, `current_timestamp()`, `(1 + 2)` - so `'NULL'` is the string and `NULL` the null.
 */
export function columnDefault(raw: string | null, extra: string, asSql: boolean): ColumnDefault {
  if (raw === null) return { value: null, isExpression: false };
  if (!asSql) {
    if (/\bDEFAULT_GENERATED\b/i.test(extra)) {
      // MySQL writes an expression here with its quotes and backslashes escaped once more
      // (`concat(_utf8mb4\'it\\\'s\')` for SHOW CREATE's `concat(_utf8mb4'it\'s')`).
      return { value: raw.replace(/\\(.)/gs, '$1'), isExpression: true };
    }
    return { value: raw, isExpression: CURRENT_TIMESTAMP.test(raw) };
  }
  if (raw === 'NULL') return { value: null, isExpression: false };
  if (raw.length >= 2 && raw.startsWith("'") && raw.endsWith("'")) {
    return { value: unquote(raw.slice(1, -1)), isExpression: false };
  }
  if (NUMBER.test(raw) || BIT_OR_HEX.test(raw)) return { value: raw, isExpression: false };
  return { value: raw, isExpression: true };
}

/** The value of a single-quoted literal's inside: `''` and backslash escapes undone. */
function unquote(inside: string): string {
  let out = '';
  for (let i = 0; i < inside.length; i++) {
    const c = inside[i]!;
    if (c === "'" && inside[i + 1] === "'") {
      out += "'";
      i++;
    } else if (c === '\\' && i + 1 < inside.length) {
      const next = inside[++i]!;
      out += MYSQL_ESCAPES[next] ?? next;
    } else {
      out += c;
    }
  }
  return out;
}
