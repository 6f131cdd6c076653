import { describe, expect, it } from 'vitest';
import {
  parsePlan,
  TRADITIONAL_COLUMNS,
  traditionalRows,
  type TraditionalColumn,
} from '../../../src/shared/explain';
import { readCorpusDocument } from '../../explain-corpus/corpus-index';
import { corpusDocument } from './corpus-documents';

type Cells = Record<TraditionalColumn, string>;

function rowsOf(server: string, name: string, format: string): Cells[] {
  const parsed = parsePlan(readCorpusDocument(corpusDocument(server, name, format)));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  return traditionalRows(parsed.plan).map((r) => r.cells);
}

/** The table exactly as the server printed it (`NULL` as empty), read straight from the text. */
function printedTable(server: string, name: string): Cells[] {
  const text = readCorpusDocument(corpusDocument(server, name, 'paste-table-traditional'));
  const lines = text.split('\n').filter((l) => l.startsWith('|'));
  const split = (l: string) =>
    l
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
  const header = split(lines[0]!);
  return lines.slice(1).map((line) => {
    const values = split(line);
    const cells = Object.fromEntries(TRADITIONAL_COLUMNS.map((c) => [c, ''])) as Cells;
    header.forEach((h, i) => {
      const v = values[i] ?? '';
      if ((TRADITIONAL_COLUMNS as readonly string[]).includes(h))
        cells[h as TraditionalColumn] = v === 'NULL' ? '' : v;
    });
    return cells;
  });
}

describe('traditionalRows', () => {
  const cases = ['derived-table', 'join-order-limit', 'subquery-correlated'];

  it.each(cases)('gives back the table MySQL 9.7 printed for %s (round trip)', (name) => {
    expect(rowsOf('mysql-9.7', name, 'paste-table-traditional')).toEqual(
      printedTable('mysql-9.7', name),
    );
  });

  it.each(cases)('derives from MySQL 9.7 JSON v1 the table the server printed for %s', (name) => {
    const printed = printedTable('mysql-9.7', name);
    const derived = rowsOf('mysql-9.7', name, 'json-v1');
    // JSON v1 names a derived table by its alias where the table prints `<derivedN>`.
    expect(derived.map((r) => ({ ...r, table: '' }))).toEqual(
      printed.map((r) => ({ ...r, table: '' })),
    );
    expect(derived.map((r) => r.table)).toEqual(
      name === 'derived-table' ? ['c', 'd', 'orders'] : printed.map((r) => r.table),
    );
  });

  it('derives from MariaDB 11.8 JSON the table it printed (its table has no filtered column)', () => {
    const printed = printedTable('mariadb-11.8', 'subquery-correlated');
    const derived = rowsOf('mariadb-11.8', 'subquery-correlated', 'json');
    expect(derived.map((r) => ({ ...r, filtered: '' }))).toEqual(printed);
    expect(derived.map((r) => r.filtered)).toEqual(['100.00', '100.00', '100.00']);
  });

  it('lists a union result after its members, with no id', () => {
    const rows = rowsOf('mysql-9.7', 'union', 'json-v1');
    expect(rows.map((r) => [r.id, r.select_type, r.table, r.type])).toEqual([
      ['1', 'PRIMARY', 'customers', 'ref'],
      ['2', 'UNION', 'customers', 'ALL'],
      ['', 'UNION RESULT', '<union1,2>', 'ALL'],
    ]);
  });

  it("lists partitions and puts the block's temporary table and filesort on its first row", () => {
    const mysql = rowsOf('mysql-9.7', 'partitions', 'json-v1');
    expect(mysql.map((r) => [r.table, r.partitions, r.type, r.rows, r.filtered, r.Extra])).toEqual([
      ['events', 'p2022', 'ALL', '5146', '11.11', 'Using where; Using temporary'],
    ]);
    const mariadb = rowsOf('mariadb-10.11', 'partitions', 'json');
    expect(mariadb.map((r) => [r.partitions, r.Extra])).toEqual([
      ['p2022', 'Using where; Using temporary; Using filesort'],
    ]);
  });

  it('shows a table-less message as a row of its own (MySQL 5.6 manual example)', () => {
    expect(rowsOf('manual-5.6', 'impossible-where', 'json')).toEqual([
      {
        id: '1',
        select_type: 'SIMPLE',
        table: '',
        partitions: '',
        type: '',
        possible_keys: '',
        key: '',
        key_len: '',
        ref: '',
        rows: '',
        filtered: '',
        Extra: 'Impossible WHERE noticed after reading const tables',
      },
    ]);
  });

  it('leaves empty what the tree formats do not give, and names accesses by their type', () => {
    const rows = rowsOf('mysql-9.7', 'subquery-correlated', 'json-v2');
    expect(rows.map((r) => [r.id, r.select_type, r.table, r.type, r.key, r.key_len])).toEqual([
      ['', '', 'c', 'ref', 'country_city', ''],
      ['', '', 'o', 'ref', 'customer_id', ''],
      ['', '', 'o2', 'ref', 'customer_id', ''],
    ]);
    expect(rows.map((r) => r.Extra)).toEqual(['Using index', 'Using index', '']);
  });
});
