import { describe, expect, it } from 'vitest';
import type { ResultColumn } from '../../../src/shared/api/query';
import { csvField } from '../../../src/shared/format/csv-field';
import { uniqueNames } from '../../../src/shared/format/unique-names';
import { csvWriter } from '../../../src/main/export/csv-writer';
import { jsonlWriter } from '../../../src/main/export/jsonl-writer';
import type { RawCell } from '../../../src/main/db/stream-statement';
import { readCsv } from './read-csv';

function columns(...names: string[]): ResultColumn[] {
  return names.map((name) => ({
    name,
    orgName: name,
    table: 't',
    schema: 'db',
    typeName: 'VARCHAR',
    typeCode: 253,
    flags: 0,
    charset: 255,
    length: 0,
    decimals: 0,
    binary: false,
    numeric: false,
  }));
}

const TRICKY: RawCell[] = [
  null,
  '',
  'NULL',
  'plain',
  'a,b',
  'say "hi"',
  'line1\r\nline2',
  'lf\nonly',
  'cr\ronly',
  '  spaced  ',
  'ü😀 漢字',
  '"',
  Buffer.from([0x00, 0xff, 0x10]),
  Buffer.alloc(0),
  '18446744073709551615',
  '0x41',
];

describe('csvField', () => {
  it('quotes only what RFC 4180 needs, and tells NULL from the empty string', () => {
    expect(csvField(null)).toBe('');
    expect(csvField('')).toBe('""');
    expect(csvField('abc')).toBe('abc');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
    expect(csvField('a\rb')).toBe('"a\rb"');
    expect(csvField(' x ')).toBe(' x ');
  });
});

describe('uniqueNames', () => {
  it('keeps the first of a repeated name and numbers the others, avoiding taken names', () => {
    expect(uniqueNames(['id', 'id', 'name', 'id'])).toEqual(['id', 'id_2', 'name', 'id_3']);
    expect(uniqueNames(['a', 'a', 'a_2'])).toEqual(['a', 'a_3', 'a_2']);
    expect(uniqueNames([])).toEqual([]);
  });
});

describe('CSV writer', () => {
  const cols = columns(...TRICKY.map((_, i) => `c${i}`));
  const writer = csvWriter(cols);

  it('writes exactly what RFC 4180 says, CRLF after every record', () => {
    expect(writer.header()).toBe(`${cols.map((c) => c.name).join(',')}\r\n`);
    expect(writer.row(TRICKY)).toBe(
      [
        '',
        '""',
        'NULL',
        'plain',
        '"a,b"',
        '"say ""hi"""',
        '"line1\r\nline2"',
        '"lf\nonly"',
        '"cr\ronly"',
        '  spaced  ',
        'ü😀 漢字',
        '""""',
        '0x00FF10',
        '0x',
        '18446744073709551615',
        '0x41',
      ].join(',') + '\r\n',
    );
  });

  it('reads back to the same values (bytes as 0x-hex)', () => {
    const [header, row] = readCsv(writer.header() + writer.row(TRICKY));
    expect(header).toEqual(cols.map((c) => c.name));
    expect(row).toEqual(
      TRICKY.map((v) => (Buffer.isBuffer(v) ? `0x${v.toString('hex').toUpperCase()}` : v)),
    );
  });

  it('quotes header names that need it', () => {
    expect(csvWriter(columns('a,b', 'x"y', '')).header()).toBe('"a,b","x""y",""\r\n');
  });
});

describe('JSON Lines writer', () => {
  it('writes one object per line, keys in column order even when they look like numbers', () => {
    const writer = jsonlWriter(columns('b', '1', 'a', 'b'));
    expect(writer.header()).toBe('');
    const line = writer.row(['x', '2', null, Buffer.from('hi')]);
    expect(line).toBe('{"b":"x","1":"2","a":null,"b_2":{"$hex":"6869"}}\n');
  });

  it('keeps every value exact through JSON.parse', () => {
    const cols = columns(...TRICKY.map((_, i) => `c${i}`));
    const line = jsonlWriter(cols).row(TRICKY);
    expect(line.endsWith('}\n')).toBe(true);
    expect(line.slice(0, -1)).not.toContain('\n');
    const parsed = JSON.parse(line) as Record<string, unknown>;
    expect(Object.values(parsed)).toEqual(
      TRICKY.map((v) => (Buffer.isBuffer(v) ? { $hex: v.toString('hex').toUpperCase() } : v)),
    );
  });

  it('keeps U+2028, NUL and lone control characters escaped or exact', () => {
    const values = ['\u2028\u2029', '\0\x1b\t', '\\'];
    const parsed = JSON.parse(jsonlWriter(columns('a', 'b', 'c')).row(values)) as object;
    expect(Object.values(parsed)).toEqual(values);
  });
});
