import type mysql from 'mysql2/promise';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTo, withConnection } from '../servers/connect';
import { useTopology } from '../servers/dedicated-servers';
import type { RunningServer } from '../servers/instance';
import { waitForCatchUp } from '../servers/replication';
import { launchBrowser, newCheckedPage, screenshot } from './harness/browser';
import { openToolWith } from './harness/open-tool';
import { startWebApp, type RunningWebApp } from './harness/web-app';

// A client session on a real MySQL 9.7 replica holds a row lock that the replication applier
// needs: the applier's own row is hidden by the processlist's default filter (server threads),
// so the blocker's row must say whom it holds up, or the replica's growing lag has no cause in
// sight.

const topology = useTopology('mysql', 1);

describe('a session blocking the replication applier, on the processlist', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let source: RunningServer;
  let replica: RunningServer;
  let holder: mysql.Connection;

  beforeAll(async () => {
    const t = topology();
    source = t.source;
    replica = t.replicas[0]!;
    await withConnection(source, (c) =>
      c.query(
        'CREATE DATABASE shop; CREATE TABLE shop.stock (id INT PRIMARY KEY, n INT); INSERT INTO shop.stock VALUES (1, 10)',
      ),
    );
    await waitForCatchUp(source, replica);
    holder = await connectTo(replica);
    holder.on('error', () => undefined);
    await holder.query('BEGIN');
    await holder.query('SELECT n FROM shop.stock WHERE id = 1 FOR UPDATE');
    // Replicated to the replica, where the applier now waits for the holder's lock.
    await withConnection(source, (c) => c.query('UPDATE shop.stock SET n = 11 WHERE id = 1'));
    app = await startWebApp();
    browser = await launchBrowser();
    ({ page, errors } = await newCheckedPage(browser));
    await openToolWith(page, app, replica, 'Replica 1', 'processlist');
  });

  afterAll(async () => {
    holder?.destroy();
    await browser?.close();
    await app?.stop();
  });

  it('names the replication applier in the blocker’s attention, with the applier hidden', async () => {
    const blocker = page.locator(`[role=row][data-process-id="${holder.threadId}"]`);
    await blocker.waitFor({ timeout: 20_000 });
    const attention = blocker.locator('[role=cell][data-column=attention]');
    await expect
      .poll(() => attention.textContent(), { timeout: 15_000 })
      .toBe('✖ Blocks the replication applier');
    expect(await blocker.getAttribute('data-severity')).toBe('danger');
    // The applier's own row is not shown (server threads are filtered out by default).
    const shownIds = await page
      .locator('.pl-rows [role=row]')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-process-id'))));
    const [applierIds] = await withConnection(replica, (c) =>
      c.query<mysql.RowDataPacket[]>(
        "SELECT PROCESSLIST_ID AS id FROM performance_schema.threads WHERE NAME LIKE 'thread/sql/replica_%' AND PROCESSLIST_ID IS NOT NULL",
      ),
    );
    expect(applierIds.length).toBeGreaterThan(0);
    for (const { id } of applierIds) expect(shownIds).not.toContain(Number(id));
    await blocker.click();
    await page.getByTestId('pl-details').waitFor();
    await screenshot(page, 'processlist-applier-blocked');
    // Released: the applier goes on and the replica catches up.
    await holder.query('ROLLBACK');
    await waitForCatchUp(source, replica);
    expect(errors).toEqual([]);
  });
});
