import type { Page } from 'playwright-core';
import type { ConnectionSettings } from '../../../src/shared/api/connection';
import type { ServerEndpoint } from '../../servers/provided';
import { saveConnectionTo } from './open-tool';
import type { RunningWebApp } from './web-app';
import { openApp } from './open-app';

/**
 * Saves a connection to `server` (through the API, to keep tests short), leaves `text` as the
 * editor text a previous run would have kept, then opens the page, connects as a user would and
 * waits for the editor. Returns the connection's id.
 */
export async function openEditorWith(
  page: Page,
  app: RunningWebApp,
  server: ServerEndpoint,
  name: string,
  text: string,
  settings: Partial<ConnectionSettings> = {},
): Promise<string> {
  const id = await saveConnectionTo(app, server, name, settings);
  await openApp(page, app);
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [`sightline.editor-text.${id}.0`, text],
  );
  await page.reload();
  await connectFromRail(page, name);
  return id;
}

/** Picks the saved connection `name` in the rail, presses Connect and waits for the editor. */
export async function connectFromRail(page: Page, name: string): Promise<void> {
  await page.locator(`[data-connection-name="${name}"]`).click();
  await page.getByRole('button', { name: 'Connect' }).click();
  await page.locator('.monaco-editor .view-line').first().waitFor({ timeout: 20_000 });
}
