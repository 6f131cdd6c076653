import type mysql from 'mysql2/promise';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTo, withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { launchBrowser, newCheckedPage, screenshot } from './harness/browser';
import { openToolWith } from './harness/open-tool';
import { startWebApp, type RunningWebApp } from './harness/web-app';

const MB = 1024 * 1024;

describe('the processlist screen: memory column and KILL of ticked sessions', () => {
  const server = testServers().mysql;
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let hog: mysql.Connection;
  const sleepers: mysql.Connection[] = [];
  const sleeping: Array<Promise<unknown>> = [];

  beforeAll(async () => {
    hog = await connectTo(server);
    hog.on('error', () => undefined);
    await hog.query(`SET @hog = REPEAT('x', ${16 * MB})`);
    for (let i = 0; i < 3; i++) {
      const c = await connectTo(server);
      c.on('error', () => undefined);
      sleepers.push(c);
      sleeping.push(
        c.query(`SELECT SLEEP(${60 + i}) AS slept`).then(
          ([rows]) => rows,
          (e: unknown) => e,
        ),
      );
    }
    app = await startWebApp();
    browser = await launchBrowser();
    ({ page, errors } = await newCheckedPage(browser));
    await openToolWith(page, app, server, 'Proc ticks', 'processlist');
    await page.getByTestId('pl-status').waitFor({ timeout: 20_000 });
  });

  afterAll(async () => {
    hog?.destroy();
    await withConnection(server, async (c) => {
      for (const s of sleepers) await c.query(`KILL ${s.threadId}`).catch(() => undefined);
    }).catch(() => undefined);
    for (const s of sleepers) s.destroy();
    await browser?.close();
    await app?.stop();
  });

  it('shows each session’s memory and sorts by it', async () => {
    // At 1280 px the key columns take the room and Memory is left to the details pane.
    const size = page.viewportSize();
    await page.setViewportSize({ width: 1680, height: 900 });
    await page.getByRole('button', { name: 'Filters and tools', expanded: false }).click();
    await page.getByLabel('Hide sleeping').uncheck();
    await page.getByRole('columnheader', { name: 'Memory' }).click();
    const first = page.locator('.pl-rows [role=row]').first();
    await expect
      .poll(() => first.getAttribute('data-process-id'), { timeout: 10_000 })
      .toBe(String(hog.threadId));
    const memory = first.locator('[data-column=memory]');
    expect(await memory.textContent()).toMatch(/^1[67] MB$/);
    // REPEAT builds its result then copies it into the variable: the peak is about twice it.
    expect(await memory.getAttribute('title')).toMatch(
      /^1[67],\d{3},\d{3} bytes now, 3[345],\d{3},\d{3} at most$/,
    );
    // The table is wider than the window: show its right end, where the figures are.
    await page.getByTestId('pl-scroller').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await screenshot(page, 'processlist-06-memory-sorted');
    await page.getByLabel('Hide sleeping').check();
    if (size) await page.setViewportSize(size);
  });

  it('kills exactly the ticked sessions after showing their SQL, and leaves the others', async () => {
    const [a, b, c] = sleepers as [mysql.Connection, mysql.Connection, mysql.Connection];
    const ids = [a.threadId, b.threadId].sort((x, y) => x - y);
    for (const s of [a, b]) {
      const box = page.getByLabel(`Tick session ${s.threadId}`);
      await box.waitFor({ timeout: 15_000 });
      await box.check();
    }
    const bar = page.getByRole('group', { name: 'Ticked sessions' });
    expect(await bar.textContent()).toContain('2 ticked sessions:');
    // Ticking does not open the details of the row.
    expect(await page.locator('.pl-side').count()).toBe(0);
    await screenshot(page, 'processlist-07-ticked');
    await bar.getByRole('button', { name: 'Preview KILL QUERY (2)' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.locator('h2').textContent()).toContain('Kill 2 statements on Proc ticks?');
    expect(await dialog.getByLabel('Exact operation').textContent()).toBe(
      ids.map((id) => `KILL QUERY ${id};`).join('\n'),
    );
    // The statements it stops, as read for the question.
    expect(await dialog.locator('p').first().textContent()).toMatch(
      new RegExp(
        `Now: #${ids[0]} runs SELECT SLEEP\\(6\\d\\) AS slept; #${ids[1]} runs SELECT SLEEP\\(6\\d\\) AS slept\\. A session that runs another statement by the time you confirm is left alone\\.$`,
      ),
    );
    await screenshot(page, 'processlist-08-confirm-ticked');
    await dialog.getByRole('button', { name: 'Kill query' }).click();
    await expect
      .poll(() => page.getByTestId('pl-message').textContent(), { timeout: 10_000 })
      .toBe(`✔Killed ${ids.map((id) => `#${id}`).join(', ')}.`);
    // SLEEP interrupted by KILL QUERY returns 1; the sessions stay connected.
    expect(await sleeping[0]).toEqual([{ slept: 1 }]);
    expect(await sleeping[1]).toEqual([{ slept: 1 }]);
    expect(await page.getByRole('group', { name: 'Ticked sessions' }).count()).toBe(0);
    const [rows] = await withConnection(server, (conn) =>
      conn.query<mysql.RowDataPacket[]>(
        'SELECT ID, COMMAND, INFO FROM performance_schema.processlist WHERE ID IN (?) ORDER BY ID',
        [[a.threadId, b.threadId, c.threadId]],
      ),
    );
    expect(rows.map((r) => [r.ID, r.COMMAND, r.INFO])).toEqual(
      [
        [a.threadId, 'Sleep', null],
        [b.threadId, 'Sleep', null],
        [c.threadId, 'Query', 'SELECT SLEEP(62) AS slept'],
      ].sort((x, y) => Number(x[0]) - Number(y[0])),
    );
    expect(errors).toEqual([]);
  });
});
