import type mysql from 'mysql2/promise';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTo, withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { launchBrowser, newCheckedPage, screenshot } from './harness/browser';
import { openToolWith } from './harness/open-tool';
import { startWebApp, type RunningWebApp } from './harness/web-app';

const DB = 'sl_e2e_proc_analyze';

describe('the processlist screen on MariaDB: analyze a running statement', () => {
  const server = testServers().mariadb;
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let runner: mysql.Connection;
  let running: Promise<unknown>;

  beforeAll(async () => {
    await withConnection(server, (c) =>
      c.query(
        `DROP DATABASE IF EXISTS ${DB}; CREATE DATABASE ${DB};
         CREATE TABLE ${DB}.orders (id INT PRIMARY KEY, total INT) ENGINE=InnoDB;
         INSERT INTO ${DB}.orders SELECT seq, seq FROM ${DB}.seq_1_to_400;`,
      ),
    );
    runner = await connectTo(server);
    runner.on('error', () => undefined);
    // 400 rows at 0.5 s each: 200 s, so it still runs however slowly the browser starts; the
    // test kills it once analyzed.
    running = runner
      .query(`SELECT COUNT(*) FROM ${DB}.orders WHERE SLEEP(0.5) = 0`)
      .catch(() => undefined);
    app = await startWebApp();
    browser = await launchBrowser();
    ({ page, errors } = await newCheckedPage(browser));
    await openToolWith(page, app, server, 'Proc MariaDB', 'processlist');
  });

  afterAll(async () => {
    await withConnection(server, async (c) => {
      await c.query(`KILL QUERY ${runner.threadId}`).catch(() => undefined);
      await c.query(`DROP DATABASE IF EXISTS ${DB}`);
    }).catch(() => undefined);
    await running;
    runner?.destroy();
    await browser?.close();
    await app?.stop();
  });

  it('opens the plan with the rows read so far in the plan screen', async () => {
    const row = page.locator(`[role=row][data-process-id="${runner.threadId}"]`);
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    await page.getByRole('button', { name: 'Analyze running statement' }).click();
    const planTab = page.locator('[role=tab]', { hasText: 'Plan' });
    await expect
      .poll(() => planTab.getAttribute('aria-selected'), { timeout: 15_000 })
      .toBe('true');
    const node = page.locator('[data-node-id]', { hasText: 'orders' });
    await node.first().waitFor({ timeout: 15_000 });
    expect(await page.getByText(`SHOW ANALYZE FORMAT=JSON FOR ${runner.threadId}`).count()).toBe(1);
    await screenshot(page, 'processlist-09-analyzed');
    expect(errors).toEqual([]);
  });
});
