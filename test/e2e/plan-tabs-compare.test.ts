// Several plan tabs and the compare view on them: two statements explained on MySQL 9.7 into
// two plan tabs, compared, sides swapped, each node tied to its counterpart.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonV2Plan } from '../bench/explain-plans';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { screenshot } from './harness/browser';
import { openEditorWith } from './harness/open-editor';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { cursorToLine } from './harness/editor-text';

const DB = 'sl_plan_tabs';
const LOOKUP = `SELECT id, total FROM ${DB}.orders WHERE customer_id = 7`;
const SCAN = `SELECT id, total FROM ${DB}.orders WHERE total > 5`;

/** Sets a textarea's value as a paste would (Playwright's fill types megabytes too slowly). */
async function pasteInto(page: Page, selector: string, text: string): Promise<void> {
  await page.locator(selector).evaluate((el, value) => {
    const area = el as HTMLTextAreaElement;
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, value);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

describe('plan tabs and the compare view (MySQL 9.7)', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const servers = testServers();

  const planTabs = () => page.locator('[role=tab][data-plan-tab]');
  const compareTabs = () => page.locator('[role=tab][data-compare-tab]');
  const screen = () => page.getByRole('region', { name: 'Compare plans' });
  /** The report's lines, without their severity icons. */
  const reportLines = () =>
    screen()
      .getByTestId('cmp-report-line')
      .evaluateAll((lines) => lines.map((l) => l.lastElementChild?.textContent ?? ''));
  const nodeRow = (side: 'before' | 'after', text: string) =>
    screen().getByTestId(`cmp-${side}-nodes`).locator('li', { hasText: text });

  beforeAll(async () => {
    await withConnection(servers.mysql, async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${DB}`);
      await c.query(`CREATE DATABASE ${DB}`);
      await c.query(
        `CREATE TABLE ${DB}.orders (id INT PRIMARY KEY, customer_id INT NOT NULL, total DECIMAL(10,2) NOT NULL, KEY idx_customer (customer_id))`,
      );
      const rows = Array.from({ length: 2000 }, (_, i) => `(${i}, ${i % 200}, ${i % 97})`);
      await c.query(`INSERT INTO ${DB}.orders VALUES ${rows.join(',')}`);
      await c.query(`ANALYZE TABLE ${DB}.orders`);
    });
    ({ app, browser, page, errors } = await openWebPage());
    await openEditorWith(page, app, servers.mysql, 'Tabs MySQL', `${LOOKUP};\n${SCAN};`);
  });

  afterAll(async () => {
    await closeWebPage(browser, app);
    await withConnection(servers.mysql, (c) => c.query(`DROP DATABASE IF EXISTS ${DB}`));
  });

  it('explains two statements into two plan tabs, each named by its statement and time', async () => {
    await cursorToLine(page, 1);
    await page.keyboard.press('Control+e');
    await expect.poll(() => planTabs().count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('tab', { name: 'Tabs MySQL' }).click();
    await cursorToLine(page, 2);
    await page.keyboard.press('Control+e');
    await expect.poll(() => planTabs().count(), { timeout: 15_000 }).toBe(2);
    const titles = await planTabs().evaluateAll((ts) => ts.map((t) => t.getAttribute('title')));
    // Two statements that start alike are told apart by the rest of them.
    expect(titles[0]).toMatch(/^Plan · Explain: (.*) · \d\d:\d\d:\d\d$/);
    expect(titles[0]).toContain(`Explain: ${LOOKUP} · `);
    expect(titles[1]).toContain(`Explain: ${SCAN} · `);
    expect(await planTabs().nth(1).getAttribute('aria-selected')).toBe('true');
    await screenshot(page, 'plan-tabs-01-two-plans');
  });

  it('compares the first plan with the second, picked among the open plan tabs', async () => {
    await planTabs().nth(0).click();
    const front = page.locator('.tab-page:not([hidden])');
    await front.getByRole('button', { name: 'Compare with…' }).click();
    const pick = screen().getByTestId('cmp-pick');
    await pick.waitFor();
    const second = (await planTabs().nth(1).getAttribute('title'))!;
    await pick.getByTestId('cmp-pick-tabs').getByRole('button', { name: second }).click();
    await screen().getByTestId('cmp-report').waitFor();
    expect(await screen().getByTestId('cmp-before').locator('code').textContent()).toContain(
      'customer_id = 7',
    );
    expect(await screen().getByTestId('cmp-after').locator('code').textContent()).toContain(
      'total > 5',
    );
    expect(await reportLines()).toEqual([
      'orders: access lookup → full scan (worse)',
      'orders: index idx_customer → (none)',
      expect.stringMatching(/^orders: estimated rows 10 → 2\.0 k \(200× more\)$/),
      'Added: Filter: (sl_plan_tabs.orders.total > 5.00)',
      expect.stringMatching(/^Cost \S+ → \S+ \(\+\d+%\)$/),
    ]);
    const worse = screen().getByTestId('cmp-report-line').first();
    expect(await worse.getAttribute('data-severity')).toBe('danger');
    // The filter only the second plan has is marked on its side, with no counterpart.
    const filter = nodeRow('after', 'Filter: (sl_plan_tabs.orders.total > 5.00)');
    expect(await filter.getAttribute('data-status')).toBe('added');
    expect(await filter.locator('.cmp-change-text').textContent()).toBe('only after');
    await screenshot(page, 'plan-tabs-02-compare');
  });

  it('ties each node to its counterpart: hover lights both, a click brings it level', async () => {
    const before = nodeRow('before', 'orders').first();
    const pair = (await before.getAttribute('data-pair'))!;
    const after = screen().locator(`[data-testid=cmp-after-nodes] li[data-pair="${pair}"]`);
    expect(await after.textContent()).toContain('orders');
    expect(await after.getAttribute('data-status')).toBe('changed');
    await before.hover();
    await expect.poll(() => after.getAttribute('data-linked')).toBe('hover');
    await before.click();
    await expect.poll(() => after.getAttribute('data-linked')).toBe('selected');
    expect(await before.getAttribute('data-linked')).toBe('selected');
    expect(await after.getAttribute('aria-current')).toBe('true');
    // The line between them is drawn, lit.
    expect(await screen().locator('.cmp-links path.cmp-link-on').count()).toBe(1);
    // A line of the report picks its node on both sides.
    await screen()
      .getByRole('button', { name: 'Added: Filter: (sl_plan_tabs.orders.total > 5.00)' })
      .click();
    const filter = nodeRow('after', 'Filter: (sl_plan_tabs.orders.total > 5.00)');
    await expect.poll(() => filter.getAttribute('data-linked')).toBe('selected');
    // From the keyboard: the arrow keys step through a plan's nodes, the counterpart follows.
    await screen()
      .getByRole('group', { name: /^Nodes of the After plan/ })
      .focus();
    await page.keyboard.press('Home');
    const first = screen().locator('[data-testid=cmp-after-nodes] li').first();
    await expect.poll(() => first.getAttribute('data-linked')).toBe('selected');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => after.getAttribute('data-linked')).toBe('selected');
    await expect.poll(() => before.getAttribute('data-linked')).toBe('selected');
    await screen()
      .getByRole('button', { name: 'Added: Filter: (sl_plan_tabs.orders.total > 5.00)' })
      .click();
    // The pointer left the orders row for the report: its hover goes (React applies a hover
    // change a moment after the click's).
    await expect.poll(() => before.getAttribute('data-linked')).toBeNull();
    await screenshot(page, 'plan-tabs-03-linked');
  });

  it('swaps sides, and the report reads the other way', async () => {
    await screen().getByRole('button', { name: '⇄ Swap sides' }).click();
    await expect
      .poll(() => screen().getByTestId('cmp-before').locator('code').textContent())
      .toContain('total > 5');
    expect(await reportLines()).toEqual([
      'orders: access full scan → lookup (better)',
      'orders: index (none) → idx_customer',
      expect.stringMatching(/^orders: estimated rows 2\.0 k → 10 \(200× fewer\)$/),
      'Removed: Filter: (sl_plan_tabs.orders.total > 5.00)',
      expect.stringMatching(/^Cost \S+ → \S+ \(-\d+%\)$/),
    ]);
    const filter = nodeRow('before', 'Filter: (sl_plan_tabs.orders.total > 5.00)');
    expect(await filter.getAttribute('data-status')).toBe('removed');
    expect(await filter.locator('.cmp-change-text').textContent()).toBe('only before');
    expect(await screen().getByTestId('cmp-scans-delta').textContent()).toBe('▼ −1');
    await screenshot(page, 'plan-tabs-04-swapped');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'plan-tabs-05-swapped-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('offers the earlier plans of the statement as a side', async () => {
    await screen().getByRole('button', { name: 'Change the After plan' }).click();
    const earlier = screen().getByTestId('cmp-pick-earlier');
    // The explain of the lookup made one kept plan: it is the one on this side now.
    const kept = earlier.locator('li');
    await expect.poll(() => kept.count(), { timeout: 10_000 }).toBe(1);
    expect(await kept.textContent()).toContain('Tabs MySQL');
    expect(await kept.textContent()).toContain('(on this side now)');
    await screenshot(page, 'plan-tabs-06-pick-earlier');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'plan-tabs-07-pick-earlier-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await kept.getByRole('button').click();
    await screen().getByTestId('cmp-pick').waitFor({ state: 'detached' });
    expect(await screen().getByTestId('cmp-after').locator('h3').textContent()).toContain(
      'UTC on Tabs MySQL',
    );
    expect((await reportLines())[0]).toBe('orders: access full scan → lookup (better)');
  });

  it('opens a compare tab per pair, and the same pair brings its tab to the front', async () => {
    expect(await compareTabs().count()).toBe(1);
    const first = compareTabs().first();
    const firstTitle = (await first.getAttribute('title'))!;
    expect(firstTitle).toMatch(/^Compare · Explain: .* ⇄ .* · \d\d:\d\d:\d\d$/);
    // The second plan compared with something else: a tab of its own, the first one kept.
    await planTabs().nth(1).click();
    const front = page.locator('.tab-page:not([hidden])');
    await front.getByRole('button', { name: 'Compare with…' }).click();
    await expect.poll(() => compareTabs().count()).toBe(2);
    const second = compareTabs().nth(1);
    expect(await second.getAttribute('aria-selected')).toBe('true');
    await screen().getByTestId('cmp-pick').waitFor();
    expect(await first.getAttribute('title')).toBe(firstTitle);
    // The same again: that tab comes to the front, no third one opens.
    await planTabs().nth(1).click();
    await front.getByRole('button', { name: 'Compare with…' }).click();
    await expect.poll(() => second.getAttribute('aria-selected')).toBe('true');
    expect(await compareTabs().count()).toBe(2);
    await screenshot(page, 'plan-tabs-08-two-compares');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'plan-tabs-08-two-compares-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    // The first compare still shows its pair, as it was left.
    await first.click();
    expect((await reportLines())[0]).toBe('orders: access full scan → lookup (better)');
  });

  it('draws only the rows in view of two 10,000-node plans, and says so', async () => {
    await page.getByRole('button', { name: 'Paste a plan' }).click();
    await expect.poll(() => planTabs().count()).toBe(3);
    await pasteInto(page, '[data-testid="plan-paste-text"]:visible', jsonV2Plan(10_000));
    await page.getByRole('button', { name: 'Show plan' }).click();
    // The pasted plan names its tab.
    await expect
      .poll(() => planTabs().nth(2).getAttribute('title'))
      .toMatch(/^Plan · Pasted plan · \d\d:\d\d:\d\d$/);
    await page
      .locator('.tab-page:not([hidden])')
      .getByRole('button', { name: 'Compare with…' })
      .click();
    await screen().getByTestId('cmp-pick').waitFor();
    await pasteInto(page, '.tab-page:not([hidden]) .cmp-pick-paste textarea', jsonV2Plan(9_800));
    await screen().getByRole('button', { name: 'Compare', exact: true }).click();
    const note = screen().getByTestId('cmp-windowed');
    await note.waitFor({ timeout: 30_000 });
    expect(await note.textContent()).toMatch(/^10,0\d\d and 9,8\d\d nodes: each is one line/);
    const drawn = () => screen().locator('[data-testid=cmp-before-nodes] li').count();
    expect(await drawn()).toBeLessThan(120);
    // The last change the report lists, far down the plans: its line picks the node on both
    // sides, drawn once scrolled to.
    await screen()
      .getByRole('button', { name: /^Show all \d+ changes$/ })
      .click();
    const lines = screen().getByTestId('cmp-report-line');
    const picked = (side: string) =>
      screen().locator(`[data-testid=cmp-${side}-nodes] li[data-linked=selected]`);
    // The last: a table the second plan no longer reads, marked on the Before side only.
    await lines.filter({ hasText: 'no longer read' }).last().getByRole('button').click();
    await expect.poll(() => picked('before').count()).toBe(1);
    expect(await picked('before').getAttribute('data-status')).toBe('removed');
    expect(Number(await picked('before').getAttribute('data-node-id'))).toBeGreaterThan(9_900);
    expect(await picked('after').count()).toBe(0);
    // A read whose rows changed, deep down: both sides drawn there and lit.
    await lines.filter({ hasText: 'rows read' }).last().getByRole('button').click();
    await expect.poll(() => picked('after').count()).toBe(1);
    expect(await picked('after').getAttribute('data-pair')).toBe(
      await picked('before').getAttribute('data-pair'),
    );
    expect(Number(await picked('before').getAttribute('data-node-id'))).toBeGreaterThan(2000);
    // The plans stay in reach below the report, the picked rows in their views.
    for (const side of ['before', 'after']) {
      const view = await screen().getByTestId(`cmp-${side}-nodes`).boundingBox();
      const lit = await picked(side).boundingBox();
      expect(lit!.y).toBeGreaterThanOrEqual(view!.y);
      expect(lit!.y + lit!.height).toBeLessThanOrEqual(view!.y + view!.height + 1);
    }
    await screen().getByTestId('cmp-before').scrollIntoViewIfNeeded();
    expect(await drawn()).toBeLessThan(120);
    await screenshot(page, 'plan-tabs-09-big');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'plan-tabs-10-big-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('labels a measured plan apart from the explained one of the same statement', async () => {
    await page.getByRole('tab', { name: 'Tabs MySQL' }).click();
    await cursorToLine(page, 1);
    await page.keyboard.press('Control+Shift+e');
    await page.getByRole('dialog').getByRole('button', { name: 'Run and explain' }).click();
    // A label holds the statement's first 60 characters.
    const cut = (t: string) => (t.length > 60 ? `${t.slice(0, 59)}…` : t);
    const labels = () =>
      planTabs().evaluateAll((ts) => ts.map((t) => t.querySelector('.tab-name')?.textContent));
    await expect
      .poll(async () => (await labels()).filter((l) => l?.startsWith('Analyze: ')), {
        timeout: 15_000,
      })
      .toEqual([`Analyze: ${cut(LOOKUP)}`]);
    expect(await labels()).toContain(cut(LOOKUP));
    // With more tabs than the strip holds, the strip scrolls; the page never gets wider.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1280);
    await screenshot(page, 'plan-tabs-11-explain-and-analyze');
  });

  it('logged no page errors', () => {
    expect(errors).toEqual([]);
  });
});
