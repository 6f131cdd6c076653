import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { screenshot } from './harness/browser';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { saveConnectionTo } from './harness/open-tool';
import { appTabs } from './harness/tab-strip';
import { openApp } from './harness/open-app';

const DB = `sl_tune_e2e_${Math.random().toString(36).slice(2, 7)}`;
const RANGE_SQL = 'SELECT * FROM orders WHERE total BETWEEN 100 AND 105';

describe('tuning: from the top statements to explain to compare (MySQL 9.7, scratch)', () => {
  const server = testServers().mysql;
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    await withConnection(server, async (c) => {
      await c.query(`CREATE DATABASE ${DB}`);
      await c.query(`USE ${DB}`);
      await c.query(
        'CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT NOT NULL, total DECIMAL(10,2) NOT NULL, KEY cust (customer_id), KEY cust_dup (customer_id))',
      );
      await c.query('CREATE TABLE audit (a INT, b INT)');
      const values = Array.from({ length: 3000 }, (_, i) => `(${i}, ${i % 40}, ${i})`);
      await c.query(`INSERT INTO orders VALUES ${values.join(',')}`);
      await c.query('ANALYZE TABLE orders');
      for (let i = 0; i < 5; i++) await c.query(RANGE_SQL);
    });
    ({ app, browser, page, errors } = await openWebPage());
    await saveConnectionTo(app, server, 'scratch-mysql', {
      color: 'teal',
      scratch: true,
      tls: { mode: 'required' },
    });
    await page.setViewportSize({ width: 1500, height: 900 });
    await openApp(page, app);
  });
  afterAll(async () => {
    await closeWebPage(browser, app);
    await withConnection(server, (c) => c.query(`DROP DATABASE IF EXISTS ${DB}`));
  });

  // Each compare opens a tab of its own; the ones behind stay mounted, hidden.
  const cmp = () => page.getByRole('region', { name: 'Compare plans' });

  it('lists the workload’s full scan with its counts and its example statement', async () => {
    await page.locator('[data-connection-name="scratch-mysql"]').click();
    await page.locator('[data-tool-button="tuning"]').click();
    await page.getByLabel('Schema filter').selectOption(DB);
    const row = page.getByTestId('tune-row').filter({ hasText: 'BETWEEN' });
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    // Statement, total, avg, calls, examined, sent, ratio, full scans, ...
    expect(cells[3]).toBe('5');
    expect(cells[4]).toBe('15 k');
    expect(cells[5]).toBe('30');
    expect(cells[6]).toBe('⚠ 500');
    expect(cells[7]).toBe('5');
    await row.click();
    expect(await page.getByTestId('tune-sample').textContent()).toBe(RANGE_SQL);
    // The digest table's other columns, kept and shown on demand: 5 full scans.
    const extra = page.getByTestId('tune-extra');
    await extra.locator('summary').click();
    const scans = extra.locator('tr').filter({ hasText: 'SUM_SELECT_SCAN' });
    expect(await scans.locator('td').textContent()).toBe('5');
    await screenshot(page, 'tuning-01b-extra');
    await extra.locator('summary').click();
    await screenshot(page, 'tuning-01-top');
  });

  it('explains the example in one click and proposes the index', async () => {
    await page.getByRole('button', { name: 'Explain', exact: true }).click();
    const candidate = page.getByTestId('tune-candidate');
    await candidate.waitFor();
    expect(await candidate.count()).toBe(1);
    expect(await candidate.locator('code').textContent()).toBe(
      `ALTER TABLE \`${DB}\`.\`orders\` ADD INDEX \`idx_orders_total\` (\`total\`)`,
    );
    await screenshot(page, 'tuning-02-explain');
  });

  it('tries it after showing the exact SQL, and opens the before/after compare', async () => {
    await page.getByRole('button', { name: 'Try it (before/after)' }).click();
    const detail = page.getByLabel('Exact operation');
    await detail.waitFor();
    const sql = await detail.textContent();
    expect(sql).toContain(
      `CREATE INDEX \`sl_try_orders_total\` ON \`${DB}\`.\`orders\` (\`total\`) INVISIBLE;`,
    );
    expect(sql).toContain(`DROP INDEX \`sl_try_orders_total\` ON \`${DB}\`.\`orders\`;`);
    await screenshot(page, 'tuning-03-confirm');
    await page.getByRole('button', { name: 'Create, explain, drop' }).click();
    const changes = page.getByTestId('cmp-changes');
    await changes.waitFor({ timeout: 30_000 });
    const orders = changes.locator('tr', { hasText: 'table orders' });
    expect(await orders.locator('td').nth(1).textContent()).toBe('access, key, rows');
    expect(await orders.locator('td').nth(2).textContent()).toBe('full scan');
    expect(await orders.locator('td').nth(3).textContent()).toBe('range · sl_try_orders_total');
    expect(await page.getByTestId('cmp-scans-delta').textContent()).toBe('▼ −1');
    await screenshot(page, 'tuning-04-compare');
  });

  it('compares an earlier plan of the statement with today’s', async () => {
    await page.locator('[data-tool="tuning"]').click();
    await page.getByRole('button', { name: 'Explain', exact: true }).click();
    const compare = page.getByRole('button', { name: 'Compare with today' });
    await compare.waitFor();
    expect(await compare.count()).toBe(1);
    await compare.click();
    const summary = cmp().getByTestId('cmp-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toBe(
      'No change: same join order, access, indexes, operations, conditions and rows.',
    );
    expect(await cmp().getByTestId('cmp-changes').count()).toBe(0);
    await screenshot(page, 'tuning-06-earlier');
  });

  it('compares the plan screen’s plan with a second one chosen there', async () => {
    await page.locator('[data-tool="tuning"]').click();
    await page.getByRole('button', { name: 'Open plan' }).click();
    await page.getByRole('button', { name: 'Compare with…' }).click();
    const pick = cmp().getByTestId('cmp-pick');
    await pick.waitFor();
    await pick.getByLabel('Sample plan to compare with').selectOption('full-scan-mysql-tree.txt');
    const changes = cmp().getByTestId('cmp-changes');
    await changes.waitFor();
    expect(await cmp().getByTestId('cmp-before').locator('li').first().textContent()).toContain(
      'Filter: (orders.total between 100 and 105)',
    );
    const cell = (key: string) =>
      changes.locator('tr', { has: page.locator('td.mono', { hasText: key }) }).locator('td');
    // The sample read 50,297 rows of orders and sorted them; this server's copy has 3,000.
    expect(await cell('table orders').nth(1).textContent()).toBe('rows');
    expect(await cell('table orders').nth(4).textContent()).toBe('▲ +47 k');
    expect(await cell('sort').nth(1).textContent()).toBe('only after');
    await screenshot(page, 'tuning-07-plan-compare');
  });

  it('on a connection not marked scratch only shows the DDL, and says why', async () => {
    await saveConnectionTo(app, server, 'prod-mysql', {
      color: 'red',
      production: true,
      tls: { mode: 'required' },
    });
    await page.reload();
    await page.locator('[data-connection-name="prod-mysql"]').click();
    await page.locator('[data-tool-button="tuning"]').click();
    const tuning = page.locator('.tool-page:not([hidden])');
    await tuning.getByLabel('Schema filter').selectOption(DB);
    // The EXPLAINs made so far are statements too: the workload's row is the bare SELECT.
    await tuning
      .getByTestId('tune-row')
      .filter({ hasText: /^SELECT \* FROM `orders` WHERE `total` BETWEEN/ })
      .click();
    await tuning.getByRole('button', { name: 'Explain', exact: true }).click();
    await tuning.getByTestId('tune-candidate').waitFor();
    expect(await tuning.getByTestId('tune-not-scratch').textContent()).toMatch(
      /^“prod-mysql” is not marked as a scratch server, so Sightline only shows the DDL/,
    );
    expect(await tuning.getByRole('button', { name: 'Try it (before/after)' }).count()).toBe(0);
    await screenshot(page, 'tuning-06b-not-scratch');
  });

  it('lists the table without a primary key and the duplicate index in schema health', async () => {
    await page.locator('[data-tool="tuning"]').first().click();
    await page.getByRole('tab', { name: 'Schema health' }).click();
    await page.getByLabel('Schema to check').selectOption(DB);
    const findings = page.getByTestId('tune-findings');
    await findings.locator('li').first().waitFor();
    const titles = await findings.locator('strong').allTextContents();
    expect(titles).toContain('audit has no primary key');
    expect(titles).toContain('orders.cust_dup duplicates cust');
    await screenshot(page, 'tuning-05-health');
    expect(errors).toEqual([]);
  });

  it('opens a fix in a new editor tab, not run, and leaves the tuning tab as it was', async () => {
    const tabs = appTabs(page);
    const before = await tabs.count();
    const finding = page
      .locator('.tool-page:not([hidden])')
      .getByTestId('tune-findings')
      .locator('li', { hasText: 'orders.cust_dup duplicates cust' });
    const fix = (await finding.locator('code').textContent()) ?? '';
    expect(fix).toContain('DROP INDEX');
    await finding.getByRole('button', { name: 'Open fix in editor' }).click();
    await expect.poll(() => tabs.count(), { timeout: 20_000 }).toBe(before + 1);
    const editor = page.locator('[role=tabpanel]:not([hidden])');
    await expect
      .poll(async () =>
        (await editor.locator('.monaco-editor .view-line').allTextContents())
          .join('\n')
          .replace(/\u00a0/g, ' '),
      )
      .toContain(fix);
    // A destructive statement is never run unasked: no result, and the index is still there.
    expect(await editor.getByTestId('result-summary').count()).toBe(0);
    const [rows] = await withConnection(server, (c) =>
      c.query(`SHOW INDEX FROM ${DB}.orders WHERE Key_name = 'cust_dup'`),
    );
    expect((rows as unknown[]).length).toBeGreaterThan(0);
    await screenshot(page, 'tuning-06-fix-in-new-editor');
    await page.keyboard.press('Control+W');
    await expect.poll(() => tabs.count()).toBe(before);
  });

  it('shows what ran in the last 10 minutes, saying the screen has not been open that long', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // The tuning tab on prod-mysql (the page was reloaded for it), filtered to the schema.
    await page.locator('[data-tool="tuning"]').first().click();
    const tuning = page.locator('.tool-page:not([hidden])');
    await tuning.getByRole('tab', { name: 'Top statements' }).click();
    await tuning.getByLabel('Time window').selectOption('last-10m');
    const note = tuning.getByTestId('tune-window-short').locator('.notice-message');
    await note.waitFor();
    // The window starts at the screen's first snapshot, when the tab was opened.
    expect(await note.textContent()).toMatch(
      /^Window is (\d+ min )?\d+ s: the screen has been open that long\.$/,
    );
    expect(await tuning.getByTestId('tune-window').textContent()).toMatch(
      /^Window: last 10 min \(since \d\d:\d\d:\d\d UTC\)$/,
    );
    await withConnection(server, async (c) => {
      await c.query(`USE ${DB}`);
      for (let i = 0; i < 3; i++)
        await c.query('SELECT COUNT(*) FROM orders WHERE customer_id = 7');
    });
    await tuning.getByRole('button', { name: 'Refresh', exact: true }).click();
    const row = tuning
      .getByTestId('tune-row')
      .filter({ hasText: /^SELECT COUNT \( \* \) FROM `orders` WHERE `customer_id` = \?/ });
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    // Statement, total, avg, calls, examined, sent: 3 calls of 75 rows each.
    expect(cells.slice(3, 6)).toEqual(['3', '225', '3']);
    await screenshot(page, 'tuning-08-last-10-min');
    await page.setViewportSize({ width: 1500, height: 900 });
    expect(errors).toEqual([]);
  });
});
