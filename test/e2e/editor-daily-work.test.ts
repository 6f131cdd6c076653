import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSql } from '../../src/shared/sql/format-sql';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { launchBrowser, newCheckedPage, screenshot } from './harness/browser';
import { openEditorWith } from './harness/open-editor';
import { savedEditorText } from './harness/editor-text';
import { startWebApp, type RunningWebApp } from './harness/web-app';
import { appTabs } from './harness/tab-strip';

const DB = 'sl_e2e_daily';

/** The text being written when the user opens a table from the tree: it must stay whole. */
const DRAFT = 'SELECT id,\n  amount\nFROM sl_e2e_daily.orders\nWHERE amount > 10';

const SCRIPT = [
  'SELECT 1 AS one;',
  `INSERT INTO ${DB}.log VALUES (1);`,
  `SELECT nope FROM ${DB}.no_such_table;`,
  `INSERT INTO ${DB}.log VALUES (2);`,
].join('\n');

const TO_FORMAT = [
  "select id,amount from sl_e2e_daily.orders where note='a  ;  b' -- keep me",
  'and amount>1;',
  'DELIMITER $$',
  'CREATE PROCEDURE p() BEGIN SELECT   1; END$$',
  'DELIMITER ;',
  'select `odd  name` from t',
].join('\n');

/** The page of the tab in front. */
const front = (page: Page): Locator => page.locator('[role=tabpanel]:not([hidden])');

/** The text of the editor in front, as Monaco shows it (short texts: every line in view). */
async function editorText(page: Page): Promise<string> {
  const lines = await front(page).locator('.monaco-editor .view-line').allTextContents();
  return lines.map((l) => l.replace(/\u00a0/g, ' ')).join('\n');
}

/** Replaces the text of the editor in front, as a paste would (Monaco closes brackets when typing). */
async function pasteIntoEditor(page: Page, text: string): Promise<void> {
  await front(page).locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('Control+A');
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press('Control+V');
  await expect.poll(() => editorText(page)).toBe(text);
}

describe('the editor for daily work', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let connectionId: string;
  /** The whole text of the connection's first editor, as kept on each change (lines out of view too). */
  const savedText = () => savedEditorText(page, connectionId);
  const server = testServers().mysql;

  beforeAll(async () => {
    await withConnection(server, (c) =>
      c.query(`
        DROP DATABASE IF EXISTS ${DB};
        CREATE DATABASE ${DB};
        CREATE TABLE ${DB}.orders (id INT PRIMARY KEY, amount INT, note VARCHAR(20));
        INSERT INTO ${DB}.orders VALUES (1, 5, 'a'), (2, 50, 'b'), (3, 500, 'c');
        CREATE TABLE ${DB}.log (n INT);
      `),
    );
    app = await startWebApp();
    browser = await launchBrowser();
    ({ page, errors } = await newCheckedPage(browser));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: app.origin,
    });
    await page.emulateMedia({ colorScheme: 'light' });
    connectionId = await openEditorWith(page, app, server, 'Daily MySQL', DRAFT);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await withConnection(server, (c) => c.query(`DROP DATABASE IF EXISTS ${DB}`));
  });

  it('opens "SELECT first 1000 rows" in a new editor tab and runs it there', async () => {
    // The cursor in the middle of the statement being written.
    await front(page).locator('.monaco-editor .view-line').nth(1).click();
    const tabs = appTabs(page);
    expect(await tabs.count()).toBe(1);
    await page
      .getByRole('treeitem', { name: new RegExp(DB) })
      .first()
      .click();
    const orders = page.locator(`[role=treeitem][data-kind="table"][data-name="orders"]`);
    await orders.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'SELECT first 1000 rows' }).click();
    await expect.poll(() => tabs.count(), { timeout: 20_000 }).toBe(2);
    const summary = front(page).getByTestId('result-summary');
    await expect.poll(() => summary.getAttribute('data-state'), { timeout: 20_000 }).toBe('done');
    expect(await summary.textContent()).toContain('3 rows');
    expect(await editorText(page)).toContain(`SELECT * FROM \`${DB}\`.\`orders\` LIMIT 1000`);
    await screenshot(page, 'editor-daily-01-select-first-rows-new-tab');
    // The statement being written in the first editor is untouched.
    await tabs.first().click();
    expect(await editorText(page)).toBe(DRAFT);
  });

  it('logs every statement of a script and stops at the first error by default', async () => {
    await pasteIntoEditor(page, SCRIPT);
    await page.keyboard.press('Control+Shift+Enter');
    const log = front(page).getByTestId('run-log');
    await expect
      .poll(() => log.getByTestId('run-log-summary').textContent(), { timeout: 20_000 })
      .toBe('4 statements: 2 done, 1 failed, 1 not run · stopped at the error');
    const rows = log.locator('tbody tr');
    expect(await rows.evaluateAll((r) => r.map((e) => e.getAttribute('data-state')))).toEqual([
      'done',
      'done',
      'error',
      'skipped',
    ]);
    expect(await rows.nth(0).textContent()).toContain('1 row');
    expect(await rows.nth(1).textContent()).toContain('1 row affected');
    expect(await rows.nth(2).textContent()).toContain('1146');
    await screenshot(page, 'editor-daily-02-run-log-stopped');
    const logged = await withConnection(server, (c) => c.query(`SELECT n FROM ${DB}.log`));
    expect((logged[0] as Array<{ n: number }>).map((r) => r.n)).toEqual([1]);
  });

  it('goes on past the error with "Continue on error"', async () => {
    await front(page).getByLabel('Continue on error').check();
    await front(page).getByRole('button', { name: 'Run all' }).click();
    const log = front(page).getByTestId('run-log');
    await expect
      .poll(() => log.getByTestId('run-log-summary').textContent(), { timeout: 20_000 })
      .toBe('4 statements: 3 done, 1 failed');
    const logged = await withConnection(server, (c) =>
      c.query(`SELECT n FROM ${DB}.log ORDER BY n`),
    );
    expect((logged[0] as Array<{ n: number }>).map((r) => r.n)).toEqual([1, 1, 2]);
    await screenshot(page, 'editor-daily-03-run-log-continued');
  });

  it('selects a logged statement in the editor when clicked', async () => {
    const log = front(page).getByTestId('run-log');
    await log.getByRole('button', { name: `SELECT nope FROM ${DB}.no_such_table` }).click();
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await page.keyboard.press('Control+C');
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(`SELECT nope FROM ${DB}.no_such_table`);
  });

  it('formats with Ctrl+Shift+F, keeping strings, comments and DELIMITER blocks', async () => {
    await pasteIntoEditor(page, TO_FORMAT);
    await page.keyboard.press('Control+Shift+F');
    const expected = formatSql(TO_FORMAT, { flavor: 'mysql' }).text;
    await expect.poll(() => savedText()).toBe(expected);
    expect(expected).not.toBe(TO_FORMAT);
    expect(expected).toContain("'a  ;  b' -- keep me");
    expect(expected).toContain(
      'DELIMITER $$\nCREATE PROCEDURE p() BEGIN SELECT   1; END$$\nDELIMITER ;',
    );
    expect(await front(page).getByTestId('format-note').textContent()).toContain(
      '1 statement left as written',
    );
    await screenshot(page, 'editor-daily-04-formatted');
    // One undo brings the text back.
    await page.keyboard.press('Control+Z');
    await expect.poll(() => savedText()).toBe(TO_FORMAT);
  });

  it('formats from the command palette too', async () => {
    await page.keyboard.press('Control+K');
    await page.keyboard.type('Format SQL');
    await page.keyboard.press('Enter');
    await expect.poll(() => savedText()).toBe(formatSql(TO_FORMAT, { flavor: 'mysql' }).text);
  });

  it('follows the system into dark mode while running, editor included', async () => {
    const editor = front(page).locator('.monaco-editor').first();
    expect(await editor.getAttribute('class')).toMatch(/\bvs\b/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => editor.getAttribute('class')).toMatch(/\bvs-dark\b/);
    await screenshot(page, 'editor-daily-05-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => editor.getAttribute('class')).toMatch(/\bvs\b(?!-)/);
    expect(errors).toEqual([]);
  });

  it('asks before a DELETE without WHERE, showing what it removes, and runs it only on yes', async () => {
    const statement = `DELETE FROM ${DB}.log`;
    const rows = async () =>
      (
        (
          await withConnection(server, (c) => c.query(`SELECT COUNT(*) AS n FROM ${DB}.log`))
        )[0] as Array<{ n: number }>
      )[0]!.n;
    expect(await rows()).toBe(3);
    await front(page).locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(statement);
    await expect.poll(() => editorText(page)).toBe(statement);
    await page.keyboard.press('Control+Enter');
    const dialog = page.getByRole('dialog', { name: 'DELETE on “Daily MySQL”?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      `DELETE without WHERE: removes every row of “${DB}.log”.`,
    );
    expect(await dialog.getByText(statement, { exact: true }).count()).toBe(1);
    await screenshot(page, 'editor-daily-04-sweeping-delete-asked');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await rows()).toBe(3);
    await page.keyboard.press('Control+Enter');
    await dialog.getByRole('button', { name: 'Run DELETE' }).click();
    const affected = front(page)
      .getByTestId('result-summary')
      .filter({ hasText: '3 rows affected' });
    await expect.poll(() => affected.count(), { timeout: 20_000 }).toBe(1);
    expect(await rows()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('keeps the question of a long script short, its SQL scrolling and its buttons in view', async () => {
    const statements = Array.from({ length: 300 }, (_, i) => `DROP TABLE ${DB}.gone_${i}`);
    await front(page).locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(statements.join(';\n') + ';');
    await page.keyboard.press('Control+Shift+Enter');
    const dialog = page.getByRole('dialog', {
      name: 'Run 300 statements that remove or rewrite data on “Daily MySQL”?',
    });
    await dialog.waitFor();
    const consequence = (await dialog.locator('p').first().textContent()) ?? '';
    expect(consequence.match(/DROP TABLE: /g)).toHaveLength(3);
    expect(consequence).toMatch(
      /gone_2” and all its rows\. And 297 more statements that remove or rewrite data, shown below\.$/,
    );
    const detail = dialog.getByLabel('Exact operation');
    expect(await detail.textContent()).toBe(statements.join(';\n\n'));
    const viewport = page.viewportSize()!;
    const box = (await detail.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(viewport.height * 0.4 + 1);
    expect(await detail.evaluate((e) => e.scrollHeight > e.clientHeight)).toBe(true);
    for (const name of ['Cancel', 'Run them']) {
      const button = (await dialog.getByRole('button', { name }).boundingBox())!;
      expect(button.y + button.height).toBeLessThanOrEqual(viewport.height);
    }
    await screenshot(page, 'editor-daily-06-long-script-asked');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('shows a direction override in a name as what it is, not as what it makes the SQL look like', async () => {
    // `DROP TABLE x.`a‮txt.sgol`` displays as `...logs.txt` with U+202E shown raw.
    const sql = `DROP TABLE ${DB}.\`a\u202etxt.sgol\``;
    await front(page).locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(sql);
    await page.keyboard.press('Control+Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByLabel('Exact operation').textContent()).toBe(
      `DROP TABLE ${DB}.\`a⟨U+202E⟩txt.sgol\``,
    );
    expect(await dialog.locator('p').first().textContent()).toBe(
      `DROP TABLE: removes the table “${DB}.a⟨U+202E⟩txt.sgol” and all its rows.`,
    );
    expect(await dialog.getByTestId('confirm-hidden-characters').textContent()).toContain(
      'This contains 1 invisible or direction-changing character (in a name or a value), shown below as ⟨U+…⟩',
    );
    await screenshot(page, 'editor-daily-07-hidden-character');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});
