import type mysql from 'mysql2/promise';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTo, withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { launchBrowser, newCheckedPage, screenshot } from './harness/browser';
import { openToolWith } from './harness/open-tool';
import { startWebApp, type RunningWebApp } from './harness/web-app';

const DB = 'sl_e2e_look';
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
  { width: 1680, height: 1050 },
] as const;

/** Headers of the processlist whose text is cut (wider than their cell), as their label. */
function cutHeaders(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.pl-head [role=columnheader]'))
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.textContent ?? ''),
  );
}

/** Key cells (attention, time, state, statement) narrower than `px`, as `column: width`. */
function narrowKeyCells(page: Page, px: number): Promise<string[]> {
  return page.evaluate(
    (below) =>
      Array.from(
        document.querySelectorAll<HTMLElement>(
          ['attention', 'time', 'state', 'info']
            .map((c) => `.pl-rows [role=row]:first-child [role=cell][data-column=${c}]`)
            .join(', '),
        ),
      )
        .filter((el) => el.clientWidth < below)
        .map((el) => `${el.dataset.column}: ${el.clientWidth}`),
    px,
  );
}

/**
 * The processlist, replication, ALTER, tuning and settings screens at 1280×800, 1440×900 (and
 * the processlist at 1680×1050), light and dark, each saved as a screenshot to be looked at; the
 * processlist's column headers are read whole and its key columns keep room at every width.
 */
describe('the server tools and settings, as they look', () => {
  const server = testServers().mysql;
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let sleeper: mysql.Connection;

  beforeAll(async () => {
    await withConnection(server, (c) =>
      c.query(
        `DROP DATABASE IF EXISTS ${DB}; CREATE DATABASE ${DB};
         CREATE TABLE ${DB}.orders (id INT PRIMARY KEY, note VARCHAR(20)) ENGINE=InnoDB;
         INSERT INTO ${DB}.orders VALUES (1, 'a'), (2, 'b');`,
      ),
    );
    // A statement running the whole test: a row with time, state and statement to show.
    sleeper = await connectTo(server);
    sleeper.on('error', () => undefined);
    void sleeper.query('SELECT SLEEP(600) AS waiting_for_the_screenshots').catch(() => undefined);
    app = await startWebApp();
    browser = await launchBrowser();
    ({ page, errors } = await newCheckedPage(browser));
  }, 120_000);

  afterAll(async () => {
    sleeper?.destroy();
    await browser?.close();
    await app?.stop();
    await withConnection(server, (c) => c.query(`DROP DATABASE IF EXISTS ${DB}`));
  });

  /** Screenshots of what is shown, at each size, light then dark. */
  async function shoot(name: string, sizes: readonly { width: number; height: number }[]) {
    for (const size of sizes) {
      await page.setViewportSize(size);
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        await screenshot(page, `look-${name}-${size.width}-${theme}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  it('processlist: numeric headers whole, key columns never squeezed to a few letters', async () => {
    await openToolWith(page, app, server, 'Look MySQL', 'processlist');
    await page.locator('.pl-rows [role=row]').first().waitFor({ timeout: 15_000 });
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.waitForTimeout(300);
      expect(await cutHeaders(page), `${size.width} px`).toEqual([]);
      expect(await narrowKeyCells(page, 60), `${size.width} px`).toEqual([]);
    }
    await shoot('processlist', SIZES);
    expect(errors).toEqual([]);
  }, 120_000);

  it('replication, ALTER, tuning and settings', async () => {
    for (const kind of ['replication', 'alter', 'tuning'] as const) {
      // Wide, so the tool buttons are in the connection's header, not folded into a menu.
      await page.setViewportSize(SIZES[2]);
      await page.locator('[data-connection-name="Look MySQL"]').click();
      await page.locator(`[data-tool-button="${kind}"]`).click();
      await page.waitForTimeout(1500);
      if (kind === 'alter') {
        await page.getByLabel('Schema', { exact: true }).selectOption(DB);
        await page.getByLabel('Table', { exact: true }).selectOption('orders');
        await page
          .getByLabel('ALTER statement')
          .fill(`ALTER TABLE ${DB}.orders ADD COLUMN extra INT NULL`);
        await page.getByRole('button', { name: 'Check plan and risks' }).click();
        await page.getByTestId('alter-preflight').waitFor({ timeout: 15_000 });
      }
      await shoot(kind, SIZES.slice(0, 2));
    }
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor({ timeout: 5000 });
    await shoot('settings', SIZES.slice(0, 2));
    expect(errors).toEqual([]);
  }, 180_000);
});
