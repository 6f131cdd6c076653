import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { REPO } from './web-app';

export const SCREENSHOT_DIR = path.join(REPO, 'test-results', 'screenshots');

/** Debian's chromium, never a downloaded browser. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.SIGHTLINE_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** A page that fails the test on any uncaught error or console error of the app. */
export async function newCheckedPage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return { page, errors };
}

/**
 * Saves a screenshot of the page under test-results/screenshots/; first checks that the app fits
 * the window: a window-filling app whose page is wider than the window can be scrolled sideways
 * out of place, and some element of it has escaped its box.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  const width = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  if (width.page > width.window)
    throw new Error(`${name}: the page is ${width.page} px wide in a ${width.window} px window`);
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
