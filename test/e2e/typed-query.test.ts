import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServers } from '../servers/provided';
import { screenshot } from './harness/browser';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { rowsInView } from './harness/result-grid';
import { saveConnectionTo } from './harness/open-tool';
import { connectFromRail } from './harness/open-editor';
import { openApp } from './harness/open-app';

/** The editor's lines as shown (Monaco draws spaces as no-break spaces). */
async function editorLines(page: Page): Promise<string[]> {
  const lines = await page.locator('.monaco-editor .view-line').allTextContents();
  return lines.map((l) => l.replace(/\u00a0/g, ' '));
}

/** Replaces the editor's text by typing `text` key by key, as a user would. */
async function typeQuery(page: Page, text: string): Promise<void> {
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text, { delay: 15 });
  // Completion may be showing a list: Escape closes it, as a user does before running.
  await page.keyboard.press('Escape');
  await expect.poll(() => editorLines(page)).toEqual([text]);
}

describe('a query typed in the editor, run, cancelled and found in history', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const servers = testServers();
  const summary = () => page.getByTestId('result-summary');

  beforeAll(async () => {
    ({ app, browser, page, errors } = await openWebPage());
    await saveConnectionTo(app, servers.mysql, 'Typed MySQL', {
      color: 'blue',
      tls: { mode: 'required' },
    });
    await openApp(page, app);
    await connectFromRail(page, 'Typed MySQL');
  });

  afterAll(() => closeWebPage(browser, app));

  it('runs a typed query with Ctrl+Enter and shows its rows', async () => {
    await typeQuery(page, "SELECT 6 * 7 AS answer, 'typed' AS how, NULL AS nothing");
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => summary().getAttribute('data-state'), { timeout: 15_000 }).toBe('done');
    await expect.poll(() => rowsInView(page), { timeout: 5000 }).toEqual([['42', 'typed', 'NULL']]);
    expect(await summary().locator('strong').textContent()).toBe('Done');
    const status = page.getByRole('status', { name: 'Status' });
    expect(await status.getByTestId('status-transaction').textContent()).toBe('no transaction');
    await screenshot(page, 'typed-01-rows');
  });

  it('shows an open transaction in the status bar after BEGIN, and none after ROLLBACK', async () => {
    const state = page.getByTestId('status-transaction');
    await typeQuery(page, 'BEGIN');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 10_000 }).toBe('open');
    expect(await state.textContent()).toBe('⚠ transaction open');
    await screenshot(page, 'typed-02-transaction-open');
    await typeQuery(page, 'ROLLBACK');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 10_000 }).toBe('none');
  });

  it('times a long statement live in the status bar and cancels it with Esc', async () => {
    await typeQuery(page, 'SELECT SLEEP(30) AS slept');
    await page.keyboard.press('Control+Enter');
    const timer = page.getByTestId('status-running');
    await timer.waitFor({ timeout: 10_000 });
    const first = await timer.textContent();
    // The timer moves on its own while the statement runs.
    await expect.poll(() => timer.textContent(), { timeout: 5000 }).not.toBe(first);
    expect((await timer.textContent())?.trim()).toMatch(/^running (\d+ ms|\d+\.\d\d s)$/);
    expect(await summary().getAttribute('data-state')).toBe('running');
    await screenshot(page, 'typed-03-running');

    const pressed = Date.now();
    await page.keyboard.press('Escape');
    await expect
      .poll(() => summary().getAttribute('data-state'), { timeout: 5000 })
      .toBe('cancelled');
    expect(Date.now() - pressed).toBeLessThan(5000);
    expect(await summary().locator('strong').textContent()).toBe('Cancelled by user');
    await timer.waitFor({ state: 'detached', timeout: 5000 });
    // The session survived the cancel: the next statement runs in it.
    await typeQuery(page, 'SELECT 1 AS still_here');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => summary().getAttribute('data-state'), { timeout: 15_000 }).toBe('done');
    await expect.poll(() => rowsInView(page), { timeout: 5000 }).toEqual([['1']]);
  });

  it('finds the typed and the cancelled statements in the history', async () => {
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search history' }).fill('sleep');
    const entries = page.getByTestId('history-entry');
    await expect.poll(() => entries.count(), { timeout: 5000 }).toBe(1);
    expect(await entries.locator('.history-sql').textContent()).toBe('SELECT SLEEP(30) AS slept');
    expect(await entries.first().getAttribute('data-state')).toBe('cancelled');
    await page.getByRole('searchbox', { name: 'Search history' }).fill('typed');
    await expect
      .poll(() => entries.locator('.history-sql').allTextContents(), { timeout: 5000 })
      .toEqual(["SELECT 6 * 7 AS answer, 'typed' AS how, NULL AS nothing"]);
    await screenshot(page, 'typed-04-history');
    expect(errors).toEqual([]);
  });
});
