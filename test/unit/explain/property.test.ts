// Random mutations of every corpus document: deleted, renamed and swapped keys, values of the
// wrong type, dropped list items (valid JSON: never throws, always a plan that validates), and
// truncations and character edits (invalid JSON: an error with a line and column inside the
// text). Seeded, so any failure is reproducible from the seed in its name.
import { describe, expect, it } from 'vitest';
import { readCorpusDocument } from '../../explain-corpus/corpus-index';
import {
  explainPlanText,
  parsePlan,
  PlanReportSchema,
  readPlanJson,
  renderPlanTree,
  type ExplainResult,
} from '../../../src/shared/explain';
import { ALL_DOCUMENTS } from './corpus-documents';
import { mutateJson, mutateText, seededRandom } from './mutations';

// EXPLAIN_PROPERTY_ROUNDS=500 for a longer hunt.
const ROUNDS = Number(process.env.EXPLAIN_PROPERTY_ROUNDS ?? 12);

function checkPlan(result: ExplainResult): void {
  if (!result.ok) return;
  const { report } = result;
  expect(PlanReportSchema.safeParse(JSON.parse(JSON.stringify(report))).success).toBe(true);
  expect(() => renderPlanTree(report, { diagnostics: report.diagnostics })).not.toThrow();
}

function checkPosition(text: string, result: ExplainResult): void {
  expect(result.ok).toBe(false);
  if (result.ok) return;
  const lines = text.split('\n');
  expect(result.error.line).toBeGreaterThanOrEqual(1);
  expect(result.error.line).toBeLessThanOrEqual(lines.length);
  expect(result.error.column).toBeGreaterThanOrEqual(1);
  expect(result.error.column).toBeLessThanOrEqual((lines[result.error.line - 1]?.length ?? 0) + 1);
}

const jsonDocs = ALL_DOCUMENTS.filter((d) => d.file.endsWith('.json'));
const textDocs = ALL_DOCUMENTS.filter((d) => !d.file.endsWith('.json'));

describe('structural mutations of JSON documents (valid JSON)', () => {
  it.each(jsonDocs.map((d, i) => [d.file, i] as const))('%s', (file, seed) => {
    const doc = jsonDocs[seed]!;
    const original = readPlanJson(readCorpusDocument(doc));
    if (!original.ok) throw new Error(`${file} is not JSON`);
    const random = seededRandom(seed + 1);
    for (let round = 0; round < ROUNDS; round++) {
      const { value, applied } = mutateJson(original.value, random, 1 + (round % 4));
      const text = JSON.stringify(value, null, round % 2 ? 2 : undefined);
      let result: ExplainResult | undefined;
      expect(
        () => (result = explainPlanText(text)),
        `seed ${seed} round ${round}: ${applied.join(', ')}`,
      ).not.toThrow();
      // Valid JSON is a plan unless the mutations removed every trace of one.
      if (!result!.ok)
        expect(result!.error.message, `${applied.join(', ')}`).toMatch(/^not a plan/);
      checkPlan(result!);
      // And in each dialect, forced: still no throw.
      for (const dialect of ['mysql-json-v1', 'mysql-json-v2', 'mariadb-json'] as const)
        expect(() => parsePlan(text, { dialect })).not.toThrow();
    }
  });
});

describe('text mutations of every document (truncation, edits)', () => {
  it.each(ALL_DOCUMENTS.map((d, i) => [d.file, i] as const))('%s', (file, seed) => {
    const doc = ALL_DOCUMENTS[seed]!;
    const source = readCorpusDocument(doc);
    const random = seededRandom(1000 + seed);
    for (let round = 0; round < ROUNDS; round++) {
      const { text, kind } = mutateText(source, random);
      let result: ExplainResult | undefined;
      expect(
        () => (result = explainPlanText(text)),
        `seed ${1000 + seed} round ${round}: ${kind}`,
      ).not.toThrow();
      // Still recognisably JSON but broken: a JSON error (an edit before the first brace
      // makes it "not a plan" instead, also positioned).
      const brokenJson =
        doc.file.endsWith('.json') && /^\s*[{[]/.test(text) && !readPlanJson(text).ok;
      if (brokenJson) {
        checkPosition(text, result!);
        expect(result!.ok ? '' : result!.error.message).toMatch(/^invalid JSON: /);
      } else if (!result!.ok) checkPosition(text, result!);
      else checkPlan(result!);
    }
  });

  it('a truncated document is an error at its end', () => {
    for (const doc of jsonDocs.slice(0, 40)) {
      const source = readCorpusDocument(doc);
      const text = source.slice(0, Math.floor(source.length / 2)).trimEnd();
      const result = parsePlan(text);
      const lines = text.split('\n');
      expect(result.ok ? null : result.error.line, doc.file).toBe(lines.length);
    }
  });
});

describe('text documents in the wrong dialect', () => {
  it.each(textDocs.map((d) => [d.file, d] as const))('%s never throws', (_, doc) => {
    const text = readCorpusDocument(doc);
    for (const dialect of [
      'mysql-json-v1',
      'mysql-json-v2',
      'mariadb-json',
      'mysql-tree',
      'tabular',
    ] as const) {
      const result = parsePlan(text, { dialect });
      if (!result.ok) checkPosition(text, { ok: false, error: result.error });
    }
  });
});
