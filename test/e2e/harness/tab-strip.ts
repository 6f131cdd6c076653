import type { Locator, Page } from 'playwright-core';

/**
 * The tabs of the app's own strip (editors, tools, plans), not those of a result panel inside
 * one: both strips mark their tabs with `data-tab-id`.
 */
export function appTabs(page: Page): Locator {
  return page.getByRole('tablist', { name: 'Open sessions' }).locator('[data-tab-id]');
}
