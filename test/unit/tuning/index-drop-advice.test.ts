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

  it('never advises the last index a foreign key needs, and says why', () => {
    const rows = stats('orders', { PRIMARY: ['id'], fk_cust: ['customer_id'], d: ['d'] });
    const keys = [{ table: 'orders', constraint: 'fk_orders_customer', columns: ['customer_id'] }];
    const notes: string[] = [];
    const findings = adviseIndexDrops(
      'shop',
      rows,
      findRedundantIndexes(rows),
      [
        { table: 'orders', index: 'fk_cust' },
        { table: 'orders', index: 'd' },
      ],
      keys,
      notes,
    );
    expect(findings.map((f) => [f.kind, f.index])).toEqual([['unused-index', 'd']]);
    expect(notes).toEqual([
      'orders.fk_cust is listed as unused, but it is the last index that serves foreign key fk_orders_customer (customer_id): the server refuses to drop it, and its checks of the key read through it without performance_schema counting them. Not advised.',
    ]);
  });

  it('drops a key’s index when another one serves the key, keeping that one', () => {
    const rows = stats('orders', {
      PRIMARY: ['id'],
      fk_cust: ['customer_id'],
      cust_total: ['customer_id', 'total'],
    });
    const keys = [{ table: 'orders', constraint: 'fk', columns: ['customer_id'] }];
    const notes: string[] = [];
    const findings = adviseIndexDrops(
      'shop',
      rows,
      findRedundantIndexes(rows),
      [
        { table: 'orders', index: 'fk_cust' },
        { table: 'orders', index: 'cust_total' },
      ],
      keys,
      notes,
    );
    // fk_cust goes as a prefix of cust_total, which stays for the key and the column set.
    expect(findings.map((f) => [f.kind, f.index])).toEqual([['redundant-index', 'fk_cust']]);
    expect(notes).toEqual([]);
  });

  it('keeps an index that extends a unique one when a key needs all its columns', () => {
    const rows = stats('t', { PRIMARY: ['id'], a_uq: ['a'], ab: ['a', 'b'] }, ['a_uq']);
    const keys = [{ table: 't', constraint: 'fk_ab', columns: ['a', 'b'] }];
    const notes: string[] = [];
    const findings = adviseIndexDrops('shop', rows, findRedundantIndexes(rows), [], keys, notes);
    expect(findRedundantIndexes(rows).map((r) => [r.index, r.kind])).toEqual([
      ['ab', 'extends-unique'],
    ]);
    expect(findings).toEqual([]);
    expect(notes[0]).toMatch(
      /^t\.ab is redundant, but it is the last index that serves foreign key fk_ab \(a, b\)/,
    );
  });
});

describe('how an unused index can be hidden before it is dropped', () => {
  const rows = stats('orders', { PRIMARY: ['id'], cust: ['customer_id'] });
  const explanation = (hiding?: 'invisible' | 'ignored' | null) =>
    adviseIndexDrops('shop', rows, [], [{ table: 'orders', index: 'cust' }], [], [], hiding)[0]!
      .explanation;
  const before =
    'Every write maintains this index, but no statement read through it since the server started or the table was last altered (performance_schema counts it). Check that the server has been up through a full business cycle (month-end jobs, reports) before dropping it';

  it('is INVISIBLE on MySQL, IGNORED on MariaDB 10.6+, and not offered where neither exists', () => {
    expect(explanation()).toBe(
      `${before}, or make it invisible first (ALTER TABLE \`shop\`.\`orders\` ALTER INDEX \`cust\` INVISIBLE) and watch.`,
    );
    // MariaDB refuses INVISIBLE for an index (error 1064); its word is IGNORED.
    expect(explanation('ignored')).toBe(
      `${before}, or make it ignored first (ALTER TABLE \`shop\`.\`orders\` ALTER INDEX \`cust\` IGNORED) and watch.`,
    );
    expect(explanation(null)).toBe(`${before}.`);
  });
});

describe('indexes the optimizer does not use (INVISIBLE on MySQL, IGNORED on MariaDB)', () => {
  /** `hidden` names the indexes that are invisible or ignored. */
  const withHidden = (rows: IndexColumnRow[], hidden: string[]) =>
    rows.map((r) => ({ ...r, visible: !hidden.includes(r.index) }));
  const rows = stats('orders', {
    PRIMARY: ['id'],
    cust: ['customer_id'],
    cust_date: ['customer_id', 'ordered_at'],
  });

  it('never advise dropping a visible index as covered by a hidden one, and say why', () => {
    // cust_date is invisible (often the first step of dropping it): only cust serves lookups
    // on customer_id, so dropping cust would leave them with no index the optimizer can use.
    const hidden = withHidden(rows, ['cust_date']);
    const notes: string[] = [];
    const findings = adviseIndexDrops('shop', hidden, findRedundantIndexes(hidden), [], [], notes);
    expect(findings).toEqual([]);
    expect(notes).toEqual([
      'orders.cust is a prefix of cust_date, but cust_date is invisible or ignored (the optimizer does not use it), so dropping cust would leave (customer_id) without an index queries can use. Not advised.',
    ]);
  });

  it('still advise dropping a hidden index that a visible one covers', () => {
    const hidden = withHidden(rows, ['cust']);
    const findings = adviseIndexDrops('shop', hidden, findRedundantIndexes(hidden), []);
    expect(findings.map((f) => [f.kind, f.index])).toEqual([['redundant-index', 'cust']]);
  });
});
