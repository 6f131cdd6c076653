import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServers } from '../servers/provided';
import { openEditorWith } from './harness/open-editor';
import { screenshot } from './harness/browser';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { cursorToLine } from './harness/editor-text';

const SCRIPT = [
  "SELECT 1 AS one, 'NULL' AS s, NULL AS n, 18446744073709551615 AS big;",
  'SELECT SLEEP(30) AS slept;',
  'SELECT * FROM mysql.no_such_table;',
].join('\n');

describe('the SQL editor', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const servers = testServers();

  beforeAll(async () => {
    ({ app, browser, page, errors } = await openWebPage());
    // Text left in an editor before a restart comes back in the editor of that connection.
    await openEditorWith(page, app, servers.mysql, 'Editor MySQL', SCRIPT);
  });

  afterAll(() => closeWebPage(browser, app));

  it('restores the text typed before a restart', async () => {
    const lines = await page.locator('.monaco-editor .view-line').allTextContents();
    expect(lines.map((l) => l.replace(/\u00a0/g, ' '))).toEqual(SCRIPT.split('\n'));
  });

  it('runs the statement at the cursor with Ctrl+Enter and shows exact values in the grid', async () => {
    await cursorToLine(page, 1);
    await page.keyboard.press('Control+Enter');
    const summary = page.getByTestId('result-summary');
    await expect.poll(() => summary.getAttribute('data-state'), { timeout: 15_000 }).toBe('done');
    expect(await summary.textContent()).toContain('1 row');
    const header = await page.locator('[data-testid=result-grid] canvas').count();
    expect(header).toBeGreaterThan(0);
    // The canvas is mirrored for screen readers by a table of the rows in view.
    const table = page.getByRole('table', { name: 'Rows in view' });
    await expect
      .poll(() => table.locator('td').allTextContents(), { timeout: 5000 })
      .toEqual(['1', 'NULL', 'NULL', '18446744073709551615']);
    expect(await table.locator('td').nth(2).getAttribute('data-null')).toBe('true');
    expect(await table.locator('td').nth(1).getAttribute('data-null')).toBeNull();
    expect(await table.locator('th').allTextContents()).toEqual(['one', 's', 'n', 'big']);
    await screenshot(page, 'editor-01-result');
  });

  it('cancels a long statement with Esc and the session stays usable', async () => {
    await cursorToLine(page, 2);
    await page.keyboard.press('Control+Enter');
    const summary = page.getByTestId('result-summary');
    await expect
      .poll(() => summary.getAttribute('data-state'), { timeout: 10_000 })
      .toBe('running');
    await page.waitForTimeout(1200);
    expect(await page.getByTestId('elapsed').textContent()).toMatch(/^\d\.\d\d s$/);
    await screenshot(page, 'editor-02-running');
    const t0 = Date.now();
    await page.keyboard.press('Escape');
    await expect
      .poll(() => summary.getAttribute('data-state'), { timeout: 5_000 })
      .toBe('cancelled');
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(await summary.textContent()).toContain('Cancelled by user');
    await cursorToLine(page, 1);
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => summary.getAttribute('data-state'), { timeout: 10_000 }).toBe('done');
  });

  it('shows a server error with its code and marks the statement', async () => {
    await cursorToLine(page, 3);
    await page.keyboard.press('Control+Enter');
    const alert = page.locator('[data-testid=result-panel] [data-error-code]');
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.getAttribute('data-error-code')).toBe('SERVER_ERROR');
    // The message once, the number and SQLSTATE once, no internal code.
    const text = (await alert.textContent()) ?? '';
    expect(text).toContain("Table 'mysql.no_such_table' doesn't exist.");
    expect(text).toContain('Error 1146 · SQLSTATE 42S02');
    expect(text.split('1146')).toHaveLength(2);
    expect(text).not.toContain('SERVER_ERROR');
    await page.locator('.monaco-editor .squiggly-error').first().waitFor({ timeout: 5_000 });
    // This run's result replaced the earlier runs' ones.
    const results = page.getByRole('tablist', { name: 'Results' }).getByRole('tab');
    expect(await results.count()).toBe(1);
    expect(await results.first().getAttribute('title')).toBe('SELECT * FROM mysql.no_such_table');
    await screenshot(page, 'editor-03-error');
  });

  it('explains the statement at the cursor with Ctrl+E and shows the plan', async () => {
    await cursorToLine(page, 1);
    await page.keyboard.press('Control+e');
    const origin = page.getByTestId('plan-origin');
    await origin.waitFor({ timeout: 15_000 });
    expect(await origin.textContent()).toContain(
      "EXPLAIN FORMAT=JSON SELECT 1 AS one, 'NULL' AS s, NULL AS n, 18446744073709551615 AS big",
    );
    expect(await page.getByTestId('plan-dialect').textContent()).toBe('mysql-json-v2');
    await page.getByTestId('plan-diagram').waitFor();
    await screenshot(page, 'editor-04-explain');
  });

  it('logged no page errors', () => {
    expect(errors).toEqual([]);
  });
});
