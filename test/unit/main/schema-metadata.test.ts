import type { Connection } from 'mysql2/promise';
import { describe, expect, it } from 'vitest';
import { MAX_COMPLETION_COLUMNS } from '../../../src/shared/api/schema';
import { columnDefault } from '../../../src/main/services/schema/column-default';
import { readCompletion } from '../../../src/main/services/schema/read-completion';

describe('column defaults, evened out between the flavors', () => {
  it('takes MySQL’s values as they are, expressions by DEFAULT_GENERATED', () => {
    expect(columnDefault(null, '', false)).toEqual({ value: null, isExpression: false });
    expect(columnDefault('NULL', '', false)).toEqual({ value: 'NULL', isExpression: false });
    expect(columnDefault("it's", '', false)).toEqual({ value: "it's", isExpression: false });
    expect(columnDefault('(1 + 2)', 'DEFAULT_GENERATED', false)).toEqual({
      value: '(1 + 2)',
      isExpression: true,
    });
    // MySQL 5.7 wrote no DEFAULT_GENERATED for CURRENT_TIMESTAMP.
    expect(columnDefault('CURRENT_TIMESTAMP', '', false).isExpression).toBe(true);
  });

  it('reads MariaDB’s SQL: NULL, quoted literals with escapes, numbers, expressions', () => {
    expect(columnDefault('NULL', '', true)).toEqual({ value: null, isExpression: false });
    expect(columnDefault("'NULL'", '', true)).toEqual({ value: 'NULL', isExpression: false });
    expect(columnDefault("'it''s'", '', true).value).toBe("it's");
    expect(columnDefault("'a\\\\b\\nc\\%'", '', true).value).toBe('a\\b\nc\\%');
    expect(columnDefault("''", '', true)).toEqual({ value: '', isExpression: false });
    expect(columnDefault('-1.5e3', '', true)).toEqual({ value: '-1.5e3', isExpression: false });
    expect(columnDefault("b'101'", '', true)).toEqual({ value: "b'101'", isExpression: false });
    expect(columnDefault('current_timestamp(3)', '', true)).toEqual({
      value: 'current_timestamp(3)',
      isExpression: true,
    });
  });
});

/** A connection answering the three catalogue queries with the given rows. */
function fakeConnection(
  schemas: string[],
  tables: Array<[string, string, string]>,
  columns: Array<[string, string, string]>,
): Connection {
  const answers = [
    schemas.map((name) => ({ name })),
    tables.map(([schema_name, table_name, type]) => ({ schema_name, table_name, type })),
    columns.map(([schema_name, table_name, name]) => ({
      schema_name,
      table_name,
      name,
      type: 'int',
    })),
  ];
  let call = 0;
  return {
    query: async (options: { values: unknown[] }) => {
      const rows = answers[call++] ?? [];
      const limit = options.values.at(-1);
      return [typeof limit === 'number' ? rows.slice(0, limit) : rows, []];
    },
  } as unknown as Connection;
}

describe('the completion catalogue', () => {
  it('keeps tables whole: one past the column limit has no columns (null), not some', async () => {
    const tables: Array<[string, string, string]> = [
      ['app', 'a', 'BASE TABLE'],
      ['app', 'b', 'VIEW'],
      ['app', 'c', 'BASE TABLE'],
    ];
    const columns: Array<[string, string, string]> = [];
    for (let i = 0; i < MAX_COMPLETION_COLUMNS - 2; i++) columns.push(['app', 'a', `c${i}`]);
    // b's two columns straddle the limit; c's come after it.
    columns.push(['app', 'b', 'x'], ['app', 'b', 'y'], ['app', 'b', 'z'], ['app', 'c', 'w']);
    const catalogue = await readCompletion(
      fakeConnection(['app', 'empty', 'mysql'], tables, columns),
    );
    expect(catalogue.truncated).toBe(true);
    const app = catalogue.schemas.find((s) => s.name === 'app')!;
    expect(app.tables.map((t) => [t.name, t.view, t.columns?.length ?? null])).toEqual([
      ['a', false, MAX_COMPLETION_COLUMNS - 2],
      ['b', true, null],
      ['c', false, null],
    ]);
    expect(catalogue.schemas.map((s) => [s.name, s.system])).toEqual([
      ['app', false],
      ['empty', false],
      ['mysql', true],
    ]);
  });

  it('gives tables without columns an empty list when nothing was cut', async () => {
    const catalogue = await readCompletion(
      fakeConnection(['app'], [['app', 'a', 'BASE TABLE']], []),
    );
    expect(catalogue).toEqual({
      truncated: false,
      schemas: [{ name: 'app', system: false, tables: [{ name: 'a', view: false, columns: [] }] }],
    });
  });
});
