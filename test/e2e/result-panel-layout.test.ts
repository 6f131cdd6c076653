import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { screenshot } from './harness/browser';
import { openEditorWith } from './harness/open-editor';
import { gridPoint, rowsInView } from './harness/result-grid';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';

const DB = 'sl_result_panel_e2e';

// Line 1: a 3-row result with a key; line 2: a server error; lines 3-9: a script whose result
// tabs cannot all fit beside the history panel at 1280 px.
const SCRIPT = [
  `SELECT id, name, note FROM ${DB}.items ORDER BY id;`,
  `SELECT nope FROM ${DB}.no_such_table;`,
  ...Array.from(
    { length: 7 },
    (_, i) => `SELECT ${i + 1} AS n, 'a long enough label for statement ${i + 1}' AS label;`,
  ),
].join('\n');

/** Puts the cursor at the end of line `n` of the Monaco editor (by keys: it may be scrolled). */
async function cursorToLine(page: Page, n: number): Promise<void> {
  await page.locator('.monaco-editor .view-line').first().click();
  await page.keyboard.press('Control+Home');
  for (let i = 1; i < n; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
}

describe('the result panel at 1280x800: grid, error box, run log, result tabs', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const servers = testServers();
  const panel = () => page.getByTestId('result-panel');
  const resultTabs = () => panel().getByRole('tablist', { name: 'Results' }).getByRole('tab');

  async function runLine(n: number): Promise<void> {
    await cursorToLine(page, n);
    await page.keyboard.press('Control+Enter');
    await expect
      .poll(() => page.getByTestId('result-summary').getAttribute('data-state'), {
        timeout: 15_000,
      })
      .not.toBe('running');
  }

  beforeAll(async () => {
    await withConnection(servers.mysql, (c) =>
      c.query(`DROP DATABASE IF EXISTS ${DB};
        CREATE DATABASE ${DB};
        CREATE TABLE ${DB}.items (id INT PRIMARY KEY, name VARCHAR(80) NOT NULL,
          note VARCHAR(40) NULL) DEFAULT CHARSET utf8mb4;
        INSERT INTO ${DB}.items VALUES (1, 'alpha', NULL), (2, 'beta', 'b'), (3, 'gamma', 'c');`),
    );
    ({ app, browser, page, errors } = await openWebPage());
    await openEditorWith(page, app, servers.mysql, 'Result panel', SCRIPT);
  });

  afterAll(async () => {
    await closeWebPage(browser, app);
    await withConnection(servers.mysql, (c) => c.query(`DROP DATABASE IF EXISTS ${DB}`)).catch(
      () => undefined,
    );
  });

  it('draws no empty band under the last row of a short result', async () => {
    await runLine(1);
    const canvas = page.getByTestId('result-grid').locator('canvas').first();
    // Header (30) and three rows (26 each); the columns fit, so no scrollbar room either.
    await expect.poll(async () => (await canvas.boundingBox())?.height).toBe(30 + 3 * 26);
  });

  it("shows a server error's message once, its number and SQLSTATE once, no internal code", async () => {
    await runLine(2);
    const box = panel().locator('[data-error-code]');
    await box.waitFor({ timeout: 10_000 });
    const text = (await box.textContent()) ?? '';
    expect(text).toContain(`Table '${DB}.no_such_table' doesn't exist.`);
    expect(text).toContain('Error 1146 · SQLSTATE 42S02');
    expect(text.split('1146')).toHaveLength(2);
    expect(text.split('42S02')).toHaveLength(2);
    expect(text).not.toContain('SERVER_ERROR');
  });

  it('keeps the editor toolbar on one line with the history open', async () => {
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await page.locator('.history-panel').waitFor();
    const toolbar = page.locator('.editor-toolbar');
    const metrics = await toolbar.evaluate((el) => {
      const shown = Array.from(el.children as HTMLCollectionOf<HTMLElement>)
        .map((c) => c.getBoundingClientRect())
        .filter((r) => r.height > 0);
      return {
        // On one line every item overlaps every other vertically.
        lowestTop: Math.max(...shown.map((r) => r.top)),
        highestBottom: Math.min(...shown.map((r) => r.bottom)),
        overflow: el.scrollWidth - el.clientWidth,
      };
    });
    expect(metrics.lowestTop).toBeLessThan(metrics.highestBottom);
    expect(metrics.overflow).toBeLessThanOrEqual(0);
    // What did not fit is one menu away.
    await page.getByRole('button', { name: 'More editor actions' }).click();
    expect(
      await page
        .getByRole('menu', { name: 'More editor actions' })
        .getByRole('menuitem')
        .allTextContents(),
    ).toEqual(['\u2003 Continue on error', 'Open .sql file…', 'Save as .sql file…']);
    await page.keyboard.press('Escape');
  });

  it('lists a script in the run log with the error readable whole', async () => {
    await page.locator('.monaco-editor .view-line').first().click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+Shift+Enter');
    const log = page.getByTestId('run-log');
    await expect
      .poll(() => log.getByTestId('run-log-summary').textContent(), { timeout: 20_000 })
      .toBe('9 statements: 1 done, 1 failed, 7 not run · stopped at the error');
    const failed = log.locator('tbody tr').nth(1).locator('.run-log-outcome');
    expect(await failed.textContent()).toBe(
      `✖ Error 1146: Table '${DB}.no_such_table' doesn't exist.`,
    );
    // Wrapped rather than cut: all of it is in view.
    expect(await failed.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await screenshot(page, 'result-panel-01-run-log-history');
  });

  it('replaces the last run’s result tabs with a new run’s, and scrolls a full strip', async () => {
    await page.getByRole('button', { name: 'More editor actions' }).click();
    await page.getByRole('menuitem', { name: /Continue on error/ }).click();
    await page.locator('.monaco-editor .view-line').first().click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+Shift+Enter');
    await expect
      .poll(() => page.getByTestId('run-log-summary').textContent(), { timeout: 20_000 })
      .toBe('9 statements: 8 done, 1 failed');
    // One tab per statement of this run: the two of the run before are gone.
    expect(await resultTabs().count()).toBe(9);
    const strip = panel().getByRole('tablist', { name: 'Results' });
    expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // Every tab can be reached from the strip's menu, and comes into view when picked.
    await panel().getByRole('button', { name: 'All tabs' }).click();
    const menu = page.getByRole('menu', { name: 'All tabs' });
    expect(await menu.getByRole('menuitem').count()).toBe(9);
    await menu.getByRole('menuitem').nth(0).click();
    const first = resultTabs().nth(0);
    await expect.poll(() => first.getAttribute('aria-selected')).toBe('true');
    const [s, t] = [(await strip.boundingBox())!, (await first.boundingBox())!];
    expect(t.x).toBeGreaterThanOrEqual(s.x - 1);
    expect(t.x + t.width).toBeLessThanOrEqual(s.x + s.width + 1);
    await screenshot(page, 'result-panel-02-tabs');

    // A pinned result stays through the next run; the rest are replaced.
    await panel().getByRole('button', { name: 'Pin' }).click();
    await runLine(3);
    await expect.poll(() => resultTabs().count()).toBe(2);
    await expect.poll(() => resultTabs().nth(1).getAttribute('title')).toContain('SELECT 1 AS n');
    await runLine(4);
    await expect.poll(() => resultTabs().nth(1).getAttribute('title')).toContain('SELECT 2 AS n');
    expect(await resultTabs().count()).toBe(2);
    expect(await resultTabs().nth(0).getAttribute('title')).toContain('Pinned');
  });

  it('widens a column to show a value typed into it', async () => {
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await runLine(1);
    await expect
      .poll(() => page.getByTestId('edit-status').textContent(), { timeout: 10_000 })
      .toBe('✎ Editable: items');
    await page.getByRole('button', { name: 'Edit rows' }).click();
    const grid = page.getByTestId('result-grid');
    const widths = async () =>
      (await grid.getAttribute('data-column-widths'))!.split(',').map(Number);
    const before = (await widths())[1]!;
    const at = await gridPoint(page, 1, 0);
    await page.mouse.dblclick(at.x, at.y);
    const editor = page.locator('#portal textarea, #portal input').first();
    await editor.waitFor({ timeout: 5000 });
    const value = 'alpha (renamed for the quarterly report)';
    await editor.fill(value);
    await editor.press('Enter');
    // The 40 characters fit now: at least about 7 px each.
    await expect.poll(async () => (await widths())[1]).toBeGreaterThan(value.length * 7);
    expect(before).toBeLessThan(value.length * 7);
    await screenshot(page, 'result-panel-03-edited-wide');
  });

  it('asks before a new run drops edits not applied', async () => {
    await cursorToLine(page, 1);
    await page.keyboard.press('Control+Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').first().textContent()).toContain(
      'Discard 1 change not applied?',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Still there, as typed.
    expect((await rowsInView(page))[0]).toEqual([
      '1',
      'alpha (renamed for the quarterly report)',
      'NULL',
    ]);
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Discard and run' }).click();
    await expect
      .poll(async () => (await rowsInView(page))[0], { timeout: 15_000 })
      .toEqual(['1', 'alpha', 'NULL']);
  });

  it('logged no page errors', () => {
    expect(errors).toEqual([]);
  });
});
