import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RowDataPacket } from 'mysql2/promise';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMs } from '../../src/shared/explain/format-plan-figures';
import { readSlowLogSources } from '../../src/main/slowlog/read-slowlog-sources';
import { bucketStatistics, SlowLogDigest, type QueryClass } from '../../src/shared/slowlog';
import { withConnection } from '../servers/connect';
import { useDedicatedServer } from '../servers/dedicated-servers';
import { screenshot } from './harness/browser';
import { openToolWith } from './harness/open-tool';
import { appTabs } from './harness/tab-strip';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { slowLogBound, waitForSlowLogText } from '../servers/slow-log-file';
import { openApp } from './harness/open-app';

// The Tuning screen's Slow log view in browser mode, on a log a real MySQL 9.7 wrote: the
// classes table's figures are the core digest's, a class's slowest statement opens in the
// editor and explains on the connection, and a big log's analysis can be cancelled.

const DB = 'sl_e2e_slowlog';
const FINGERPRINT = 'select * from orders where customer = ?';

/** A big slow log (about 400 MB) so that the analysis is still reading when Cancel is pressed. */
function bigLog(): string {
  const entry = (i: number) =>
    `# Time: 2026-11-25T10:00:00.000000Z\n# User@Host: app[app] @ localhost []  Id: 8\n# Query_time: 0.001000  Lock_time: 0.000000 Rows_sent: 1  Rows_examined: ${i % 97}\nSET timestamp=1795600000;\nSELECT * FROM t${i % 50} WHERE id = ${i};\n`;
  return Array.from({ length: 10_000 }, (_, i) => entry(i)).join('');
}

describe('the tuning screen reads a slow log', () => {
  const server = useDedicatedServer('mysql', {
    name: 'slowlog-e2e',
    extraArgs: ['--slow-query-log=ON', '--long-query-time=0', '--slow-query-log-file=slow.log'],
  });
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let dir: string;
  let log: string;
  let big: string;
  let known: QueryClass;

  beforeAll(async () => {
    await withConnection(server(), async (c) => {
      await c.query(`CREATE DATABASE ${DB}`);
      await c.query(`USE ${DB}`);
      await c.query('CREATE TABLE orders (id INT PRIMARY KEY, customer INT, total INT)');
      await c.query(
        `INSERT INTO orders VALUES ${Array.from({ length: 10 }, (_, i) => `(${i}, ${i % 4}, ${i * 10})`).join(', ')}`,
      );
      for (let i = 0; i < 7; i += 1) await c.query(`SELECT * FROM orders WHERE customer = ${i}`);
      await c.query("SELECT 'sl-e2e-end'");
    });
    // The server writes an entry after answering: wait for the marker, so all before it are in.
    const written = path.join(server().dataDir, 'slow.log');
    await waitForSlowLogText(written, "SELECT 'sl-e2e-end'");
    dir = await mkdtemp(path.join(os.tmpdir(), 'sightline-e2e-slowlog-'));
    // A copy that holds still while the server goes on logging.
    log = path.join(dir, 'slow.log');
    await writeFile(log, await readFile(path.join(server().dataDir, 'slow.log')));
    const digest = new SlowLogDigest();
    await readSlowLogSources([log], (e) => digest.add(e));
    known = digest.results().find((c) => c.fingerprint === FINGERPRINT)!;
    big = path.join(dir, 'big.log');
    const block = bigLog();
    await writeFile(big, '');
    const { appendFile } = await import('node:fs/promises');
    for (let written = 0; written < 400 * 1024 * 1024; written += block.length)
      await appendFile(big, block);
    ({ app, browser, page, errors } = await openWebPage());
    await page.setViewportSize({ width: 1280, height: 800 });
    await openToolWith(page, app, server(), 'slowlog-e2e', 'tuning');
    await page.getByRole('tab', { name: 'Slow log' }).click();
  }, 180_000);

  afterAll(async () => {
    await closeWebPage(browser, app);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('says which sources the connection offers', async () => {
    const sources = page.getByTestId('slowlog-sources');
    await expect
      .poll(() => sources.locator('li').allTextContents())
      .toEqual([
        '●Local file available',
        "○The server's file over SSH This connection has no SSH tunnel.",
        '○mysql.slow_log log_output is FILE: the server writes no rows to mysql.slow_log.',
      ]);
  });

  it('shows the classes of a real log with the digest’s figures', async () => {
    expect(known.count).toBe(7);
    await page.getByLabel('Slow log file').fill(log);
    await page.getByRole('button', { name: 'Analyze', exact: true }).click();
    const row = page.getByTestId('slowlog-row').filter({ hasText: FINGERPRINT });
    await row.waitFor({ timeout: 30_000 });
    const cells = await row.locator('td').allTextContents();
    const time = known.numeric.get('Query_time')!;
    expect(cells.slice(0, 7)).toEqual([
      FINGERPRINT,
      '7',
      formatMs(time.sum * 1000),
      formatMs((time.sum / 7) * 1000),
      formatMs(bucketStatistics(time.buckets, time.count, time.min, time.max).pct95 * 1000),
      // No index on customer: every call reads the 10 rows; customers 0-6 have 3, 3, 2, 2, 0...
      '70',
      '10',
    ]);
    expect(known.numeric.get('Rows_sent')!.sum).toBe(10);
    // pt-query-digest's 95th percentile is a bucket's lower bound, not a value that was logged.
    expect(await page.getByRole('columnheader', { name: 'p95' }).getAttribute('title')).toBe(
      '95th percentile of Query_time, estimated as pt-query-digest does: from buckets 5% wide, so up to 5% below the true value',
    );
    expect(await row.locator('td').nth(4).getAttribute('title')).toMatch(
      /^\d+\.\d{6} s \(the lower bound of its 5% bucket\)$/,
    );
    await expect.poll(() => page.getByTestId('slowlog-summary').textContent()).toMatch(/classes/);
    // MySQL writes UTC (log_timestamps=UTC, `Z`): the times say so.
    expect(await page.getByTestId('slowlog-summary').textContent()).toMatch(
      / from \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC to \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\./,
    );
    expect(await row.locator('td.tune-seen').first().textContent()).toMatch(
      /^\d\d-\d\d \d\d:\d\d:\d\d UTC$/,
    );
    await row.click();
    await expect
      .poll(() => page.getByTestId('slowlog-example').textContent())
      .toBe(known.example!.statement);
    await screenshot(page, 'tuning-slowlog-01-classes');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'tuning-slowlog-02-classes-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('explains a class’s example in its use-db schema, and suggests its index', async () => {
    const detail = page.getByTestId('slowlog-detail');
    await detail.getByRole('button', { name: /^Explain on / }).click();
    await detail.getByRole('button', { name: 'Open plan' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => detail.locator('h4').allTextContents()).toContain('Findings');
    // From the explain into index experiments, as for top statements; a scan of ten rows is
    // no finding, so no index is suggested, and the screen says so.
    expect(await detail.locator('h4').allTextContents()).toContain('Candidate indexes');
    expect(
      await detail.getByText('The plan’s findings suggest no index for this statement.').count(),
    ).toBe(1);
    await screenshot(page, 'tuning-slowlog-07-explained');
  });

  it('cancels an explain that waits for a locked table', async () => {
    // Another session holds the table: the EXPLAIN waits for its metadata lock (for a year, by
    // the server's default), so Cancel is the only way out of it.
    await withConnection(server(), async (locker) => {
      await locker.query(`LOCK TABLES ${DB}.orders WRITE`);
      const detail = page.getByTestId('slowlog-detail');
      await detail.getByRole('button', { name: /^Explain on / }).click();
      const running = detail.getByTestId('explain-running');
      await running.waitFor({ timeout: 10_000 });
      expect(await running.locator('strong').textContent()).toBe('Explaining');
      // Waiting on the server: the time counts past a second.
      await expect
        .poll(() => running.getByTestId('explain-elapsed').textContent(), { timeout: 10_000 })
        .toMatch(/^\d+(\.\d+)? s$/);
      expect(await detail.getByRole('button', { name: 'Explaining…' }).isDisabled()).toBe(true);
      await running.scrollIntoViewIfNeeded();
      await screenshot(page, 'tuning-slowlog-08-explain-waiting');
      await running.getByRole('button', { name: 'Cancel' }).click();
      // Said as what it is, not as a failure.
      const cancelled = detail.getByTestId('action-cancelled');
      await cancelled.waitFor({ timeout: 15_000 });
      expect(await cancelled.textContent()).toContain('Cancelled by user (KILL QUERY).');
      expect(await cancelled.getAttribute('role')).toBe('note');
      expect(await running.count()).toBe(0);
      // The waiting EXPLAIN itself is gone from the server, not only from the screen.
      const [rows] = await locker.query<RowDataPacket[]>(
        "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO LIKE 'EXPLAIN%orders%'",
      );
      expect(Number(rows[0]!.n)).toBe(0);
      await screenshot(page, 'tuning-slowlog-09-explain-cancelled');
      await locker.query('UNLOCK TABLES');
    });
    // The session is free again: the next explain runs.
    const detail = page.getByTestId('slowlog-detail');
    await detail.getByRole('button', { name: /^Explain on / }).click();
    await expect.poll(() => detail.getByTestId('action-cancelled').count()).toBe(0);
    await detail.getByRole('button', { name: 'Open plan' }).waitFor({ timeout: 20_000 });
    expect(errors).toEqual([]);
  });

  it('opens a class’s example in the editor', async () => {
    const tabs = appTabs(page);
    const before = await tabs.count();
    await page
      .getByTestId('slowlog-detail')
      .getByRole('button', { name: 'Open in editor' })
      .click();
    await expect.poll(() => tabs.count(), { timeout: 20_000 }).toBe(before + 1);
    const editor = page.locator('[role=tabpanel]:not([hidden])');
    await expect
      .poll(async () =>
        (await editor.locator('.monaco-editor .view-line').allTextContents())
          .join('\n')
          .replace(/\u00a0/g, ' '),
      )
      .toContain(known.example!.statement);
    await page.keyboard.press('Control+W');
    await expect.poll(() => tabs.count()).toBe(before);
  });

  it('cancels the analysis of a big log', async () => {
    await page.getByLabel('Slow log file').fill(big);
    await page.getByRole('button', { name: 'Analyze', exact: true }).click();
    const progress = page.getByTestId('slowlog-progress-text');
    await expect.poll(() => progress.textContent(), { timeout: 20_000 }).toMatch(/ left$/);
    await screenshot(page, 'tuning-slowlog-03-progress');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'tuning-slowlog-04-progress-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByTestId('slowlog-progress').getByRole('button', { name: 'Cancel' }).click();
    await expect
      .poll(() => page.getByTestId('slowlog-view').textContent())
      .toContain('Analysis cancelled.');
    expect(await page.getByTestId('slowlog-progress').count()).toBe(0);
    expect(await page.getByTestId('slowlog-row').count()).toBe(0);
  });

  it('reads mysql.slow_log where the server writes it', async () => {
    await withConnection(server(), async (c) => {
      await c.query("SET GLOBAL log_output = 'FILE,TABLE'");
      await c.query(`USE ${DB}`);
      for (let i = 0; i < 3; i += 1) await c.query(`SELECT * FROM orders WHERE customer = ${i}`);
    });
    // A new Tuning tab reads the sources afresh.
    await openApp(page, app);
    await page.locator('[data-connection-name="slowlog-e2e"]').click();
    await page.locator('[data-tool-button="tuning"]').click();
    await page.getByRole('tab', { name: 'Slow log' }).click();
    await page.getByRole('button', { name: 'Analyze mysql.slow_log' }).click();
    const row = page.getByTestId('slowlog-row').filter({ hasText: FINGERPRINT });
    await row.waitFor({ timeout: 30_000 });
    const cells = await row.locator('td').allTextContents();
    expect([cells[0], cells[1], cells[5], cells[6]]).toEqual([FINGERPRINT, '3', '30', '8']);
    await screenshot(page, 'tuning-slowlog-06-table');
  });

  it('compares two windows of mysql.slow_log, before and after a change', async () => {
    // The first whole second after the statements above starts the after window.
    const cut = Math.floor(Date.now() / 1000) + 1;
    await new Promise((r) => setTimeout(r, cut * 1000 - Date.now() + 50));
    await withConnection(server(), async (c) => {
      await c.query(`USE ${DB}`);
      for (let i = 0; i < 2; i += 1)
        await c.query(`SELECT COUNT(*) FROM orders WHERE customer > ${i}`);
    });
    await page.getByRole('tab', { name: 'Compare two windows' }).click();
    const form = page.getByTestId('slowlog-compare-form');
    await form.getByRole('tab', { name: 'mysql.slow_log' }).click();
    // The server's own log has no file to name.
    expect(await form.getByLabel('Log', { exact: true }).count()).toBe(0);
    await page
      .getByTestId('slowlog-before')
      .getByLabel('Until')
      .fill(slowLogBound(cut - 1));
    await page.getByTestId('slowlog-after').getByLabel('Since').fill(slowLogBound(cut));
    await form.getByRole('button', { name: 'Compare', exact: true }).click();
    const table = page.getByTestId('slowlog-comparison');
    await table.waitFor({ timeout: 30_000 });
    const change = (print: string) =>
      table
        .getByTestId('slowlog-compare-row')
        .filter({ has: page.getByText(print, { exact: true }) })
        .first()
        .getAttribute('data-change');
    expect(await change(FINGERPRINT)).toBe('gone');
    expect(await change('select count(*) from orders where customer > ?')).toBe('new');
    await screenshot(page, 'tuning-slowlog-07-compare-table');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'tuning-slowlog-07-compare-table-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('tab', { name: 'Classes' }).click();
  });

  it('shows the core’s message for a file that is not a slow log', async () => {
    await page.getByLabel('Slow log file').fill(path.join(dir, 'missing.log'));
    await page.getByRole('button', { name: 'Analyze', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('slowlog-view').textContent())
      .toContain(`${path.join(dir, 'missing.log')}: no such file`);
    await screenshot(page, 'tuning-slowlog-05-missing');
    expect(errors).toEqual([]);
  });
});
