import { describe, expect, it } from 'vitest';
import { useFakeLocalStorage } from '../fake-local-storage';
import {
  loadTreeFilter,
  loadTreeFolded,
  saveTreeFilter,
  saveTreeFolded,
} from '../../../../src/renderer/schema/tree-prefs';
import {
  loadPlanText,
  PLAN_TEXT_KEEP_LIMIT,
  savePlanText,
} from '../../../../src/renderer/plan/plan-text-store';

const KEY = 'sightline.ui-state';

/** The schema tree and the plan screen kept their values under their own keys before the store. */
describe('values saved before the UI state store move into it', () => {
  const stored = useFakeLocalStorage();

  const values = () => (JSON.parse(stored.get(KEY)!) as { values: Record<string, unknown> }).values;

  it('the schema tree folded away ("1" under its old key)', () => {
    stored.set('sightline.schema-tree.collapsed', '1');
    expect(loadTreeFolded()).toBe(true);
    expect(stored.has('sightline.schema-tree.collapsed')).toBe(false);
    expect(values()['schema-tree.folded']).toBe(true);
    saveTreeFolded(false);
    expect(loadTreeFolded()).toBe(false);
  });

  it('the schema filter of each connection, kept as typed even when it reads as JSON', () => {
    stored.set('sightline.schema-tree.filter.c1', '2024');
    stored.set('sightline.schema-tree.filter.c2', 'cust');
    expect(loadTreeFilter('c1')).toBe('2024');
    expect(loadTreeFilter('c2')).toBe('cust');
    expect(loadTreeFilter('c3')).toBe('');
    expect(stored.has('sightline.schema-tree.filter.c1')).toBe(false);
    expect(values()).toEqual({ 'schema-tree.filter.c1': '2024', 'schema-tree.filter.c2': 'cust' });
    saveTreeFilter('c1', '');
    expect(values()).toEqual({ 'schema-tree.filter.c2': 'cust' });
  });

  it('the pasted plan text, a JSON plan included, comes back as the same text', () => {
    const plan = '{\n  "query_block": { "select_id": 1 }\n}';
    stored.set('sightline.plan-text', plan);
    expect(loadPlanText()).toBe(plan);
    expect(stored.has('sightline.plan-text')).toBe(false);
    expect(loadPlanText()).toBe(plan);
  });

  it('a plan text too long to keep is forgotten rather than kept', () => {
    savePlanText('EXPLAIN short');
    expect(loadPlanText()).toBe('EXPLAIN short');
    savePlanText('x'.repeat(PLAN_TEXT_KEEP_LIMIT + 1));
    expect(loadPlanText()).toBe('');
  });
});
