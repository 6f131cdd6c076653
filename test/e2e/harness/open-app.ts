import type { Page } from 'playwright-core';
import type { RunningWebApp } from './web-app';

/**
 * Opens the app's printed URL in `page` and waits for it to load, as a user opening it afresh.
 * On a page already showing the app the URL differs only by its fragment, which loads nothing by
 * itself (the app then reloads on its own, racing whatever the test does next): such a page goes
 * to a blank one first.
 */
export async function openApp(page: Page, app: RunningWebApp): Promise<void> {
  if (page.url().startsWith(app.origin)) await page.goto('about:blank');
  await page.goto(app.url);
}
