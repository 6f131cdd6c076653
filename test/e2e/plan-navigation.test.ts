import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePlan } from '../../src/shared/explain/parse-plan';
import { searchPlan } from '../../src/renderer/plan/plan-search';
import { jsonV2Plan } from '../bench/explain-plans';
import { screenshot } from './harness/browser';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { openApp } from './harness/open-app';

/** A generated EXPLAIN ANALYZE FORMAT=JSON of about 2,000 nodes: it opens folded. */
const BIG_PLAN = jsonV2Plan(2000);

async function showPlan(page: Page, text: string): Promise<void> {
  const paste = page.getByLabel(/Paste EXPLAIN output/);
  if (!(await paste.isVisible())) await page.getByRole('button', { name: 'Paste text' }).click();
  // Playwright's fill types megabytes far too slowly: set the value as a paste would.
  await paste.evaluate((el, value) => {
    const area = el as HTMLTextAreaElement;
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, value);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
  await page.getByRole('button', { name: 'Show plan' }).click();
  await page.getByRole('tab', { name: 'Diagram' }).click();
  await page.getByTestId('plan-diagram').waitFor();
}

/** The zoom transform of the diagram's content (d3-zoom writes it on the first group). */
async function viewTransform(page: Page): Promise<string> {
  return (await page.locator('[data-testid=plan-diagram] > g').getAttribute('transform')) ?? '';
}

describe('plan screen: classic table, search and minimap', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ app, browser, page, errors } = await openWebPage());
    await openApp(page, app);
    await page.getByRole('button', { name: 'Paste a plan' }).click();
  });
  afterAll(() => closeWebPage(browser, app));

  it('shows a sample as the classic EXPLAIN table, row for row', async () => {
    await page.getByLabel('Open a sample').selectOption('derived-table-traditional.txt');
    await page.getByTestId('plan-diagram').waitFor();
    await page.getByRole('tab', { name: 'Table' }).click();
    const table = page.getByTestId('plan-table');
    await table.waitFor();
    const header = await table.locator('thead th').allTextContents();
    expect(header).toEqual([
      'id',
      'select_type',
      'table',
      'partitions',
      'type',
      'possible_keys',
      'key',
      'key_len',
      'ref',
      'rows',
      'filtered',
      'Extra',
    ]);
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? '')),
      );
    expect(rows).toEqual([
      ['1', 'PRIMARY', 'c', '', 'ALL', 'PRIMARY', '', '', '', '4911', '100.00', ''],
      [
        '1',
        'PRIMARY',
        '<derived2>',
        '',
        'ref',
        '<auto_key0>',
        '<auto_key0>',
        '4',
        'shop.c.id',
        '10',
        '100.00',
        '',
      ],
      [
        '2',
        'DERIVED',
        'orders',
        '',
        'index',
        'customer_id',
        'customer_id',
        '4',
        '',
        '50297',
        '100.00',
        '',
      ],
    ]);
    // A row is a node: clicking it shows that node's details.
    await table.locator('tbody tr').nth(2).click();
    expect(await page.getByTestId('node-details').textContent()).toContain('orders');
    await screenshot(page, 'plan-04-table');
  });

  it('finds a node inside a fold, opens the fold and brings the node into view', async () => {
    await showPlan(page, BIG_PLAN);
    const parsed = parsePlan(BIG_PLAN);
    if (!parsed.ok) throw new Error(parsed.error.message);
    // b7 of the 60th branch: deep in a subtree the plan opens folded.
    const expected = searchPlan(parsed.plan.root, 'a60');
    expect(expected.length).toBeGreaterThan(0);
    const target = searchPlan(parsed.plan.root, 'b7 lookup a60');
    expect(target).toHaveLength(1);
    expect(await page.locator(`[data-node-id="${target[0]}"]`).count()).toBe(0);

    await page.getByLabel('Find nodes').fill('b7 lookup a60');
    expect(await page.getByTestId('plan-search-count').textContent()).toBe('1 of 1');
    const node = page.locator(`[data-node-id="${target[0]}"]`);
    await node.waitFor();
    expect(await node.getAttribute('class')).toContain('match-current');
    // In view: the node's box lies inside the diagram's box.
    await page.waitForTimeout(100);
    const view = (await page.getByTestId('plan-diagram').boundingBox())!;
    const box = (await node.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(view.x);
    expect(box.y).toBeGreaterThanOrEqual(view.y);
    expect(box.x + box.width).toBeLessThanOrEqual(view.x + view.width);
    expect(box.y + box.height).toBeLessThanOrEqual(view.y + view.height);
    expect(await page.getByTestId('node-details').textContent()).toContain('b7');
    await screenshot(page, 'plan-05-search');

    // Several matches: Enter steps to the next one, the count follows.
    await page.getByLabel('Find nodes').fill('a60');
    expect(await page.getByTestId('plan-search-count').textContent()).toBe(
      `1 of ${expected.length}`,
    );
    await page.getByLabel('Find nodes').press('Enter');
    expect(await page.getByTestId('plan-search-count').textContent()).toBe(
      `2 of ${expected.length}`,
    );
    await page.locator(`[data-node-id="${expected[1]}"].match-current`).waitFor({ timeout: 5000 });
    await page.getByLabel('Find nodes').fill('no-such-table');
    expect(await page.getByTestId('plan-search-count').textContent()).toBe('no node matches');
    await page.getByLabel('Find nodes').fill('');
  });

  it('shows a minimap of a big plan; a click on it moves the view there', async () => {
    // The view is where the search left it, zoomed in: the frame is a part of the minimap.
    const minimap = page.getByTestId('plan-minimap');
    await minimap.waitFor();
    const before = await viewTransform(page);
    const map = (await minimap.boundingBox())!;
    const framed = (await minimap.locator('.planmap-frame').boundingBox())!;
    expect(framed.width).toBeLessThan(map.width / 2);
    await page.mouse.click(map.x + map.width * 0.3, map.y + map.height * 0.5);
    const after = await viewTransform(page);
    expect(after).not.toBe(before);
    // The frame (what the main view shows) is now centred where the minimap was clicked.
    const frame = (await minimap.locator('.planmap-frame').boundingBox())!;
    expect(Math.abs(frame.x + frame.width / 2 - (map.x + map.width * 0.3))).toBeLessThan(3);
    expect(Math.abs(frame.y + frame.height / 2 - (map.y + map.height * 0.5))).toBeLessThan(3);
    await screenshot(page, 'plan-06-minimap');
  });

  it('draws every node of a 2,000-node plan lighter once unfolded, and says so', async () => {
    expect(await page.getByTestId('plan-light-notice').count()).toBe(0);
    await page.getByRole('button', { name: 'Expand all' }).click();
    const notice = page.getByTestId('plan-light-notice');
    await notice.waitFor();
    const parsed = parsePlan(BIG_PLAN);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const stats = await page.getByTestId('plan-stats').textContent();
    const total = Number(/^([\d,]+) nodes/.exec(stats ?? '')?.[1]?.replace(/,/g, ''));
    expect(await page.locator('[data-node-id]').count()).toBe(total);
    expect(await notice.textContent()).toContain(`${total.toLocaleString('en-US')} boxes`);
    await screenshot(page, 'plan-07-light');
    expect(errors).toEqual([]);
  });
});
