import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServers } from '../servers/provided';
import { launchBrowser, newCheckedPage, screenshot } from './harness/browser';
import { saveConnectionTo } from './harness/open-tool';
import { startWebApp, type RunningWebApp } from './harness/web-app';
import { openApp } from './harness/open-app';

const LONG = 'Reporting replica eu-west-1 (analytics)';
const SHORT = 'Orders primary';
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;
const THEMES = ['light', 'dark'] as const;

/** What a layout looks like from inside the page, for the assertions below. */
interface Geometry {
  scrollWidth: number;
  innerWidth: number;
  innerHeight: number;
  scrollX: number;
  status: { left: number; right: number; top: number; bottom: number };
  strip: { top: number; height: number };
  tabTops: number[];
  tabHeights: number[];
}

describe('the tab strip: one line that scrolls, an overflow menu, drag and middle-click; no sideways page', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const strip = () => page.getByRole('tablist', { name: 'Open sessions' });
  const tabs = () => strip().getByRole('tab');
  const palette = () => page.getByRole('dialog', { name: 'Command palette' });

  async function runCommand(query: string, expected: string): Promise<void> {
    await page.keyboard.press('Control+k');
    await palette().waitFor({ timeout: 5000 });
    await page.keyboard.type(query);
    await expect
      .poll(() => palette().getByRole('option').first().locator('.palette-title').textContent())
      .toBe(expected);
    await page.keyboard.press('Enter');
    await palette().waitFor({ state: 'detached', timeout: 5000 });
  }

  const geometry = (): Promise<Geometry> =>
    page.evaluate(() => {
      const box = (el: Element | null) => {
        const r = el!.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height };
      };
      const list = document.querySelector('[role=tablist][aria-label="Open sessions"]');
      const all = Array.from(list!.querySelectorAll('[role=tab]'), box);
      return {
        scrollWidth: document.scrollingElement!.scrollWidth,
        innerWidth: window.innerWidth,
        innerHeight: window.innerHeight,
        scrollX: window.scrollX,
        status: box(document.querySelector('[role=status][aria-label=Status]')),
        strip: box(list),
        tabTops: all.map((t) => Math.round(t.top)),
        tabHeights: all.map((t) => Math.round(t.height)),
      };
    });

  /** Every size and theme: screenshot, then what must hold whatever the number of tabs. */
  async function checkEverySize(count: number): Promise<void> {
    expect(await tabs().count()).toBe(count);
    for (const size of SIZES) {
      for (const theme of THEMES) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: theme });
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
        await screenshot(page, `tab-strip-${count}-tabs-${size.width}x${size.height}-${theme}`);
        const g = await geometry();
        const where = `${count} tabs at ${size.width}x${size.height} ${theme}`;
        expect(g.scrollWidth, where).toBeLessThanOrEqual(g.innerWidth);
        expect(g.status.left, where).toBeGreaterThanOrEqual(0);
        expect(g.status.right, where).toBeLessThanOrEqual(g.innerWidth);
        expect(g.status.bottom, where).toBeLessThanOrEqual(g.innerHeight);
        expect(g.status.top, where).toBeGreaterThan(0);
        // One line: every tab on the same row, all as high as one, the strip no higher.
        expect(new Set(g.tabTops).size, where).toBe(1);
        expect(new Set(g.tabHeights).size, where).toBe(1);
        expect(g.strip.height, where).toBeLessThan(g.tabHeights[0]! * 1.6);
        // Clicking the last tab shows it without moving the app sideways.
        await tabs().last().click();
        expect(await tabs().last().getAttribute('aria-selected')).toBe('true');
        const after = await geometry();
        expect(after.scrollX, where).toBe(0);
        expect(after.scrollWidth, where).toBeLessThanOrEqual(after.innerWidth);
        expect(after.status.right, where).toBeLessThanOrEqual(after.innerWidth);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(SIZES[0]);
  }

  beforeAll(async () => {
    app = await startWebApp();
    browser = await launchBrowser();
    ({ page, errors } = await newCheckedPage(browser));
    const servers = testServers();
    await saveConnectionTo(app, servers.mysql, LONG, {
      color: 'teal',
      readOnly: true,
      production: true,
    });
    await saveConnectionTo(app, servers.mariadb, SHORT, { color: 'orange' });
    await openApp(page, app);
    await page.locator(`[data-connection-name="${LONG}"]`).click();
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.locator('.monaco-editor .view-line').first().waitFor({ timeout: 20_000 });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('holds one line and the page in the window with 1 tab', async () => {
    await checkEverySize(1);
  });

  it('holds one line and the page in the window with 5 tabs of every kind', async () => {
    await runCommand('processlist on reporting', `Open Processlist on ${LONG}`);
    await expect.poll(() => tabs().count(), { timeout: 20_000 }).toBe(2);
    await page.getByRole('button', { name: 'Paste a plan' }).click();
    await page.keyboard.press('Control+Comma');
    await runCommand(`connect to ${SHORT}`, `Connect to ${SHORT}`);
    await expect.poll(() => tabs().count(), { timeout: 20_000 }).toBe(5);
    await checkEverySize(5);
  });

  it('holds one line and the page in the window with 15 tabs', async () => {
    await tabs().last().click();
    for (let n = 6; n <= 15; n++) {
      await page.keyboard.press('Alt+t');
      await expect.poll(() => tabs().count(), { timeout: 20_000 }).toBe(n);
    }
    await checkEverySize(15);
  });

  it('shortens long labels and gives the full name on hover', async () => {
    const names = await tabs().evaluateAll((ts) => ts.map((t) => t.getAttribute('title')));
    expect(names.slice(0, 5)).toEqual([LONG, `Processlist · ${LONG}`, 'Plan', 'Settings', SHORT]);
    expect(names.slice(5)).toEqual(Array.from({ length: 10 }, (_, i) => `${SHORT} (${i + 2})`));
    // The tool tab's label is cut with an ellipsis, not wrapped.
    const cut = await tabs()
      .nth(1)
      .locator('.tab-label')
      .evaluate((el) => ({
        cut: el.scrollWidth > el.clientWidth,
        overflow: getComputedStyle(el).textOverflow,
      }));
    expect(cut).toEqual({ cut: true, overflow: 'ellipsis' });
  });

  it('lists every tab in the overflow menu, and picking one shows it', async () => {
    const titles = await tabs().evaluateAll((ts) => ts.map((t) => t.getAttribute('title')));
    await page.getByRole('button', { name: 'All tabs' }).click();
    const menu = page.getByRole('menu', { name: 'All tabs' });
    await menu.waitFor({ timeout: 5000 });
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(titles);
    await screenshot(page, 'tab-strip-overflow-menu');
    await menu.getByRole('menuitem', { name: 'Plan', exact: true }).click();
    await menu.waitFor({ state: 'detached', timeout: 5000 });
    expect(await tabs().nth(2).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('region', { name: 'Plan' }).waitFor({ timeout: 5000 });
    // The picked tab is scrolled into the strip's view.
    const seen = await tabs()
      .nth(2)
      .evaluate((t) => {
        const list = t.closest('[role=tablist]')!.getBoundingClientRect();
        const r = t.getBoundingClientRect();
        return r.left >= list.left - 1 && r.right <= list.right + 1;
      });
    expect(seen).toBe(true);
  });

  it('keeps the schema tree on a plan tab, the status bar saying what the plan is', async () => {
    await tabs().first().click();
    await tabs().nth(2).click();
    const status = page.getByRole('status', { name: 'Status' });
    expect(await status.textContent()).not.toContain('Not connected');
    expect(await status.textContent()).not.toContain(LONG);
    expect(await status.textContent()).toContain('Plan');
    await page.getByRole('tree', { name: `Schemas on ${LONG}` }).waitFor({ timeout: 10_000 });
  });

  /** Tabs by their text (label and close mark): unique here, and there on any shell. */
  const tabTexts = () => tabs().evaluateAll((ts) => ts.map((t) => t.textContent));

  it('closes a tab with a middle click', async () => {
    const before = await tabTexts();
    await tabs().nth(3).click({ button: 'middle' });
    await expect.poll(() => tabs().count(), { timeout: 10_000 }).toBe(before.length - 1);
    expect(await tabTexts()).toEqual(before.filter((_, i) => i !== 3));
  });

  it('reorders tabs by dragging one onto another place', async () => {
    const before = await tabTexts();
    expect(new Set(before).size).toBe(before.length);
    const from = (await tabs().nth(0).boundingBox())!;
    const to = (await tabs().nth(2).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.move(to.x + to.width * 0.75, to.y + to.height / 2, { steps: 2 });
    await page.mouse.up();
    await expect.poll(tabTexts).toEqual([before[1], before[2], before[0], ...before.slice(3)]);
    // From the keyboard too: Shift+arrow moves the tab in front.
    await tabs().nth(2).click();
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(tabTexts).toEqual([before[1], before[0], before[2], ...before.slice(3)]);
    expect(await tabs().nth(1).getAttribute('aria-selected')).toBe('true');
    // Each tab names the panel it shows.
    const panel = await tabs().nth(1).getAttribute('aria-controls');
    expect(await page.locator(`[role=tabpanel][id="${panel}"]`).isVisible()).toBe(true);
  });

  it('keeps a connection header on one line, folding the tool buttons into a menu when short of room', async () => {
    await strip().locator(`[role=tab][title="${LONG}"]`).click();
    const header = page.locator('.tab-page:not([hidden]) .connected-header');
    for (const size of [...SIZES, { width: 1024, height: 768 }]) {
      await page.setViewportSize(size);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
      const where = `${size.width}x${size.height}`;
      await screenshot(page, `tab-strip-header-${where}`);
      const rows = await header.evaluate((h) => {
        const items = Array.from(h.querySelectorAll('h1, button')).filter(
          (el) => (el as HTMLElement).offsetParent !== null,
        );
        return new Set(items.map((el) => Math.round(el.getBoundingClientRect().top / 8))).size;
      });
      expect(rows, where).toBe(1);
      // With 14 tabs open and the tools folded or not: no sideways page, the status bar in view.
      const g = await geometry();
      expect(g.scrollWidth, where).toBeLessThanOrEqual(g.innerWidth);
      expect(g.status.bottom, where).toBeLessThanOrEqual(g.innerHeight);
      expect(g.status.right, where).toBeLessThanOrEqual(g.innerWidth);
      const disconnect = (await header.getByRole('button', { name: 'Disconnect' }).boundingBox())!;
      const box = (await header.boundingBox())!;
      expect(disconnect.x + disconnect.width, where).toBeLessThanOrEqual(box.x + box.width + 1);
      const inline = header.getByRole('group', { name: 'Server tools' });
      if (!(await inline.isVisible())) {
        await header.getByRole('button', { name: 'Server tools' }).click();
        const menu = page.getByRole('menu', { name: 'Server tools' });
        expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
          'Processlist',
          'Replication',
          'ALTER',
          'Tuning',
        ]);
        await screenshot(page, `tab-strip-tools-menu-${where}`);
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'detached', timeout: 5000 });
      }
    }
    // At 1024 px the four tool buttons do not fit beside the badges of a production replica.
    expect(await header.getByRole('group', { name: 'Server tools' }).isVisible()).toBe(false);
    await page.setViewportSize(SIZES[0]);
    expect(errors).toEqual([]);
  });
});
