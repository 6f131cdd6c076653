// The samples the plan screen offers: each listed file exists, is the corpus document it names,
// and parses as the dialect it claims.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { explainPlanText, PLAN_DIALECTS } from '../../../src/shared/explain';

const dir = path.resolve(import.meta.dirname, '../../../resources/sample-plans');
const index = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8')) as {
  samples: Array<{ file: string; title: string; dialect: string; about: string; source: string }>;
};

describe('sample plans', () => {
  it('lists every file of the folder, once', () => {
    const files = readdirSync(dir)
      .filter((f) => f !== 'index.json')
      .sort();
    expect(index.samples.map((s) => s.file).sort()).toEqual(files);
    expect(index.samples.length).toBeGreaterThanOrEqual(5);
  });

  it.each(index.samples.map((s) => [s.file, s] as const))('%s', (file, sample) => {
    const text = readFileSync(path.join(dir, file), 'utf8');
    expect(text).toBe(readFileSync(path.resolve(dir, '../..', sample.source), 'utf8'));
    expect(PLAN_DIALECTS).toContain(sample.dialect);
    const result = explainPlanText(text);
    expect(result.ok && result.report.dialect).toBe(sample.dialect);
    expect(result.ok && result.report.diagnostics.length).toBeGreaterThan(0);
    expect(sample.title.length).toBeGreaterThan(0);
  });
});
