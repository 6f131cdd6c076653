import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTo, withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { screenshot } from './harness/browser';
import { saveConnectionTo } from './harness/open-tool';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { openApp } from './harness/open-app';

// Trying an index while another session keeps a transaction open on the table: building the
// index waits for the table (up to the experiment's 10 s), and the screen shows how long, with
// Cancel, which stops it on the server; the table ends as it began.

const DB = `sl_tune_cancel_${Math.random().toString(36).slice(2, 7)}`;
const SQL = 'SELECT * FROM items WHERE qty = 7';

describe('cancelling an index experiment (MySQL 9.7, scratch)', () => {
  const server = testServers().mysql;
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  const indexes = () =>
    withConnection(server, async (c) => {
      const [rows] = await c.query(
        `SELECT INDEX_NAME FROM information_schema.STATISTICS
         WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'items' ORDER BY INDEX_NAME`,
        [DB],
      );
      return (rows as Array<Record<string, string>>).map((r) => r.INDEX_NAME);
    });

  beforeAll(async () => {
    await withConnection(server, async (c) => {
      await c.query(`CREATE DATABASE ${DB}`);
      await c.query(`USE ${DB}`);
      await c.query('CREATE TABLE items (id INT PRIMARY KEY, qty INT NOT NULL, note VARCHAR(20))');
      await c.query(
        `INSERT INTO items VALUES ${Array.from({ length: 2000 }, (_, i) => `(${i}, ${i % 100}, 'n')`).join(',')}`,
      );
      await c.query('ANALYZE TABLE items');
      for (let i = 0; i < 5; i++) await c.query(SQL);
    });
    ({ app, browser, page, errors } = await openWebPage());
    await saveConnectionTo(app, server, 'scratch-cancel', {
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

  it('shows how long building the index has waited, and Cancel stops it', async () => {
    expect(await indexes()).toEqual(['PRIMARY']);
    await page.locator('[data-connection-name="scratch-cancel"]').click();
    await page.locator('[data-tool-button="tuning"]').click();
    await page.getByLabel('Schema filter').selectOption(DB);
    const row = page.getByTestId('tune-row').filter({ hasText: '`qty` = ?' });
    await row.waitFor();
    await row.click();
    await page.getByRole('button', { name: 'Explain', exact: true }).click();
    const candidate = page.getByTestId('tune-candidate');
    await candidate.waitFor();
    // A transaction open on the table: building the index waits for it.
    const holder = await connectTo(server);
    try {
      await holder.query('START TRANSACTION');
      await holder.query(`SELECT COUNT(*) FROM ${DB}.items`);
      await page.getByRole('button', { name: 'Try it (before/after)' }).click();
      await page.getByRole('button', { name: 'Create, explain, drop' }).click();
      const running = candidate.getByTestId('experiment-running');
      await running.waitFor();
      expect(await running.locator('strong').textContent()).toBe('Trying sl_try_items_qty');
      await expect
        .poll(() => running.getByTestId('experiment-elapsed').textContent(), { timeout: 8000 })
        .toMatch(/^[1-9]\.\d\d s$/);
      await screenshot(page, 'tuning-experiment-cancel-01-waiting');
      await running.getByRole('button', { name: 'Cancel' }).click();
      const cancelled = page.getByTestId('action-cancelled');
      await cancelled.waitFor({ timeout: 8000 });
      expect(await cancelled.textContent()).toBe(
        'ℹCancelled by user (KILL QUERY): sl_try_items_qty was not built, and the table is as it was.',
      );
      expect(await running.count()).toBe(0);
      await screenshot(page, 'tuning-experiment-cancel-02-cancelled');
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
    expect(await indexes()).toEqual(['PRIMARY']);
    // The wait ended on the server too: nothing of the experiment is left running.
    const [left] = await withConnection(server, (c) =>
      c.query(
        "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO LIKE '%sl_try_items_qty%' AND INFO NOT LIKE '%PROCESSLIST%'",
      ),
    );
    expect((left as Array<{ n: number }>)[0]!.n).toBe(0);
    expect(errors).toEqual([]);
  });
});
