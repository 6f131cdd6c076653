import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServers } from '../servers/provided';
import { launchBrowser, newCheckedPage, screenshot } from './harness/browser';
import { openEditorWith } from './harness/open-editor';
import { startWebApp, type RunningWebApp } from './harness/web-app';

describe('the layout a user arranges survives a reload', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const splitter = () => page.getByRole('separator', { name: 'Editor and results split' });
  const rail = () => page.getByRole('navigation', { name: 'Saved connections' });

  beforeAll(async () => {
    app = await startWebApp();
    browser = await launchBrowser();
    ({ page, errors } = await newCheckedPage(browser));
    await page.setViewportSize({ width: 1280, height: 800 });
    await openEditorWith(page, app, testServers().mysql, 'Layout MySQL', 'SELECT 1');
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('keeps the editor/results split moved with the keyboard', async () => {
    expect(await splitter().getAttribute('aria-valuenow')).toBe('45');
    const editorPane = page.locator('.editor-pane');
    const before = (await editorPane.boundingBox())!.height;
    await splitter().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await splitter().getAttribute('aria-valuenow')).toBe('55');
    expect((await editorPane.boundingBox())!.height).toBeGreaterThan(before);
    await page.reload();
    await page.locator('[data-connection-name="Layout MySQL"]').dblclick();
    await page.locator('.monaco-editor .view-line').first().waitFor({ timeout: 20_000 });
    expect(await splitter().getAttribute('aria-valuenow')).toBe('55');
  });

  it('folds the rail to colour tags that still connect, and keeps it folded', async () => {
    const wide = (await rail().boundingBox())!.width;
    await page.getByRole('button', { name: 'Collapse the sidebar' }).click();
    const narrow = (await rail().boundingBox())!.width;
    expect(narrow).toBeLessThan(60);
    expect(wide).toBeGreaterThan(200);
    await screenshot(page, 'layout-rail-folded');
    await page.reload();
    await page.locator('[data-connection-chip="Layout MySQL"]').waitFor({ timeout: 10_000 });
    expect((await rail().boundingBox())!.width).toBe(narrow);
    await page.locator('[data-connection-chip="Layout MySQL"]').dblclick();
    await page.locator('.monaco-editor .view-line').first().waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Expand the sidebar' }).click();
    await page.locator('[data-connection-name="Layout MySQL"]').waitFor();
    expect((await rail().boundingBox())!.width).toBe(wide);
    expect(errors).toEqual([]);
  });
});
