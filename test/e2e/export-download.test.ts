import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { openEditorWith } from './harness/open-editor';
import { rowsInView } from './harness/result-grid';
import { launchBrowser, newCheckedPage, screenshot } from './harness/browser';
import { startWebApp, type RunningWebApp } from './harness/web-app';

const DB = 'sl_download_e2e';
const SQL = `SELECT * FROM ${DB}.items ORDER BY id;`;

describe('browser mode: a result export downloaded by the browser', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const servers = testServers();

  beforeAll(async () => {
    await withConnection(servers.mysql, (c) =>
      c.query(`DROP DATABASE IF EXISTS ${DB};
        CREATE DATABASE ${DB};
        CREATE TABLE ${DB}.items (id INT PRIMARY KEY, name VARCHAR(40), note TEXT NULL,
          raw VARBINARY(8) NULL) DEFAULT CHARSET utf8mb4;
        INSERT INTO ${DB}.items VALUES
          (1, 'alpha', 'said "hi", then left', 0xDEAD),
          (2, 'ü 😀', '@SUM(1+1)', NULL),
          (3, '', 'two\\nlines', '');`),
    );
    app = await startWebApp();
    browser = await launchBrowser();
    ({ page, errors } = await newCheckedPage(browser));
    await openEditorWith(page, app, servers.mysql, 'Download MySQL', SQL);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await withConnection(servers.mysql, (c) => c.query(`DROP DATABASE IF EXISTS ${DB}`)).catch(
      () => undefined,
    );
  });

  it('offers Download first, and the browser gets the file with every row', async () => {
    await page.locator('.monaco-editor .view-line').first().click();
    await page.keyboard.press('Control+Enter');
    const summary = page.getByTestId('result-summary');
    await expect.poll(() => summary.getAttribute('data-state'), { timeout: 15_000 }).toBe('done');
    // The canvas draws `two\nlines` as `two↵lines`; the screen-reader table keeps the break.
    expect((await rowsInView(page))[2]).toEqual(['3', '', 'two\nlines', '0x']);
    await screenshot(page, 'export-download-00-grid');

    await page.getByRole('button', { name: 'Export full result…' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Export full result' });
    await dialog.waitFor();
    const destination = dialog.getByRole('group', { name: 'Destination' });
    expect(
      await destination.getByRole('radio', { name: 'Download with this browser' }).isChecked(),
    ).toBe(true);
    expect(
      await destination.getByRole('radio', { name: 'Save on the server’s disk' }).isChecked(),
    ).toBe(false);
    const name = dialog.getByRole('textbox', { name: 'File name' });
    await expect.poll(() => name.inputValue()).toMatch(/^sightline-export-.*\.csv$/);
    await name.fill('items ü.csv');
    await screenshot(page, 'export-download-01-dialog-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'export-download-02-dialog-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    const downloaded = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('items ü.csv');
    expect(download.url()).toMatch(new RegExp(`^${app.origin}/download/[A-Za-z0-9_-]{43}$`));
    const file = await download.path();
    expect(await readFile(file, 'utf8')).toBe(
      [
        'id,name,note,raw',
        '1,alpha,"said ""hi"", then left",0xDEAD',
        '2,ü 😀,@SUM(1+1),',
        '3,"","two\nlines",0x',
        '',
      ].join('\r\n'),
    );

    const progress = dialog.getByTestId('export-progress');
    await expect.poll(() => progress.getAttribute('data-state')).toBe('done');
    expect(await progress.textContent()).toContain('Exported 3 rows');
    expect(await progress.textContent()).toContain('your browser downloads it as items ü.csv');
    // Written as it is, and said: a spreadsheet would run that cell.
    expect(await dialog.getByTestId('export-formula-cells').textContent()).toContain(
      '1 cell starts with =, +, -, @ or a tab and is not a number: a spreadsheet opening this file may run it as a formula',
    );
    await screenshot(page, 'export-download-03-done-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'export-download-04-done-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // The link was for one download: opened again, it is refused.
    const again = await page.evaluate(
      (url) => fetch(url).then((r) => r.status),
      new URL(download.url()).pathname,
    );
    expect(again).toBe(404);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('logged no page errors', () => {
    // The refused second fetch is logged by the browser as a failed resource: that one is ours.
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });
});
