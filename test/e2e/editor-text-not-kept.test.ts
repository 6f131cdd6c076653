import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServers } from '../servers/provided';
import { screenshot } from './harness/browser';
import { cursorToLine, savedEditorText } from './harness/editor-text';
import { openEditorWith } from './harness/open-editor';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';

/** Takes all but `room` characters of the page's localStorage quota with one other entry. */
function fillStorage(page: Page, room: number): Promise<void> {
  return page.evaluate((room) => {
    const fits = (n: number) => {
      try {
        localStorage.setItem('filler', 'x'.repeat(n));
        return true;
      } catch {
        return false;
      }
    };
    // The largest filler that fits, found by halving (Chromium: about 5 million characters).
    let lo = 0;
    let hi = 16 * 1024 * 1024;
    while (hi - lo > 64) {
      const mid = Math.floor((lo + hi) / 2);
      if (fits(mid)) lo = mid;
      else hi = mid;
    }
    if (!fits(Math.max(0, lo - room))) throw new Error('the filler does not fit');
  }, room);
}

describe('editor text when the browser storage is full', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let id: string;

  beforeAll(async () => {
    ({ app, browser, page } = await openWebPage());
    id = await openEditorWith(page, app, testServers().mysql, 'Storage MySQL', 'SELECT 1;');
  });

  afterAll(() => closeWebPage(browser, app));

  it('says the text is not kept for the next start, and offers to save it as a file', async () => {
    const notice = page.getByTestId('editor-text-not-kept');
    expect(await notice.count()).toBe(0);
    await fillStorage(page, 1000);
    await cursorToLine(page, 1);
    await page.keyboard.insertText(` -- ${'long comment '.repeat(200)}`);
    await notice.waitFor({ timeout: 5_000 });
    expect(await notice.getAttribute('role')).toBe('alert');
    expect(await notice.textContent()).toBe(
      '⚠This text is not kept for the next start' +
        'The storage Sightline keeps editor text in is full (the texts of all editors ' +
        'together), so this text is only in this window: closing Sightline or a crash would ' +
        'lose it. Save it as a file, or make the texts of your editors shorter.' +
        'Save as .sql file…',
    );
    // What was kept before stays kept.
    expect(await savedEditorText(page, id)).toBe('SELECT 1;');
    await screenshot(page, 'editor-text-not-kept');
  });

  it('clears once the text is kept again', async () => {
    await page.evaluate(() => localStorage.removeItem('filler'));
    await page.keyboard.type('!');
    await page.getByTestId('editor-text-not-kept').waitFor({ state: 'detached', timeout: 5_000 });
    expect(await savedEditorText(page, id)).toBe(`SELECT 1; -- ${'long comment '.repeat(200)}!`);
  });
});
