// What parsePlanNodes reads in its one walk over a plan (parents, counts) must be what walking
// the finished tree again gives; TableAccessLabels must give tableAccessLabel's text.
import { describe, expect, it } from 'vitest';
import { parsePlanNodes, planStats, walkPlan, type PlanNode } from '../../../src/shared/explain';
import { parseMysqlJsonV1 } from '../../../src/shared/explain/parse-mysql-json-v1';
import {
  tableAccessLabel,
  TableAccessLabels,
} from '../../../src/shared/explain/table-access-label';
import { jsonV1Plan, jsonV2Plan, mariaDbPlan } from '../../bench/explain-plans';
import { readCorpusDocument } from '../../explain-corpus/corpus-index';
import { ALL_DOCUMENTS } from './corpus-documents';

/** Each node's parent, found by looking at every node's children. */
function parentsOf(nodes: PlanNode[]): Map<PlanNode, PlanNode> {
  const parents = new Map<PlanNode, PlanNode>();
  for (const node of nodes) for (const child of node.children) parents.set(child, node);
  return parents;
}

const documents = [
  ...ALL_DOCUMENTS.map((d) => ({ name: d.file, text: readCorpusDocument(d) })),
  { name: 'generated JSON v1', text: jsonV1Plan(3) },
  { name: 'generated JSON v2', text: jsonV2Plan(60) },
  { name: 'generated MariaDB', text: mariaDbPlan(60) },
];

describe('parsePlanNodes', () => {
  it.each(documents)('gives every node its parent and the plan its counts: $name', ({ text }) => {
    const parsed = parsePlanNodes(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const { nodes, parents, stats, plan } = parsed;
    expect(parents).toHaveLength(nodes.length);
    const expected = parentsOf(nodes);
    nodes.forEach((node, i) => {
      expect(node.id).toBe(i);
      const parent = parents[i]!;
      if (i === 0) expect(parent).toBe(-1);
      else expect(nodes[parent]).toBe(expected.get(node));
    });
    expect(stats).toEqual(planStats(plan.root));
    const walked: PlanNode[] = [];
    walkPlan(plan.root, (node) => walked.push(node));
    expect(nodes).toHaveLength(walked.length);
    walked.forEach((node, i) => expect(nodes[i]).toBe(node));
  });
});

describe('TableAccessLabels', () => {
  const cases: Array<[string | undefined, string | undefined, string | undefined]> = [
    ['ALL', 't0', undefined],
    ['ref', 't1', 'k1'],
    ['ref', 't1', 'k2'],
    ['eq_ref', 't1', 'k1'],
    ['range', 't1', undefined],
    [undefined, 't1', undefined],
    [undefined, undefined, undefined],
    ['odd_type', undefined, 'k'],
  ];

  it('gives the same text as tableAccessLabel, however often and in whatever order asked', () => {
    const labels = new TableAccessLabels();
    for (const round of [cases, [...cases].reverse(), cases])
      for (const [type, table, key] of round)
        expect(labels.label(type, table, key)).toBe(tableAccessLabel(type, table, key));
  });

  it('labels each table access of a document of repeated selects as it reads', () => {
    const root = parseMysqlJsonV1(JSON.parse(jsonV1Plan(4)));
    const tables: PlanNode[] = [];
    const stack = [root];
    while (stack.length) {
      const node = stack.pop()!;
      if (node.kind === 'table') tables.push(node);
      stack.push(...node.children);
    }
    expect(tables).toHaveLength(24);
    for (const t of tables) expect(t.label).toBe(tableAccessLabel(t.accessType, t.table, t.key));
  });
});
