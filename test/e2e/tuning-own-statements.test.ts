import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { screenshot } from './harness/browser';
import { openToolWith } from './harness/open-tool';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';

// Sightline's own reads (each Tuning refresh reads the digest table) are hidden from top
// statements by default; the switch shows them, marked as Sightline's.

const MARKER = `sl_own_e2e_${Math.random().toString(36).slice(2, 7)}`;
const OWN_READ = 'events_statements_summary_by_digest';

describe("Sightline's own statements in Tuning", () => {
  const server = testServers().mysql;
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    await withConnection(server, async (c) => {
      // Slow enough to stay among the top statements by latency on a server other tests keep
      // busy (with Sightline's own shown, they compete for the same places).
      for (let i = 0; i < 2; i++) await c.query(`SELECT SLEEP(0.3), ${i} AS ${MARKER}`);
    });
    ({ app, browser, page } = await openWebPage());
    await page.setViewportSize({ width: 1280, height: 800 });
    await openToolWith(page, app, server, 'tune-own', 'tuning');
    await page.getByTestId('tune-row').filter({ hasText: MARKER }).waitFor({ timeout: 15_000 });
  }, 120_000);

  afterAll(async () => {
    await closeWebPage(browser, app);
  });

  it('hides them by default, says how many, and shows them on request', async () => {
    // A second read: the first one's own statement is in the table by now.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect
      .poll(() => page.getByTestId('tune-own-hidden').textContent())
      .toMatch(/\(\d+ hidden\)/);
    const rows = page.getByTestId('tune-row');
    expect(await rows.filter({ hasText: OWN_READ }).count()).toBe(0);
    expect(await rows.filter({ hasText: MARKER }).count()).toBe(1);
    await screenshot(page, 'tuning-own-hidden');

    await page.getByTestId('tune-show-own').check();
    await rows.filter({ hasText: OWN_READ }).first().waitFor({ timeout: 15_000 });
    // Marked as Sightline's, and the application's statement is not.
    expect(
      await rows.filter({ hasText: OWN_READ }).first().getByTestId('tune-own-mark').count(),
    ).toBe(1);
    expect(await rows.filter({ hasText: MARKER }).getByTestId('tune-own-mark').count()).toBe(0);
    await expect.poll(() => page.getByTestId('tune-own-hidden').count()).toBe(0);
    expect(await rows.filter({ hasText: MARKER }).count()).toBe(1);
    const title = await page.locator('.tune-own').getAttribute('title');
    expect(title).toContain('/* sightline */');
    expect(title).toContain('QUERY_SAMPLE_TEXT');
    await screenshot(page, 'tuning-own-shown');

    await page.getByTestId('tune-show-own').uncheck();
    await expect.poll(() => rows.filter({ hasText: OWN_READ }).count()).toBe(0);
  });
});
