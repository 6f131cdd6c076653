import type { Page } from 'playwright-core';

/**
 * The editor text the app kept for a connection's editor (slot 0: its first), as the UI state
 * store holds it ('' when none), read from the page's localStorage.
 */
export function savedEditorText(page: Page, connectionId: string, slot = 0): Promise<string> {
  return page.evaluate((name) => {
    try {
      const entry = JSON.parse(localStorage.getItem('sightline.ui-state') ?? '{}') as {
        values?: Record<string, unknown>;
      };
      const text = entry.values?.[name];
      return typeof text === 'string' ? text : '';
    } catch {
      return '';
    }
  }, `editor-text.${connectionId}.${slot}`);
}

/** Puts the cursor at the end of line `n` of the Monaco editor. */
export async function cursorToLine(page: Page, n: number): Promise<void> {
  await page
    .locator('.monaco-editor .view-line')
    .nth(n - 1)
    .click();
  await page.keyboard.press('End');
}
