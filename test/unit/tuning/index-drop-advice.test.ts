import { describe, expect, it } from 'vitest';
import { adviseIndexDrops } from '../../../src/shared/tuning/index-drop-advice';
import {
  findRedundantIndexes,
  shapesOf,
  type IndexColumnRow,
} from '../../../src/shared/tuning/redundant-indexes';

/** STATISTICS rows for one table: `indexes` maps name → columns; `unique` names unique ones. */
function stats(
  table: string,
  indexes: Record<string, string[]>,
  unique: string[] = [],
): IndexColumnRow[] {
  return Object.entries(indexes).flatMap(([index, cols]) =>
    cols.map((column, i) => ({
      table,
      index,
      nonUnique: index !== 'PRIMARY' && !unique.includes(index),
      seq: i + 1,
      column,
      subPart: null,
      type: 'BTREE',
    })),
  );
}

function advise(rows: IndexColumnRow[], unused: string[]) {
  const findings = adviseIndexDrops(
    'shop',
    rows,
    findRedundantIndexes(rows),
    unused.map((u) => ({ table: rows[0]!.table, index: u })),
  );
  return findings;
}

/**
 * The indexes left after running every DROP INDEX advised, and whether each column set an
 * index had before still starts some index left.
 */
function afterFollowingAll(rows: IndexColumnRow[], findings: ReturnType<typeof advise>) {
  const dropped = new Set(findings.map((f) => f.index));
  const before = [...shapesOf(rows).values()].flat();
  const left = before.filter((s) => !dropped.has(s.name));
  const orphaned = before
    .filter((s) => dropped.has(s.name))
    .filter((s) => !left.some((k) => s.parts.every((p, i) => k.parts[i] === p)))
    .map((s) => s.name);
  return { left: left.map((s) => s.name), orphaned };
}

const orders = stats('orders', {
  PRIMARY: ['id'],
  cust: ['customer_id'],
  cust_dup: ['customer_id'],
});

describe('adviseIndexDrops', () => {
  it('never advises dropping a duplicate and, as unused, the index it duplicates', () => {
    const findings = advise(orders, ['cust', 'cust_dup']);
    expect(findings.map((f) => [f.kind, f.index])).toEqual([['redundant-index', 'cust_dup']]);
    expect(findings[0]!.explanation).toContain(
      'Keep cust: it has not been used since the server started either, but dropping both would leave (customer_id) without any index.',
    );
    expect(afterFollowingAll(orders, findings)).toEqual({
      left: ['PRIMARY', 'cust'],
      orphaned: [],
    });
  });

  it('drops the unused index and keeps the duplicate queries read through', () => {
    const findings = advise(orders, ['cust']);
    expect(findings.map((f) => [f.kind, f.index, f.fixSql])).toEqual([
      ['unused-index', 'cust', 'ALTER TABLE `shop`.`orders` DROP INDEX `cust`'],
    ]);
    expect(findings[0]!.explanation).toContain(
      'Keep cust_dup: it is listed as redundant to this index, but queries read through it and not through this one, so this is the one to drop.',
    );
    expect(afterFollowingAll(orders, findings).left).toEqual(['PRIMARY', 'cust_dup']);
  });

  it('keeps a used prefix when the longer index covering it is unused', () => {
    const rows = stats('orders', {
      PRIMARY: ['id'],
      cust: ['customer_id'],
      cd: ['customer_id', 'd'],
    });
    const findings = advise(rows, ['cd']);
    expect(findings.map((f) => [f.kind, f.index])).toEqual([['unused-index', 'cd']]);
  });

  it('re-points a redundant index at a cover that stays when its own cover goes too', () => {
    // by_customer_again duplicates by_customer, which is a prefix of cust_date.
    const rows = stats('orders', {
      PRIMARY: ['id'],
      by_customer: ['customer_id'],
      by_customer_again: ['customer_id'],
      cust_date: ['customer_id', 'ordered_at'],
    });
    const findings = advise(rows, []);
    expect(findings.map((f) => f.title)).toEqual([
      'orders.by_customer is a prefix of cust_date',
      'orders.by_customer_again is a prefix of cust_date',
    ]);
    expect(afterFollowingAll(rows, findings)).toEqual({
      left: ['PRIMARY', 'cust_date'],
      orphaned: [],
    });
  });

  it('keeps the last index of a chain when every index in it is unused', () => {
    const rows = stats('orders', {
      PRIMARY: ['id'],
      by_customer: ['customer_id'],
      by_customer_again: ['customer_id'],
      cust_date: ['customer_id', 'ordered_at'],
    });
    const findings = advise(rows, ['by_customer', 'by_customer_again', 'cust_date']);
    expect(findings.map((f) => [f.kind, f.index])).toEqual([
      ['redundant-index', 'by_customer'],
      ['redundant-index', 'by_customer_again'],
    ]);
    expect(afterFollowingAll(rows, findings).orphaned).toEqual([]);
  });

  it('still advises a lone unused index, and never a unique one', () => {
    const rows = stats('t', { PRIMARY: ['id'], a: ['a'], b_uq: ['b'] }, ['b_uq']);
    const findings = advise(rows, ['a', 'b_uq']);
    expect(findings.map((f) => [f.kind, f.index])).toEqual([['unused-index', 'a']]);
  });
});
