import { describe, expect, it } from 'vitest';
import {
  recreateIndexSql,
  restoredText,
  tableIndexes,
  vanishedIndexes,
  type StatisticsRow,
} from '../../../src/shared/tuning/experiment-restore';

const row = (index: string, seq: number, column: string, more: Partial<StatisticsRow> = {}) => ({
  index,
  seq,
  column,
  subPart: null,
  nonUnique: true,
  indexType: 'BTREE',
  collation: 'A',
  comment: '',
  visible: true,
  expression: null,
  ...more,
});

describe('tableIndexes', () => {
  it('groups rows by index, parts in key order', () => {
    const indexes = tableIndexes([
      row('k', 2, 'b'),
      row('PRIMARY', 1, 'id', { nonUnique: false }),
      row('k', 1, 'a'),
    ]);
    expect(indexes.map((i) => [i.name, i.rows.map((r) => r.column)])).toEqual([
      ['k', ['a', 'b']],
      ['PRIMARY', ['id']],
    ]);
  });
});

describe('vanishedIndexes', () => {
  it('names the indexes of before that after no longer has', () => {
    const before = tableIndexes([row('PRIMARY', 1, 'id'), row('fk_c', 1, 'customer_id')]);
    const after = tableIndexes([row('PRIMARY', 1, 'id'), row('sl_try_o_c', 1, 'customer_id')]);
    expect(vanishedIndexes(before, after).map((i) => i.name)).toEqual(['fk_c']);
    expect(vanishedIndexes(before, before)).toEqual([]);
  });
});

describe('recreateIndexSql', () => {
  const one = (rows: StatisticsRow[]) => tableIndexes(rows)[0]!;

  it('builds a plain index again with its name and columns in order', () => {
    expect(
      recreateIndexSql('shop', 'orders', one([row('fk`c', 2, 'b'), row('fk`c', 1, 'a')])),
    ).toBe('CREATE INDEX `fk``c` ON `shop`.`orders` (`a`, `b`)');
    expect(recreateIndexSql(null, 'orders', one([row('k', 1, 'a')]))).toBe(
      'CREATE INDEX `k` ON `orders` (`a`)',
    );
  });

  it('does not guess any other kind of index', () => {
    const not = (more: Partial<StatisticsRow>) =>
      recreateIndexSql('s', 't', one([row('k', 1, 'a', more)]));
    expect(not({ nonUnique: false })).toBeNull();
    expect(not({ indexType: 'FULLTEXT' })).toBeNull();
    expect(not({ subPart: 10 })).toBeNull();
    expect(not({ collation: 'D' })).toBeNull();
    expect(not({ visible: false })).toBeNull();
    expect(not({ comment: 'why' })).toBeNull();
    expect(not({ column: null, expression: '(`a` + 1)' })).toBeNull();
    expect(recreateIndexSql('s', 't', one([row('PRIMARY', 1, 'id')]))).toBeNull();
  });
});

describe('restoredText', () => {
  it('says nothing when nothing was put back, and names what was', () => {
    expect(restoredText('sl_try_o_c', [])).toBeNull();
    expect(restoredText('sl_try_o_c', ['fk_c'])).toBe(
      "Building sl_try_o_c made the server drop fk_c, the index it had made for a foreign key. Sightline built it again as before, then dropped sl_try_o_c: the table's indexes are as they were.",
    );
    expect(restoredText('x', ['a', 'b'])).toContain('drop a, b, the indexes it had made');
  });
});
