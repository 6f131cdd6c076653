import { describe, expect, it } from 'vitest';
import { createNode, keepRaw, parsePlan } from '../../../src/shared/explain';

describe('createNode', () => {
  it('makes plain objects with every field in one order', () => {
    const node = createNode('table', 'Table scan on t');
    expect(Object.getPrototypeOf(node)).toBe(Object.prototype);
    expect(Object.keys(node)).toEqual([
      'id',
      'kind',
      'label',
      'table',
      'alias',
      'schema',
      'selectId',
      'accessType',
      'key',
      'keyParts',
      'possibleKeys',
      'ref',
      'usedColumns',
      'rows',
      'filtered',
      'cost',
      'actual',
      'condition',
      'indexCondition',
      'dataReadBytes',
      'flags',
      'warnings',
      'children',
      'raw',
    ]);
    expect(JSON.stringify(node)).toBe(
      '{"id":0,"kind":"table","label":"Table scan on t","flags":[],"warnings":[],"children":[],"raw":{}}',
    );
  });
});

describe('keepRaw', () => {
  it('gives a node its own raw on the first leftover key, leaving the shared empty one alone', () => {
    const a = createNode('table', 'a');
    const b = createNode('table', 'b');
    keepRaw(a, 'rows_produced_per_join', 50);
    keepRaw(a, 'future_key', { x: 1 });
    expect(a.raw).toEqual({ rows_produced_per_join: 50, future_key: { x: 1 } });
    expect(b.raw).toEqual({});
    expect(Object.isFrozen(b.raw)).toBe(true);
  });

  it('keeps leftovers of parsed plans per node', () => {
    const parsed = parsePlan(
      JSON.stringify({
        query_block: {
          select_id: 1,
          nested_loop: [
            { table: { table_name: 'a', access_type: 'ALL', rows_produced_per_join: 7 } },
            { table: { table_name: 'b', access_type: 'ALL' } },
          ],
        },
      }),
    );
    if (!parsed.ok) throw new Error(parsed.error.message);
    const [a, b] = parsed.plan.root.children[0]!.children;
    expect(a!.raw).toEqual({ rows_produced_per_join: 7 });
    expect(b!.raw).toEqual({});
    expect(parsed.plan.root.raw).toEqual({});
  });
});
