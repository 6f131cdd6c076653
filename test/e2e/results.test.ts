import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { openEditorWith } from './harness/open-editor';
import { screenshot } from './harness/browser';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { gridPoint, rowsInView } from './harness/result-grid';

const DB = 'sl_results_e2e';
/** Line 2: a billion rows, produced lazily - the grid stops at its limit, an export never ends. */
const SCRIPT = [
  `SELECT * FROM ${DB}.items ORDER BY id;`,
  'WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 1000) SELECT a.n AS a, b.n AS b, c.n AS c FROM s a, s b, s c;',
].join('\n');

describe('results: sort, filter, cell viewer, copy, export', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let dir: string;
  const servers = testServers();

  beforeAll(async () => {
    await withConnection(servers.mysql, (c) =>
      c.query(`DROP DATABASE IF EXISTS ${DB};
        CREATE DATABASE ${DB};
        CREATE TABLE ${DB}.items (id BIGINT UNSIGNED PRIMARY KEY, name VARCHAR(40),
          price DECIMAL(30,10), doc JSON, raw VARBINARY(8)) DEFAULT CHARSET utf8mb4;
        INSERT INTO ${DB}.items VALUES
          (1, 'alpha', 10.5, '{"b":[1,2.5],"a":"ü"}', 0xDEAD),
          (9, 'beta', 9.75, NULL, NULL),
          (10, 'gamma', 100, '{"x":12345678901234567890}', 0x00),
          (18446744073709551615, 'omega', -0.0000000001, '[]', ''),
          (18446744073709551614, '', NULL, '{"k":"v"}', 0xFF);`),
    );
    dir = await mkdtemp(path.join(os.tmpdir(), 'sightline-e2e-export-'));
    ({ app, browser, page, errors } = await openWebPage());
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: app.origin,
    });
    await openEditorWith(page, app, servers.mysql, 'Results MySQL', SCRIPT);
  });

  afterAll(async () => {
    await closeWebPage(browser, app);
    await withConnection(servers.mysql, (c) => c.query(`DROP DATABASE IF EXISTS ${DB}`)).catch(
      () => undefined,
    );
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('sorts by a header click, numbers exactly, among the rows fetched', async () => {
    await page.locator('.monaco-editor .view-line').first().click();
    await page.keyboard.press('Control+Enter');
    const summary = page.getByTestId('result-summary');
    await expect.poll(() => summary.getAttribute('data-state'), { timeout: 15_000 }).toBe('done');
    await expect.poll(() => rowsInView(page).then((r) => r.length), { timeout: 5000 }).toBe(5);
    expect((await rowsInView(page)).map((r) => r[0])).toEqual([
      '1',
      '9',
      '10',
      '18446744073709551614',
      '18446744073709551615',
    ]);
    const price = await gridPoint(page, 2, 'header');
    await page.mouse.click(price.x, price.y);
    // NULL first, then by value - not as text, where "100" would come before "9.75".
    await expect
      .poll(async () => (await rowsInView(page)).map((r) => r[2]))
      .toEqual(['NULL', '-0.0000000001', '9.7500000000', '10.5000000000', '100.0000000000']);
    const th = page.getByRole('table', { name: 'Rows in view' }).locator('th').nth(2);
    expect(await th.getAttribute('aria-sort')).toBe('ascending');
    expect(await page.getByTestId('view-note').textContent()).toBe(
      'Sorted among the 5 rows fetched by price ascending',
    );
    await screenshot(page, 'results-01-sorted');

    // Two clicks on id: descending, and the two largest BIGINT UNSIGNED (equal as doubles) apart.
    const id = await gridPoint(page, 0, 'header');
    await page.mouse.click(id.x, id.y);
    await page.mouse.click(id.x, id.y);
    await expect
      .poll(async () => (await rowsInView(page)).map((r) => r[0]))
      .toEqual(['18446744073709551615', '18446744073709551614', '10', '9', '1']);
    // A third click clears the sort: the server's order again.
    await page.mouse.click(id.x, id.y);
    await expect
      .poll(async () => (await rowsInView(page)).map((r) => r[0]))
      .toEqual(['1', '9', '10', '18446744073709551614', '18446744073709551615']);
  });

  it('filters by a substring across columns and says among how many', async () => {
    await page.getByRole('searchbox', { name: 'Filter the rows fetched' }).fill('MEGA');
    await expect.poll(async () => (await rowsInView(page)).map((r) => r[1])).toEqual(['omega']);
    expect(await page.getByTestId('view-note').textContent()).toBe(
      '1 of the 5 rows fetched match “MEGA”',
    );
    await page.getByRole('searchbox', { name: 'Filter the rows fetched' }).fill('dead');
    await expect.poll(async () => (await rowsInView(page)).map((r) => r[1])).toEqual(['alpha']);
    await page.getByRole('button', { name: 'Clear sort and filter' }).click();
    await expect
      .poll(async () => (await rowsInView(page)).map((r) => r[1]))
      .toEqual(['alpha', 'beta', 'gamma', '', 'omega']);
  });

  it('opens a JSON cell in the viewer, pretty-printed exactly', async () => {
    const cell = await gridPoint(page, 3, 2);
    await page.mouse.dblclick(cell.x, cell.y);
    const dialog = page.getByRole('dialog', { name: /doc/ });
    await dialog.waitFor({ timeout: 5000 });
    expect(await dialog.getByTestId('cell-viewer-text').textContent()).toBe(
      '{\n  "x": 12345678901234567890\n}',
    );
    expect(await dialog.textContent()).toContain('JSON · row 3 · 27 characters');
    await page.mouse.click(0, 0);
    await expect.poll(() => dialog.count()).toBe(0);

    // Enter opens the selected cell too.
    const first = await gridPoint(page, 3, 0);
    await page.mouse.click(first.x, first.y);
    // The selection is the app's state: let it settle before the key acts on it.
    await page.waitForTimeout(150);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ timeout: 5000 });
    expect(await dialog.getByTestId('cell-viewer-text').textContent()).toBe(
      '{\n  "a": "ü",\n  "b": [\n    1,\n    2.5\n  ]\n}',
    );
    await dialog.getByRole('button', { name: 'Text' }).click();
    expect(await dialog.getByTestId('cell-viewer-text').textContent()).toBe(
      '{"a": "ü", "b": [1, 2.5]}',
    );
    await dialog.getByRole('button', { name: 'Formatted JSON' }).click();
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe('{\n  "a": "ü",\n  "b": [\n    1,\n    2.5\n  ]\n}');
    await screenshot(page, 'results-02-cell-viewer');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('copies the selection as SQL INSERT into the table it comes from', async () => {
    const from = await gridPoint(page, 0, 0);
    const to = await gridPoint(page, 4, 1);
    await page.mouse.click(from.x, from.y);
    await page.keyboard.down('Shift');
    await page.mouse.click(to.x, to.y);
    await page.keyboard.up('Shift');
    // Ctrl+C copies the selection as TSV.
    await page.waitForTimeout(150);
    await page.keyboard.press('Control+c');
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(
        '1\talpha\t10.5000000000\t"{""a"": ""ü"", ""b"": [1, 2.5]}"\t0xDEAD\n9\tbeta\t9.7500000000\tNULL\tNULL',
      );
    await page.getByRole('button', { name: 'Copy as', exact: true }).click();
    await page.getByRole('menuitem', { name: /Copy as SQL INSERT/ }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(
        [
          'INSERT INTO `sl_results_e2e`.`items` (`id`, `name`, `price`, `doc`, `raw`) VALUES (1, \'alpha\', 10.5000000000, \'{"a": "ü", "b": [1, 2.5]}\', X\'DEAD\');',
          "INSERT INTO `sl_results_e2e`.`items` (`id`, `name`, `price`, `doc`, `raw`) VALUES (9, 'beta', 9.7500000000, NULL, NULL);",
        ].join('\n'),
      );
    expect(await page.getByTestId('copy-note').textContent()).toBe(
      'Copied 2 rows × 5 columns as SQL INSERT.',
    );
  });

  it('exports the full result to a file, exactly', async () => {
    await page.getByRole('button', { name: 'Export full result…' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Export full result' });
    await dialog.waitFor();
    const onDisk = dialog.getByRole('radio', { name: 'Save on the server’s disk' });
    await onDisk.check();
    const input = dialog.getByRole('textbox', { name: /File/ });
    await expect.poll(() => input.inputValue()).toMatch(/sightline-export-.*\.csv$/);
    const file = path.join(dir, 'items.csv');
    await input.fill(file);
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    // A folder no export went into yet: the dialog asks before anything is written there.
    const ask = dialog.getByTestId('export-ask');
    await ask.waitFor({ timeout: 5000 });
    expect(await ask.textContent()).toContain(
      `No export has been written into ${dir} yet: confirm that this is the folder you mean.`,
    );
    await screenshot(page, 'results-03a-export-asks-folder');
    await ask.getByRole('button', { name: 'Yes, write into this folder' }).click();
    const progress = dialog.getByTestId('export-progress');
    await expect.poll(() => progress.getAttribute('data-state'), { timeout: 15_000 }).toBe('done');
    expect(await progress.textContent()).toContain(`Exported 5 rows`);
    expect(await progress.textContent()).toContain(file);
    await screenshot(page, 'results-03-export');
    expect(await readFile(file, 'utf8')).toBe(
      [
        'id,name,price,doc,raw',
        '1,alpha,10.5000000000,"{""a"": ""ü"", ""b"": [1, 2.5]}",0xDEAD',
        '9,beta,9.7500000000,,',
        '10,gamma,100.0000000000,"{""x"": 12345678901234567890}",0x00',
        '18446744073709551614,"",,"{""k"": ""v""}",0xFF',
        '18446744073709551615,omega,-0.0000000001,[],0x',
        '',
      ].join('\r\n'),
    );
    // Exporting to the same file again asks first, naming it; nothing is replaced meanwhile.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Export full result…' }).first().click();
    await onDisk.check();
    // The suggested name comes first; typing before it came would be overwritten by it.
    await expect.poll(() => input.inputValue()).toMatch(/sightline-export-.*\.csv$/);
    await input.fill(file);
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await ask.waitFor({ timeout: 5000 });
    expect(await ask.textContent()).toContain(
      `The file already exists: ${file}. Confirm to replace it.`,
    );
    expect(await ask.getByRole('button', { name: 'Replace the file' }).count()).toBe(1);
    await screenshot(page, 'results-03b-export-asks-overwrite');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('exports a result cut at the row limit from its notice, and cancels mid-way', async () => {
    const line = page.locator('.monaco-editor .view-line').nth(1);
    await line.click();
    await page.keyboard.press('End');
    await page.keyboard.press('Control+Enter');
    const summary = page.getByTestId('result-summary');
    await expect
      .poll(() => summary.getAttribute('data-state'), { timeout: 10_000 })
      .toBe('running');
    await expect.poll(() => summary.getAttribute('data-state'), { timeout: 60_000 }).toBe('done');
    const notice = page.locator('.notice-warning', {
      hasText: 'Stopped fetching at 1,000,000 rows',
    });
    await notice.getByRole('button', { name: 'Export full result…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export full result' });
    const file = path.join(dir, 'billion.jsonl');
    await dialog.getByRole('radio', { name: 'Save on the server’s disk' }).check();
    await dialog.getByRole('radio', { name: /JSON Lines/ }).check();
    await dialog.getByRole('textbox', { name: /File/ }).fill(file);
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    const progress = dialog.getByTestId('export-progress');
    await expect
      .poll(
        async () =>
          Number(
            (await progress.textContent())
              ?.match(/Writing ([\d,]+) rows/)?.[1]
              ?.replaceAll(',', '') ?? 0,
          ),
        {
          timeout: 15_000,
        },
      )
      .toBeGreaterThan(100_000);
    await screenshot(page, 'results-04-export-running');
    await dialog.getByRole('button', { name: 'Cancel export' }).click();
    await expect
      .poll(() => progress.getAttribute('data-state'), { timeout: 20_000 })
      .toBe('cancelled');
    expect(await progress.textContent()).toContain('the partial file was removed');
    expect((await readdir(dir)).filter((f) => f.startsWith('billion'))).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('logged no page errors', () => {
    expect(errors).toEqual([]);
  });
});
