import { explainPlanText, parsePlanNodes } from '../../src/shared/explain';
import { median, timeEach, type Bench } from './bench';
import { jsonV1Plan, jsonV2Plan, mariaDbPlan, sized } from './explain-plans';

/**
 * Parse + diagnose against a bare JSON.parse of the same text, interleaved; medians. The parse
 * alone (parsePlanNodes: reading the JSON, building the model, deriving figures) is timed in the
 * same rounds, so the rest of the ratio is the diagnosis.
 */
async function compare(label: string, text: string): Promise<string[]> {
  const check = explainPlanText(text);
  if (!check.ok) throw new Error(`${label}: ${JSON.stringify(check.error)}`);
  const baseline = () => {
    JSON.parse(text);
  };
  const ours = () => {
    explainPlanText(text);
  };
  const parseOnly = () => {
    parsePlanNodes(text);
  };
  const runs = text.length > 1_000_000 ? 5 : 40;
  await timeEach(runs, baseline);
  await timeEach(runs, ours);
  await timeEach(runs, parseOnly);
  const base: number[] = [];
  const mine: number[] = [];
  const parsing: number[] = [];
  for (let round = 0; round < 5; round++) {
    base.push(...(await timeEach(runs, baseline)));
    mine.push(...(await timeEach(runs, ours)));
    parsing.push(...(await timeEach(runs, parseOnly)));
  }
  const b = median(base);
  const s = median(mine);
  const p = median(parsing);
  return [
    `${label}: ${check.report.stats.nodes} nodes, ${(text.length / 1024 / 1024).toFixed(2)} MB`,
    `  JSON.parse            : ${b.toFixed(2)} ms median of ${base.length}`,
    `  parse only            : ${p.toFixed(2)} ms median of ${parsing.length} (${(p / b).toFixed(2)}x)`,
    `  parse + diagnose      : ${s.toFixed(2)} ms median of ${mine.length}`,
    `  ratio (target ≤ 1.5)  : ${(s / b).toFixed(2)}`,
  ];
}

/**
 * EXPLAIN parse + diagnose (src/shared/explain) against a bare JSON.parse of the same document:
 * a 5 MB MySQL JSON v1 plan, EXPLAIN ANALYZE FORMAT=JSON plans of 1,000 and 10,000 nodes, and a
 * 10,000-node MariaDB ANALYZE plan. The target is 1.5x. Why the large measured plans stay above
 * it: V8's JSON.parse puts a document over 100 KB straight into the old generation, while the
 * plan model (per plan object a node, its measurements, its costs and its leftover keys, some
 * 600 bytes) is allocated young and copied by the scavenger; building only that, with no reading
 * of fields, no labels and no diagnosis, already costs about 1.35x (JSON v1), 1.5x (MariaDB)
 * and 1.7x (JSON v2, 10,000 nodes) JSON.parse on these documents.
 */
export const explainBench: Bench = {
  name: 'explain',
  async run() {
    const lines = ['explain (parse + diagnose vs JSON.parse)'];
    lines.push(...(await compare('MySQL JSON v1, 5 MB', sized(jsonV1Plan, 5 * 1024 * 1024))));
    lines.push(...(await compare('MySQL EXPLAIN ANALYZE JSON, 1,000 nodes', jsonV2Plan(1000))));
    lines.push(...(await compare('MySQL EXPLAIN ANALYZE JSON, 10,000 nodes', jsonV2Plan(10_000))));
    lines.push(...(await compare('MariaDB ANALYZE JSON, 10,000 nodes', mariaDbPlan(10_000))));
    return lines.join('\n');
  },
};
