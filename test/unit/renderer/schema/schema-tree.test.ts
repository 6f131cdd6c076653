import { describe, expect, it } from 'vitest';
import type { SchemaObjects, SchemaSummary } from '../../../../src/shared/api/schema';
import { rowText } from '../../../../src/renderer/schema/row-text';
import {
  copyableName,
  selectFirstRowsSql,
  treeActions,
} from '../../../../src/renderer/schema/tree-actions';
import {
  detailsKey,
  nodeKey,
  siblingPositions,
  treeRows,
  type Loadable,
  type TableDetails,
  type TreeData,
} from '../../../../src/renderer/schema/tree-model';

const schema = (name: string, system = false): SchemaSummary => ({
  name,
  defaultCharset: 'utf8mb4',
  defaultCollation: 'utf8mb4_0900_ai_ci',
  system,
});

const table = (name: string, rowEstimate: number | null = 10) => ({
  name,
  type: 'BASE TABLE',
  engine: 'InnoDB',
  rowEstimate,
  dataBytes: 16384,
  indexBytes: 0,
  comment: '',
});

const SHOP: SchemaObjects = {
  schema: 'shop',
  tables: [table('customers'), table('orders', 1_204_331)],
  views: [{ name: 'big_orders', comment: 'VIEW' }],
  routines: [{ name: 'twice', kind: 'function', returns: 'int', comment: '' }],
  triggers: [],
  events: [],
};

function data(
  objects: Record<string, Loadable<SchemaObjects>> = {},
  details: Record<string, Loadable<TableDetails>> = {},
): TreeData {
  return {
    schemas: [schema('audit'), schema('mysql', true), schema('shop')],
    objects: new Map(Object.entries(objects)),
    details: new Map(Object.entries(details)),
  };
}

/** Rows as `level kind name` lines, open rows marked with `-`, closed expandable ones `+`. */
function outline(d: TreeData, opened: Array<[string, boolean]> = [], filter = '', hits?: string[]) {
  return treeRows(d, new Map(opened), filter, hits ? new Set(hits) : undefined).map((r) => {
    const mark = r.expandable ? (r.expanded ? '-' : '+') : ' ';
    const text = rowText(r.node, 'mysql').label;
    return `${'  '.repeat(r.level - 1)}${mark} ${r.node.kind} ${text}`;
  });
}

const SHOP_KEY = nodeKey('schema', 'shop');

describe('schema tree rows', () => {
  it('lists the user’s schemas first, closed', () => {
    expect(outline(data())).toEqual(['+ schema audit', '+ schema shop', '+ schema mysql']);
  });

  it('shows a loading line under an open schema until its objects come', () => {
    expect(outline(data(), [[SHOP_KEY, true]])).toEqual([
      '+ schema audit',
      '- schema shop',
      '    status Loading…',
      '+ schema mysql',
    ]);
    const failed = data({ shop: { state: 'error', message: 'Access denied' } });
    const rows = treeRows(failed, new Map([[SHOP_KEY, true]]), '');
    expect(rows[2]!.node).toEqual({ kind: 'status', text: 'Access denied', error: true });
  });

  it('opens Tables by itself; other groups, tables and indexes when asked', () => {
    const d = data(
      { shop: { state: 'ready', value: SHOP } },
      {
        [detailsKey('shop', 'orders')]: {
          state: 'ready',
          value: {
            columns: [
              {
                ordinal: 1,
                name: 'id',
                columnType: 'int',
                nullable: false,
                default: null,
                defaultIsExpression: false,
                key: 'PRI',
                extra: '',
                comment: '',
                definition: 'int NOT NULL',
              },
            ],
            indexes: [
              {
                name: 'PRIMARY',
                unique: true,
                type: 'BTREE',
                parts: [{ column: 'id', expression: null, order: 'asc', subPart: null }],
                comment: '',
                visible: true,
              },
            ],
          },
        },
      },
    );
    expect(
      outline(d, [
        [SHOP_KEY, true],
        [nodeKey('table', 'shop', 'orders'), true],
        [nodeKey('indexes', 'shop', 'orders'), true],
      ]),
    ).toEqual([
      '+ schema audit',
      '- schema shop',
      '  - group Tables',
      '    + table customers',
      '    - table orders',
      '        column id',
      '      - indexes Indexes',
      '          index PRIMARY',
      '  + group Views',
      '  + group Routines',
      '+ schema mysql',
    ]);
    expect(
      outline(d, [
        [SHOP_KEY, true],
        [nodeKey('group', 'shop', 'tables'), false],
      ]).slice(1, 3),
    ).toEqual(['- schema shop', '  + group Tables']);
  });

  it('filters: schemas by name, loaded objects by name, opening what matched', () => {
    const d = data({ shop: { state: 'ready', value: SHOP } });
    expect(outline(d, [], 'ord')).toEqual([
      '- schema shop',
      '  - group Tables',
      '    + table orders',
      '  - group Views',
      '    + table big_orders'.replace('table', 'view'),
    ]);
    // A schema whose name matches keeps everything it has.
    expect(outline(d, [], 'SHO')).toEqual(['+ schema shop']);
    // A schema the user closed stays closed while filtering.
    expect(outline(d, [[SHOP_KEY, false]], 'ord')).toEqual(['+ schema shop']);
  });

  it('filters with hits from the catalogue before a schema’s objects are loaded', () => {
    expect(outline(data(), [], 'invoice', ['audit'])).toEqual([
      '- schema audit',
      '    status Loading…',
    ]);
  });
});

describe('sibling positions (aria-posinset / aria-setsize)', () => {
  it('numbers each row among the rows under the same parent', () => {
    const rows = treeRows(
      data({ shop: { state: 'ready', value: SHOP } }),
      new Map([[SHOP_KEY, true]]),
      '',
    );
    const marks = rows.map((r, i) => {
      const p = siblingPositions(rows)[i]!;
      return `${rowText(r.node, 'mysql').label} ${p.posinset}/${p.setsize}`;
    });
    expect(marks).toEqual([
      'audit 1/3',
      'shop 2/3',
      'Tables 1/3',
      'customers 1/2',
      'orders 2/2',
      'Views 2/3',
      'Routines 3/3',
      'mysql 3/3',
    ]);
  });
});

describe('row text', () => {
  it('shows table estimates and sizes in human units, exact on hover', () => {
    const text = rowText(
      { kind: 'table', schema: 'shop', table: table('orders', 1_204_331) },
      'mysql',
    );
    expect(text.figures).toEqual([
      { text: '1.2 M', title: "about 1,204,331 rows (the engine's estimate)" },
      { text: '16 KB', title: 'data 16,384 bytes + indexes 0 bytes' },
    ]);
  });

  it('shows a column as SHOW CREATE TABLE defines it, information_schema only for views', () => {
    const column = {
      ordinal: 1,
      name: 'raw',
      columnType: 'varbinary(4)',
      nullable: true,
      // MySQL 9.7's COLUMN_DEFAULT for DEFAULT 0x00FF.
      default: '0x',
      defaultIsExpression: false,
      key: '',
      extra: '',
      comment: '',
      definition: 'varbinary(4) DEFAULT 0x00FF',
    };
    const node = { kind: 'column' as const, schema: 's', table: 't', column };
    expect(rowText(node, 'mysql').title).toBe('raw varbinary(4) DEFAULT 0x00FF');
    expect(rowText({ ...node, column: { ...column, definition: null } }, 'mysql').title).toBe(
      'raw varbinary(4) NULL DEFAULT "0x"',
    );
  });

  it('marks a hidden index in words, as each flavor names it', () => {
    const index = {
      name: 'ix_a',
      unique: false,
      type: 'BTREE',
      parts: [
        { column: 'a', expression: null, order: 'asc' as const, subPart: 10 },
        { column: 'b', expression: null, order: 'desc' as const, subPart: null },
      ],
      comment: '',
      visible: false,
    };
    const node = { kind: 'index' as const, schema: 's', table: 't', index };
    expect(rowText(node, 'mysql')).toMatchObject({ note: '(a(10), b DESC)', flag: 'INVISIBLE' });
    expect(rowText(node, 'mariadb').flag).toBe('IGNORED');
    expect(rowText({ ...node, index: { ...index, visible: null } }, 'mysql').flag).toBeNull();
  });
});

describe('tree actions', () => {
  it('builds SELECT first rows with quoted names', () => {
    expect(selectFirstRowsSql('shop', 'orders')).toBe('SELECT * FROM `shop`.`orders` LIMIT 1000');
    expect(selectFirstRowsSql('my db', 'a`b')).toBe('SELECT * FROM `my db`.`a``b` LIMIT 1000');
  });

  it('offers what each node supports', () => {
    const t = { kind: 'table' as const, schema: 'shop', table: table('orders') };
    expect(treeActions(t).map((a) => a.id)).toEqual([
      'select-first-rows',
      'copy-create',
      'copy-name',
    ]);
    expect(copyableName(t)).toBe('`shop`.`orders`');
    const routine = {
      kind: 'routine' as const,
      schema: 'shop',
      routine: { name: 'twice', kind: 'function' as const, returns: 'int', comment: '' },
    };
    expect(treeActions(routine).map((a) => a.id)).toEqual(['copy-create', 'copy-name']);
    expect(treeActions({ kind: 'status', text: 'Loading…', error: false })).toEqual([]);
  });
});
