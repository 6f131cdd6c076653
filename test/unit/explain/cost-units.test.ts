import { describe, expect, it } from 'vitest';
import { costUnitsMismatch, sameCostUnits } from '../../../src/shared/explain/cost-units';
import { comparePlans } from '../../../src/shared/explain/plan-compare';
import { diffPlans, explainPlanText, type PlanNode } from '../../../src/shared/explain';

const MYSQL = '9.7.0';
const MARIADB_10 = '10.11.14-MariaDB-0+deb12u2';
const MARIADB_11 = '11.8.3-MariaDB';

describe('costUnitsMismatch: whose costs can be set against each other', () => {
  it('judges by the servers when both are known', () => {
    expect(sameCostUnits(MYSQL, '8.0.36-28')).toBe(true);
    expect(
      costUnitsMismatch(
        { dialect: 'mysql-tree', server: MYSQL },
        { dialect: 'mysql-json-v2', server: '8.4.2' },
      ),
    ).toBe(undefined);
    expect(
      costUnitsMismatch(
        { dialect: 'mysql-tree', server: MYSQL },
        { dialect: 'mariadb-json', server: MARIADB_11 },
      ),
    ).toBe('MySQL and MariaDB count cost in other units');
    expect(
      costUnitsMismatch(
        { dialect: 'mariadb-json', server: MARIADB_10 },
        { dialect: 'mariadb-json', server: MARIADB_11 },
      ),
    ).toBe('MariaDB 11.0 replaced its cost units (costs are milliseconds from 11.0)');
    expect(
      costUnitsMismatch(
        { dialect: 'mariadb-json', server: '11.4.2-MariaDB' },
        { dialect: 'mariadb-json', server: MARIADB_11 },
      ),
    ).toBe(undefined);
  });

  it('judges a pasted plan by its format', () => {
    expect(costUnitsMismatch({ dialect: 'mysql-tree' }, { dialect: 'mariadb-json' })).toBe(
      'MySQL and MariaDB count cost in other units',
    );
    expect(
      costUnitsMismatch(
        { dialect: 'mariadb-json', server: MARIADB_11 },
        { dialect: 'mysql-json-v1' },
      ),
    ).toBe('MySQL and MariaDB count cost in other units');
    expect(
      costUnitsMismatch({ dialect: 'mysql-tree' }, { dialect: 'mysql-json-v2', server: MYSQL }),
    ).toBe(undefined);
    // MariaDB before 11.0 writes no cost: two MariaDB plans of unknown version are alike.
    expect(
      costUnitsMismatch(
        { dialect: 'mariadb-json' },
        { dialect: 'mariadb-json', server: MARIADB_11 },
      ),
    ).toBe(undefined);
  });
});

describe('a comparison without costs', () => {
  const read = (text: string): PlanNode => {
    const r = explainPlanText(text);
    if (!r.ok) throw new Error(r.error.message);
    return r.report.root;
  };
  const mysql = read('-> Table scan on t  (cost=77.3 rows=500)');
  const mariadb = read(
    JSON.stringify({
      query_block: {
        select_id: 1,
        cost: 0.316,
        nested_loop: [{ table: { table_name: 't', access_type: 'ALL', rows: 500, cost: 0.316 } }],
      },
    }),
  );

  it('leaves every cost delta out, and only those', () => {
    expect(comparePlans(mysql, mariadb).costDelta).toBeCloseTo(0.316 - 77.3);
    const c = comparePlans(mysql, mariadb, { costs: false });
    expect(c.costDelta).toBe(undefined);
    expect(c.before.cost).toBe(77.3);
    expect(c.after.cost).toBe(0.316);
    expect(c.pairs.map((p) => p.costDelta)).toEqual(c.pairs.map(() => undefined));
    expect(diffPlans(mysql, mariadb).changes.map((ch) => ch.kind)).toContain('cost');
    expect(diffPlans(mysql, mariadb, { costs: false }).changes.map((ch) => ch.kind)).not.toContain(
      'cost',
    );
  });
});
