import { describe, expect, it } from 'vitest';
import { planLabel, planTabTitle } from '../../../../../src/renderer/plan/plan-tab-title';
import { clockTime } from '../../../../../src/renderer/ui/clock-time';
import {
  emptyTabs,
  tabsReducer,
  type TabOf,
  type TabsState,
} from '../../../../../src/renderer/shell/tabs/tab-model';
import type { PlanToShow } from '../../../../../src/renderer/shell/tabs/tab-payloads';

const at = new Date(2026, 10, 26, 9, 5, 7).getTime();
const explained = (statement: string, explainSql: string): PlanToShow => ({
  document: '{}',
  dialect: 'mysql-json-v2',
  title: `Explain: ${statement.slice(0, 40)}`,
  explainSql,
  statement,
  connectionId: 'c1',
});

describe('plan tab names', () => {
  it('names a plan by its whole statement and time, so two alike statements read apart', () => {
    const a = explained(
      'SELECT id, total FROM shop.orders WHERE customer_id = 7',
      'EXPLAIN FORMAT=JSON SELECT id, total FROM shop.orders WHERE customer_id = 7',
    );
    const b = explained(
      'SELECT id, total FROM shop.orders\n  WHERE total > 5',
      'EXPLAIN FORMAT=JSON SELECT id, total FROM shop.orders WHERE total > 5',
    );
    expect(planTabTitle(a, at)).toBe(
      'Plan · Explain: SELECT id, total FROM shop.orders WHERE customer_id = 7 · 09:05:07',
    );
    // One line however the statement was laid out.
    expect(planTabTitle(b, at)).toBe(
      'Plan · Explain: SELECT id, total FROM shop.orders WHERE total > 5 · 09:05:07',
    );
    expect(planLabel(b)).toBe('SELECT id, total FROM shop.orders WHERE total > 5');
    const analyzed = { ...b, explainSql: 'EXPLAIN ANALYZE SELECT id FROM t' };
    expect(planTabTitle(analyzed, at)).toMatch(/^Plan · Analyze: SELECT id/);
    // The tab's short label tells a measured plan from the explained one of the same statement.
    expect(planLabel(analyzed)).toBe('Analyze: SELECT id, total FROM shop.orders WHERE total > 5');
    const mariadb = { ...b, explainSql: 'ANALYZE FORMAT=JSON SELECT id FROM t' };
    expect(planLabel(mariadb)).toBe('Analyze: SELECT id, total FROM shop.orders WHERE total > 5');
  });

  it('cuts a long statement with a mark, and names other plans by their title', () => {
    const long = explained(`SELECT ${'x, '.repeat(100)}y FROM t`, 'EXPLAIN SELECT 1');
    expect(planTabTitle(long, at)).toMatch(/^Plan · Explain: SELECT x, x, .{100,}… · 09:05:07$/);
    expect(planLabel(long)).toHaveLength(60);
    const pasted: PlanToShow = {
      document: '-> Table scan on t',
      dialect: 'mysql-tree',
      title: 'Pasted plan',
      explainSql: '',
    };
    expect(planTabTitle(pasted, at)).toBe('Plan · Pasted plan · 09:05:07');
    expect(planLabel(pasted)).toBe('Pasted plan');
    expect(planTabTitle(null, at)).toBe('Plan');
    expect(clockTime(at, false)).toBe('09:05');
  });

  it('numbers plans of one name that came within the same second (issue 17 section 4)', () => {
    const sql = 'SELECT id, total FROM shop.orders WHERE customer_id = 7';
    const plan = (document: string) => ({ ...explained(sql, `EXPLAIN ${sql}`), document });
    let state: TabsState = emptyTabs;
    const open = (p: PlanToShow, when: number) =>
      (state = tabsReducer(state, { type: 'open', tab: { kind: 'plan', plan: p, at: when } }));
    // The index made invisible between the two: two documents, one statement, one second.
    open(plan('{"a":1}'), at);
    open(plan('{"b":2}'), at + 400);
    open(plan('{"c":3}'), at + 1000);
    const titles = () =>
      state.tabs.map((t) => {
        const p = t as TabOf<'plan'>;
        return planTabTitle(p.shown ?? p.plan, p.at, p.twin);
      });
    const name = `Plan · Explain: ${sql}`;
    expect(titles()).toEqual([
      `${name} · 09:05:07`,
      `${name} · 09:05:07 (2)`,
      `${name} · 09:05:08`,
    ]);
    // Another plan pasted into the second tab in the first's second: numbered again.
    state = tabsReducer(state, {
      type: 'plan-shown',
      id: state.tabs[1]!.id,
      plan: plan('{"d":4}'),
      at: at + 10,
    });
    expect(titles()[1]).toBe(`${name} · 09:05:07 (2)`);
  });
});
