import type { ColumnModel } from './table-model';
import { bytesPerChar } from './table-model';

const INTEGER_BYTES: Record<string, number> = {
  tinyint: 1,
  smallint: 2,
  mediumint: 3,
  int: 4,
  bigint: 8,
};

/** How many characters (or bytes, for binary types) a string type holds at most. */
const TEXT_CAPACITY: Record<string, number> = {
  tinytext: 255,
  text: 65_535,
  mediumtext: 16_777_215,
  longtext: 4_294_967_295,
  tinyblob: 255,
  blob: 65_535,
  mediumblob: 16_777_215,
  longblob: 4_294_967_295,
};

type Family =
  | 'integer'
  | 'decimal'
  | 'float'
  | 'string'
  | 'binary'
  | 'temporal'
  | 'enum'
  | 'set'
  | 'json'
  | 'other';

interface TypeShape {
  family: Family;
  base: string;
  args: string[];
  unsigned: boolean;
}

function shapeOf(type: string): TypeShape {
  const m = /^([a-z]+)(?:\((.*)\))?(.*)$/.exec(type) ?? [type, type, undefined, ''];
  const base = m[1] ?? type;
  const args =
    m[2] === undefined ? [] : (m[2].match(/'(?:[^']|'')*'|[^,]+/g) ?? []).map((a) => a.trim());
  const unsigned = /\bunsigned\b/.test(m[3] ?? '');
  let family: Family = 'other';
  if (base in INTEGER_BYTES) family = 'integer';
  else if (base === 'decimal') family = 'decimal';
  else if (base === 'float' || base === 'double' || base === 'real') family = 'float';
  else if (base === 'char' || base === 'varchar' || /text$/.test(base)) family = 'string';
  else if (base === 'binary' || base === 'varbinary' || /blob$/.test(base)) family = 'binary';
  else if (['date', 'datetime', 'timestamp', 'time', 'year'].includes(base)) family = 'temporal';
  else if (base === 'enum' || base === 'set') family = base;
  else if (base === 'json') family = 'json';
  return { family, base, args, unsigned };
}

function capacity(shape: TypeShape): number {
  if (shape.base in TEXT_CAPACITY) return TEXT_CAPACITY[shape.base]!;
  return Number(shape.args[0] ?? 1);
}

/**
 * Why changing a column from `before` to `after` can lose or reject data (a shorter string, a
 * smaller integer, fewer ENUM members, a signedness change, a character set with fewer
 * characters, another type family), or null when every value fits.
 */
export function lossyChange(
  before: Pick<ColumnModel, 'type' | 'charset'>,
  after: Pick<ColumnModel, 'type' | 'charset'>,
): string | null {
  const a = shapeOf(before.type);
  const b = shapeOf(after.type);
  const charsetLoss = (): string | null => {
    if (before.charset === null || after.charset === null || before.charset === after.charset)
      return null;
    const from = bytesPerChar(before.charset) ?? 4;
    const to = bytesPerChar(after.charset) ?? 4;
    if (to < from || (to === from && from === 1)) {
      return `its character set changes from ${before.charset} to ${after.charset}, which cannot hold every character of the old one (values are cut at the first one it lacks, or rejected)`;
    }
    return null;
  };
  if (a.family !== b.family) {
    if (a.family === 'string' && (b.family === 'json' || b.family === 'enum' || b.family === 'set'))
      return `${before.type} becomes ${after.type}: values that are not valid ${b.base.toUpperCase()} are rejected`;
    if ((a.family === 'enum' || a.family === 'set' || a.family === 'json') && b.family === 'string')
      return capacity(b) < 255
        ? `${before.type} becomes ${after.type}: longer values are cut`
        : charsetLoss();
    if (a.family === 'integer' && (b.family === 'decimal' || b.family === 'float')) return null;
    return `${before.type} becomes ${after.type}, another kind of type: values that do not convert are cut, rounded or rejected`;
  }
  switch (a.family) {
    case 'integer':
      if (INTEGER_BYTES[b.base]! < INTEGER_BYTES[a.base]!)
        return `${before.type} narrows to ${after.type}: larger values are out of range`;
      if (a.unsigned !== b.unsigned) {
        return a.unsigned
          ? `${before.type} becomes signed: values above the signed maximum are out of range`
          : `${before.type} becomes unsigned: negative values are out of range`;
      }
      return null;
    case 'decimal': {
      const [p1, s1] = [Number(a.args[0] ?? 10), Number(a.args[1] ?? 0)];
      const [p2, s2] = [Number(b.args[0] ?? 10), Number(b.args[1] ?? 0)];
      if (p2 - s2 < p1 - s1)
        return `${before.type} narrows to ${after.type}: fewer integer digits, larger values are out of range`;
      if (s2 < s1)
        return `${before.type} narrows to ${after.type}: fewer decimals, values are rounded`;
      return a.unsigned !== b.unsigned && b.unsigned
        ? `${before.type} becomes unsigned: negative values are out of range`
        : null;
    }
    case 'float':
      return a.base === 'double' && b.base === 'float'
        ? `${before.type} narrows to ${after.type}: precision is lost`
        : null;
    case 'string':
    case 'binary':
      if (capacity(b) < capacity(a))
        return `${before.type} narrows to ${after.type}: longer values are cut (or rejected in strict mode)`;
      return charsetLoss();
    case 'temporal':
      if (a.base !== b.base) {
        if (
          b.base === 'date' ||
          b.base === 'year' ||
          b.base === 'time' ||
          (a.base === 'datetime' && b.base === 'timestamp')
        )
          return `${before.type} becomes ${after.type}: part of each value (or its range) is lost`;
        return null;
      }
      return Number(b.args[0] ?? 0) < Number(a.args[0] ?? 0)
        ? `${before.type} keeps fewer fractional digits as ${after.type}`
        : null;
    case 'enum':
    case 'set': {
      const kept = new Set(b.args.map((x) => x.toLowerCase()));
      const lost = a.args.filter((x) => !kept.has(x.toLowerCase()));
      if (lost.length > 0)
        return `${before.type} loses member${lost.length > 1 ? 's' : ''} ${lost.join(', ')}: rows holding ${lost.length > 1 ? 'them' : 'it'} become '' or are rejected`;
      return charsetLoss();
    }
    default:
      return null;
  }
}

const INTEGER_RANGES: Record<string, [string, string, string]> = {
  tinyint: ['-128', '127', '255'],
  smallint: ['-32768', '32767', '65535'],
  mediumint: ['-8388608', '8388607', '16777215'],
  int: ['-2147483648', '2147483647', '4294967295'],
  bigint: ['-9223372036854775808', '9223372036854775807', '18446744073709551615'],
};

/**
 * A query that counts the rows a lossy change would damage, when one can be written for it
 * (strings too long, integers out of range, ENUM members removed); null otherwise.
 */
export function lossCheck(
  table: string,
  column: string,
  before: ColumnModel,
  after: ColumnModel,
): string | null {
  const a = shapeOf(before.type);
  const b = shapeOf(after.type);
  const q = (name: string) => `\`${name.replace(/`/g, '``')}\``;
  const from = `SELECT COUNT(*) FROM ${q(table)} WHERE`;
  if (
    (b.base === 'char' || b.base === 'varchar') &&
    (a.family === 'string' || a.family === 'enum' || a.family === 'set' || a.family === 'json')
  ) {
    return `${from} CHAR_LENGTH(${q(column)}) > ${capacity(b)}`;
  }
  if ((b.base === 'binary' || b.base === 'varbinary') && a.family === 'binary') {
    return `${from} LENGTH(${q(column)}) > ${capacity(b)}`;
  }
  if (
    b.family === 'integer' &&
    (a.family === 'integer' || a.family === 'decimal' || a.family === 'float')
  ) {
    const [min, max, umax] = INTEGER_RANGES[b.base]!;
    return b.unsigned
      ? `${from} ${q(column)} NOT BETWEEN 0 AND ${umax}`
      : `${from} ${q(column)} NOT BETWEEN ${min} AND ${max}`;
  }
  if ((a.family === 'enum' || a.family === 'set') && a.family === b.family) {
    const kept = new Set(b.args.map((x) => x.toLowerCase()));
    const lost = a.args.filter((x) => !kept.has(x.toLowerCase()));
    if (a.family === 'enum' && lost.length > 0)
      return `${from} ${q(column)} IN (${lost.join(', ')})`;
  }
  return null;
}
