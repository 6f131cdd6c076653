// Schema health names an index an index experiment left (the backend stopped before its
// clean-up; made here by the experiment's own CREATE INDEX), with the statement that drops it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { screenshot } from './harness/browser';
import { openToolWith } from './harness/open-tool';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';

const DB = `sl_left_e2e_${Math.random().toString(36).slice(2, 7)}`;

describe('tuning: an index an experiment left, in schema health (MySQL 9.7)', () => {
  const server = testServers().mysql;
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    await withConnection(server, async (c) => {
      await c.query(`CREATE DATABASE ${DB}`);
      await c.query(`CREATE TABLE ${DB}.orders (id INT PRIMARY KEY, total INT NOT NULL)`);
      await c.query(`CREATE INDEX sl_try_orders_total ON ${DB}.orders (total) INVISIBLE`);
    });
    ({ app, browser, page, errors } = await openWebPage());
    await page.setViewportSize({ width: 1400, height: 800 });
  });
  afterAll(async () => {
    await closeWebPage(browser, app);
    await withConnection(server, (c) => c.query(`DROP DATABASE IF EXISTS ${DB}`));
  });

  it('says it was left by an experiment and shows the DROP to review', async () => {
    await openToolWith(page, app, server, 'leftover', 'tuning', { scratch: true });
    await page.getByRole('tab', { name: 'Schema health' }).click();
    await page.getByLabel('Schema to check').selectOption(DB);
    const findings = page.getByTestId('tune-findings');
    await findings.locator('li').first().waitFor();
    expect(await findings.locator('strong').allTextContents()).toEqual([
      'orders.sl_try_orders_total was left by an index experiment',
    ]);
    expect(await findings.locator('code').allTextContents()).toEqual([
      `ALTER TABLE \`${DB}\`.\`orders\` DROP INDEX \`sl_try_orders_total\``,
    ]);
    await screenshot(page, 'tuning-health-experiment-leftover');
    expect(errors).toEqual([]);
  });
});
