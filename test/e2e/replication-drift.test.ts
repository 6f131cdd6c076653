import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTo, queryRow, withConnection } from '../servers/connect';
import { useTopology } from '../servers/dedicated-servers';
import type { RunningServer } from '../servers/instance';
import { waitForCatchUp } from '../servers/replication';
import { launchBrowser, newCheckedPage, screenshot } from './harness/browser';
import { openToolWith, saveConnectionTo } from './harness/open-tool';
import { startWebApp, type RunningWebApp } from './harness/web-app';

// The data drift section on a real MySQL 9.7 source whose replica had a row changed and one
// deleted behind replication's back: the table list checked as typed, the consent asked, the
// rows found, the fix reviewed in the confirmation dialog, run on the replica, and found equal.

const topology = useTopology('mysql', 1);

describe('the data drift section of the replication screen', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let replica: RunningServer;

  beforeAll(async () => {
    const t = topology();
    replica = t.replicas[0]!;
    await withConnection(t.source, async (c) => {
      await c.query('CREATE DATABASE shop');
      await c.query('CREATE TABLE shop.orders (id INT PRIMARY KEY, status VARCHAR(20) NOT NULL)');
      await c.query('CREATE TABLE shop.audit (at DATETIME)');
      const rows = Array.from({ length: 300 }, (_, i) => [i + 1, i % 3 ? 'paid' : 'new']);
      await c.query('INSERT INTO shop.orders VALUES ?', [rows]);
    });
    await waitForCatchUp(t.source, replica);
    await withConnection(replica, async (c) => {
      await c.query('SET SESSION sql_log_bin = 0');
      await c.query("UPDATE shop.orders SET status = 'lost' WHERE id = 42");
      await c.query('DELETE FROM shop.orders WHERE id = 250');
    });
    app = await startWebApp();
    browser = await launchBrowser();
    ({ page, errors } = await newCheckedPage(browser));
    await saveConnectionTo(app, replica, 'Replica 1', { color: 'green' });
    await openToolWith(page, app, t.source, 'Source', 'replication');
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('checks the table list and asks before holding the applier', async () => {
    const section = page.locator('section[aria-label="Data drift"]');
    await section.waitFor();
    await section.locator('select').selectOption({ label: 'Replica 1' });
    await section.locator('textarea').fill('shop.orders\norders');
    expect(await section.locator('.drift-tables .field-error').textContent()).toBe(
      '⚠ Line 2: “orders” is not schema.table (write `my schema`.`my table` for names with spaces or dots).',
    );
    const compare = section.getByRole('button', { name: 'Compare' });
    expect(await compare.isDisabled()).toBe(true);
    await section.locator('textarea').fill('shop.orders\nshop.audit');
    expect(await compare.isDisabled()).toBe(true);
    await section.locator('.drift-consent input').check();
    expect(await compare.isDisabled()).toBe(false);
  });

  it('finds the changed and the missing row, and says why a table was not compared', async () => {
    const section = page.locator('section[aria-label="Data drift"]');
    await section.getByLabel('Rows per chunk').fill('100');
    await section.getByRole('button', { name: 'Compare' }).click();
    const orders = section.locator('[data-drift-table="shop.orders"]');
    await orders.waitFor({ timeout: 30_000 });
    await section.locator('[data-drift-table="shop.audit"]').waitFor();
    expect(await orders.locator('.drift-table-head .rp-muted').textContent()).toMatch(
      /^2 rows differ, in 2 of 4 chunks · applier held \d+ ms$/,
    );
    expect(
      await orders
        .locator('tbody tr')
        .evaluateAll((rows) =>
          rows.map((r) => `${r.getAttribute('data-drift-kind')}: ${r.textContent}`),
        ),
    ).toEqual(['changed: 42different values: status', 'missing: 250missing on the replica']);
    expect(
      await section.locator('[data-drift-table="shop.audit"] .rs-detail').textContent(),
    ).toMatch(/^No primary key/);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'replication-drift');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'replication-drift-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('shows a fix that waits for the table, and Cancel stops it', async () => {
    const section = page.locator('section[aria-label="Data drift"]');
    const orders = section.locator('[data-drift-table="shop.orders"]');
    // Another session holds the replica's table: the fix's UPDATE waits for it.
    const locker = await connectTo(replica);
    try {
      await locker.query('LOCK TABLES shop.orders WRITE');
      await orders.getByRole('button', { name: 'Review the fix on Replica 1' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Run on the replica' }).click();
      const running = orders.getByTestId('drift-fix-running');
      await running.waitFor();
      expect(await running.locator('strong').textContent()).toBe('Fixing shop.orders on Replica 1');
      await expect
        .poll(() => running.getByTestId('drift-fix-elapsed').textContent(), { timeout: 20_000 })
        .toMatch(/^[1-9]\.\d\d s$/);
      await orders.scrollIntoViewIfNeeded();
      await screenshot(page, 'replication-drift-fix-waiting');
      await running.getByRole('button', { name: 'Cancel' }).click();
      const cancelled = orders.getByTestId('drift-fix-cancelled');
      await cancelled.waitFor({ timeout: 10_000 });
      expect(await cancelled.textContent()).toBe(
        'ℹStopped by user after 0 of 2 statements: each commits on its own, so the rows they repaired stay repaired. Compare again to see what is left.',
      );
      expect(await running.count()).toBe(0);
      await screenshot(page, 'replication-drift-fix-cancelled');
    } finally {
      await locker.query('UNLOCK TABLES');
      await locker.end();
    }
    // Nothing was changed: the fix stopped in its first row statement.
    const row = await withConnection(replica, (c) =>
      queryRow(
        c,
        'SELECT (SELECT status FROM shop.orders WHERE id = 42) AS s, COUNT(*) AS n FROM shop.orders',
      ),
    );
    expect(row).toEqual({ s: 'lost', n: 299 });
  });

  it('runs the fix on the replica only after its exact SQL is confirmed', async () => {
    const section = page.locator('section[aria-label="Data drift"]');
    const orders = section.locator('[data-drift-table="shop.orders"]');
    await orders.getByRole('button', { name: 'Review the fix on Replica 1' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.locator('.confirm-detail').textContent()).toBe(
      [
        'SET SESSION sql_log_bin = 0',
        // Only while the replica's row is as compared ('lost'): a newer write is not set back.
        "UPDATE `shop`.`orders` SET `status` = _utf8mb4 X'70616964' WHERE `id` = 42 AND CAST(`status` AS BINARY) = X'6C6F7374' LIMIT 1",
        "INSERT INTO `shop`.`orders` (`id`, `status`) VALUES (250, _utf8mb4 X'6E6577');",
      ].join(';\n'),
    );
    await screenshot(page, 'replication-drift-confirm');
    await dialog.getByRole('button', { name: 'Run on the replica' }).click();
    await orders.locator('.notice').filter({ hasText: 'Ran 3 statements on Replica 1' }).waitFor();
    expect(await orders.getByTestId('drift-fix-skipped').count()).toBe(0);
    const row = await withConnection(replica, (c) =>
      queryRow(
        c,
        'SELECT (SELECT status FROM shop.orders WHERE id = 42) AS s, COUNT(*) AS n FROM shop.orders',
      ),
    );
    expect(row).toEqual({ s: 'paid', n: 300 });
    expect(errors).toEqual([]);
  });
});
