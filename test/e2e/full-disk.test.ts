import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServers } from '../servers/provided';
import { mountSmallDisk, type SmallDisk } from '../integration/backend/small-disk';
import { launchBrowser, newCheckedPage, screenshot } from './harness/browser';
import { openEditorWith } from './harness/open-editor';
import { startWebApp, type RunningWebApp } from './harness/web-app';

/** The result tab in front, by its query id (a new run replaces the earlier results). */
const frontResult = (page: Page) =>
  page.evaluate(
    () =>
      document.querySelector('.result-tab[aria-selected="true"]')?.getAttribute('data-tab-id') ??
      null,
  );

/** Runs the statement on line `n` and waits for it to end. */
async function runLine(page: Page, n: number): Promise<void> {
  await page
    .locator('.monaco-editor .view-line')
    .nth(n - 1)
    .click();
  await page.keyboard.press('End');
  const before = await frontResult(page);
  await page.keyboard.press('Control+Enter');
  await expect
    .poll(async () => [null, before].includes(await frontResult(page)), { timeout: 10_000 })
    .toBe(false);
  await expect
    .poll(() => page.getByTestId('result-summary').getAttribute('data-state'), { timeout: 15_000 })
    .not.toBe('running');
}

describe('a full disk under the data folder, on screen', () => {
  let disk: SmallDisk;
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let dataDir: string;

  beforeAll(async () => {
    disk = await mountSmallDisk(1024 * 1024);
    dataDir = path.join(disk.dir, 'data');
    await mkdir(dataDir, { mode: 0o700 });
    app = await startWebApp({ dataDir });
    browser = await launchBrowser();
    ({ page, errors } = await newCheckedPage(browser));
    await openEditorWith(
      page,
      app,
      testServers().mysql,
      'Full disk MySQL',
      "SELECT 'on a full disk' AS marker;\nSELECT 'space is back' AS marker;",
    );
  });
  afterAll(async () => {
    try {
      await browser?.close();
      await disk?.free().catch(() => undefined);
      await app?.stop();
    } finally {
      await disk?.unmount();
    }
  });

  it('says at once that the history cannot be saved, and clears once it is', async () => {
    const banner = page.getByTestId('store-write-failing');
    expect(await banner.count()).toBe(0);
    disk.fill();
    await runLine(page, 1);
    await banner.waitFor({ timeout: 5_000 });
    expect(await banner.getAttribute('role')).toBe('alert');
    expect(await banner.textContent()).toContain(
      `The query history could not be saved to ${path.join(dataDir, 'history.jsonl')}: the disk is full. 1 statement is kept in memory and saved as soon as the disk takes it (retrying); closing Sightline before then loses it.`,
    );
    // The statement is in the history the screen shows all the same.
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('history-entry').locator('.history-sql').allTextContents())
      .toEqual(["SELECT 'on a full disk' AS marker"]);
    await screenshot(page, 'full-disk-01-history-not-saved');

    await disk.free();
    await runLine(page, 2);
    await banner.waitFor({ state: 'detached', timeout: 5_000 });
    const lines = (await readFile(path.join(dataDir, 'history.jsonl'), 'utf8')).trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { sql: string }).sql)).toEqual([
      "SELECT 'on a full disk' AS marker",
      "SELECT 'space is back' AS marker",
    ]);
    await screenshot(page, 'full-disk-02-saved-again');
    expect(errors).toEqual([]);
  });
});
