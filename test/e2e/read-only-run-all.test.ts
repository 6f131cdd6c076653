import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { launchBrowser, newCheckedPage } from './harness/browser';
import { openEditorWith } from './harness/open-editor';
import { startWebApp, type RunningWebApp } from './harness/web-app';

const DB = `sl_ro_run_all_${Math.random().toString(36).slice(2, 8)}`;
const SCRIPT = [
  'SELECT COUNT(*) AS before_rows FROM t;',
  'DELETE FROM t WHERE id = 2;',
  'SELECT COUNT(*) AS after_rows FROM t;',
].join('\n');

/**
 * "Run all" on a read-only MariaDB connection with session init SQL: the editor splits the
 * script and sends one statement per call; the backend refuses a possible write on a read-only
 * connection unless the editor says the user confirmed it, so the confirmed script must still run.
 */
describe('Run all on a read-only connection with init SQL', () => {
  const server = testServers().mariadb;
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  const idsLeft = () =>
    withConnection(server, async (c) => {
      const [rows] = await c.query(`SELECT id FROM \`${DB}\`.t ORDER BY id`);
      return (rows as Array<{ id: number }>).map((r) => r.id);
    });

  beforeAll(async () => {
    await withConnection(server, (c) =>
      c.query(
        `CREATE DATABASE \`${DB}\`; CREATE TABLE \`${DB}\`.t (id INT PRIMARY KEY);` +
          `INSERT INTO \`${DB}\`.t VALUES (1), (2), (3)`,
      ),
    );
    app = await startWebApp();
    browser = await launchBrowser();
    ({ page, errors } = await newCheckedPage(browser));
    await openEditorWith(page, app, server, 'RO MariaDB', SCRIPT, {
      readOnly: true,
      initSql:
        "SET @sightline_e2e := 'on'; SET SESSION sql_mode = CONCAT(@@sql_mode, ',ANSI_QUOTES')",
      defaultSchema: DB,
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await withConnection(server, (c) => c.query(`DROP DATABASE IF EXISTS \`${DB}\``));
  });

  it('asks once for the write, then runs every statement of the script', async () => {
    await page.getByRole('button', { name: 'Run all' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: 10_000 });
    expect(await dialog.getByLabel('Exact operation').textContent()).toBe(
      'DELETE FROM t WHERE id = 2',
    );
    await dialog.getByRole('button', { name: 'Run anyway' }).click();
    await expect.poll(idsLeft, { timeout: 15_000 }).toEqual([1, 3]);
    const summary = page.getByTestId('result-summary');
    await expect.poll(() => summary.getAttribute('data-state'), { timeout: 15_000 }).toBe('done');
    const table = page.getByRole('table', { name: 'Rows in view' });
    await expect
      .poll(() => table.locator('th').allTextContents(), { timeout: 5000 })
      .toEqual(['after_rows']);
    // The header is drawn before the rows of the page arrive.
    await expect
      .poll(() => table.locator('td').allTextContents(), { timeout: 5000 })
      .toEqual(['2']);
  });

  it('logged no page errors', () => {
    expect(errors).toEqual([]);
  });
});
