import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type mysql from 'mysql2/promise';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTo } from '../servers/connect';
import { useDedicatedServer } from '../servers/dedicated-servers';
import { launchBrowser, newCheckedPage, screenshot } from './harness/browser';
import { openToolWith } from './harness/open-tool';
import { startWebApp, type RunningWebApp } from './harness/web-app';

const DB = 'sl_e2e_alter';
// 2^21 rows: a rebuild of several seconds, long enough to see the bar move several times at the
// backend's 0.5 s polls (2^20 once finished with a single value between 0 and 100 in CI). (On
// much smaller tables MySQL's first estimate covers only the first stage: the bar then holds at
// 99.9 % until the end.)
const DOUBLINGS = 21;
const TMP = mkdtempSync(path.join(os.tmpdir(), 'sl-e2e-alter-'));
mkdirSync(path.join(TMP, 'tmp'));

describe('the ALTER screen', () => {
  // A server of its own: the run switches performance_schema stage settings (then restores them).
  const server = useDedicatedServer('mysql', {
    name: 'e2e-alter',
    extraArgs: ['--innodb-buffer-pool-size=256M', `--tmpdir=${path.join(TMP, 'tmp')}`],
  });
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let holder: mysql.Connection;

  beforeAll(async () => {
    const c = await connectTo(server());
    try {
      await c.query(`CREATE DATABASE ${DB}; USE ${DB};
        CREATE TABLE orders (id BIGINT AUTO_INCREMENT PRIMARY KEY, a INT NOT NULL,
          b VARCHAR(40) NOT NULL, c INT) ENGINE=InnoDB;
        INSERT INTO orders (a, b, c) VALUES (1, 'an order line of some text', 1);`);
      for (let i = 0; i < DOUBLINGS; i++) {
        await c.query('INSERT INTO orders (a, b, c) SELECT a + id, b, c FROM orders');
      }
      await c.query('ANALYZE TABLE orders');
    } finally {
      await c.end();
    }
    holder = await connectTo(server(), { database: DB });
    holder.on('error', () => undefined);
    app = await startWebApp();
    browser = await launchBrowser();
    ({ page, errors } = await newCheckedPage(browser));
    await openToolWith(page, app, server(), 'Alter MySQL', 'alter');
  }, 180_000);

  afterAll(async () => {
    holder?.destroy();
    await browser?.close();
    await app?.stop();
    rmSync(TMP, { recursive: true, force: true });
  });

  it('starts with an empty state that says what to do', async () => {
    const empty = page.getByTestId('alter-empty');
    await empty.waitFor();
    expect(await empty.textContent()).toContain('Pick a table and type an ALTER');
    expect(await page.getByTestId('alter-history-empty').textContent()).toContain(
      'No ALTER has been run from Sightline on this connection yet',
    );
    await screenshot(page, 'alter-00-empty');
  });

  it('builds an ALTER from the table picker and the form, and plans it as instant', async () => {
    const screen = page.getByTestId('alter-screen');
    await screen.getByLabel('Schema', { exact: true }).selectOption(DB);
    const table = screen.getByLabel('Table', { exact: true });
    await table.locator('option', { hasText: 'orders' }).waitFor({ state: 'attached' });
    await table.selectOption('orders');
    await page.getByLabel('Column').fill('note');
    await page.getByLabel('Type and options (e.g. VARCHAR(40) NULL)').fill('VARCHAR(40) NULL');
    await page.getByRole('button', { name: 'Add to statement' }).click();
    expect(await page.getByLabel('ALTER statement').inputValue()).toBe(
      'ALTER TABLE `sl_e2e_alter`.`orders` ADD COLUMN `note` VARCHAR(40) NULL',
    );
    await page.getByRole('button', { name: 'Check plan and risks' }).click();
    const ops = page.getByTestId('alter-operations');
    await ops.waitFor({ timeout: 20_000 });
    expect(await ops.locator('tbody tr').first().locator('td').allTextContents()).toEqual([
      'ADD COLUMN `note` VARCHAR(40) NULL',
      '✔ INSTANT',
      '✔ LOCK NONE',
      'the new column is only recorded in the table definition; existing rows get its default when read',
    ]);
    expect(await page.getByTestId('alter-proposed').textContent()).toBe(
      'ALTER TABLE `sl_e2e_alter`.`orders` ALGORITHM=INSTANT, ADD COLUMN `note` VARCHAR(40) NULL',
    );
    await screenshot(page, 'alter-01-instant-plan');
  });

  it('shows the risks of a rebuild, with the session whose transaction is in the way', async () => {
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM orders WHERE id = 1');
    await page.getByLabel('ALTER statement').fill(`ALTER TABLE ${DB}.orders FORCE`);
    await page.getByRole('button', { name: 'Check plan and risks' }).click();
    const risks = page.getByTestId('alter-risks');
    await risks.waitFor({ timeout: 20_000 });
    const items = await risks.locator('li').allTextContents();
    expect(items[0]).toContain(
      `1 session holds or may hold the table's metadata lock (${holder.threadId} (root,`,
    );
    expect(items[0]?.startsWith('✖')).toBe(true);
    expect(items).toContain(
      '⚠ The whole table is rewritten: free disk space about the size of the table is needed, and writes made during the run must fit in innodb_online_alter_log_max_size.',
    );
    const blocker = page.locator(
      `[data-testid=alter-blockers] tr[data-process-id="${holder.threadId}"]`,
    );
    expect(await blocker.locator('td').nth(2).textContent()).toBe('holds SHARED_READ');
    expect(await page.getByTestId('alter-proposed').textContent()).toBe(
      `ALTER TABLE ${DB}.orders ALGORITHM=INPLACE, LOCK=NONE, FORCE`,
    );
    await screenshot(page, 'alter-02-rebuild-risks');
    await holder.query('COMMIT');
  });

  it('lists what sightline lint finds in the statement, worst first, with where and a fix', async () => {
    await page
      .getByLabel('ALTER statement')
      .fill(`ALTER TABLE ${DB}.orders\n  MODIFY b VARCHAR(10) NOT NULL`);
    await page.getByRole('button', { name: 'Check plan and risks' }).click();
    const findings = page.getByTestId('alter-findings');
    await findings.waitFor({ timeout: 20_000 });
    const items = findings.locator('li');
    const rules = await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-rule')));
    expect(rules).toContain('lossy-type-change');
    expect(rules).toContain('table-copy');
    expect(rules).not.toContain('unknown-table');
    const severities = await items.evaluateAll((els) =>
      els.map((e) => e.getAttribute('data-severity')),
    );
    const rank = (x: string | null) => ['danger', 'warning', 'info'].indexOf(x ?? '');
    const ranks = severities.map(rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(ranks).not.toContain(-1);
    const lossy = findings.locator('li[data-rule="lossy-type-change"]');
    expect(await lossy.textContent()).toContain('line 2, column 3');
    expect(await lossy.locator('[aria-label]').first().getAttribute('aria-label')).toBe(
      (await lossy.getAttribute('data-severity')) === 'danger' ? 'danger' : 'warning',
    );
    await findings.scrollIntoViewIfNeeded();
    await screenshot(page, 'alter-02b-lint-findings');
    // The run below goes on with the rebuild checked before.
    await page.getByLabel('ALTER statement').fill(`ALTER TABLE ${DB}.orders FORCE`);
  });

  it('says when the server will refuse the statement, and runs it only as a choice made so', async () => {
    const refused = `ALTER TABLE ${DB}.orders ADD COLUMN g BIGINT AS (id * 2) VIRTUAL`;
    await page.getByLabel('ALTER statement').fill(refused);
    await page.getByRole('button', { name: 'Check plan and risks' }).click();
    const note = page.getByTestId('alter-run-refused');
    await note.waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('alter-operations').textContent()).toContain('3109');
    expect(await note.textContent()).toBe(
      'The server is expected to refuse this statement (see the plan): running it would change nothing. It can still be run, for a server that answers otherwise.',
    );
    expect(await page.getByRole('button', { name: 'Run ALTER anyway…' }).count()).toBe(1);
    // No duration promised for what will not run.
    expect(await page.getByText('— (the server refuses the statement)').count()).toBe(1);
    await note.scrollIntoViewIfNeeded();
    await screenshot(page, 'alter-02c-refused');
    // What the server says, for the record: the plan was right.
    const c = await connectTo(server(), { database: DB });
    try {
      await expect(c.query(refused)).rejects.toMatchObject({ errno: 3109 });
    } finally {
      await c.end();
    }
    await page.getByLabel('ALTER statement').fill(`ALTER TABLE ${DB}.orders FORCE`);
  });

  it('runs the ALTER after confirming the exact SQL, with a bar that moves to 100 %', async () => {
    await page.getByRole('button', { name: 'Check plan and risks' }).click();
    // The fresh check no longer finds the transaction (it committed).
    await expect
      .poll(() => page.getByTestId('alter-blockers').count(), { timeout: 20_000 })
      .toBe(0);
    await page.getByTestId('alter-stage-consent').waitFor();
    await page.getByTestId('alter-stage-consent').locator('input').check();
    await page.getByRole('button', { name: 'Run ALTER…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByLabel('Exact operation').textContent()).toBe(
      [
        'SET SESSION lock_wait_timeout = 10;',
        "UPDATE performance_schema.setup_instruments SET ENABLED = 'YES', TIMED = 'YES' WHERE NAME LIKE 'stage/innodb/alter%' OR NAME LIKE 'stage/sql/%copy to tmp table%';",
        "UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME = 'events_stages_current';",
        `ALTER TABLE ${DB}.orders ALGORITHM=INPLACE, LOCK=NONE, FORCE;`,
        '-- afterwards the previous instrument and consumer settings are restored',
      ].join('\n'),
    );
    await screenshot(page, 'alter-03-confirm');
    await dialog.getByRole('button', { name: 'Run ALTER' }).click();

    const bar = page.getByRole('progressbar', { name: `ALTER progress of ${DB}.orders` });
    await bar.waitFor({ timeout: 10_000 });
    const seen: number[] = [];
    let midShot = false;
    const deadline = Date.now() + 90_000;
    for (;;) {
      const state = await page.getByTestId('alter-run').getAttribute('data-state');
      const now = await bar.getAttribute('aria-valuenow');
      if (now !== null && Number(now) !== seen.at(-1)) seen.push(Number(now));
      if (!midShot && now !== null && Number(now) > 0 && Number(now) < 100) {
        midShot = true;
        await screenshot(page, 'alter-04-running');
      }
      if (state !== 'running' && state !== 'waiting-lock') break;
      if (Date.now() > deadline) throw new Error('the ALTER did not end in 90 s');
      await page.waitForTimeout(100);
    }
    expect(await page.getByTestId('alter-run').getAttribute('data-state')).toBe('done');
    // The bar moved: several values below 100, never backwards, then 100.
    expect(seen.filter((v) => v > 0 && v < 100).length).toBeGreaterThanOrEqual(2);
    expect([...seen].sort((x, y) => x - y)).toEqual(seen);
    expect(seen.at(-1)).toBe(100);
    expect(await page.getByTestId('alter-outcome').textContent()).toMatch(/^✔Done in /);
    const history = page.getByTestId('alter-history');
    await history.waitFor();
    expect(await history.locator('tbody tr').first().locator('td').nth(2).textContent()).toBe(
      `ALTER TABLE ${DB}.orders ALGORITHM=INPLACE, LOCK=NONE, FORCE`,
    );
    await page.getByTestId('alter-outcome').scrollIntoViewIfNeeded();
    // The bar eases to its new width.
    await page.waitForTimeout(600);
    await screenshot(page, 'alter-05-done');
    // Stages in words, the instrument names in the title.
    const stages = page.getByTestId('alter-stage');
    expect(await stages.textContent()).toMatch(/^Stages seen [a-z]/);
    expect(await stages.textContent()).not.toContain('stage/');
    expect(await stages.locator('[title]').getAttribute('title')).toMatch(
      /^stage\/innodb\/alter table/,
    );
    // The outcome in the history says "Done" once, and the picked table is still picked.
    const outcome = await history.locator('tbody tr').first().locator('td').last().textContent();
    expect(outcome).toMatch(/Done in /);
    expect(outcome).not.toMatch(/Done: Done/);
    expect(
      await page.getByTestId('alter-screen').getByLabel('Table', { exact: true }).inputValue(),
    ).toBe('orders');
    expect(errors).toEqual([]);
  });

  it('shows the wait for the metadata lock with the blocker, and kills it after confirming', async () => {
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM orders WHERE id = 1');
    await page.getByLabel('ALTER statement').fill(`ALTER TABLE ${DB}.orders ADD COLUMN e INT`);
    await page.getByRole('button', { name: 'Check plan and risks' }).click();
    await page.getByTestId('alter-blockers').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Run ALTER…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Run ALTER' }).click();

    const wait = page.getByTestId('alter-mdl-wait');
    await wait.waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('alter-run').getAttribute('data-state')).toBe('waiting-lock');
    const row = wait.locator(`tr[data-process-id="${holder.threadId}"]`);
    expect(await row.locator('td').nth(2).textContent()).toBe('holds SHARED_READ');
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'alter-06-waiting-for-lock');

    await row.getByRole('button', { name: `Kill session ${holder.threadId}…` }).click();
    await dialog.waitFor();
    expect(await dialog.getByLabel('Exact operation').textContent()).toBe(
      `KILL ${holder.threadId};`,
    );
    await screenshot(page, 'alter-07-confirm-kill');
    await dialog.getByRole('button', { name: `Kill session ${holder.threadId}` }).click();
    await expect
      .poll(() => page.getByTestId('alter-run').getAttribute('data-state'), { timeout: 30_000 })
      .toBe('done');
    expect(errors).toEqual([]);
  });
  it('says when progress cannot be read from a frozen server, and reads it again after', async () => {
    // The session that held the lock before was killed: a new one holds it now.
    const blocker = await connectTo(server(), { database: DB });
    blocker.on('error', () => undefined);
    await blocker.query('BEGIN');
    await blocker.query('SELECT id FROM orders WHERE id = 1');
    await page.getByLabel('ALTER statement').fill(`ALTER TABLE ${DB}.orders ADD COLUMN f INT`);
    await page.getByRole('button', { name: 'Check plan and risks' }).click();
    await page.getByTestId('alter-blockers').waitFor({ timeout: 20_000 });
    // Long enough for the freeze below: the ALTER must still wait when the server wakes.
    await page.getByLabel('lock_wait_timeout (s)').fill('600');
    await page.getByRole('button', { name: 'Run ALTER…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Run ALTER' }).click();
    await page.getByTestId('alter-mdl-wait').waitFor({ timeout: 20_000 });

    // Frozen (SIGSTOP), as on a stalled disk: the progress read gives up after the app's 30 s.
    server().pause();
    const stale = page.getByTestId('alter-progress-stale');
    try {
      await stale.waitFor({ timeout: 60_000 });
      const title = await stale.locator('.notice-title').textContent();
      const ago = /^Progress not read since \d\d:\d\d:\d\d \((\d+)(\.\d)? s ago\)$/.exec(
        title ?? '',
      );
      // Not read for at least the app's 30 s wait (later on a busy machine).
      expect(Number(ago?.[1])).toBeGreaterThanOrEqual(30);
      // Why: the read that gave up, or, once the next poll tried a new connection, its connect
      // timing out (the server accepts TCP while frozen but never greets); both say it.
      expect(await stale.textContent()).toMatch(
        /(did not answer in time|timed out after 10 s: the server accepted the connection but never sent its greeting)\. The figures below are from that read; Sightline keeps trying\. The ALTER itself may still be running on the server\.$/,
      );
      expect(await page.getByTestId('alter-run').getAttribute('data-state')).toBe('waiting-lock');
      await screenshot(page, 'alter-08-progress-stale');
    } finally {
      server().resume();
    }
    await stale.waitFor({ state: 'detached', timeout: 30_000 });
    await blocker.query('COMMIT');
    await blocker.end();
    await expect
      .poll(() => page.getByTestId('alter-run').getAttribute('data-state'), { timeout: 30_000 })
      .toBe('done');
    expect(errors).toEqual([]);
  }, 120_000);
});
