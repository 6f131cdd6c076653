import { CompactSelection } from '@glideapps/glide-data-grid';
import { describe, expect, it } from 'vitest';
import type { Cell, CellSlice, ResultColumn } from '../../../../src/shared/api/query';
import { viewOrder } from '../../../../src/renderer/grid/view-order';
import {
  copyCaveats,
  formatCsv,
  formatInserts,
  formatJson,
  formatTsv,
  insertTarget,
  type CopyTable,
} from '../../../../src/renderer/results/copy-formats';
import { fullValue, missingSize } from '../../../../src/renderer/results/full-values';
import { hexDump } from '../../../../src/renderer/results/hex-dump';
import { jsonProblem, prettyJson } from '../../../../src/renderer/results/pretty-json';
import { selectedArea } from '../../../../src/renderer/results/selected-area';

function col(name: string, patch: Partial<ResultColumn> = {}): ResultColumn {
  return {
    name,
    orgName: name,
    table: 'users',
    schema: 'shop',
    typeName: 'VARCHAR',
    typeCode: 253,
    flags: 0,
    charset: 255,
    length: 0,
    decimals: 0,
    binary: false,
    numeric: false,
    ...patch,
  };
}

const ID = col('id', { typeName: 'BIGINT UNSIGNED', typeCode: 8, numeric: true });
const PRICE = col('price', { typeName: 'DECIMAL', typeCode: 246, numeric: true });
const NAME = col('name');
const PHOTO = col('photo', { typeName: 'BLOB', typeCode: 252, binary: true, charset: 63 });
const DOC = col('doc', { typeName: 'JSON', typeCode: 245 });

const TABLE: CopyTable = {
  columns: [ID, PRICE, NAME, PHOTO, DOC],
  rows: [
    ['18446744073709551615', '-0.50', 'O\'Brien \\ "x"\n', { hex: 'deadbeef' }, '{"a": 1}'],
    ['2', null, '', { hex: '' }, null],
  ],
};

describe('copy as SQL INSERT', () => {
  it('writes one exact INSERT per row into the table the columns come from', () => {
    expect(formatInserts(TABLE)).toBe(
      [
        "INSERT INTO `shop`.`users` (`id`, `price`, `name`, `photo`, `doc`) VALUES (18446744073709551615, -0.50, 'O''Brien \\\\ \"x\"\\n', X'DEADBEEF', '{\"a\": 1}');",
        "INSERT INTO `shop`.`users` (`id`, `price`, `name`, `photo`, `doc`) VALUES (2, NULL, '', X'', NULL);",
      ].join('\n'),
    );
  });

  it('uses the columns’ own names under aliases, and a placeholder for mixed sources', () => {
    expect(
      insertTarget([col('user id', { orgName: 'id' }), col('n', { orgName: 'name' })]),
    ).toEqual({ table: '`shop`.`users`', names: ['`id`', '`name`'] });
    expect(insertTarget([ID, col('total', { table: 'orders' })])).toEqual({
      table: 'your_table',
      names: ['`id`', '`total`'],
    });
    expect(insertTarget([ID, col('NOW()', { table: '', schema: '', orgName: '' })]).table).toBe(
      'your_table',
    );
    // `SELECT id, photo, photo AS copy`: INSERT INTO users (id, photo, photo) would be refused.
    expect(insertTarget([ID, PHOTO, col('copy', { orgName: 'Photo' })])).toEqual({
      table: 'your_table',
      names: ['`id`', '`photo`', '`copy`'],
    });
    expect(insertTarget([col('a`b', { table: 't`x', schema: '' })])).toEqual({
      table: '`t``x`',
      names: ['`a``b`'],
    });
  });

  it('leaves generated columns of the target table out, and says so', () => {
    const generated = new Set(['name']);
    expect(formatInserts({ columns: [ID, NAME], rows: [['1', 'a']] }, { generated })).toBe(
      'INSERT INTO `shop`.`users` (`id`) VALUES (1);',
    );
    expect(copyCaveats('insert', [ID, NAME], generated)).toEqual([
      'Left out the generated column `name`: the server computes it.',
    ]);
    // Other formats copy every column; `your_table`'s columns are not known, so none are left out.
    expect(copyCaveats('tsv', [ID, NAME], generated)).toEqual([]);
    const mixed = [ID, col('name', { table: 'orders' })];
    expect(formatInserts({ columns: mixed, rows: [['1', 'a']] }, { generated })).toBe(
      "INSERT INTO your_table (`id`, `name`) VALUES (1, 'a');",
    );
    expect(() => formatInserts({ columns: [NAME], rows: [['a']] }, { generated })).toThrow(
      'every selected column is generated (name): the server computes them, so there is nothing to INSERT.',
    );
  });

  it('quotes numeric-column text that is not a plain number', () => {
    const t: CopyTable = { columns: [ID], rows: [['1e3'], ['NaN'], ['.5']] };
    expect(
      formatInserts(t)
        .split('\n')
        .map((l) => l.slice(l.indexOf('VALUES'))),
    ).toEqual(['VALUES (1e3);', "VALUES ('NaN');", 'VALUES (.5);']);
  });
});

describe('copy as TSV, CSV, JSON', () => {
  it('TSV: values only, NULL as NULL, quoting cells with tabs, newlines or quotes', () => {
    expect(formatTsv(TABLE)).toBe(
      '18446744073709551615\t-0.50\t"O\'Brien \\ ""x""\n"\t0xDEADBEEF\t"{""a"": 1}"\n2\tNULL\t\t0x\tNULL',
    );
  });

  it('CSV: header, CRLF, NULL empty and "" for the empty string, as the export writes it', () => {
    expect(formatCsv(TABLE)).toBe(
      'id,price,name,photo,doc\r\n' +
        '18446744073709551615,-0.50,"O\'Brien \\ ""x""\n",0xDEADBEEF,"{""a"": 1}"\r\n' +
        '2,,"",0x,\r\n',
    );
  });

  it('JSON: an array of objects, exact strings, null, bytes as $hex, repeated names made unique', () => {
    const text = formatJson({ columns: [ID, NAME, col('id')], rows: [['1', null, 'x']] });
    expect(text).toBe('[\n  {"id": "1", "name": null, "id_2": "x"}\n]');
    expect(JSON.parse(formatJson(TABLE))).toEqual([
      {
        id: '18446744073709551615',
        price: '-0.50',
        name: 'O\'Brien \\ "x"\n',
        photo: { $hex: 'DEADBEEF' },
        doc: '{"a": 1}',
      },
      { id: '2', price: null, name: '', photo: { $hex: '' }, doc: null },
    ]);
    expect(formatJson({ columns: [ID], rows: [] })).toBe('[]');
  });
});

describe('client-side sort and filter', () => {
  const rows: Array<Cell[] | undefined> = [
    ['10', 'b'],
    ['9', null],
    ['18446744073709551615', 'a'],
    undefined,
    [null, 'NULL'],
    ['18446744073709551614', 'B'],
    ['-1.5', { t: 'long', text: 'long text', chars: 9000 }],
  ];
  const columns = [ID, NAME];

  it('sorts numbers exactly, NULL first ascending and last descending, ties in server order', () => {
    expect(viewOrder(rows, columns, { column: 0, direction: 'asc' }, '')).toEqual([
      4, 6, 1, 0, 5, 2,
    ]);
    expect(viewOrder(rows, columns, { column: 0, direction: 'desc' }, '')).toEqual([
      2, 5, 0, 1, 6, 4,
    ]);
  });

  it('keeps the server order without a sort, leaving out rows not fetched', () => {
    expect(viewOrder(rows, columns, null, '')).toEqual([0, 1, 2, 4, 5, 6]);
  });

  it('filters by substring of any cell as shown, case-insensitive', () => {
    expect(viewOrder(rows, columns, null, 'B')).toEqual([0, 5]);
    expect(viewOrder(rows, columns, null, 'null')).toEqual([1, 4]);
    expect(viewOrder(rows, columns, null, '5')).toEqual([2, 5, 6]);
    expect(viewOrder(rows, columns, { column: 0, direction: 'desc' }, '4')).toEqual([2, 5]);
  });
});

describe('cell viewer text', () => {
  it('pretty-prints JSON without touching numbers, strings or key order', () => {
    const text = '{"b": [1, 2.50, 12345678901234567890], "1": {}, "s": "a,{\\"b\\":[]}", "e": []}';
    expect(prettyJson(text)).toBe(
      [
        '{',
        '  "b": [',
        '    1,',
        '    2.50,',
        '    12345678901234567890',
        '  ],',
        '  "1": {},',
        '  "s": "a,{\\"b\\":[]}",',
        '  "e": []',
        '}',
      ].join('\n'),
    );
    expect(JSON.parse(prettyJson(text))).toEqual(JSON.parse(text));
    expect(prettyJson('"just a string"')).toBe('"just a string"');
    expect(jsonProblem(text)).toBeNull();
    expect(jsonProblem('{"a": ')).toMatch(/JSON/);
  });

  it('dumps bytes as hex with offsets and printable ASCII', () => {
    const hex = Buffer.from('Hello, world!\x00\x01\xffMore').toString('hex');
    expect(hexDump(hex, 32)).toBe(
      [
        '00000020  48 65 6c 6c 6f 2c 20 77  6f 72 6c 64 21 00 01 c3  |Hello, world!...|',
        '00000030  bf 4d 6f 72 65                                    |.More|',
      ].join('\n'),
    );
    expect(hexDump('')).toBe('');
  });
});

describe('full values for copying', () => {
  it('fetches long text and bytes slice by slice; short values are already whole', async () => {
    const full = 'x'.repeat(10);
    const calls: number[] = [];
    const fetch = async (
      _r: number,
      _c: number,
      offset: number,
      length: number,
    ): Promise<CellSlice> => {
      calls.push(offset);
      return {
        kind: 'text',
        total: 10,
        offset,
        data: full.slice(offset, offset + Math.min(length, 4)),
      };
    };
    expect(await fullValue({ t: 'long', text: 'xx', chars: 10 }, 0, 0, fetch)).toBe(full);
    expect(calls).toEqual([0, 4, 8]);
    expect(await fullValue('abc', 0, 0, fetch)).toBe('abc');
    expect(await fullValue(null, 0, 0, fetch)).toBeNull();
    expect(await fullValue({ t: 'bin', hex: 'ab', bytes: 1, partial: false }, 0, 0, fetch)).toEqual(
      { hex: 'ab' },
    );
    expect(missingSize({ t: 'bin', hex: 'ab', bytes: 3000, partial: true })).toBe(3000);
    expect(missingSize('x')).toBe(0);
  });

  it('refuses a value cut while it arrived rather than copy its start as the whole', async () => {
    const fetch = async (_r: number, _c: number, offset: number): Promise<CellSlice> => ({
      kind: 'binary',
      total: 2,
      offset,
      data: offset === 0 ? 'abcd' : '',
    });
    await expect(
      fullValue(
        { t: 'bin', hex: 'ab', bytes: 2, partial: true, wholeBytes: 16 * 1024 * 1024 },
        4,
        1,
        fetch,
      ),
    ).rejects.toThrow(
      "row 5, column 2 holds only the start of its 16 MB value (cut while it arrived, to stay within the result's memory limit). Export the full result to get it whole.",
    );
    await expect(
      fullValue({ t: 'long', text: 'x', chars: 1, wholeBytes: 0 }, 0, 0, fetch),
    ).rejects.toThrow(/holds only the start of its 0 B value/);
  });
});

describe('selected area', () => {
  const none = { columns: CompactSelection.empty(), rows: CompactSelection.empty() };
  it('is the rectangle, whole rows, or whole columns', () => {
    expect(selectedArea(none, 3, 10)).toBeNull();
    expect(
      selectedArea(
        {
          ...none,
          current: { cell: [1, 2], range: { x: 1, y: 2, width: 2, height: 3 }, rangeStack: [] },
        },
        3,
        10,
      ),
    ).toEqual({ viewRows: [2, 3, 4], columns: [1, 2] });
    expect(
      selectedArea({ ...none, rows: CompactSelection.fromSingleSelection([4, 6]) }, 3, 10),
    ).toEqual({ viewRows: [4, 5], columns: [0, 1, 2] });
    expect(
      selectedArea({ ...none, columns: CompactSelection.fromSingleSelection(2) }, 3, 4),
    ).toEqual({ viewRows: [0, 1, 2, 3], columns: [2] });
  });
});
