import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RowDataPacket } from 'mysql2';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { screenshot } from './harness/browser';
import { cursorToLine } from './harness/editor-text';
import { openEditorWith } from './harness/open-editor';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';

// Closing a session's tab stops its statement and rolls back its transaction: the user is
// asked first, shown the statement, and Cancel keeps both.

const server = testServers().mysql;
const DB = 'sl_e2e_close_question';

/** Statements of `marker` on the server now. */
async function running(marker: string): Promise<number> {
  return withConnection(server, async (c) => {
    const [rows] = await c.query<RowDataPacket[]>(
      'SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO LIKE ? AND ID <> CONNECTION_ID()',
      [`%${marker}%`],
    );
    return Number(rows[0]!.n);
  });
}

describe('closing a tab that still works on the server', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const tab = () => page.getByRole('tablist', { name: 'Open sessions' }).getByRole('tab');

  beforeAll(async () => {
    await withConnection(server, (c) =>
      c.query(
        `DROP DATABASE IF EXISTS ${DB}; CREATE DATABASE ${DB}; CREATE TABLE ${DB}.t (id INT PRIMARY KEY); CREATE TABLE ${DB}.slow (n INT)`,
      ),
    );
    ({ app, browser, page, errors } = await openWebPage());
  });
  afterAll(async () => {
    await closeWebPage(browser, app);
    await withConnection(server, (c) => c.query(`DROP DATABASE IF EXISTS ${DB}`));
  });

  it('asks before stopping a running statement, and Cancel leaves it running', async () => {
    const marker = 'close_question_sleep';
    await openEditorWith(page, app, server, 'Close question', `SELECT SLEEP(30) AS ${marker};`);
    await cursorToLine(page, 1);
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => running(marker), { timeout: 10_000 }).toBe(1);
    await page.getByRole('button', { name: 'Close Close question' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.locator('h2').textContent()).toContain(
      'Close the tab and stop its statement on Close question?',
    );
    expect(await dialog.locator('p').first().textContent()).toMatch(
      /^This statement has been running for [\d.]+ (ms|s)\. Closing the tab stops it on the server \(KILL QUERY\): what it changed is rolled back\.$/,
    );
    expect(await dialog.getByLabel('Exact operation').textContent()).toBe(
      `SELECT SLEEP(30) AS ${marker}`,
    );
    await screenshot(page, 'tab-close-question-running');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await tab().count()).toBe(1);
    expect(await running(marker)).toBe(1);
    await page.getByRole('button', { name: 'Close Close question' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Stop it and close' }).click();
    await expect.poll(() => tab().count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => running(marker), { timeout: 10_000 }).toBe(0);
    expect(errors).toEqual([]);
  });

  it('asks before cancelling a running export, and Cancel lets it go on', async () => {
    const marker = 'close_question_export';
    const name = `sightline-e2e-close-export-${process.pid}.csv`;
    const file = path.join(os.homedir(), name);
    // Quick the first time; the export's run of it (once a row is in `slow`) takes 30 s.
    await openEditorWith(
      page,
      app,
      server,
      'Close question 3',
      `SELECT SLEEP(IF((SELECT COUNT(*) FROM ${DB}.slow) > 0, 30, 0)) AS ${marker};`,
    );
    await cursorToLine(page, 1);
    await page.keyboard.press('Control+Enter');
    await expect
      .poll(() => page.getByTestId('result-summary').last().getAttribute('data-state'), {
        timeout: 10_000,
      })
      .toBe('done');
    await withConnection(server, (c) => c.query(`INSERT INTO ${DB}.slow VALUES (1)`));
    await page.getByRole('button', { name: 'Export full result…' }).first().click();
    const exportDialog = page.getByRole('dialog', { name: 'Export full result' });
    await exportDialog.getByRole('radio', { name: 'Save on the server’s disk' }).check();
    await exportDialog.getByRole('textbox', { name: /File/ }).fill(`~/${name}`);
    await exportDialog.getByRole('button', { name: 'Export', exact: true }).click();
    await expect.poll(() => running(marker), { timeout: 10_000 }).toBe(1);
    const progress = exportDialog.getByTestId('export-progress');
    await expect.poll(() => progress.getAttribute('data-state')).toBe('running');
    // The export dialog is modal; the shortcut still reaches the tab.
    await page.keyboard.press('Control+w');
    const question = page.getByRole('dialog', { name: /cancel its export/ });
    await question.waitFor();
    expect(await question.locator('h2').textContent()).toContain(
      'Close the tab and cancel its export on Close question 3?',
    );
    expect(await question.locator('p').first().textContent()).toBe(
      `An export of this tab's result is running (0 rows written so far). Closing the tab ends its session: the export stops and its partial file is removed, so ${file} is not written.`,
    );
    expect(await question.getByLabel('Exact operation').textContent()).toBe(file);
    await screenshot(page, 'tab-close-question-export');
    await question.getByRole('button', { name: 'Cancel', exact: true }).click();
    expect(await tab().count()).toBe(1);
    expect(await running(marker)).toBe(1);
    expect(await progress.getAttribute('data-state')).toBe('running');
    await page.keyboard.press('Control+w');
    await page
      .getByRole('dialog', { name: /cancel its export/ })
      .getByRole('button', { name: 'Cancel the export and close' })
      .click();
    await expect.poll(() => tab().count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => running(marker), { timeout: 10_000 }).toBe(0);
    expect(existsSync(file)).toBe(false);
    // The partial file goes once the stopped statement's stream has ended, a moment after.
    await expect
      .poll(async () => (await readdir(os.homedir())).filter((f) => f.startsWith(name)), {
        timeout: 10_000,
      })
      .toEqual([]);
    expect(errors).toEqual([]);
  });

  it('asks before rolling back an open transaction', async () => {
    await openEditorWith(
      page,
      app,
      server,
      'Close question 2',
      `START TRANSACTION;\nINSERT INTO ${DB}.t VALUES (1);`,
    );
    for (const line of [1, 2]) {
      await cursorToLine(page, line);
      await page.keyboard.press('Control+Enter');
      await expect
        .poll(() => page.getByTestId('result-summary').last().getAttribute('data-state'), {
          timeout: 10_000,
        })
        .toBe('done');
    }
    await page.getByRole('button', { name: 'Close Close question 2' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.locator('h2').textContent()).toContain(
      'Close the tab and roll back its transaction on Close question 2?',
    );
    expect(await dialog.getByLabel('Exact operation').textContent()).toBe('ROLLBACK');
    await dialog.getByRole('button', { name: 'Roll back and close' }).click();
    await expect.poll(() => tab().count(), { timeout: 10_000 }).toBe(0);
    const rows = await withConnection(server, async (c) => {
      const [r] = await c.query<RowDataPacket[]>(`SELECT COUNT(*) AS n FROM ${DB}.t`);
      return Number(r[0]!.n);
    });
    expect(rows).toBe(0);
    expect(errors).toEqual([]);
  });
});
