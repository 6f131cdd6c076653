import type mysql from 'mysql2/promise';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTo, withConnection } from '../servers/connect';
import { useDedicatedServer } from '../servers/dedicated-servers';
import { launchBrowser, newCheckedPage, screenshot } from './harness/browser';
import { openToolWith } from './harness/open-tool';
import { startWebApp, type RunningWebApp } from './harness/web-app';

const DB = 'sl_e2e_blockers';
/** Sees every session (PROCESS) but may not KILL others': like a managed server's admin. */
const LOW = 'sl_e2e_low';
/** The application whose session blocks (not root: see kill-procedure.test.ts). */
const APP = 'sl_e2e_app';

describe('the processlist explains blockers', () => {
  const server = useDedicatedServer('mysql', { name: 'e2e-blockers' });
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let blocker: mysql.Connection;
  let waiter: mysql.Connection;
  let waited: Promise<unknown>;

  beforeAll(async () => {
    await withConnection(server(), (c) =>
      c.query(
        `CREATE DATABASE ${DB};
         CREATE TABLE ${DB}.orders (id INT PRIMARY KEY, state VARCHAR(20)) ENGINE=InnoDB;
         INSERT INTO ${DB}.orders VALUES (1, 'new'), (2, 'new');
         CREATE USER '${APP}'@'%' IDENTIFIED BY '';
         GRANT ALL ON ${DB}.* TO '${APP}'@'%';
         CREATE USER '${LOW}'@'%' IDENTIFIED BY '';
         GRANT PROCESS ON *.* TO '${LOW}'@'%';
         GRANT SELECT ON performance_schema.* TO '${LOW}'@'%';
         CREATE PROCEDURE mysql.rds_kill(IN thread BIGINT) SQL SECURITY DEFINER KILL CONNECTION thread;
         GRANT EXECUTE ON PROCEDURE mysql.rds_kill TO '${LOW}'@'%';`,
      ),
    );
    const login = { ...server(), user: APP, password: '' };
    blocker = await connectTo(login, {
      multipleStatements: false,
      connectAttributes: { program_name: 'billing-worker' },
    });
    blocker.on('error', () => undefined);
    await blocker.query('BEGIN');
    await blocker.query(`UPDATE ${DB}.orders SET state = 'paid' WHERE id = 1`);
    await blocker.query(`INSERT INTO ${DB}.orders VALUES (3, 'new')`);
    waiter = await connectTo(login, { multipleStatements: false });
    waiter.on('error', () => undefined);
    waited = waiter.query(`UPDATE ${DB}.orders SET state = 'shipped' WHERE id = 1`).then(
      ([r]) => r,
      (e: unknown) => e,
    );
    app = await startWebApp();
    browser = await launchBrowser();
    ({ page, errors } = await newCheckedPage(browser));
  });

  afterAll(async () => {
    blocker?.destroy();
    waiter?.destroy();
    await browser?.close();
    await app?.stop();
  });

  const row = (id: number) => page.locator(`.pl-rows [data-process-id="${id}"]`);

  it('shows what the sleeping root blocker did, and the timeline of who blocked whom', async () => {
    await openToolWith(page, app, server(), 'Blockers', 'processlist');
    await row(blocker.threadId).waitFor({ timeout: 20_000 });
    const lane = page.locator(
      `.pl-timeline-lane[data-pair="${blocker.threadId}>${waiter.threadId}"]`,
    );
    await lane.waitFor({ timeout: 10_000 });
    expect(await lane.locator('.pl-timeline-label').textContent()).toBe(
      `#${blocker.threadId} blocks #${waiter.threadId}`,
    );
    expect(await lane.locator('rect[data-end="open"]').count()).toBe(1);

    await row(blocker.threadId).click();
    const story = page.getByTestId('pl-story');
    const statements = story.getByTestId('pl-story-statements').locator('li');
    await statements.first().waitFor({ timeout: 10_000 });
    const texts = await statements.locator('code').allTextContents();
    expect(texts.slice(-3)).toEqual([
      'BEGIN',
      `UPDATE ${DB}.orders SET state = 'paid' WHERE id = 1`,
      `INSERT INTO ${DB}.orders VALUES (3, 'new')`,
    ]);
    expect(await statements.locator('.pl-story-badge').count()).toBe(2);
    expect(await story.textContent()).toContain('billing-worker');
    expect(await story.getByTestId('pl-story-trx').textContent()).toMatch(
      /^started \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(server time\), open .+; rows locked 1, modified 2$/,
    );
    await screenshot(page, 'processlist-blockers-01-story');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'processlist-blockers-02-story-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('says which statement turns the history on when it is off', async () => {
    await withConnection(server(), (c) =>
      c.query(
        "UPDATE performance_schema.setup_consumers SET ENABLED='NO' WHERE NAME='events_statements_history'",
      ),
    );
    const story = page.getByTestId('pl-story');
    await story.getByRole('button', { name: 'Read again' }).click();
    const off = story.getByTestId('pl-story-history-off');
    await off.waitFor({ timeout: 10_000 });
    expect(await off.locator('pre').textContent()).toBe(
      "UPDATE performance_schema.setup_consumers SET ENABLED='YES' WHERE NAME='events_statements_history';",
    );
    await screenshot(page, 'processlist-blockers-03-history-off');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'processlist-blockers-04-history-off-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('offers mysql.rds_kill when KILL is refused, with its exact CALL confirmed', async () => {
    await openToolWith(
      page,
      app,
      { ...server(), user: LOW, password: '' },
      'Low admin',
      'processlist',
    );
    await row(blocker.threadId).waitFor({ timeout: 20_000 });
    await row(blocker.threadId).click();
    await page.getByTestId('pl-details').getByRole('button', { name: 'Kill connection…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByLabel('Exact operation').textContent()).toBe(
      `KILL CONNECTION ${blocker.threadId};`,
    );
    await dialog.getByRole('button', { name: 'Kill connection' }).click();
    // Refused for lack of privilege: the procedure is offered, the same way.
    const offer = page.getByRole('dialog');
    await expect
      .poll(async () => (await offer.locator('h2').textContent())?.trim(), { timeout: 10_000 })
      .toBe('KILL was refused: call mysql.rds_kill instead?');
    expect(await offer.getByLabel('Exact operation').textContent()).toBe(
      `CALL mysql.rds_kill(${blocker.threadId});`,
    );
    await screenshot(page, 'processlist-blockers-05-offer-procedure');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'processlist-blockers-06-offer-procedure-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await offer.getByRole('button', { name: 'Call procedure' }).click();
    await expect
      .poll(() => page.getByTestId('pl-message').textContent(), { timeout: 10_000 })
      .toBe(`✔Killed #${blocker.threadId}.`);
    // The blocker's transaction rolled back, so the waiter's UPDATE went through.
    expect(await waited).toMatchObject({ affectedRows: 1 });
    const [rows] = await withConnection(server(), (c) =>
      c.query<mysql.RowDataPacket[]>(`SELECT id, state FROM ${DB}.orders ORDER BY id`),
    );
    expect(rows.map((r) => [r.id, r.state])).toEqual([
      [1, 'shipped'],
      [2, 'new'],
    ]);
    // The timeline shows the pair as ended.
    const lane = page.locator(
      `.pl-timeline-lane[data-pair="${blocker.threadId}>${waiter.threadId}"]`,
    );
    await expect
      .poll(() => lane.locator('rect[data-end="cleared"]').count(), { timeout: 10_000 })
      .toBe(1);
    await screenshot(page, 'processlist-blockers-07-after-kill');
    expect(errors).toEqual([]);
  });
});
