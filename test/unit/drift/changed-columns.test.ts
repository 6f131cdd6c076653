import { describe, expect, it } from 'vitest';
import { changedColumns } from '../../../src/shared/drift/changed-columns';
import type { DriftColumn } from '../../../src/shared/drift/drift-table';
import type { FixValue } from '../../../src/shared/drift/fix-statements';

const column = (name: string, dataType: string, nullable = true): DriftColumn => ({
  name,
  dataType,
  charset: dataType === 'varchar' ? 'utf8mb4' : null,
  nullable,
  generated: false,
});

const COLUMNS = [
  column('id', 'int', false),
  column('name', 'varchar'),
  column('price', 'decimal'),
  column('data', 'varbinary'),
];

const row = (values: Record<string, FixValue>) => new Map(Object.entries(values));

describe('the columns of a changed row that differ', () => {
  const source = row({
    id: { text: '7' },
    name: { hex: '616C706861' },
    price: { text: '1.25' },
    data: null,
  });

  it('are none when both reads agree, hex in either case', () => {
    const same = row({
      id: { text: '7' },
      name: { hex: '616c706861' },
      price: { text: '1.25' },
      data: null,
    });
    expect(changedColumns(COLUMNS, source, same)).toEqual([]);
  });

  it('are those whose bytes, text or NULL-ness differ, in table order', () => {
    const replica = row({
      id: { text: '7' },
      // 'ALPHA': equal to 'alpha' by a case-insensitive collation, not by its bytes.
      name: { hex: '414C504841' },
      price: { text: '2.25' },
      // An empty value where the source has NULL.
      data: { hex: '' },
    });
    expect(changedColumns(COLUMNS, source, replica)).toEqual(['name', 'price', 'data']);
  });

  it('count a value as text against one as bytes, or one missing, as different', () => {
    expect(
      changedColumns(
        COLUMNS,
        source,
        row({ id: { hex: '37' }, name: { hex: '616C706861' }, price: { text: '1.25' } }),
      ),
    ).toEqual(['id', 'data']);
  });
});
