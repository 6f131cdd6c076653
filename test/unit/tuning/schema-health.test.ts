import { describe, expect, it } from 'vitest';
import {
  findRedundantIndexes,
  fromSysRedundantIndexes,
  type IndexColumnRow,
} from '../../../src/shared/tuning/redundant-indexes';
import {
  noPrimaryKeyFinding,
  redundantIndexFinding,
  sizesWithGrowth,
} from '../../../src/shared/tuning/schema-health';

/** STATISTICS rows for one table: `indexes` maps name → columns; `unique` names unique ones. */
function stats(
  table: string,
  indexes: Record<string, string[]>,
  unique: string[] = [],
  type = 'BTREE',
): IndexColumnRow[] {
  return Object.entries(indexes).flatMap(([index, cols]) =>
    cols.map((c, i) => {
      const m = /^(\w+)\((\d+)\)$/.exec(c);
      return {
        table,
        index,
        nonUnique: index !== 'PRIMARY' && !unique.includes(index),
        seq: i + 1,
        column: c === '(expr)' ? null : (m?.[1] ?? c),
        subPart: m ? Number(m[2]) : null,
        type,
      };
    }),
  );
}

describe('findRedundantIndexes', () => {
  it('finds a duplicate and a prefix, keeping the unique and longer indexes', () => {
    const found = findRedundantIndexes([
      ...stats('orders', {
        PRIMARY: ['id'],
        customer_id: ['customer_id'],
        customer_id_2: ['customer_id'],
        cust_date: ['customer_id', 'ordered_at'],
        by_id: ['id'],
      }),
    ]);
    expect(found).toEqual([
      {
        table: 'orders',
        index: 'by_id',
        columns: ['id'],
        coveredBy: 'PRIMARY',
        coveredByColumns: ['id'],
        kind: 'duplicate',
      },
      {
        table: 'orders',
        index: 'customer_id',
        columns: ['customer_id'],
        coveredBy: 'cust_date',
        coveredByColumns: ['customer_id', 'ordered_at'],
        kind: 'prefix',
      },
      {
        table: 'orders',
        index: 'customer_id_2',
        columns: ['customer_id'],
        coveredBy: 'customer_id',
        coveredByColumns: ['customer_id'],
        kind: 'duplicate',
      },
    ]);
  });

  it('keeps a unique index that a longer index starts with (it enforces uniqueness), as sys does', () => {
    const found = findRedundantIndexes(
      stats('users', { email: ['email'], email_name: ['email', 'name'] }, ['email']),
    );
    // The longer one is the redundant one, as sys.schema_redundant_indexes says: the unique
    // email finds at most one row already.
    expect(found).toEqual([
      {
        table: 'users',
        index: 'email_name',
        columns: ['email', 'name'],
        coveredBy: 'email',
        coveredByColumns: ['email'],
        kind: 'extends-unique',
      },
    ]);
    const finding = redundantIndexFinding('shop', found[0]!);
    expect(finding.severity).toBe('info');
    expect(finding.title).toBe('users.email_name extends the unique email');
    expect(finding.explanation).toContain(
      'the extra column (name) only help queries that read it from this index alone',
    );
  });

  it('reads sys.schema_redundant_indexes rows the same way, one per index', () => {
    const row = (
      redundant: string,
      redundantColumns: string,
      dominant: string,
      dominantColumns: string,
      subpart = 0,
    ) => ({
      table_name: 'orders',
      redundant_index_name: redundant,
      redundant_index_columns: redundantColumns,
      dominant_index_name: dominant,
      dominant_index_columns: dominantColumns,
      subpart_exists: subpart,
    });
    const { indexes, skipped } = fromSysRedundantIndexes([
      row('customer_id_2', 'customer_id', 'cust_date', 'customer_id,ordered_at'),
      row('customer_id_2', 'customer_id', 'customer_id', 'customer_id'),
      row('customer_id', 'customer_id', 'cust_date', 'customer_id,ordered_at'),
      row('by_id', 'id', 'PRIMARY', 'id'),
      row('name_a', 'name', 'name_b', 'name', 1),
      row('PRIMARY', 'a,b', 'uk', 'a'),
    ]);
    expect(skipped).toBe(1);
    expect(indexes).toEqual(
      findRedundantIndexes(
        stats('orders', {
          PRIMARY: ['id'],
          customer_id: ['customer_id'],
          customer_id_2: ['customer_id'],
          cust_date: ['customer_id', 'ordered_at'],
          by_id: ['id'],
        }),
      ),
    );
  });

  it('of two identical indexes drops the non-unique one', () => {
    const found = findRedundantIndexes(
      stats('users', { a_email: ['email'], u_email: ['email'] }, ['u_email']),
    );
    expect(found.map((f) => [f.index, f.coveredBy, f.kind])).toEqual([
      ['a_email', 'u_email', 'duplicate'],
    ]);
  });

  it('compares prefix lengths, and ignores FULLTEXT, other tables and functional parts', () => {
    expect(findRedundantIndexes(stats('t', { a: ['name(10)'], b: ['name(20)', 'x'] }))).toEqual([]);
    expect(findRedundantIndexes(stats('t', { a: ['name'], b: ['name'] }, [], 'FULLTEXT'))).toEqual(
      [],
    );
    expect(
      findRedundantIndexes([...stats('t1', { a: ['x'] }), ...stats('t2', { b: ['x', 'y'] })]),
    ).toEqual([]);
    expect(findRedundantIndexes(stats('t', { f: ['(expr)'], g: ['(expr)', 'y'] }))).toEqual([]);
  });
});

describe('findings', () => {
  it('suggests promoting a unique NOT NULL key to primary key, else adding one', () => {
    expect(noPrimaryKeyFinding('shop', 'log', null).fixSql).toBe(
      'ALTER TABLE `shop`.`log` ADD COLUMN `id` BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY FIRST',
    );
    const promoted = noPrimaryKeyFinding('shop', 'map', { index: 'uk', columns: ['a', 'b'] });
    expect(promoted.fixSql).toBe(
      'ALTER TABLE `shop`.`map` DROP INDEX `uk`, ADD PRIMARY KEY (`a`, `b`)',
    );
    expect(promoted.explanation).toContain('row-based replication');
  });

  it('drops a redundant index by name', () => {
    const f = redundantIndexFinding('shop', {
      table: 'orders',
      index: 'customer_id_2',
      columns: ['customer_id'],
      coveredBy: 'customer_id',
      coveredByColumns: ['customer_id'],
      kind: 'duplicate',
    });
    expect(f.title).toBe('orders.customer_id_2 duplicates customer_id');
    expect(f.fixSql).toBe('ALTER TABLE `shop`.`orders` DROP INDEX `customer_id_2`');
  });
});

describe('sizesWithGrowth', () => {
  it('orders tables by size and computes growth since the previous visit', () => {
    const sizes = sizesWithGrowth(
      [
        { table: 'small', rows: 10, dataBytes: 16384, indexBytes: 0 },
        { table: 'big', rows: 5000, dataBytes: 1_572_864, indexBytes: 409_600 },
        { table: 'new', rows: 0, dataBytes: 16384, indexBytes: 16384 },
      ],
      { small: 16384, big: 1_000_000 },
    );
    expect(sizes.map((s) => [s.table, s.totalBytes, s.previousBytes, s.growthBytes])).toEqual([
      ['big', 1_982_464, 1_000_000, 982_464],
      ['new', 32768, null, null],
      ['small', 16384, 16384, 0],
    ]);
    expect(
      sizesWithGrowth([{ table: 'a', rows: null, dataBytes: 1, indexBytes: 2 }], null),
    ).toEqual([
      {
        table: 'a',
        rows: null,
        dataBytes: 1,
        indexBytes: 2,
        totalBytes: 3,
        previousBytes: null,
        growthBytes: null,
      },
    ]);
  });
});
