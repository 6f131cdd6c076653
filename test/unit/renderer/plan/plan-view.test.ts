import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNode, type PlanNode } from '../../../../src/shared/explain/plan-model';
import { parsePlan } from '../../../../src/shared/explain/parse-plan';
import { accessQuality } from '../../../../src/renderer/plan/access-quality';
import { planHeat } from '../../../../src/renderer/plan/plan-heat';
import { autoFold, layoutPlan } from '../../../../src/renderer/plan/plan-layout';
import { nodeLines } from '../../../../src/renderer/plan/node-lines';

const samples = path.resolve(import.meta.dirname, '../../../../resources/sample-plans');

function chain(depth: number, width: number): PlanNode {
  let id = 0;
  const make = (d: number): PlanNode => {
    const n = createNode(d === depth ? 'table' : 'join', `n${id}`);
    n.id = id++;
    if (d < depth) for (let i = 0; i < width; i++) n.children.push(make(d + 1));
    return n;
  };
  return make(0);
}

describe('plan view model', () => {
  it('lays a real sample out without overlaps, root on top', () => {
    const parsed = parsePlan(
      readFileSync(path.join(samples, 'group-sort-mysql-json-v1.json'), 'utf8'),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const layout = layoutPlan(parsed.plan.root, new Set());
    const root = layout.nodes.find((n) => n.node.id === 0)!;
    expect(root.y).toBe(Math.min(...layout.nodes.map((n) => n.y)));
    for (const a of layout.nodes) {
      for (const b of layout.nodes) {
        if (a === b) continue;
        const overlap =
          a.x < b.x + b.width &&
          b.x < a.x + a.width &&
          a.y < b.y + b.height &&
          b.y < a.y + a.height;
        expect(overlap, `${a.node.label} overlaps ${b.node.label}`).toBe(false);
      }
    }
    expect(layout.links).toHaveLength(layout.nodes.length - 1);
  });

  it('hides collapsed subtrees and counts what they hide', () => {
    const root = chain(3, 3);
    const layout = layoutPlan(root, new Set([1]));
    expect(layout.nodes).toHaveLength(1 + 3 + 2 * 12);
    expect(layout.nodes.find((n) => n.node.id === 1)).toMatchObject({
      collapsed: true,
      hiddenDescendants: 12,
    });
  });

  it('folds breadth-first to stay under a node cap', () => {
    const root = chain(4, 4); // 341 nodes
    const folded = autoFold(root, 100);
    const visible = layoutPlan(root, folded).nodes.length;
    expect(visible).toBeLessThanOrEqual(100);
    expect(visible).toBeGreaterThan(20);
    expect(folded.has(0)).toBe(false);
    expect(autoFold(root, 1000).size).toBe(0);
  });

  it('shares heat by measured self time and names the hottest node', () => {
    const parsed = parsePlan(
      readFileSync(path.join(samples, 'misestimate-mysql-analyze.txt'), 'utf8'),
    );
    if (!parsed.ok) throw new Error(parsed.error.message);
    const heat = planHeat(parsed.plan);
    expect(heat.basis).toBe('time');
    const total = [...heat.share.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeCloseTo(1, 6);
    expect(heat.share.get(heat.hottestId!)).toBe(Math.max(...heat.share.values()));
  });

  it('grades access: full scans bad, single-row lookups good, the rest fair', () => {
    const t = createNode('table', 'orders');
    t.flags = ['full-table-scan'];
    expect(accessQuality(t)).toBe('bad');
    const eq = createNode('table', 'c');
    eq.accessType = 'eq_ref';
    expect(accessQuality(eq)).toBe('good');
    const ref = createNode('table', 'o');
    ref.accessType = 'ref';
    expect(accessQuality(ref)).toBe('fair');
    expect(accessQuality(createNode('sort', 'Sort'))).toBe('none');
  });

  it('writes node lines from the model', () => {
    const t = createNode('table', 'orders');
    t.table = 'orders';
    t.alias = 'o';
    t.accessType = 'ref';
    t.key = 'idx_customer';
    t.rows = 1204331;
    t.cost = { total: 350.5 };
    expect(nodeLines(t)).toEqual({
      title: 'orders o',
      access: 'ref · key idx_customer',
      figures: '1.2 M rows · cost 351',
      estimate: null,
    });
  });
});
