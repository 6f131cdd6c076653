import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServers } from '../servers/provided';
import { screenshot } from './harness/browser';
import { cursorToLine } from './harness/editor-text';
import { openEditorWith } from './harness/open-editor';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';

// EXPLAIN ANALYZE runs the statement, for as long as it takes: the editor shows that it runs,
// for how long, and Cancel (Esc) stops it on the server. MySQL then returns the plan measured
// so far, which opens marked as cut short.

const SLOW =
  'SELECT COUNT(*) AS slow_analyze FROM (SELECT 1 AS n UNION ALL SELECT 2 UNION ALL SELECT 3) AS t WHERE SLEEP(20) = 0;';

describe('cancelling EXPLAIN ANALYZE in the editor (MySQL 9.7)', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const servers = testServers();

  beforeAll(async () => {
    ({ app, browser, page, errors } = await openWebPage());
    await openEditorWith(page, app, servers.mysql, 'Analyze MySQL', SLOW);
  });
  afterAll(() => closeWebPage(browser, app));

  it('shows the explain running with Cancel, and opens the plan measured so far', async () => {
    await cursorToLine(page, 1);
    await page.keyboard.press('Control+Shift+e');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Run and explain' }).click();
    const running = page.getByTestId('explain-running');
    await running.waitFor({ timeout: 10_000 });
    expect(await running.locator('strong').textContent()).toBe('EXPLAIN ANALYZE running');
    // Its time counts up: past a second, it reads in seconds.
    await expect
      .poll(() => running.getByTestId('explain-elapsed').textContent(), { timeout: 10_000 })
      .toMatch(/^\d+(\.\d+)? s$/);
    // The session is held: Run waits for the explain.
    expect(await page.getByRole('button', { name: '▶ Run statement' }).isEnabled()).toBe(false);
    await screenshot(page, 'explain-cancel-01-running');

    await page.keyboard.press('Escape');
    const notice = page.getByTestId('plan-stopped-early');
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.textContent()).toContain('EXPLAIN ANALYZE was cancelled part way');
    expect(await page.locator('[role=tab][data-plan-tab]').count()).toBe(1);
    await screenshot(page, 'explain-cancel-02-plan-cut-short');
    expect(errors).toEqual([]);
  });
});
