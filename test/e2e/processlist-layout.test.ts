import type mysql from 'mysql2/promise';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTo, withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { screenshot } from './harness/browser';
import { openToolWith } from './harness/open-tool';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';

// The processlist at 1,280×800 gives the table the room: filters folded, notices one line; the
// details pane narrows and scrolls; the charts draw series, or say they are collecting.

const server = testServers().mysql;
const DB = `sl_pl_layout_${Math.random().toString(36).slice(2, 8)}`;

describe('the processlist layout at 1280×800 and 1440×900', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let holder: mysql.Connection;
  let waiter: mysql.Connection;
  let blocked: Promise<unknown>;

  beforeAll(async () => {
    await withConnection(server, async (c) => {
      await c.query(`CREATE DATABASE ${DB}`);
      await c.query(`CREATE TABLE ${DB}.stock (id INT PRIMARY KEY, n INT)`);
      await c.query(`INSERT INTO ${DB}.stock VALUES (1, 10)`);
    });
    holder = await connectTo(server, { database: DB });
    waiter = await connectTo(server, { database: DB });
    holder.on('error', () => undefined);
    waiter.on('error', () => undefined);
    await holder.query('BEGIN');
    await holder.query('UPDATE stock SET n = n - 1 WHERE id = 1');
    await waiter.query('SET SESSION innodb_lock_wait_timeout = 600');
    blocked = waiter.query('UPDATE stock SET n = n - 2 WHERE id = 1').catch(() => undefined);
    ({ app, browser, page, errors } = await openWebPage());
    await page.setViewportSize({ width: 1280, height: 800 });
    await openToolWith(page, app, server, 'Layout', 'processlist');
  }, 120_000);

  afterAll(async () => {
    await holder?.query('ROLLBACK').catch(() => undefined);
    await blocked;
    holder?.destroy();
    waiter?.destroy();
    await withConnection(server, (c) => c.query(`DROP DATABASE IF EXISTS ${DB}`));
    await closeWebPage(browser, app);
  });

  it('gives the table the room: filters folded, the stage notice one line', async () => {
    const notice = page.locator('[data-notice="stages-consumer"]');
    await notice.waitFor({ timeout: 20_000 });
    expect(
      await page.getByRole('button', { name: 'Filters and tools' }).getAttribute('aria-expanded'),
    ).toBe('false');
    expect(await page.getByLabel('Filter by user').isHidden()).toBe(true);
    expect((await notice.boundingBox())!.height).toBeLessThanOrEqual(32);
    const table = (await page.getByTestId('pl-scroller').boundingBox())!;
    // It started at y≈590 with three rows in view.
    expect(table.y).toBeLessThan(300);
    expect(table.height).toBeGreaterThan(350);
  });

  it('draws each chart as a series once there are two polls, with no lone dot', async () => {
    const charts = page.locator('.pl-chart svg');
    await page.getByLabel('Refresh interval').selectOption('500');
    await expect
      .poll(async () => Number((await charts.first().getAttribute('data-points')) ?? 0), {
        timeout: 20_000,
      })
      .toBeGreaterThan(1);
    for (const svg of await charts.all()) {
      expect(await svg.locator('path.pl-chart-line').count()).toBe(1);
      // The latest point marks the end of the line, never stands alone.
      expect(await svg.locator('circle').count()).toBe(1);
      // One baseline: the axis, with zero drawn on it.
      expect(await svg.locator('line').count()).toBe(1);
      expect(await svg.textContent()).not.toContain('collecting');
    }
    await page.getByLabel('Refresh interval').selectOption('2000');
  });

  it('unfolded, keeps "Save preset" on one line and shows the placeholders whole', async () => {
    await page.getByRole('button', { name: 'Filters and tools' }).click();
    const save = page.getByRole('button', { name: 'Save preset' });
    const reset = page.getByRole('button', { name: 'Reset', exact: true });
    expect((await save.boundingBox())!.height).toBe((await reset.boundingBox())!.height);
    const cut = await page.locator('.pl-filters input[placeholder]').evaluateAll((inputs) =>
      (inputs as HTMLInputElement[])
        .filter((i) => {
          const ctx = document.createElement('canvas').getContext('2d')!;
          const style = getComputedStyle(i);
          ctx.font = style.font;
          const room =
            i.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          return ctx.measureText(i.placeholder).width > room;
        })
        .map((i) => i.placeholder),
    );
    expect(cut).toEqual([]);
    await screenshot(page, 'processlist-layout-unfolded-1280');
    await page.getByRole('button', { name: 'Filters and tools' }).click();
  });

  for (const [width, height] of [
    [1280, 800],
    [1440, 900],
  ] as const) {
    it(`at ${width}×${height} with the details open, reads the key cells and scrolls the pane`, async () => {
      await page.setViewportSize({ width, height });
      const row = page.locator(`[role=row][data-process-id="${waiter.threadId}"]`);
      await row.waitFor({ timeout: 20_000 });
      await row.click();
      await page.getByTestId('pl-chain').waitFor({ timeout: 10_000 });
      const cells = await row.locator('[role=cell]').evaluateAll((els) =>
        els.map((e) => ({
          text: e.textContent ?? '',
          cut: e.scrollWidth > e.clientWidth + 1,
          title: e.getAttribute('title') ?? '',
        })),
      );
      const attention = cells.find((c) => c.text.includes('Blocked by'))!;
      expect(attention.cut).toBe(false);
      const statement = cells.find((c) => c.text.includes('UPDATE stock'))!;
      // The statement gets the room left; what does not fit is whole on hover.
      expect(statement.cut ? statement.title : statement.text).toContain(
        'UPDATE stock SET n = n - 2 WHERE id = 1',
      );
      const side = page.locator('.pl-side');
      const box = (await side.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(Math.max(300, width * 0.23) + 1);
      // Nothing in the pane runs past its right edge.
      expect(await side.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
      // The pane ends above the status bar and scrolls what does not fit.
      const status = (await page.locator('footer, [role=contentinfo]').first().boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(status.y + 1);
      expect(await side.evaluate((e) => getComputedStyle(e).overflowY)).toBe('auto');
      await screenshot(page, `processlist-layout-details-${width}`);
      await page.getByRole('button', { name: 'Back to live' }).click();
    });
  }

  it('made no console errors', () => {
    expect(errors).toEqual([]);
  });
});
