import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { launchBrowser, newCheckedPage, screenshot } from './harness/browser';
import { openEditorWith } from './harness/open-editor';
import { startWebApp, type RunningWebApp } from './harness/web-app';

const DB = 'sl_grid_theme_e2e';
const SCRIPT = `SELECT id, name FROM ${DB}.items ORDER BY id;\nSELECT 2 AS two;`;
const HEADER_HEIGHT = 30;
const ROW_HEIGHT = 26;

type Rgb = [number, number, number];

/**
 * The colour drawn at a point of the grid, as the user sees it (a screenshot of that pixel: the
 * header is on one canvas and the cells on another).
 */
async function pixel(page: Page, at: { x: number; y: number }): Promise<Rgb> {
  const png = PNG.sync.read(
    await page.screenshot({
      clip: { x: Math.round(at.x), y: Math.round(at.y), width: 1, height: 1 },
    }),
  );
  return [png.data[0]!, png.data[1]!, png.data[2]!];
}

/** A theme colour of the page now (`#rrggbb` in theme.css), as RGB. */
async function themeColour(page: Page, name: string): Promise<Rgb> {
  const hex = await page.evaluate(
    (n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(),
    name,
  );
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`${name} is ${hex}, not #rrggbb`);
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

/** Points with nothing drawn on them but the background: the header's, and a cell's. */
async function backgroundPoints(page: Page) {
  const grid = page.getByTestId('result-grid').first();
  const marker = Number(await grid.getAttribute('data-row-marker-width'));
  const widths = (await grid.getAttribute('data-column-widths'))!.split(',').map(Number);
  const box = (await grid.locator('canvas').first().boundingBox())!;
  // The right end of the `name` column: its values and title are drawn from the left.
  const x = box.x + marker + widths[0]! + widths[1]! - 8;
  return {
    header: { x, y: box.y + 5 },
    cell: { x, y: box.y + HEADER_HEIGHT + ROW_HEIGHT + ROW_HEIGHT / 2 },
  };
}

describe('the result grid follows the system between light and dark while the app runs', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const server = testServers().mysql;

  beforeAll(async () => {
    await withConnection(server, (c) =>
      c.query(`DROP DATABASE IF EXISTS ${DB};
        CREATE DATABASE ${DB};
        CREATE TABLE ${DB}.items (id INT PRIMARY KEY, name VARCHAR(20));
        INSERT INTO ${DB}.items VALUES (1, 'a'), (2, 'b'), (3, NULL);`),
    );
    app = await startWebApp();
    browser = await launchBrowser();
    ({ page, errors } = await newCheckedPage(browser));
    await page.emulateMedia({ colorScheme: 'light' });
    await openEditorWith(page, app, server, 'Grid theme', SCRIPT);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await withConnection(server, (c) => c.query(`DROP DATABASE IF EXISTS ${DB}`)).catch(
      () => undefined,
    );
  });

  it('redraws header and cells in the dark colours, and back, without a reload', async () => {
    await page.getByRole('button', { name: 'Run all' }).click();
    await expect
      .poll(() => page.getByTestId('run-log-summary').textContent(), { timeout: 20_000 })
      .toContain('2 done');
    // The table's result, not the last one.
    await page.getByRole('tablist', { name: 'Results' }).getByRole('tab').first().click();
    const table = page.getByRole('table', { name: 'Rows in view' });
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBe(3);

    const points = await backgroundPoints(page);
    const light = {
      header: await themeColour(page, '--surface-2'),
      cell: await themeColour(page, '--surface'),
    };
    await expect.poll(() => pixel(page, points.header)).toEqual(light.header);
    expect(await pixel(page, points.cell)).toEqual(light.cell);
    await screenshot(page, 'grid-theme-01-light-1280');

    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = {
      header: await themeColour(page, '--surface-2'),
      cell: await themeColour(page, '--surface'),
    };
    // The page's own colours changed: the grid must follow them, not keep the light ones.
    expect(dark.header).not.toEqual(light.header);
    expect(dark.cell).not.toEqual(light.cell);
    await expect.poll(() => pixel(page, points.header), { timeout: 5000 }).toEqual(dark.header);
    expect(await pixel(page, points.cell)).toEqual(dark.cell);
    await screenshot(page, 'grid-theme-02-dark-1280');

    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => pixel(page, points.header), { timeout: 5000 }).toEqual(light.header);
    expect(await pixel(page, points.cell)).toEqual(light.cell);
    expect(errors).toEqual([]);
  });

  it('shows edit mode, the run log and the rows in both schemes at 1440×900', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Edit rows' }).click();
    await page.getByRole('button', { name: 'Add row' }).click();
    await expect
      .poll(() => page.getByRole('table', { name: 'Rows in view' }).locator('tbody tr').count())
      .toBe(4);
    await screenshot(page, 'grid-theme-03-edit-light-1440');
    await page.emulateMedia({ colorScheme: 'dark' });
    const points = await backgroundPoints(page);
    await expect
      .poll(() => pixel(page, points.header), { timeout: 5000 })
      .toEqual(await themeColour(page, '--surface-2'));
    await screenshot(page, 'grid-theme-04-edit-dark-1440');
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'grid-theme-05-dark-1280');
    expect(errors).toEqual([]);
  });
});
