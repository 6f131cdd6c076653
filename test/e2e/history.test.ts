import { readFile, stat, truncate, writeFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServers } from '../servers/provided';
import { screenshot } from './harness/browser';
import { savedEditorText, cursorToLine } from './harness/editor-text';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { saveConnectionTo } from './harness/open-tool';
import { openApp } from './harness/open-app';

const MARKER = "SELECT 'history-e2e' AS marker, 42 AS answer";
const SCRIPT = [
  `${MARKER};`,
  'SELECT * FROM mysql.no_such_history_table;',
  'SELECT 2 AS two;',
].join('\n');

/** The editor's lines as shown (Monaco draws spaces as no-break spaces). */
async function editorLines(page: Page): Promise<string[]> {
  const lines = await page.locator('.monaco-editor .view-line').allTextContents();
  return lines.map((l) => l.replace(/\u00a0/g, ' '));
}

/** With the history open the toolbar is narrow: Save is in its "More" menu. */
async function saveFromMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'More editor actions' }).click();
  await page.getByRole('menuitem', { name: 'Save as .sql file…' }).click();
}

/** The result tab in front, by its query id (a new run replaces the earlier results). */
const frontResult = (page: Page) =>
  page.evaluate(
    () =>
      document.querySelector('.result-tab[aria-selected="true"]')?.getAttribute('data-tab-id') ??
      null,
  );

/** Waits for the result of a run that has just been started (another than `before`). */
async function newResult(page: Page, before: string | null): Promise<void> {
  await expect
    .poll(async () => [null, before].includes(await frontResult(page)), { timeout: 10_000 })
    .toBe(false);
}

/** Runs the statement on line `n` and waits for it to end. */
async function runLine(page: Page, n: number): Promise<void> {
  await cursorToLine(page, n);
  const before = await frontResult(page);
  await page.keyboard.press('Control+Enter');
  await newResult(page, before);
  await expect
    .poll(() => page.getByTestId('result-summary').getAttribute('data-state'), { timeout: 15_000 })
    .not.toBe('running');
}

async function downloaded(download: Download): Promise<string> {
  const file = await download.path();
  return readFile(file, 'utf8');
}

describe('query history and .sql files', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let connectionId: string;
  let entries: Locator;
  let tempDir: string;
  const servers = testServers();

  beforeAll(async () => {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-e2e-files-'));
    ({ app, browser, page, errors } = await openWebPage());
    connectionId = await saveConnectionTo(app, servers.mysql, 'History MySQL', {
      color: 'green',
      tls: { mode: 'required' },
    });
    await openApp(page, app);
    await page.evaluate(
      ([key, text]) => localStorage.setItem(key!, text!),
      [`sightline.editor-text.${connectionId}.0`, SCRIPT],
    );
    await page.reload();
    await page.locator('[data-connection-name="History MySQL"]').click();
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.locator('.monaco-editor .view-line').first().waitFor({ timeout: 20_000 });
    entries = page.getByTestId('history-entry');
  });

  afterAll(async () => {
    await closeWebPage(browser, app);
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  });

  it('opens from the editor toolbar and teaches how to fill it when empty', async () => {
    await page.getByRole('button', { name: 'History', exact: true }).click();
    const empty = page.getByTestId('history-empty');
    await empty.waitFor({ timeout: 5000 });
    expect(await empty.textContent()).toBe('No statements yet; run one with Ctrl+Enter.');
    expect(
      await page.getByRole('button', { name: 'History', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('lists the statements run, newest first, with time, duration, rows and errors', async () => {
    await runLine(page, 1);
    await runLine(page, 2);
    await runLine(page, 3);
    await expect.poll(() => entries.count(), { timeout: 5000 }).toBe(3);

    const sql = await entries.locator('.history-sql').allTextContents();
    expect(sql).toEqual(['SELECT 2 AS two', 'SELECT * FROM mysql.no_such_history_table', MARKER]);
    const newest = entries.nth(0);
    expect(await newest.getAttribute('data-state')).toBe('done');
    expect(await newest.locator('.history-entry-meta').textContent()).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC1 row\d+ ms$/,
    );
    expect(await newest.locator('time').getAttribute('datetime')).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
    );
    expect(await newest.locator('.color-dot').getAttribute('class')).toContain('color-green');
    const failed = entries.nth(1);
    expect(await failed.getAttribute('data-state')).toBe('error');
    const outcome = failed.locator('.history-outcome-error');
    expect(await outcome.textContent()).toBe('✖ Error 1146');
    expect(await outcome.getAttribute('title')).toContain(
      "Table 'mysql.no_such_history_table' doesn't exist",
    );
    await screenshot(page, 'history-01-list');
  });

  it('searches as one types and puts the chosen statement in the editor', async () => {
    await page.getByRole('searchbox', { name: 'Search history' }).fill('MARKER');
    await expect.poll(() => entries.count(), { timeout: 5000 }).toBe(1);
    expect(await entries.locator('.history-sql').textContent()).toBe(MARKER);
    await screenshot(page, 'history-02-search');

    await cursorToLine(page, 1);
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await expect.poll(() => editorLines(page)).toEqual(['']);
    await entries.first().locator('.history-entry-main').click();
    await expect.poll(() => editorLines(page)).toEqual([MARKER]);
  });

  it('runs a statement again from the history', async () => {
    const before = await frontResult(page);
    await entries.first().getByRole('button', { name: 'Run again' }).click();
    await newResult(page, before);
    await expect
      .poll(() => page.getByTestId('result-summary').getAttribute('data-state'), {
        timeout: 15_000,
      })
      .toBe('done');
    await expect.poll(() => entries.count(), { timeout: 5000 }).toBe(2);
    expect(await editorLines(page)).toEqual([MARKER]);
  });

  it('says what hides the entries when nothing matches', async () => {
    await page.getByRole('searchbox', { name: 'Search history' }).fill('zzz-nothing');
    const empty = page.getByTestId('history-empty');
    await empty.waitFor({ timeout: 5000 });
    expect(await empty.locator('p').textContent()).toBe(
      'Nothing matches ‘zzz-nothing’ on History MySQL.',
    );
    expect(await empty.getByRole('button', { name: 'Search all connections' }).count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search history' }).fill('');
    await expect.poll(() => entries.count(), { timeout: 5000 }).toBe(4);
  });

  it('keeps the history on disk, owner-only', async () => {
    const file = path.join(app.dataDir, 'history.jsonl');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const lines = (await readFile(file, 'utf8')).trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { sql: string }).sql)).toEqual([
      MARKER,
      'SELECT * FROM mysql.no_such_history_table',
      'SELECT 2 AS two',
      MARKER,
    ]);
  });

  it('saves the editor text as a .sql download', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), saveFromMenu(page)]);
    expect(download.suggestedFilename()).toBe('History MySQL.sql');
    const editorText = await savedEditorText(page, connectionId);
    expect(editorText).toBe(MARKER);
    expect(await downloaded(download)).toBe(editorText);
    expect(await page.getByTestId('sql-file-name').textContent()).toBe('History MySQL.sql');
  });

  it('opens a .sql file into the editor, and saves it back under its name', async () => {
    const text = '-- monthly report\nSELECT 3 AS three;\n\nSELECT 4 AS four;\n';
    await page.getByTestId('open-sql-file').setInputFiles({
      name: 'report.sql',
      mimeType: 'text/plain',
      buffer: Buffer.from(`\uFEFF${text}`),
    });
    await expect
      .poll(() => editorLines(page))
      .toEqual(['-- monthly report', 'SELECT 3 AS three;', '', 'SELECT 4 AS four;', '']);
    expect(await page.getByTestId('sql-file-name').textContent()).toBe('report.sql');

    const [download] = await Promise.all([page.waitForEvent('download'), saveFromMenu(page)]);
    expect(download.suggestedFilename()).toBe('report.sql');
    expect(await downloaded(download)).toBe(text);
    // What was opened can be undone like any edit.
    await cursorToLine(page, 1);
    await page.keyboard.press('Control+Z');
    await expect.poll(() => editorLines(page)).toEqual([MARKER]);
  });

  it('refuses a file over 50 MB with a clear error, leaving the editor alone', async () => {
    const big = path.join(tempDir, 'dump.sql');
    await writeFile(big, '');
    await truncate(big, 51 * 1024 * 1024);
    await page.getByTestId('open-sql-file').setInputFiles(big);
    const alert = page.locator('.sql-file-error');
    await alert.waitFor({ timeout: 5000 });
    expect(await alert.locator('.notice-message').textContent()).toBe(
      'dump.sql is 51 MB; Sightline opens files of up to 50 MB. Split it, or run it with the mysql client.',
    );
    expect(await editorLines(page)).toEqual([MARKER]);
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    expect(await alert.count()).toBe(0);
  });

  it('clears the history only after confirmation', async () => {
    await page.getByRole('button', { name: 'Clear…' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.locator('h2').textContent()).toContain(
      'Clear the query history of “History MySQL”?',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await entries.count()).toBe(4);

    await page.getByRole('button', { name: 'Clear…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear history' }).click();
    await page.getByTestId('history-empty').waitFor({ timeout: 5000 });
    expect(await readFile(path.join(app.dataDir, 'history.jsonl'), 'utf8')).toBe('');
  });

  it('closes with Esc', async () => {
    await page.getByRole('searchbox', { name: 'Search history' }).press('Escape');
    expect(await page.getByTestId('history-panel').count()).toBe(0);
  });

  it('logged no page errors', () => {
    expect(errors).toEqual([]);
  });
});
