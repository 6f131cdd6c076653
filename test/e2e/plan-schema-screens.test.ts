// The plan, compare, schema tree and history screens at 1280x800 and 1440x900, light and dark:
// screenshots to look at, and what must hold on each (nothing scrolls the page sideways, the
// status bar stays in the window, the screen's toolbar stays inside it).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServers } from '../servers/provided';
import { launchBrowser, newCheckedPage, screenshot } from './harness/browser';
import { saveConnectionTo } from './harness/open-tool';
import { startWebApp, type RunningWebApp } from './harness/web-app';
import { openApp } from './harness/open-app';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;
const THEMES = ['light', 'dark'] as const;
const NAME = 'Screens MySQL';

describe('plan, compare, schema tree and history screens at laptop sizes, light and dark', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  /** Every size and theme: a screenshot, the page not wider than the window, the status bar in. */
  async function everySize(name: string, inside?: string): Promise<void> {
    for (const size of SIZES) {
      for (const theme of THEMES) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: theme });
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
        const where = `${name} at ${size.width}x${size.height} ${theme}`;
        await screenshot(page, `screens-${name}-${size.width}x${size.height}-${theme}`);
        const g = await page.evaluate((selector) => {
          const status = document
            .querySelector('[role=status][aria-label=Status]')!
            .getBoundingClientRect();
          const el = selector ? document.querySelector(selector) : null;
          return {
            scrollWidth: document.scrollingElement!.scrollWidth,
            innerWidth: window.innerWidth,
            innerHeight: window.innerHeight,
            statusBottom: status.bottom,
            statusRight: status.right,
            right: el ? el.getBoundingClientRect().right : 0,
          };
        }, inside ?? null);
        expect(g.scrollWidth, where).toBeLessThanOrEqual(g.innerWidth);
        expect(g.statusBottom, where).toBeLessThanOrEqual(g.innerHeight);
        expect(g.statusRight, where).toBeLessThanOrEqual(g.innerWidth);
        expect(g.right, where).toBeLessThanOrEqual(g.innerWidth);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(SIZES[0]);
  }

  beforeAll(async () => {
    app = await startWebApp();
    browser = await launchBrowser();
    ({ page, errors } = await newCheckedPage(browser));
    await saveConnectionTo(app, testServers().mysql, NAME, { color: 'blue' });
    await page.setViewportSize(SIZES[0]);
    await openApp(page, app);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('the plan screen with a sample, its findings and a node selected', async () => {
    await page.getByRole('button', { name: 'Paste a plan' }).click();
    await page.getByLabel('Open a sample').selectOption({ index: 1 });
    await page.getByTestId('plan-diagram').waitFor();
    await everySize('plan', '.plan-toolbar');
    await page.getByRole('searchbox', { name: 'Find nodes' }).fill('a');
    await page.locator('.plan-node').first().click();
    await page.getByTestId('node-details').waitFor();
    await everySize('plan-node', '.plan-toolbar');
  });

  it('the compare screen with a second sample', async () => {
    await page.getByRole('button', { name: 'Compare with…' }).click();
    await page.getByLabel('Sample plan to compare with').selectOption({ index: 2 });
    await page.getByTestId('cmp-summary').waitFor();
    await everySize('compare', '.cmp-screen');
  });

  it('the schema tree and the history beside an editor', async () => {
    await page.locator(`[data-connection-name="${NAME}"]`).click();
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.locator('.monaco-editor .view-line').first().waitFor({ timeout: 20_000 });
    await page.getByRole('tree', { name: `Schemas on ${NAME}` }).waitFor({ timeout: 10_000 });
    await page.locator('[role=treeitem]').first().click();
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await page.getByTestId('history-panel').waitFor();
    await everySize('schema-history', '.history-panel');
    // The tree's context menu, at the point of the click.
    const row = page.locator('[role=treeitem][data-kind=schema]').first();
    await row.click({ button: 'right' });
    const menu = page.getByRole('menu');
    if (await menu.count()) {
      await screenshot(page, 'screens-schema-menu');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached', timeout: 5000 });
    }
    expect(errors).toEqual([]);
  });
});
