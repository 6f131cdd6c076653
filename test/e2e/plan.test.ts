import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainPlanText } from '../../src/shared/explain/explain-report';
import { screenshot } from './harness/browser';
import { REPO, type RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { openApp } from './harness/open-app';

const SAMPLE = 'misestimate-mysql-analyze.txt';

describe('the plan screen (no connection needed)', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ app, browser, page, errors } = await openWebPage());
    await openApp(page, app);
  });
  afterAll(() => closeWebPage(browser, app));

  it('opens a sample and draws every node of it', async () => {
    const text = await readFile(path.join(REPO, 'resources/sample-plans', SAMPLE), 'utf8');
    const expected = explainPlanText(text);
    if (!expected.ok) throw new Error(expected.error.message);
    await page.getByRole('button', { name: 'Paste a plan' }).click();
    await page.getByLabel('Open a sample').selectOption(SAMPLE);
    await page.getByTestId('plan-diagram').waitFor();
    expect(await page.getByTestId('plan-dialect').textContent()).toBe(expected.report.dialect);
    expect(await page.locator('[data-node-id]').count()).toBe(expected.report.stats.nodes);
    expect(await page.locator('.plan-node.hottest').count()).toBe(1);
    const findings = await page.getByTestId('plan-findings').locator('li').count();
    expect(findings).toBe(expected.report.diagnostics.length);
    // Boxes are sized from text measured in the drawn font: every line fits inside its box.
    const overflows = await page.locator('.plan-node').evaluateAll((nodes) =>
      nodes.flatMap((g) => {
        const box = g.querySelector('rect.plan-box');
        if (!box) return [];
        const width = Number(box.getAttribute('width'));
        return Array.from(
          g.querySelectorAll('text.plan-title, text.plan-access, text.plan-figures'),
        )
          .map((t) => ({ text: t.textContent, right: 10 + (t as SVGTextElement).getBBox().width }))
          .filter((t) => t.right > width)
          .map((t) => `${t.text}: ${t.right.toFixed(1)} > ${width}`);
      }),
    );
    expect(overflows).toEqual([]);
    await screenshot(page, 'plan-01-sample');
  });

  it('shows every field of a clicked node', async () => {
    const hottest = page.locator('.plan-node.hottest');
    const id = Number(await hottest.getAttribute('data-node-id'));
    await hottest.click();
    const details = page.getByTestId('node-details');
    await details.waitFor();
    expect(await details.textContent()).toContain('Rows (measured, per loop)');
    expect(id).toBeGreaterThanOrEqual(0);
    await screenshot(page, 'plan-02-node');
  });

  it('shows the same plan as a text tree and exports SVG', async () => {
    await page.getByRole('tab', { name: 'Text tree' }).click();
    expect(await page.getByTestId('plan-text-tree').textContent()).toMatch(/\S/);
    await page.getByRole('tab', { name: 'Diagram' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export SVG' }).click(),
    ]);
    const file = await download.path();
    const svg = await readFile(file!, 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    expect((svg.match(/data-node-id=/g) ?? []).length).toBe(
      await page.locator('[data-node-id]').count(),
    );
  });

  it('says where a pasted document is broken', async () => {
    await page.getByRole('button', { name: 'Paste text' }).click();
    await page
      .getByLabel(/Paste EXPLAIN output/)
      .fill('{\n  "query_block": {\n    "select_id": 1,\n  }\n}');
    await page.getByRole('button', { name: 'Show plan' }).click();
    const error = page.getByTestId('plan-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('at line 4 column 3.');
    await screenshot(page, 'plan-03-error');
    expect(errors).toEqual([]);
  });
});
