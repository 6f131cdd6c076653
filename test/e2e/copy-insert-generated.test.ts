import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { openEditorWith } from './harness/open-editor';
import { screenshot } from './harness/browser';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { gridPoint, rowsInView } from './harness/result-grid';

const DB = 'sl_copy_generated_e2e';

describe('Copy as SQL INSERT of a table with generated columns', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  const servers = testServers();

  beforeAll(async () => {
    await withConnection(servers.mysql, (c) =>
      c.query(`DROP DATABASE IF EXISTS ${DB};
        CREATE DATABASE ${DB};
        CREATE TABLE ${DB}.parts (id INT PRIMARY KEY, weight FLOAT, grams DOUBLE AS (weight * 1000),
          label VARCHAR(20) AS (CONCAT('#', id)) STORED);
        INSERT INTO ${DB}.parts (id, weight) VALUES (1, 16777217), (2, 0.25);`),
    );
    ({ app, browser, page } = await openWebPage());
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: app.origin,
    });
    await openEditorWith(
      page,
      app,
      servers.mysql,
      'Generated',
      `SELECT * FROM ${DB}.parts ORDER BY id;`,
    );
  });

  afterAll(async () => {
    await closeWebPage(browser, app);
    await withConnection(servers.mysql, (c) => c.query(`DROP DATABASE IF EXISTS ${DB}`)).catch(
      () => undefined,
    );
  });

  it('leaves the generated columns out and says so, and that FLOAT arrives rounded', async () => {
    await page.locator('.monaco-editor .view-line').first().click();
    await page.keyboard.press('Control+Enter');
    const summary = page.getByTestId('result-summary');
    await expect.poll(() => summary.getAttribute('data-state'), { timeout: 15_000 }).toBe('done');
    await expect.poll(() => rowsInView(page).then((r) => r.length), { timeout: 5000 }).toBe(2);
    const from = await gridPoint(page, 0, 0);
    const to = await gridPoint(page, 3, 1);
    await page.mouse.click(from.x, from.y);
    await page.keyboard.down('Shift');
    await page.mouse.click(to.x, to.y);
    await page.keyboard.up('Shift');
    await page.waitForTimeout(150);
    await page.getByRole('button', { name: 'Copy as', exact: true }).click();
    await page.getByRole('menuitem', { name: /Copy as SQL INSERT/ }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(
        [
          `INSERT INTO \`${DB}\`.\`parts\` (\`id\`, \`weight\`) VALUES (1, 16777200);`,
          `INSERT INTO \`${DB}\`.\`parts\` (\`id\`, \`weight\`) VALUES (2, 0.25);`,
        ].join('\n'),
      );
    expect(await page.getByTestId('copy-note').textContent()).toBe(
      'Copied 2 rows × 4 columns as SQL INSERT. Left out the generated columns `grams` and `label`: the server computes them. FLOAT `weight` is copied as the server sends FLOAT, rounded to 6 significant digits, which may differ from what is stored: select CAST(weight AS DOUBLE) to copy every digit.',
    );
    await screenshot(page, 'copy-insert-generated-01-note');
  });
});
