import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { useDedicatedServer } from '../servers/dedicated-servers';
import { screenshot } from './harness/browser';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { saveConnectionTo } from './harness/open-tool';
import { openApp } from './harness/open-app';

const DB = `sl_flip_e2e_${Math.random().toString(36).slice(2, 7)}`;
const RANGE_SQL = 'SELECT * FROM orders WHERE total BETWEEN 100 AND 105';

describe('tuning: background explains and the plan-flip flag (MySQL 9.7)', () => {
  // A server of its own: which statements rank in a background run's top 50 must not depend on
  // what the rest of the suite runs on a shared server meanwhile.
  const server = useDedicatedServer('mysql', { name: 'e2e-flips' });
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  /** Runs the application's range query `n` times, as the application would. */
  const workload = (n: number) =>
    withConnection(server(), async (c) => {
      await c.query(`USE ${DB}`);
      for (let i = 0; i < n; i++) await c.query(RANGE_SQL);
    });

  const tuning = (): Locator => page.locator('.tool-page:not([hidden])');
  const status = () => tuning().getByTestId('tune-background-status');

  /** Presses "Run now" and waits for the run it starts to be reported. */
  async function runNow(): Promise<void> {
    const before = await status().getAttribute('data-last-run');
    await tuning().getByRole('button', { name: 'Run now' }).click();
    await expect
      .poll(async () => {
        const now = await status().getAttribute('data-last-run');
        return (
          now !== before && now !== '' && /last run/.test((await status().textContent()) ?? '')
        );
      })
      .toBe(true);
  }

  beforeAll(async () => {
    await withConnection(server(), async (c) => {
      await c.query(`CREATE DATABASE ${DB}`);
      await c.query(`USE ${DB}`);
      await c.query(
        'CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT NOT NULL, total DECIMAL(10,2) NOT NULL)',
      );
      const values = Array.from({ length: 3000 }, (_, i) => `(${i}, ${i % 40}, ${i})`);
      await c.query(`INSERT INTO orders VALUES ${values.join(',')}`);
      await c.query('ANALYZE TABLE orders');
    });
    await workload(5);
    ({ app, browser, page, errors } = await openWebPage());
    await saveConnectionTo(app, server(), 'flips-mysql', { color: 'teal' });
    await openApp(page, app);
  });
  afterAll(async () => {
    await closeWebPage(browser, app);
    await withConnection(server(), (c) => c.query(`DROP DATABASE IF EXISTS ${DB}`));
  });

  it('is off until turned on, then says when it runs next', async () => {
    await page.locator('[data-connection-name="flips-mysql"]').click();
    await page.locator('[data-tool-button="tuning"]').click();
    await tuning().getByLabel('Schema filter').selectOption(DB);
    await tuning().getByTestId('tune-row').first().waitFor();
    expect(await status().textContent()).toBe('Off');
    await tuning().getByLabel('Statements per background run').selectOption('50');
    await tuning().getByLabel('Background explain interval').selectOption('60');
    await tuning().getByLabel('Explain top statements in the background').click();
    await expect
      .poll(() => status().textContent())
      .toMatch(/^On · not run yet · next \d\d:\d\d UTC$/);
    await screenshot(page, 'tuning-flips-01-schedule-on');
  });

  it('explains the top statements in the background and says what it skipped', async () => {
    await runNow();
    expect(await status().textContent()).toMatch(
      /^On · last run \d\d:\d\d UTC: explained \d+ of the top \d+ · \d+ skipped: .*· next \d\d:\d\d UTC$/,
    );
  });

  it('flags the statement whose plan an index changed, and opens the compare in one click', async () => {
    await workload(5);
    await runNow();
    await withConnection(server(), (c) => c.query(`CREATE INDEX ix_total ON ${DB}.orders (total)`));
    await runNow();
    await workload(5);
    await runNow();
    await tuning().getByRole('button', { name: 'Refresh' }).click();
    const row = tuning()
      .getByTestId('tune-row')
      .filter({ hasText: /^SELECT \* FROM `orders` WHERE `total` BETWEEN/ });
    const flag = row.getByTestId('tune-flip');
    await flag.waitFor();
    expect(await flag.textContent()).toMatch(
      /^⚠ plan changed \d\d:\d\d UTC, avg latency [\d.]+ (µs|ms) → [\d.]+ (µs|ms)$/,
    );
    // Only the statement whose plan changed is flagged.
    expect(await tuning().getByTestId('tune-flip').count()).toBe(1);
    await screenshot(page, 'tuning-flips-02-flag');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'tuning-flips-02-flag-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await flag.click();
    const changes = page.getByTestId('cmp-changes');
    await changes.waitFor();
    const orders = changes.locator('tr', { hasText: 'table orders' });
    expect(await orders.locator('td').nth(2).textContent()).toBe('full scan');
    expect(await orders.locator('td').nth(3).textContent()).toBe('range · ix_total');
    await screenshot(page, 'tuning-flips-03-compare');
    expect(errors).toEqual([]);
  });

  it('shows the flag’s compare tab again, and the explained statement’s plan finds its earlier plans', async () => {
    const compareTabs = page.locator('[role=tab][data-compare-tab]');
    expect(await compareTabs.count()).toBe(1);
    // The same flip again: its compare tab comes to the front, no second one opens.
    await page.locator('[role=tab][data-tool="tuning"]').click();
    await tuning().getByTestId('tune-flip').click();
    await expect.poll(() => compareTabs.first().getAttribute('aria-selected')).toBe('true');
    expect(await compareTabs.count()).toBe(1);
    expect(await compareTabs.first().getAttribute('title')).toMatch(
      /^Compare · Plan changed \d{4}-\d\d-\d\d \d\d:\d\d UTC · \d\d:\d\d:\d\d$/,
    );

    // Explained from its row, the plan tab knows its statement (and digest): "Compare with…"
    // lists the plans the background runs kept of it.
    await page.locator('[role=tab][data-tool="tuning"]').click();
    await tuning()
      .getByTestId('tune-row')
      .filter({ hasText: /^SELECT \* FROM `orders` WHERE `total` BETWEEN/ })
      .click();
    const detail = tuning().getByTestId('tune-detail');
    await detail.getByRole('button', { name: 'Explain', exact: true }).click();
    await detail.getByRole('button', { name: 'Open plan', exact: true }).click();
    const planPage = page.locator('.tab-page:not([hidden])');
    await planPage.getByRole('button', { name: 'Compare with…' }).click();
    await expect.poll(() => compareTabs.count()).toBe(2);
    const earlier = page
      .getByRole('region', { name: 'Compare plans' })
      .getByTestId('cmp-pick-earlier')
      .locator('li');
    await expect.poll(() => earlier.count(), { timeout: 10_000 }).toBeGreaterThan(1);
    expect(await earlier.first().textContent()).toContain('flips-mysql');
    await screenshot(page, 'tuning-flips-03b-earlier-of-explained');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'tuning-flips-03b-earlier-of-explained-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(errors).toEqual([]);
  });

  it('does not run on a production connection until allowed there', async () => {
    await saveConnectionTo(app, server(), 'prod-flips', { color: 'red', production: true });
    await page.reload();
    await page.locator('[data-connection-name="prod-flips"]').click();
    await page.locator('[data-tool-button="tuning"]').click();
    await tuning().getByLabel('Explain top statements in the background').click();
    await expect.poll(() => status().textContent()).toBe('Not running');
    expect(await tuning().getByTestId('tune-background-blocked').textContent()).toBe(
      '“prod-flips” is marked production: background explains run there only when allowed for this connection.',
    );
    expect(await tuning().getByRole('button', { name: 'Run now' }).isDisabled()).toBe(true);
    const allow = tuning().getByLabel('Allow on this production connection');
    expect(await allow.isChecked()).toBe(false);
    await screenshot(page, 'tuning-flips-04-production');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'tuning-flips-04-production-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    // Allowing it asks for the connection's name, typed.
    await allow.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('textbox').fill('prod-flips');
    await dialog.getByRole('button', { name: 'Allow background explains' }).click();
    await expect.poll(() => status().textContent()).toMatch(/^On · not run yet · next/);
    expect(errors).toEqual([]);
  });
});
