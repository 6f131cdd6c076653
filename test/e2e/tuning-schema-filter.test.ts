import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { saveConnectionTo } from './harness/open-tool';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { openApp } from './harness/open-app';

// The same statement in two schemas is two digests with one text. Picking a schema in the
// filter must never show the other schema's row as this one's, not even while the new list is
// on its way (that is what made the tuning e2e test see two rows for its one statement).

const SUFFIX = Math.random().toString(36).slice(2, 7);
const SCHEMAS = [`sl_tsf_a_${SUFFIX}`, `sl_tsf_b_${SUFFIX}`];
const SQL = 'SELECT COUNT(*) FROM filtered_twice WHERE n BETWEEN 3 AND 7';

describe('the tuning schema filter', () => {
  const server = testServers().mysql;
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    await withConnection(server, async (c) => {
      for (const [i, db] of SCHEMAS.entries()) {
        await c.query(`CREATE DATABASE ${db}`);
        await c.query(`USE ${db}`);
        await c.query('CREATE TABLE filtered_twice (n INT)');
        await c.query('INSERT INTO filtered_twice VALUES (1), (4), (9)');
        // Two calls in one schema, three in the other: the rows tell them apart.
        for (let k = 0; k < i + 2; k++) await c.query(SQL);
      }
    });
    ({ app, browser, page } = await openWebPage());
    await saveConnectionTo(app, server, 'tune-filter');
    await page.setViewportSize({ width: 1440, height: 900 });
    await openApp(page, app);
    await page.locator('[data-connection-name="tune-filter"]').click();
    await page.locator('[data-tool-button="tuning"]').click();
    // Both schemas' rows listed under All schemas.
    const rows = page.getByTestId('tune-row').filter({ hasText: 'BETWEEN' });
    await rows.nth(1).waitFor({ timeout: 15_000 });
  }, 120_000);

  afterAll(async () => {
    await closeWebPage(browser, app);
    await withConnection(server, (c) =>
      c.query(SCHEMAS.map((db) => `DROP DATABASE IF EXISTS ${db}`).join(';')),
    );
  });

  it('shows only the chosen schema’s row from the moment it is chosen', async () => {
    // Choose in the page and read the rows in the same task: before the server has answered.
    const rowsRightAfter = await page.evaluate((db) => {
      const select = document.querySelector<HTMLSelectElement>(
        'select[aria-label="Schema filter"]',
      )!;
      const setValue = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!;
      setValue.call(select, db);
      select.dispatchEvent(new Event('change', { bubbles: true }));
      return Array.from(document.querySelectorAll('[data-testid="tune-row"]'))
        .map((r) => r.textContent ?? '')
        .filter((t) => t.includes('BETWEEN'));
    }, SCHEMAS[1]!);
    expect(rowsRightAfter).toHaveLength(1);
    const row = page.getByTestId('tune-row').filter({ hasText: 'BETWEEN' });
    await expect.poll(() => row.count()).toBe(1);
    // Statement, total, avg, calls: the three calls of the second schema.
    expect((await row.locator('td').allTextContents())[3]).toBe('3');
  });
});
