import { describe, expect, it } from 'vitest';
import type { CompletionCatalogue } from '../../../../src/shared/api/schema';
import { CatalogueIndex } from '../../../../src/renderer/editor/completion/catalogue-index';
import { completionContext } from '../../../../src/renderer/editor/completion/completion-context';
import { functionNames } from '../../../../src/renderer/editor/completion/function-names';
import { identifierText } from '../../../../src/renderer/editor/completion/identifier-text';
import { statementRegion } from '../../../../src/renderer/editor/completion/statement-region';
import { suggestCompletions } from '../../../../src/renderer/editor/completion/suggest';
import { tableReferences } from '../../../../src/renderer/editor/completion/table-references';

const cols = (...names: string[]) => names.map((name) => ({ name, type: 'int' }));

const CATALOGUE: CompletionCatalogue = {
  truncated: false,
  schemas: [
    {
      name: 'shop',
      system: false,
      tables: [
        { name: 'orders', view: false, columns: cols('id', 'customer_id', 'amount') },
        { name: 'customers', view: false, columns: cols('id', 'name') },
        { name: 'big_orders', view: true, columns: cols('id', 'amount') },
        { name: 'order', view: false, columns: cols('x') },
        { name: 'huge', view: false, columns: null },
      ],
    },
    {
      name: 'my db',
      system: false,
      tables: [{ name: 'my table', view: false, columns: cols('a b', 'c') }],
    },
    { name: 'mysql', system: true, tables: [{ name: 'user', view: false, columns: cols('Host') }] },
  ],
};
const index = new CatalogueIndex(CATALOGUE);

/** Suggestions at `|` in `text`, as `kind:label` strings. */
function at(textWithCursor: string, currentSchema: string | null = 'shop') {
  const cursor = textWithCursor.indexOf('|');
  const text = textWithCursor.replace('|', '');
  const result = suggestCompletions({
    text,
    cursor,
    flavor: 'mysql',
    catalogue: index,
    currentSchema,
  });
  return {
    ...result,
    labels: result.items.map((i) => `${i.kind}:${i.label}`),
    inserted: (label: string) => result.items.find((i) => i.label === label)?.insertText,
  };
}

/** The context kind (and qualifier) at `|`. */
function contextAt(textWithCursor: string) {
  const cursor = textWithCursor.indexOf('|');
  return completionContext(textWithCursor.replace('|', ''), cursor, 'mysql');
}

describe('completion context', () => {
  it.each([
    ['|', 'start'],
    ['SEL|', 'start'],
    ['SELECT * FROM |', 'table'],
    ['SELECT * FROM or|', 'table'],
    ['SELECT * FROM orders o JOIN |', 'table'],
    ['SELECT * FROM orders o LEFT JOIN cu|', 'table'],
    ['SELECT * FROM orders, |', 'table'],
    ['SELECT * FROM orders |', 'keyword'],
    ['INSERT INTO |', 'table'],
    ['UPDATE |', 'table'],
    ['DESCRIBE |', 'table'],
    ['USE |', 'schema'],
    ['SELECT |', 'column'],
    ['SELECT a, |', 'column'],
    ['SELECT * FROM t WHERE |', 'column'],
    ['SELECT * FROM t WHERE a = 1 AND |', 'column'],
    ['SELECT COUNT(|', 'column'],
    ['SELECT * FROM t WHERE id IN (SELECT | FROM u)', 'column'],
    ['SELECT * FROM (SELECT 1) AS d JOIN |', 'table'],
    ['SELECT * FROM t ORDER BY |', 'column'],
    ['UPDATE t SET |', 'column'],
    ['SELECT * FROM a JOIN b ON |', 'column'],
    ["SELECT 'FROM |", 'none'],
    ['SELECT 1 -- FROM |', 'none'],
    ['SELECT /* FROM |', 'none'],
    ['SELECT @|', 'none'],
    ['SELECT 12|', 'none'],
    ['SELECT /* x */ |', 'column'],
  ])('%s → %s', (text, kind) => {
    expect(contextAt(text).kind).toBe(kind);
  });

  it('reads the qualifier before a dot, backtick-quoted names included', () => {
    expect(contextAt('SELECT o.|')).toMatchObject({ kind: 'member', qualifier: ['o'], prefix: '' });
    expect(contextAt('SELECT o.cu|')).toMatchObject({
      kind: 'member',
      qualifier: ['o'],
      prefix: 'cu',
      replaceFrom: 9,
    });
    expect(contextAt('SELECT shop.orders.|')).toMatchObject({ qualifier: ['shop', 'orders'] });
    expect(contextAt('SELECT * FROM `my db`.`my t|')).toMatchObject({
      kind: 'member',
      qualifier: ['my db'],
      prefix: 'my t',
      quoted: true,
      replaceFrom: 22,
    });
    expect(contextAt('SELECT * FROM `a``b`.|')).toMatchObject({ qualifier: ['a`b'] });
    expect(contextAt('SELECT 1.|').kind).toBe('none');
  });

  it('takes the partial name typed, with its start, as what is replaced', () => {
    expect(contextAt('SELECT * FROM `or|')).toMatchObject({
      kind: 'table',
      prefix: 'or',
      quoted: true,
      replaceFrom: 14,
    });
    expect(contextAt('SELECT * FROM ord|')).toMatchObject({ prefix: 'ord', replaceFrom: 14 });
  });
});

describe('table references', () => {
  it('finds tables with schemas and aliases wherever they are', () => {
    expect(
      tableReferences(
        'SELECT * FROM shop.orders AS o, `my db`.`my table` JOIN customers c ON c.id = o.customer_id WHERE 1',
        'mysql',
      ),
    ).toEqual([
      { schema: 'shop', table: 'orders', alias: 'o' },
      { schema: 'my db', table: 'my table', alias: null },
      { schema: null, table: 'customers', alias: 'c' },
    ]);
  });

  it('does not take keywords for aliases and skips derived tables', () => {
    expect(tableReferences('SELECT * FROM orders WHERE x', 'mysql')).toEqual([
      { schema: null, table: 'orders', alias: null },
    ]);
    expect(tableReferences('SELECT * FROM orders LEFT JOIN b USING (id)', 'mysql')).toEqual([
      { schema: null, table: 'orders', alias: null },
      { schema: null, table: 'b', alias: null },
    ]);
    expect(tableReferences('SELECT * FROM (SELECT * FROM inner_t) AS d', 'mysql')).toEqual([
      { schema: null, table: 'inner_t', alias: null },
    ]);
    expect(tableReferences('UPDATE t1 SET a = 1', 'mysql')).toEqual([
      { schema: null, table: 't1', alias: null },
    ]);
  });
});

describe('statement region', () => {
  const text = 'SELECT 1;\nSELECT * FROM a;\n\nSEL';
  it('is the statement around the cursor, up to its delimiter', () => {
    expect(statementRegion(text, 3, 'mysql')).toEqual({ start: 0, end: 8 });
    expect(statementRegion(text, 16, 'mysql')).toEqual({ start: 9, end: 25 });
    expect(statementRegion(text, text.length, 'mysql')).toEqual({ start: 26, end: text.length });
  });
  it('starts a new statement in the blank space after a delimiter', () => {
    expect(statementRegion('SELECT 1;  ', 10, 'mysql')).toEqual({ start: 9, end: 11 });
  });
});

describe('suggestions', () => {
  it('after FROM: schemas and the current schema’s tables and views', () => {
    const r = at('SELECT * FROM |');
    expect(r.labels).toEqual(
      expect.arrayContaining([
        'schema:shop',
        'schema:my db',
        'table:orders',
        'table:customers',
        'view:big_orders',
      ]),
    );
    expect(r.labels).not.toContain('table:my table');
    expect(r.labels.some((l) => l.startsWith('keyword:'))).toBe(false);
  });

  it('after FROM with no current schema: user tables written with their schema', () => {
    const r = at('SELECT * FROM |', null);
    expect(r.inserted('orders')).toBe('shop.orders');
    expect(r.inserted('my table')).toBe('`my db`.`my table`');
    expect(r.labels).not.toContain('table:user');
  });

  it('after `schema.`: that schema’s tables', () => {
    const r = at('SELECT * FROM shop.|');
    expect(r.labels).toEqual([
      'table:orders',
      'table:customers',
      'view:big_orders',
      'table:order',
      'table:huge',
    ]);
    expect(r.inserted('order')).toBe('`order`');
  });

  it('after `alias.`: the columns of the aliased table, from anywhere in the statement', () => {
    const r = at('SELECT o.| FROM shop.orders o JOIN customers c ON c.id = o.customer_id');
    expect(r.labels).toEqual(['column:id', 'column:customer_id', 'column:amount']);
    expect(r.items[0]!.detail).toBe('int · o');
    expect(at('SELECT c.na| FROM orders o JOIN customers c').labels).toEqual([
      'column:id',
      'column:name',
    ]);
  });

  it('after `table.` and `schema.table.`: that table’s columns', () => {
    expect(at('SELECT customers.| FROM customers').labels).toEqual(['column:id', 'column:name']);
    expect(at('SELECT shop.customers.|').labels).toEqual(['column:id', 'column:name']);
  });

  it('backtick-quoted names: matched quoted, inserted quoted', () => {
    const r = at('SELECT * FROM `my db`.`my|');
    expect(r.labels).toEqual(['table:my table']);
    expect(r.items[0]).toMatchObject({ insertText: '`my table`', filterText: '`my table' });
    expect(r.replaceFrom).toBe('SELECT * FROM `my db`.'.length);
    const cols = at('SELECT t.| FROM `my db`.`my table` t');
    expect(cols.inserted('a b')).toBe('`a b`');
    expect(cols.inserted('c')).toBe('c');
  });

  it('in expressions: the columns of every table named, then functions and keywords', () => {
    const r = at('SELECT | FROM orders o, customers');
    const kinds = r.items.map((i) => i.kind);
    expect(r.labels.slice(0, 5)).toEqual([
      'column:id',
      'column:customer_id',
      'column:amount',
      'column:id',
      'column:name',
    ]);
    expect(r.labels).toEqual(
      expect.arrayContaining([
        'alias:o',
        'table:customers',
        'function:COUNT',
        'function:NOW',
        'keyword:FROM',
      ]),
    );
    expect(kinds.indexOf('function')).toBeLessThan(kinds.indexOf('keyword'));
    expect(r.items.find((i) => i.label === 'COUNT')).toMatchObject({
      insertText: 'COUNT($0)',
      snippet: true,
    });
  });

  it('asks for the columns of tables beyond the catalogue’s limit', () => {
    expect(at('SELECT h.| FROM huge h').missingColumns).toEqual([
      { schema: 'shop', table: 'huge' },
    ]);
  });

  it('offers statement keywords at the start and nothing inside strings', () => {
    expect(at('|').labels).toContain('keyword:SELECT');
    expect(at('|').labels).not.toContain('keyword:FROM');
    expect(at("SELECT 'x|").items).toEqual([]);
  });

  it('works on the statement at the cursor only', () => {
    const r = at('SELECT * FROM customers c;\nSELECT c.| FROM orders c');
    expect(r.labels).toEqual(['column:id', 'column:customer_id', 'column:amount']);
  });

  it('offers keywords and functions before the catalogue is loaded', () => {
    const r = suggestCompletions({
      text: 'SELECT ',
      cursor: 7,
      flavor: 'mariadb',
      catalogue: null,
      currentSchema: null,
    });
    expect(r.items.some((i) => i.label === 'NVL')).toBe(true);
  });
});

describe('names', () => {
  it('quotes only what needs it', () => {
    expect(identifierText('orders')).toBe('orders');
    expect(identifierText('order')).toBe('`order`');
    expect(identifierText('my table')).toBe('`my table`');
    expect(identifierText('a`b')).toBe('`a``b`');
    expect(identifierText('123')).toBe('`123`');
    expect(identifierText('1abc')).toBe('1abc');
    // Bare, these read as numbers or as words of the grammar (MySQL 9.7, MariaDB 10.11/11.8).
    for (const name of [
      '1e5',
      '0x1f',
      '0b101',
      'qualify',
      'tablesample',
      'sql_no_cache',
      'vector',
    ]) {
      expect(identifierText(name)).toBe(`\`${name}\``);
    }
    expect(identifierText('1e5x')).toBe('1e5x');
    expect(identifierText('orders', true)).toBe('`orders`');
  });

  it('offers functions, not keywords that happen to take a parenthesis', () => {
    const mysql = functionNames('mysql');
    expect(mysql).toEqual(expect.arrayContaining(['COUNT', 'DATE', 'JSON_EXTRACT', 'COALESCE']));
    expect(mysql).not.toContain('ACCOUNT');
    expect(mysql).not.toContain('SELECT');
    expect(mysql).not.toContain('NVL');
    expect(functionNames('mariadb')).toContain('NVL');
  });
});
