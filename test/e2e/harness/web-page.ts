import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newCheckedPage } from './browser';
import { startWebApp, type RunningWebApp } from './web-app';

/** Browser mode started for a test, with a browser and a page that records console errors. */
export interface WebPage {
  app: RunningWebApp;
  browser: Browser;
  page: Page;
  errors: string[];
}

/**
 * Starts browser mode and opens a checked page (not yet on the app's URL). Stops what it
 * started if a later step fails, since the caller then has nothing to close.
 */
export async function openWebPage(options: { dataDir?: string } = {}): Promise<WebPage> {
  const app = await startWebApp(options);
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const { page, errors } = await newCheckedPage(browser);
    return { app, browser, page, errors };
  } catch (e) {
    await browser?.close();
    await app.stop();
    throw e;
  }
}

/** Closes what openWebPage opened; either may be missing when the setup failed. */
export async function closeWebPage(browser?: Browser, app?: RunningWebApp): Promise<void> {
  await browser?.close();
  await app?.stop();
}
