import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { screenshot } from './harness/browser';
import { openEditorWith } from './harness/open-editor';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { gridPoint, rowsInView } from './harness/result-grid';

const DB = 'sl_result_edit_e2e';

describe('results: editing cells in place', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const servers = testServers();
  const read = (sql: string) =>
    withConnection(servers.mysql, async (c) => {
      const [rows] = await c.query({ sql, rowsAsArray: true });
      return rows as unknown[][];
    });

  beforeAll(async () => {
    await withConnection(servers.mysql, (c) =>
      c.query(`DROP DATABASE IF EXISTS ${DB};
        CREATE DATABASE ${DB};
        CREATE TABLE ${DB}.items (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL,
          note VARCHAR(40) NULL) DEFAULT CHARSET utf8mb4;
        INSERT INTO ${DB}.items VALUES (1, 'alpha', NULL), (2, 'beta', 'b');
        CREATE TABLE ${DB}.tags (item_id INT, tag VARCHAR(20));`),
    );
    ({ app, browser, page, errors } = await openWebPage());
    await openEditorWith(
      page,
      app,
      servers.mysql,
      'Edit MySQL',
      `SELECT id, name, note FROM ${DB}.items ORDER BY id;\nSELECT item_id, tag FROM ${DB}.tags;`,
    );
  });

  afterAll(async () => {
    await closeWebPage(browser, app);
    await withConnection(servers.mysql, (c) => c.query(`DROP DATABASE IF EXISTS ${DB}`)).catch(
      () => undefined,
    );
  });

  it('edits a cell, shows the exact SQL, applies it and shows the stored value', async () => {
    await page.locator('.monaco-editor .view-line').first().click();
    await page.keyboard.press('Control+Enter');
    const summary = page.getByTestId('result-summary');
    await expect.poll(() => summary.getAttribute('data-state'), { timeout: 15_000 }).toBe('done');
    await expect
      .poll(() => page.getByTestId('edit-status').textContent(), { timeout: 10_000 })
      .toBe('✎ Editable: items');
    // Until editing is turned on, a double-click opens the viewer as it always did.
    await page.getByRole('button', { name: 'Edit rows' }).click();

    const name = await gridPoint(page, 1, 0);
    await page.mouse.dblclick(name.x, name.y);
    const editor = page.locator('#portal textarea, #portal input').first();
    await editor.waitFor({ timeout: 5000 });
    await editor.fill("it's \\ new");
    await editor.press('Enter');
    await expect
      .poll(async () => (await rowsInView(page))[0])
      .toEqual(['1', "it's \\ new", 'NULL']);
    await page.getByTestId('apply-edits').waitFor();
    expect(await page.getByTestId('apply-edits').textContent()).toBe('Apply 1 change…');
    await screenshot(page, 'result-edit-01-changed');

    await page.getByTestId('apply-edits').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByLabel('Exact operation').textContent()).toBe(
      `UPDATE \`${DB}\`.\`items\` SET \`name\` = 'it''s \\\\ new' WHERE \`id\` = 1 AND \`name\` <=> 'alpha' LIMIT 1;`,
    );
    await screenshot(page, 'result-edit-02-confirm');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => page.getByTestId('edit-note').textContent())
      .toContain('Applied 1 change in one transaction (committed).');
    expect(await read(`SELECT name FROM ${DB}.items WHERE id = 1`)).toEqual([["it's \\ new"]]);
    // The grid shows the row as the server stored it, and nothing waits to be applied.
    expect((await rowsInView(page))[0]).toEqual(['1', "it's \\ new", 'NULL']);
    expect(await page.getByTestId('apply-edits').count()).toBe(0);
    await screenshot(page, 'result-edit-03-applied');
    expect(errors).toEqual([]);
  });

  it('adds a row, sets a NULL, deletes a row, and applies them in one transaction', async () => {
    /** Types `text` into a cell through the grid's editor. */
    const type = async (column: number, row: number, text: string) => {
      const editor = page.locator('#portal textarea, #portal input').first();
      // The grid lays itself out again after an edit (a column widens to its new value): a
      // double-click that lands while it does opens nothing, so it is tried again at the
      // cell's new place.
      for (let attempt = 1; ; attempt++) {
        const at = await gridPoint(page, column, row);
        await page.mouse.dblclick(at.x, at.y);
        const opened = await editor
          .waitFor({ timeout: 5000 })
          .then(() => true)
          .catch(() => false);
        if (opened) break;
        if (attempt === 3) throw new Error(`no cell editor opened at column ${column}, row ${row}`);
      }
      await editor.fill(text);
      await editor.press('Enter');
      await editor.waitFor({ state: 'detached' });
    };
    const click = async (column: number, row: number) => {
      const at = await gridPoint(page, column, row);
      await page.mouse.click(at.x, at.y);
    };
    await page.getByRole('button', { name: 'Add row' }).click();
    // The added row is drawn before its cells are double-clicked (a busy machine lags).
    await expect.poll(async () => (await rowsInView(page)).length, { timeout: 10_000 }).toBe(3);
    await type(0, 2, '3');
    await type(1, 2, 'gamma');
    await click(2, 1);
    await page.getByRole('button', { name: 'Set NULL' }).click();
    await click(0, 0);
    await page.getByRole('button', { name: 'Delete rows' }).click();
    await expect
      .poll(() => rowsInView(page))
      .toEqual([
        ['1', "it's \\ new", 'NULL'],
        ['2', 'beta', 'NULL'],
        ['3', 'gamma', 'DEFAULT'],
      ]);
    expect(await page.getByTestId('apply-edits').textContent()).toBe('Apply 3 changes…');
    expect(await page.getByTestId('edit-status').textContent()).toBe(
      '✎ items · 1 cell changed, 1 row deleted, 1 row added',
    );
    await screenshot(page, 'result-edit-04-pending');

    await page.getByTestId('apply-edits').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByLabel('Exact operation').textContent()).toBe(
      [
        `DELETE FROM \`${DB}\`.\`items\` WHERE \`id\` = 1 LIMIT 1;`,
        `UPDATE \`${DB}\`.\`items\` SET \`note\` = NULL WHERE \`id\` = 2 AND \`note\` <=> 'b' LIMIT 1;`,
        `INSERT INTO \`${DB}\`.\`items\` (\`id\`, \`name\`) VALUES (3, 'gamma');`,
      ].join('\n'),
    );
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => page.getByTestId('edit-note').textContent())
      .toBe(
        '✓ Applied 3 changes in one transaction (committed). Deleted rows stay greyed until the statement runs again.Dismiss',
      );
    expect(await read(`SELECT id, name, note FROM ${DB}.items ORDER BY id`)).toEqual([
      [2, 'beta', null],
      [3, 'gamma', null],
    ]);
    // The inserted row as the server stored it (its note read back as NULL, not DEFAULT).
    expect((await rowsInView(page)).slice(1)).toEqual([
      ['2', 'beta', 'NULL'],
      ['3', 'gamma', 'NULL'],
    ]);
    await screenshot(page, 'result-edit-05-applied-rows');
  });

  it('says which statement failed and that nothing changed when the row changed meanwhile', async () => {
    const at = await gridPoint(page, 1, 1);
    await page.mouse.dblclick(at.x, at.y);
    const editor = page.locator('#portal textarea, #portal input').first();
    await editor.waitFor({ timeout: 5000 });
    await editor.fill('mine');
    await editor.press('Enter');
    await withConnection(servers.mysql, (c) =>
      c.query(`UPDATE ${DB}.items SET name = 'theirs' WHERE id = 2`),
    );
    await page.getByTestId('apply-edits').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => page.getByTestId('edit-note').textContent())
      .toBe(
        '⚠ Statement 1 of 1 changed 0 rows instead of 1 (no row matched: it was changed or deleted by someone else since it was read). Everything was rolled back; nothing changed.' +
          `UPDATE \`${DB}\`.\`items\` SET \`name\` = 'mine' WHERE \`id\` = 2 AND \`name\` <=> 'beta' LIMIT 1Dismiss`,
      );
    expect(await read(`SELECT name FROM ${DB}.items WHERE id = 2`)).toEqual([['theirs']]);
    // The change is kept, to discard or change again.
    expect(await page.getByTestId('apply-edits').textContent()).toBe('Apply 1 change…');
    await screenshot(page, 'result-edit-06-conflict');
    await page.getByRole('button', { name: 'Discard' }).click();
    expect((await rowsInView(page))[1]).toEqual(['2', 'beta', 'NULL']);
  });

  it('a result without a key says why it cannot be edited', async () => {
    await page.locator('.monaco-editor .view-line').nth(1).click();
    await page.keyboard.press('Control+Enter');
    await expect
      .poll(() => page.getByTestId('edit-status').textContent(), { timeout: 10_000 })
      .toBe(' Read-only: `tags` has no primary key or NOT NULL unique key to name a row by');
    await screenshot(page, 'result-edit-07-read-only');
  });

  it('keeps edits not applied while another result is in front, and asks before closing it', async () => {
    await page.locator('.monaco-editor .view-line').first().click();
    await page.keyboard.press('Control+Shift+Enter');
    // A result kept for its edits waits hidden: only what is in front counts.
    const shown = (testId: string) => page.locator(`[data-testid="${testId}"]:visible`);
    const tabs = page.getByRole('tablist', { name: 'Results' }).getByRole('tab');
    await expect.poll(() => tabs.count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => shown('result-summary').getAttribute('data-state')).toBe('done');
    await tabs.first().click();
    await expect
      .poll(() => shown('edit-status').textContent(), { timeout: 10_000 })
      .toBe('✎ Editable: items');
    await page.getByRole('button', { name: 'Edit rows' }).click();
    const at = await gridPoint(page, 1, 0);
    await page.mouse.dblclick(at.x, at.y);
    const editor = page.locator('#portal textarea, #portal input').first();
    await editor.waitFor({ timeout: 5000 });
    await editor.fill('kept while away');
    await editor.press('Enter');
    expect(await shown('apply-edits').textContent()).toBe('Apply 1 change…');

    // Away to the other result and back: the change is still there, not applied, and its tab
    // says so meanwhile.
    await tabs.nth(1).click();
    expect(await tabs.first().getByTestId('result-tab-edited').textContent()).toBe(' ✎ 1');
    await expect.poll(() => shown('edit-status').textContent()).toContain('Read-only: `tags`');
    await tabs.first().click();
    expect(await shown('apply-edits').textContent()).toBe('Apply 1 change…');
    expect((await rowsInView(page))[0]?.[1]).toBe('kept while away');

    // Closing it asks; saying no keeps it.
    await page.getByRole('button', { name: 'Close result 1' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect((await dialog.getByRole('heading').first().textContent())?.trim()).toBe(
      'Close the result with 1 change not applied?',
    );
    await screenshot(page, 'result-edit-08-close-asks');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await tabs.count()).toBe(2);
    expect(await shown('apply-edits').textContent()).toBe('Apply 1 change…');
    await page.getByRole('button', { name: 'Discard' }).click();
    expect(await read(`SELECT COUNT(*) FROM ${DB}.items WHERE name = 'kept while away'`)).toEqual([
      [0],
    ]);
  });

  it('cancels an apply that waits for a locked table, and nothing changes', async () => {
    const shown = (testId: string) => page.locator(`[data-testid="${testId}"]:visible`);
    const before = await read(`SELECT id, name FROM ${DB}.items ORDER BY id`);
    const at = await gridPoint(page, 1, 0);
    await page.mouse.dblclick(at.x, at.y);
    const editor = page.locator('#portal textarea, #portal input').first();
    await editor.waitFor({ timeout: 5000 });
    await editor.fill('waits for the lock');
    await editor.press('Enter');
    // Another session holds the table: the UPDATE waits for it (a year, by default).
    await withConnection(servers.mysql, async (locker) => {
      await locker.query(`LOCK TABLES ${DB}.items WRITE`);
      await shown('apply-edits').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Apply' }).click();
      const applying = shown('edit-applying');
      await applying.waitFor({ timeout: 10_000 });
      expect(await applying.textContent()).toBe('Applying…');
      await screenshot(page, 'result-edit-09-applying');
      await shown('cancel-apply').click();
      await expect
        .poll(() => shown('edit-note').textContent(), { timeout: 15_000 })
        .toContain(
          'Cancelled (KILL QUERY) at statement 1 of 1. Everything was rolled back; nothing changed.',
        );
      await screenshot(page, 'result-edit-10-cancelled');
      await locker.query('UNLOCK TABLES');
    });
    expect(await read(`SELECT id, name FROM ${DB}.items ORDER BY id`)).toEqual(before);
    // The change is still there to apply or discard.
    expect(await shown('apply-edits').textContent()).toBe('Apply 1 change…');
    await page.getByRole('button', { name: 'Discard' }).click();
    expect(errors).toEqual([]);
  });
});
