import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDedicatedServer } from '../servers/dedicated-servers';
import { screenshot } from './harness/browser';
import { openEditorWith } from './harness/open-editor';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { gridPoint, rowsInView } from './harness/result-grid';

const MB = 1024 * 1024;
const SQL = `SELECT 1 AS id, REPEAT('x', 100 * ${MB}) AS big, 'after' AS tail`;

describe('a 100 MB single cell', () => {
  // The shared servers keep the default 64 MB packet limit; this one allows the value.
  const server = useDedicatedServer('mysql', { extraArgs: ['--max-allowed-packet=256M'] });
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ app, browser, page, errors } = await openWebPage());
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: app.origin,
    });
    await openEditorWith(page, app, server(), 'Huge cell', SQL);
  });

  afterAll(() => closeWebPage(browser, app));

  it('arrives whole and shows in the grid as the start of the text with its size', async () => {
    await page.locator('.monaco-editor .view-line').first().click();
    await page.keyboard.press('Control+Enter');
    const summary = page.getByTestId('result-summary');
    await expect.poll(() => summary.getAttribute('data-state'), { timeout: 60_000 }).toBe('done');
    expect(await summary.textContent()).toContain('1 row');
    await expect.poll(() => rowsInView(page).then((r) => r.length), { timeout: 10_000 }).toBe(1);
    const [row] = await rowsInView(page);
    expect(row![0]).toBe('1');
    expect(row![1]).toBe(`${'x'.repeat(24)}… (104,857,600 chars)`);
    expect(row![2]).toBe('after');
    await screenshot(page, 'huge-cell-01-grid');
  });

  it('keeps the page responsive: the grid takes clicks and the editor takes typing', async () => {
    const tail = await gridPoint(page, 2, 0);
    await page.mouse.click(tail.x, tail.y);
    // The selection is the app's state: let it settle before the key acts on it.
    await page.waitForTimeout(150);
    await page.keyboard.press('Control+c');
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()), { timeout: 5000 })
      .toBe('after');
    await page.locator('.monaco-editor .view-line').first().click();
    await page.keyboard.press('End');
    await page.keyboard.type(' -- typed');
    await expect
      .poll(async () => {
        const line = await page.locator('.monaco-editor .view-line').first().textContent();
        return line?.replace(/\u00a0/g, ' ');
      })
      .toBe(`${SQL} -- typed`);
  });

  it('opens the value in the cell viewer a slice at a time, with its whole size', async () => {
    const big = await gridPoint(page, 1, 0);
    await page.mouse.dblclick(big.x, big.y);
    const dialog = page.getByRole('dialog', { name: /big/ });
    await dialog.waitFor({ timeout: 10_000 });
    expect(await dialog.locator('h2').textContent()).toBe(
      'bigLONGTEXT · row 1 · 104,857,600 characters',
    );
    const partial = dialog.locator('.cell-viewer-partial');
    await expect
      .poll(() => partial.textContent(), { timeout: 20_000 })
      .toBe('Showing the first 2,097,152 of 104,857,600 characters');
    expect(
      await dialog.getByTestId('cell-viewer-text').evaluate((e) => e.textContent?.length),
    ).toBe(2 * MB);
    await screenshot(page, 'huge-cell-02-viewer');
    await dialog.getByRole('button', { name: 'Load more' }).click();
    await expect
      .poll(() => partial.textContent(), { timeout: 20_000 })
      .toBe('Showing the first 4,194,304 of 104,857,600 characters');
    expect(
      await dialog.getByTestId('cell-viewer-text').evaluate((e) => e.textContent?.length),
    ).toBe(4 * MB);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
