import { describe, expect, it } from 'vitest';
import {
  foreignKeyNeeds,
  type KeyColumnUsageRow,
} from '../../../src/shared/tuning/foreign-key-needs';

const row = (
  schema: string,
  table: string,
  constraint: string,
  column: string,
  position: number,
  referenced: [string, string, string],
): KeyColumnUsageRow => ({
  schema,
  table,
  constraint,
  column,
  position,
  referencedSchema: referenced[0],
  referencedTable: referenced[1],
  referencedColumn: referenced[2],
});

describe('foreignKeyNeeds', () => {
  it('gives both ends of a key in the schema, columns in the key’s order', () => {
    const needs = foreignKeyNeeds('shop', [
      row('shop', 'lines', 'fk_lines_order', 'order_line', 2, ['shop', 'orders', 'line']),
      row('shop', 'lines', 'fk_lines_order', 'order_id', 1, ['shop', 'orders', 'id']),
    ]);
    expect(needs).toEqual([
      { table: 'lines', constraint: 'fk_lines_order', columns: ['order_id', 'order_line'] },
      { table: 'orders', constraint: 'fk_lines_order', columns: ['id', 'line'] },
    ]);
  });

  it('keeps only the end in the schema, naming a key of another schema with it', () => {
    expect(
      foreignKeyNeeds('shop', [
        row('billing', 'invoices', 'fk_inv_customer', 'customer_id', 1, [
          'shop',
          'customers',
          'id',
        ]),
        row('shop', 'orders', 'fk_orders_region', 'region', 1, ['geo', 'regions', 'code']),
      ]),
    ).toEqual([
      { table: 'customers', constraint: 'billing.fk_inv_customer', columns: ['id'] },
      { table: 'orders', constraint: 'fk_orders_region', columns: ['region'] },
    ]);
  });
});
