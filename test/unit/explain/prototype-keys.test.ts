import { describe, expect, it } from 'vitest';
import { explainPlanText, parsePlan } from '../../../src/shared/explain';

// Plan documents are untrusted text: keys named like Object.prototype's members are data like
// any other, kept in raw as own properties (assigning `__proto__` would set a prototype instead).

const v1 = JSON.stringify({
  query_block: {
    select_id: 1,
    cost_info: { query_cost: '1.00', toString: '2.00', constructor: '3.00' },
    table: {
      table_name: 't',
      access_type: 'ALL',
      rows_examined_per_scan: 10,
      cost_info: { read_cost: '0.25', eval_cost: '1.00', hasOwnProperty: '4.00' },
      protoKey: { polluted: true },
      valueOf: 'kept',
    },
  },
})
  .replace('"hasOwnProperty"', '"__proto__"')
  .replace('"protoKey"', '"__proto__"');

describe('keys named like Object.prototype members', () => {
  it('are kept in raw as own properties, never read as readers or prototypes', () => {
    expect(v1).toContain('"__proto__":"4.00"');
    expect(v1).toContain('"__proto__":{"polluted":true}');
    const parsed = parsePlan(v1);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const root = parsed.plan.root;
    expect(root.cost?.total).toBe(1);
    expect(root.raw).toEqual({ cost_info: { toString: '2.00', constructor: '3.00' } });
    const table = root.children[0]!;
    expect(table.table).toBe('t');
    expect(Object.getPrototypeOf(table.raw)).toBe(Object.prototype);
    expect(Object.keys(table.raw).sort()).toEqual(['__proto__', 'cost_info', 'valueOf']);
    expect(Object.getOwnPropertyDescriptor(table.raw, '__proto__')?.value).toEqual({
      polluted: true,
    });
    const cost = table.raw.cost_info as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(cost, '__proto__')?.value).toBe('4.00');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('do not make the diagnosis throw', () => {
    expect(explainPlanText(v1).ok).toBe(true);
  });
});
