import type { RowDataPacket } from 'mysql2';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { cursorToLine } from './harness/editor-text';
import { openEditorWith } from './harness/open-editor';
import { newCheckedPage } from './harness/browser';
import { startWebApp, type RunningWebApp } from './harness/web-app';
import { closeWebPage } from './harness/web-page';

// Chromium keeps a page the user left for another one in its back/forward cache, WebSocket
// included: the page's server sessions stayed open, with their transactions and locks, for as
// long as the browser kept it (a review found a user lock still held after the tab went to
// another address). Leaving now closes the socket, and with it the sessions. Playwright turns
// that cache off by default; this test turns it back on, as a user's browser has it.

/** The processlist id of the connection holding user lock `name`, or null when none does. */
async function lockHolder(name: string): Promise<number | null> {
  return withConnection(testServers().mysql, async (c) => {
    const [rows] = await c.query<RowDataPacket[]>('SELECT IS_USED_LOCK(?) AS holder', [name]);
    const holder = rows[0]?.holder as number | null | undefined;
    return holder === null || holder === undefined ? null : Number(holder);
  });
}

describe('a page left for another address', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    app = await startWebApp();
    browser = await chromium.launch({
      executablePath: process.env.SIGHTLINE_CHROMIUM ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
    ({ page, errors } = await newCheckedPage(browser));
  });
  afterAll(() => closeWebPage(browser, app));

  it('closes its server sessions, and starts afresh when the user comes back', async () => {
    const lock = `sightline-left-page-${process.pid}`;
    await openEditorWith(
      page,
      app,
      testServers().mysql,
      'Left page',
      `SELECT GET_LOCK('${lock}', 0) AS got;`,
    );
    await cursorToLine(page, 1);
    await page.keyboard.press('Control+Enter');
    const summary = page.getByTestId('result-summary');
    await expect.poll(() => summary.getAttribute('data-state'), { timeout: 10_000 }).toBe('done');
    expect(await lockHolder(lock)).not.toBeNull();

    await page.goto('about:blank');
    await expect.poll(() => lockHolder(lock), { timeout: 10_000 }).toBeNull();

    // Back from the cache, the page loads afresh: connected again on the next Connect.
    await page.goBack();
    await page.locator('[data-connection-name="Left page"]').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('backend-down').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
