import { describe, expect, it } from 'vitest';
import { parseTableList } from '../../../src/shared/drift/table-list';

describe('table lists typed by the user', () => {
  it('reads schema.table per line or comma, backticks with doubled backticks, once each', () => {
    expect(parseTableList('shop.orders\n\n  shop.items , `my db`.`a.b``c`\nshop.orders')).toEqual({
      tables: [
        { schema: 'shop', table: 'orders' },
        { schema: 'shop', table: 'items' },
        { schema: 'my db', table: 'a.b`c' },
      ],
      errors: [],
    });
  });

  it('names each line that is not a table, with its number', () => {
    const { tables, errors } = parseTableList('orders\nshop.\nshop.items x\n`open.t');
    expect(tables).toEqual([]);
    expect(errors.map((e) => `${e.line}: ${e.text}`)).toEqual([
      '1: orders',
      '2: shop.',
      '3: shop.items x',
      '4: `open.t',
    ]);
  });
});
