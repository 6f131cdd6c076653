// The JSON parsers read their most common keys through switches and inline reads, and the
// diagnosis looks index advice up part by part; the reference copies in ./reference read every
// key through the maps of readers and key the advice by a string, as they did before. Both must
// build the same model, field for field, and the same findings, from the corpus, from thousands
// of seeded mutations of it (keys deleted, renamed, swapped, values of the wrong type) and from
// generated plans. explainPlanText derives figures and diagnoses in the parse's one walk: it must
// give what the reference parser, a separate derive pass and the reference diagnosis give.
import { describe, expect, it } from 'vitest';
import { readCorpusDocument } from '../../explain-corpus/corpus-index';
import { jsonV1Plan, jsonV2Plan, mariaDbPlan } from '../../bench/explain-plans';
import {
  diagnoseNumberedPlan,
  explainPlanText,
  parsePlanNodes,
  readPlanJson,
  walkPlan,
  type Plan,
  type PlanNode,
} from '../../../src/shared/explain';
import { parseMariaDbJson } from '../../../src/shared/explain/parse-mariadb-json';
import { parseMysqlJsonV1 } from '../../../src/shared/explain/parse-mysql-json-v1';
import { parseMysqlJsonV2 } from '../../../src/shared/explain/parse-mysql-json-v2';
import { ALL_DOCUMENTS } from './corpus-documents';
import { mutateJson, pick, seededRandom } from './mutations';
import { deriveFigures as referenceDerive } from './reference/derive-figures';
import { diagnoseNumberedPlan as referenceDiagnosis } from './reference/diagnose-plan';
import { parseMariaDbJson as referenceMariaDb } from './reference/parse-mariadb-json';
import { parseMysqlJsonV1 as referenceV1 } from './reference/parse-mysql-json-v1';
import { parseMysqlJsonV2 as referenceV2 } from './reference/parse-mysql-json-v2';

const ROUNDS = Number(process.env.EXPLAIN_DIFFERENTIAL_ROUNDS ?? 40);

const PARSERS = [
  ['mysql-json-v1', parseMysqlJsonV1, referenceV1],
  ['mysql-json-v2', parseMysqlJsonV2, referenceV2],
  ['mariadb-json', parseMariaDbJson, referenceMariaDb],
] as const;

/** The model as text, with what JSON leaves out written out: undefined fields, -0, NaN. */
function exact(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === undefined) return '<undefined>';
    if (typeof v === 'number' && (Object.is(v, -0) || !Number.isFinite(v))) return `<${v}>`;
    return v;
  });
}

/** Keys the parsers read (and some they do not), to put into documents where they are not. */
const KEYS = [
  'table_name',
  'access_type',
  'key',
  'possible_keys',
  'used_key_parts',
  'ref',
  'rows',
  'rows_examined_per_scan',
  'rows_produced_per_join',
  'filtered',
  'cost_info',
  'read_cost',
  'eval_cost',
  'prefix_cost',
  'data_read_per_join',
  'used_columns',
  'attached_condition',
  'index_condition',
  'key_length',
  'message',
  'cost',
  'loops',
  'r_loops',
  'r_rows',
  'r_total_time_ms',
  'r_table_time_ms',
  'r_other_time_ms',
  'r_filtered',
  'r_engine_stats',
  'using_index',
  'operation',
  'inputs',
  'alias',
  'schema_name',
  'index_name',
  'key_columns',
  'lookup_references',
  'estimated_rows',
  'estimated_total_cost',
  'condition',
  'actual_rows',
  'actual_loops',
  'actual_first_row_ms',
  'actual_last_row_ms',
  'covering',
  'index_access_type',
  'nested_loop',
  'table',
  'attached_subqueries',
];
const VALUES: unknown[] = [
  'ALL',
  'ref',
  '12.50',
  '1.5e+3',
  '191K',
  ' 7 ',
  'x',
  '',
  3,
  -0,
  0,
  2.5,
  null,
  true,
  false,
  [],
  ['a', 'b'],
  ['a', 1],
  {},
  { read_cost: '1.00', prefix_cost: '2.00' },
  { table_name: 't9', access_type: 'ALL' },
];

/** Every object of a JSON value. */
function objectsOf(value: unknown, out: Array<Record<string, unknown>> = []) {
  if (Array.isArray(value)) for (const v of value) objectsOf(v, out);
  else if (typeof value === 'object' && value !== null) {
    out.push(value as Record<string, unknown>);
    for (const v of Object.values(value)) objectsOf(v, out);
  }
  return out;
}

/** Sets a few keys the parsers know to values of any type, on random objects of `document`. */
function plantKeys(document: unknown, random: () => number, count: number): void {
  const targets = objectsOf(document);
  for (let i = 0; i < count && targets.length; i++)
    pick(random, targets)[pick(random, KEYS)] = structuredClone(pick(random, VALUES));
}

/** The findings on a text's plan, by the diagnosis and by the reference one. */
function expectSameFindings(text: string, label: string): void {
  const parsed = parsePlanNodes(text);
  if (!parsed.ok) return;
  const { plan, nodes, parents } = parsed;
  // The defaults, and thresholds low enough for the corpus's small tables to have findings.
  for (const options of [{}, { fullScanRows: 1, misestimateFactor: 2 }]) {
    const mine = outcome(() => diagnoseNumberedPlan(plan, nodes, options, parents));
    const theirs = outcome(() => referenceDiagnosis(plan, nodes, options, parents));
    if (mine !== theirs) expect(mine, `findings of ${label}`).toBe(theirs);
  }
}

/**
 * The report of a text's plan, by explainPlanText and by the reference: the reference parser,
 * numbering in pre-order, a derive pass of its own, then the reference diagnosis.
 */
function expectSameReport(text: string, label: string): void {
  const read = readPlanJson(text);
  const parsed = parsePlanNodes(text);
  if (!read.ok || !parsed.ok) return;
  const dialect = parsed.plan.dialect;
  const parse = PARSERS.find(([name]) => name === dialect)?.[2];
  if (!parse) return; // tabular rows in JSON: not a tree of the JSON parsers
  for (const options of [{}, { fullScanRows: 1, misestimateFactor: 2 }]) {
    const mine = outcome(() => {
      const result = explainPlanText(text, options);
      return result.ok ? [result.report.root, result.report.diagnostics] : result;
    });
    const theirs = outcome(() => {
      const parsedRoot = parse(read.value);
      const [root, query] =
        'root' in parsedRoot ? [parsedRoot.root, parsedRoot.query] : [parsedRoot, undefined];
      const nodes: PlanNode[] = [];
      walkPlan(root, (node) => nodes.push(node));
      nodes.forEach((node, i) => (node.id = i));
      const parents = new Int32Array(nodes.length).fill(-1);
      nodes.forEach((node, i) => node.children.forEach((child) => (parents[child.id] = i)));
      const tree = dialect === 'mysql-json-v2';
      referenceDerive(nodes, { innerCostPerLoop: tree, totalsFromInputs: !tree });
      const plan: Plan = { dialect, root, analyzed: nodes.some((node) => node.actual) };
      if (query !== undefined) plan.query = query;
      return [root, referenceDiagnosis(plan, nodes, options, parents)];
    });
    if (mine !== theirs) expect(mine, `report of ${label}`).toBe(theirs);
  }
}

/** What `run` gives (see exact), or what it throws. */
function outcome(run: () => unknown): string {
  try {
    return exact(run());
  } catch (error) {
    return `throws ${String(error)}`;
  }
}

function expectSame(document: unknown, label: string): void {
  const text = JSON.stringify(document);
  expectSameFindings(text, label);
  expectSameReport(text, label);
  for (const [dialect, parse, reference] of PARSERS) {
    const mine = outcome(() => parse(document));
    const theirs = outcome(() => reference(document));
    if (mine !== theirs) expect(mine, `${label} as ${dialect}`).toBe(theirs);
  }
}

const jsonDocs = ALL_DOCUMENTS.filter((d) => d.file.endsWith('.json'));

describe('JSON parsers: fast paths give the reference model', () => {
  it('on every corpus document, in every JSON dialect', () => {
    for (const doc of jsonDocs) {
      const read = readPlanJson(readCorpusDocument(doc));
      if (!read.ok) throw new Error(`${doc.file} is not JSON`);
      expectSame(read.value, doc.file);
    }
  });

  it.each(jsonDocs.map((d, i) => [d.file, i] as const))('on mutations of %s', (file, seed) => {
    const read = readPlanJson(readCorpusDocument(jsonDocs[seed]!));
    if (!read.ok) throw new Error(`${file} is not JSON`);
    const random = seededRandom(1000 + seed);
    for (let round = 0; round < ROUNDS; round++) {
      const { value, applied } = mutateJson(read.value, random, 1 + (round % 5));
      plantKeys(value, random, round % 4);
      expectSame(value, `seed ${1000 + seed} round ${round} (${applied.join(', ')})`);
    }
  });

  it('on generated plans of the bench, and their mutations', () => {
    const random = seededRandom(7);
    for (const text of [jsonV1Plan(20), jsonV2Plan(300), mariaDbPlan(200)]) {
      const document: unknown = JSON.parse(text);
      expectSame(document, text.slice(0, 40));
      for (let round = 0; round < ROUNDS; round++) {
        const { value } = mutateJson(document, random, 1 + (round % 8));
        plantKeys(value, random, 1 + (round % 6));
        expectSame(value, `generated, seeded 7, round ${round}`);
      }
    }
  });
});
