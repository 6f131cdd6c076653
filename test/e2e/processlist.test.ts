import type mysql from 'mysql2/promise';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTo, withConnection } from '../servers/connect';
import { useDedicatedServer } from '../servers/dedicated-servers';
import { endpointOf } from '../servers/endpoint';
import { testServers } from '../servers/provided';
import { screenshot } from './harness/browser';
import { openToolWith, saveConnectionTo } from './harness/open-tool';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { openApp } from './harness/open-app';

const DB = 'sl_e2e_proc';

/**
 * The key cells (attention, time, state) of the rows in view whose text is cut, as
 * `id column: text`, with `minWidth` the px below which a cut cell counts (0: every cut cell).
 */
function cutKeyCells(page: Page, minWidth = 0): Promise<string[]> {
  return page.evaluate(
    (below) =>
      Array.from(
        document.querySelectorAll<HTMLElement>(
          '.pl-rows [role=cell][data-column=attention], .pl-rows [role=cell][data-column=time], .pl-rows [role=cell][data-column=state]',
        ),
      )
        .filter((el) => el.scrollWidth > el.clientWidth && el.clientWidth < below)
        .map(
          (el) =>
            `${el.closest('[role=row]')?.getAttribute('data-process-id')} ${el.dataset.column}: ${el.textContent}`,
        ),
    minWidth === 0 ? Infinity : minWidth,
  );
}

describe('the processlist screen', () => {
  const server = testServers().mysql;
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let holder: mysql.Connection;
  let waiter: mysql.Connection;
  let waiting: Promise<unknown>;

  beforeAll(async () => {
    await withConnection(server, (c) =>
      c.query(
        `DROP DATABASE IF EXISTS ${DB}; CREATE DATABASE ${DB};
         CREATE TABLE ${DB}.stock (id INT PRIMARY KEY, n INT) ENGINE=InnoDB;
         INSERT INTO ${DB}.stock VALUES (1, 10), (2, 20);`,
      ),
    );
    holder = await connectTo(server);
    waiter = await connectTo(server);
    for (const c of [holder, waiter]) c.on('error', () => undefined);
    await holder.query('BEGIN');
    await holder.query(`UPDATE ${DB}.stock SET n = n - 1 WHERE id = 1`);
    waiting = waiter.query(`UPDATE ${DB}.stock SET n = n - 2 WHERE id = 1`).then(
      ([r]) => r,
      (e: unknown) => e,
    );
    ({ app, browser, page, errors } = await openWebPage());
    await openToolWith(page, app, server, 'Proc MySQL', 'processlist');
  });

  afterAll(async () => {
    holder?.destroy();
    waiter?.destroy();
    await withConnection(server, (c) => c.query(`DROP DATABASE IF EXISTS ${DB}`)).catch(
      () => undefined,
    );
    await closeWebPage(browser, app);
  });

  it('highlights the blocked session with its blocker and the chain to the root', async () => {
    // The status bar speaks for the tool's connection and says which tool is in front.
    expect(await page.locator('[data-testid="status-tool"]').textContent()).toBe('Processlist');
    const blocked = page.locator(`[role=row][data-process-id="${waiter.threadId}"]`);
    await blocked.waitFor({ timeout: 20_000 });
    await expect
      .poll(() => blocked.getAttribute('data-severity'), { timeout: 10_000 })
      .toBe('danger');
    expect(await blocked.locator('[role=cell][data-column=attention]').textContent()).toBe(
      `✖ Blocked by #${holder.threadId}`,
    );
    // The blocker sleeps inside its transaction; it stays in view although sleepers are hidden.
    const blocker = page.locator(`[role=row][data-process-id="${holder.threadId}"]`);
    expect(await blocker.getAttribute('data-severity')).toBe('danger');
    expect(await blocker.locator('[role=cell][data-column=attention]').textContent()).toBe(
      '✖ Blocks 1 session',
    );
    // Sorted by attention: the blocked session and its blocker come first.
    const firstIds = await page
      .locator('.pl-rows [role=row]')
      .evaluateAll((els) => els.slice(0, 2).map((e) => Number(e.getAttribute('data-process-id'))));
    expect(firstIds.sort()).toEqual([holder.threadId, waiter.threadId].sort());
    // The charts, from the polls made so far: one session blocked, a line and its latest point
    // (a single poll says "collecting" instead).
    const blockedChart = page.locator('.pl-chart[data-series=blocked]');
    await expect
      .poll(() => blockedChart.locator('figcaption').textContent(), { timeout: 10_000 })
      .toBe('Blocked 1 max 1');
    await expect
      .poll(() => blockedChart.locator('svg').getAttribute('aria-label'), { timeout: 10_000 })
      .toMatch(/^Blocked over the last (\d+ s|\d+ min( \d+ s)?), now 1, at most 1$/);
    expect(await blockedChart.locator('path.pl-chart-line').getAttribute('d')).toMatch(/^M/);
    expect(await blockedChart.locator('circle.pl-chart-now').count()).toBe(1);

    await blocked.click();
    const chain = page.getByTestId('pl-chain');
    await chain.waitFor();
    expect(await chain.textContent()).toContain(
      `#${waiter.threadId} waits for #${holder.threadId}#${holder.threadId}: row lock X,REC_NOT_GAP on ${DB}.stock (PRIMARY), held X,REC_NOT_GAP`,
    );
    expect(await chain.locator('li').last().textContent()).toBe(
      `#${holder.threadId} — root blocker (waits for nobody)`,
    );
    expect(await page.getByTestId('pl-statement').textContent()).toBe(
      `UPDATE ${DB}.stock SET n = n - 2 WHERE id = 1`,
    );
    await page.locator('.pl-frozen').waitFor();
    await screenshot(page, 'processlist-01-blocked');
  });

  it('kills the blocker through the confirmation with the exact SQL, and the waiter goes on', async () => {
    await page.getByRole('button', { name: 'Back to live' }).click();
    await page.locator(`[role=row][data-process-id="${holder.threadId}"]`).click();
    await page.getByRole('button', { name: 'Kill connection…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.locator('h2').textContent()).toContain('Kill 1 connection on Proc MySQL?');
    expect(await dialog.getByLabel('Exact operation').textContent()).toBe(
      `KILL CONNECTION ${holder.threadId};`,
    );
    await screenshot(page, 'processlist-02-confirm-kill');
    await dialog.getByRole('button', { name: 'Kill connection' }).click();
    await expect
      .poll(() => page.getByTestId('pl-message').textContent(), { timeout: 10_000 })
      .toBe(`✔Killed #${holder.threadId}.`);
    // The holder's transaction was rolled back, so the waiting UPDATE got its row.
    expect(await waiting).toMatchObject({ affectedRows: 1 });
    // The news goes by itself instead of staying for minutes.
    await expect.poll(() => page.getByTestId('pl-message').count(), { timeout: 15_000 }).toBe(0);
    await expect
      .poll(() => page.locator('.pl-rows [role=row][data-severity=danger]').count(), {
        timeout: 10_000,
      })
      .toBe(0);
    const [rows] = await withConnection(server, (c) =>
      c.query<mysql.RowDataPacket[]>(`SELECT n FROM ${DB}.stock WHERE id = 1`),
    );
    expect(rows[0]!.n).toBe(8);
    await screenshot(page, 'processlist-03-after-kill');
    expect(errors).toEqual([]);
  });

  it('explains what a session is running straight into the plan screen', async () => {
    const runner = await connectTo(server);
    runner.on('error', () => undefined);
    const done = runner
      .query(`SELECT SLEEP(20) FROM ${DB}.stock WHERE id >= 1`)
      .catch(() => undefined);
    try {
      const row = page.locator(`[role=row][data-process-id="${runner.threadId}"]`);
      await row.waitFor({ timeout: 15_000 });
      await row.click();
      await page.getByRole('button', { name: 'Explain' }).click();
      const planTab = page.locator('[role=tab]', { hasText: 'Plan' });
      await expect
        .poll(() => planTab.getAttribute('aria-selected'), { timeout: 15_000 })
        .toBe('true');
      await page.locator('[data-node-id]').first().waitFor({ timeout: 15_000 });
      expect(await page.locator('[data-node-id]', { hasText: 'stock' }).count()).toBeGreaterThan(0);
      await screenshot(page, 'processlist-05-explained');
    } finally {
      await withConnection(server, (c) => c.query(`KILL QUERY ${runner.threadId}`));
      await done;
      runner.destroy();
    }
  });

  it('says which filter hides the sessions, and keeps filters as presets', async () => {
    await page.locator('[role=tab][data-tool=processlist]').click();
    // Folded by default: the table gets the room.
    await page.getByRole('button', { name: 'Filters and tools', expanded: false }).click();
    await page.getByLabel('Filter by user').fill('nobody');
    const empty = page.locator('.pl-empty');
    await empty.waitFor();
    expect(await empty.textContent()).toMatch(
      /^No session matches the filters: \d+ hidden by “Hide sleeping”, \d+ hidden by “Hide system threads”, \d+ hidden by “User”\. Show all sessions$/,
    );
    await page.getByLabel('Preset name').fill('Nobody');
    await page.getByRole('button', { name: 'Save preset' }).click();
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await page.locator('.pl-rows [role=row]').first().waitFor();
    await page.getByLabel('Filter presets').selectOption('Nobody');
    await empty.waitFor();
    expect(await page.getByLabel('Filter by user').inputValue()).toBe('nobody');
    await page.reload();
    // Saved in the one UI state store, versioned.
    const saved = await page.evaluate(() => localStorage.getItem('sightline.ui-state'));
    expect(JSON.parse(saved ?? '{}')).toMatchObject({
      version: 1,
      values: { 'processlist.presets': [{ name: 'Nobody' }] },
    });
    await page.locator('[data-connection-name="Proc MySQL"]').click();
    await page.locator('[data-tool-button=processlist]').click();
    // The filter in use survives the reload too.
    expect(await page.getByLabel('Filter by user').inputValue()).toBe('nobody');
    await page.getByRole('button', { name: 'Show all sessions' }).click();
    await page.locator('.pl-rows [role=row]').first().waitFor();
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
  });

  it('folds the filters and tools away for more rows, says what still filters, and remembers it', async () => {
    await page.locator('[role=tab][data-tool=processlist]').click();
    await page.getByLabel('Filter by user').fill('root');
    await page.locator('.pl-rows [role=row]').first().waitFor();
    const table = page.locator('[data-testid=pl-scroller]');
    const before = await table.evaluate((el) => el.clientHeight);
    const fold = page.getByRole('button', { name: 'Filters and tools' });
    expect(await fold.getAttribute('aria-expanded')).toBe('true');
    await fold.click();
    expect(await fold.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByLabel('Filter by user').isHidden()).toBe(true);
    expect(await page.getByRole('group', { name: 'Count by' }).isHidden()).toBe(true);
    const summary = page.getByTestId('pl-filter-summary');
    expect(await summary.textContent()).toBe(
      'Filtered: no sleeping · no system threads · user root',
    );
    // The room the tools took goes to the table.
    const after = await table.evaluate((el) => el.clientHeight);
    expect(after).toBeGreaterThan(before + 100);
    await screenshot(page, 'processlist-10-tools-folded');
    await page.reload();
    await page.locator('[data-connection-name="Proc MySQL"]').click();
    await page.locator('[data-tool-button=processlist]').click();
    const again = page.getByRole('button', { name: 'Filters and tools' });
    expect(await again.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByTestId('pl-filter-summary').textContent()).toContain('user root');
    // What was typed in the tools is still there when they come back.
    await again.click();
    await page.getByLabel('Preset name').fill('half typed');
    await again.click();
    await again.click();
    expect(await page.getByLabel('Preset name').inputValue()).toBe('half typed');
    expect(await page.getByLabel('Filter by user').inputValue()).toBe('root');
    await page.getByLabel('Preset name').fill('');
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
  });

  it('fits a 1,280 px window: long values end in an ellipsis and are whole in their title', async () => {
    expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });
    const runner = await connectTo(server);
    runner.on('error', () => undefined);
    const statement = `SELECT SLEEP(20) AS waited, '${'a long literal that no column is wide enough for '.repeat(4).trim()}' AS padding FROM ${DB}.stock WHERE id = 1`;
    const done = runner.query(statement).catch(() => undefined);
    try {
      const row = page.locator(`[role=row][data-process-id="${runner.threadId}"]`);
      await row.waitFor({ timeout: 15_000 });
      const widths = await page.evaluate(() => {
        const box = (selector: string) => {
          const el = document.querySelector(selector)!;
          return { scroll: el.scrollWidth, client: el.clientWidth };
        };
        return {
          page: box('html'),
          screen: box('.pl-screen'),
          table: box('.pl-table'),
        };
      });
      expect(widths.page.scroll).toBeLessThanOrEqual(widths.page.client);
      expect(widths.screen.scroll).toBeLessThanOrEqual(widths.screen.client);
      expect(widths.table.scroll).toBeLessThanOrEqual(widths.table.client);
      const cell = row.locator('[role=cell][data-column=info]');
      expect(await cell.getAttribute('title')).toBe(statement);
      expect(await cell.textContent()).toBe(statement);
      const cut = await cell.evaluate((el) => ({
        truncated: el.scrollWidth > el.clientWidth,
        overflow: getComputedStyle(el).textOverflow,
      }));
      expect(cut).toEqual({ truncated: true, overflow: 'ellipsis' });
      await screenshot(page, 'processlist-06-fits-1280');
      // The details pane has the statement whole, and the table still fits beside it.
      await row.click();
      expect(await page.getByTestId('pl-statement').textContent()).toBe(statement);
      expect(
        await page.evaluate(() => {
          const html = document.documentElement;
          return html.scrollWidth <= html.clientWidth;
        }),
      ).toBe(true);
      await screenshot(page, 'processlist-06b-fits-1280-details');
      await page.getByRole('button', { name: 'Back to live' }).click();
    } finally {
      await withConnection(server, (c) => c.query(`KILL QUERY ${runner.threadId}`));
      await done;
      runner.destroy();
    }
  });

  it('shows the key cells whole at 1280 and 1440 px, with the details pane open or closed', async () => {
    // A metadata lock wait: the longest state a DBA reads ("Waiting for table metadata lock")
    // and an attention naming its blocker.
    const reader = await connectTo(server);
    const alterer = await connectTo(server);
    for (const c of [reader, alterer]) c.on('error', () => undefined);
    await reader.query('BEGIN');
    await reader.query(`SELECT * FROM ${DB}.stock`);
    await alterer.query('SET SESSION lock_wait_timeout = 120');
    // A change of nothing but the comment: killed below while it waits, it leaves no trace.
    const altering = alterer.query(`ALTER TABLE ${DB}.stock COMMENT = 'e2e'`).catch(() => 0);
    try {
      // Live, not the snapshot a selected row holds.
      const live = page.getByRole('button', { name: 'Back to live' });
      if (await live.isVisible()) await live.click();
      const row = page.locator(`[role=row][data-process-id="${alterer.threadId}"]`);
      await row.waitFor({ timeout: 20_000 });
      await expect
        .poll(() => row.locator('[role=cell][data-column=state]').textContent(), {
          timeout: 10_000,
        })
        .toBe('Waiting for table metadata lock');
      for (const size of [
        { width: 1280, height: 800 },
        { width: 1440, height: 900 },
      ]) {
        await page.setViewportSize(size);
        for (const details of [false, true]) {
          if (details) await row.click();
          await screenshot(
            page,
            `processlist-11-key-cells-${size.width}${details ? '-details' : ''}`,
          );
          // Whole; beside the details pane (which has them whole), attention and state may give
          // up width for the statement but keep 120 px (about 18 characters, not "Wai…").
          await expect
            .poll(() => cutKeyCells(page, details ? 119 : 0), { timeout: 5000 })
            .toEqual([]);
          // The statement keeps room to be read, not a few letters.
          const info = await row
            .locator('[role=cell][data-column=info]')
            .evaluate((el) => el.clientWidth);
          expect(info).toBeGreaterThanOrEqual(150);
          // ... and in view: the table does not scroll it away sideways.
          expect(
            await page.locator('.pl-table').evaluate((el) => el.scrollWidth <= el.clientWidth),
          ).toBe(true);
          expect(
            await page.evaluate(
              () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
            ),
          ).toBe(true);
          if (details) await page.getByRole('button', { name: 'Back to live' }).click();
        }
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
      await withConnection(server, (c) => c.query(`KILL QUERY ${alterer.threadId}`));
      await altering;
      await reader.query('ROLLBACK');
      reader.destroy();
      alterer.destroy();
    }
  });
});

describe('the processlist screen on a MySQL with stage progress off', () => {
  const server = useDedicatedServer('mysql');
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ app, browser, page, errors } = await openWebPage());
    await openToolWith(page, app, endpointOf(server()), 'Proc stages', 'processlist');
  });

  afterAll(() => closeWebPage(browser, app));

  it('says once, above the table, that stage progress is off and how to turn it on', async () => {
    const notice = page.locator('[data-notice="stages-consumer"]');
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.count()).toBe(1);
    // One line; how to turn it on opens from it.
    expect(await notice.locator('summary').textContent()).toBe(
      'No stage progress: the consumer events_stages_current is off. How to turn it on',
    );
    await notice.locator('summary').click();
    expect(await notice.textContent()).toContain(
      "MySQL reports how far an ALTER TABLE, LOAD DATA… has got (the Progress column) only while the performance_schema consumer events_stages_current is on. To turn it on: UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME = 'events_stages_current';",
    );
    // Where the Progress column is: right above the table.
    expect(
      await notice.evaluate((el) => el.parentElement?.querySelector('.pl-table') !== null),
    ).toBe(true);
    // Not among the generic "Missing: ... Shown instead: ..." notices as well.
    expect(await page.getByText('Missing: the performance_schema consumer').count()).toBe(0);
    await screenshot(page, 'processlist-07-stages-off');
    await notice.getByRole('button', { name: 'Hide' }).click();
    await notice.waitFor({ state: 'detached' });
    // Still hidden after the next polls.
    await page.getByLabel('Refresh interval').selectOption('500');
    const status = page.getByTestId('pl-status');
    for (let poll = 0; poll < 2; poll++) {
      const before = await status.textContent();
      await expect.poll(() => status.textContent(), { timeout: 10_000 }).not.toBe(before);
    }
    expect(await page.locator('[data-notice="stages-consumer"]').count()).toBe(0);
    // Put away for this connection, not for one tab: a reload does not bring it back.
    await page.reload();
    await page.locator('[data-connection-name="Proc stages"]').click();
    await page.locator('[data-tool-button=processlist]').click();
    await page.getByTestId('pl-status').waitFor();
    expect(await page.locator('[data-notice="stages-consumer"]').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('the processlist screen through a server restart', () => {
  const server = useDedicatedServer('mariadb');
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ app, browser, page, errors } = await openWebPage());
    await saveConnectionTo(app, server(), 'Proc restart');
    await openApp(page, app);
    await page.locator('[data-connection-name="Proc restart"]').click();
    await page.locator('[data-tool-button=processlist]').click();
    await page.getByTestId('pl-status').waitFor({ timeout: 20_000 });
  });

  afterAll(() => closeWebPage(browser, app));

  it('shows since when it is disconnected, retries, and resumes by itself', async () => {
    await page.getByLabel('Refresh interval').selectOption('500');
    const before = new Date();
    await server().kill();
    const notice = page.getByTestId('pl-disconnected');
    await notice.waitFor({ timeout: 15_000 });
    const text = (await notice.textContent()) ?? '';
    const since = /Disconnected since (\d\d):(\d\d):(\d\d)/.exec(text);
    expect(since).not.toBeNull();
    const sinceSeconds = Number(since![1]) * 3600 + Number(since![2]) * 60 + Number(since![3]);
    const beforeSeconds = before.getHours() * 3600 + before.getMinutes() * 60 + before.getSeconds();
    expect(sinceSeconds - beforeSeconds).toBeGreaterThanOrEqual(0);
    expect(sinceSeconds - beforeSeconds).toBeLessThan(15);
    expect(text).toContain('the view resumes by itself');
    // The rows kept are the last good read's, said so and greyed: a DBA must not take them as live.
    const from = /The sessions shown are from (\d\d):(\d\d):(\d\d) and may have ended since/.exec(
      text,
    );
    expect(from).not.toBeNull();
    const fromSeconds = Number(from![1]) * 3600 + Number(from![2]) * 60 + Number(from![3]);
    expect(fromSeconds).toBeLessThanOrEqual(sinceSeconds);
    expect(sinceSeconds - fromSeconds).toBeLessThan(5);
    const table = page.getByTestId('pl-scroller');
    expect(await table.getAttribute('class')).toContain('pl-stale');
    expect(await page.locator('.pl-stale .pl-row').count()).toBeGreaterThan(0);
    expect(
      await page.locator('.pl-stale .pl-rows').evaluate((el) => getComputedStyle(el).opacity),
    ).toBe('0.5');
    await expect
      .poll(async () => (await notice.textContent()) ?? '', { timeout: 15_000 })
      .toMatch(/retrying at \d\d:\d\d:\d\d \(attempt \d+\)/);
    await screenshot(page, 'processlist-04-disconnected');
    await server().start();
    await notice.waitFor({ state: 'detached', timeout: 30_000 });
    expect(await table.getAttribute('class')).not.toContain('pl-stale');
    expect(await page.locator('.notice-danger').count()).toBe(0);
    expect(await page.getByTestId('pl-status').textContent()).toContain('information_schema');
    expect(errors).toEqual([]);
  });
});
