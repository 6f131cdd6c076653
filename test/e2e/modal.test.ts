import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServers } from '../servers/provided';
import { screenshot } from './harness/browser';
import { openEditorWith } from './harness/open-editor';
import { saveConnectionTo } from './harness/open-tool';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { openApp } from './harness/open-app';

/** What has the focus: its tag, its accessible-ish name, and whether it is inside `dialog`. */
async function focused(dialog: Locator) {
  return dialog.evaluate((d) => {
    const el = document.activeElement as HTMLElement | null;
    return {
      inside: el !== null && d.contains(el),
      key: el
        ? `${el.tagName.toLowerCase()}|${el.id}|${el.getAttribute('aria-label') ?? ''}|${el.textContent?.trim().slice(0, 30) ?? ''}`
        : 'none',
    };
  });
}

/**
 * Presses Tab (or Shift+Tab) `rounds` times the number of the dialog's tab stops and checks
 * after each press that the focus is still inside; returns the focus keys seen in order.
 */
async function tabAround(page: Page, dialog: Locator, backwards: boolean): Promise<string[]> {
  const stops = await dialog.evaluate(
    (d) =>
      Array.from(
        d.querySelectorAll<HTMLElement>(
          'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])',
        ),
      ).filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0).length,
  );
  expect(stops).toBeGreaterThan(1);
  const seen: string[] = [];
  for (let i = 0; i < stops + 2; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const f = await focused(dialog);
    expect(f.inside, `Tab ${i + 1} of ${stops + 2} left the dialog for ${f.key}`).toBe(true);
    seen.push(f.key);
  }
  return seen;
}

/** Takes the dialog's picture in the light and the dark theme. */
async function bothThemes(page: Page, name: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  await screenshot(page, `modal-${name}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, `modal-${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('modal dialogs: focus stays inside, Esc closes, focus returns', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const servers = testServers();

  beforeAll(async () => {
    ({ app, browser, page, errors } = await openWebPage());
    await saveConnectionTo(app, servers.mysql, 'Modal keep');
    await saveConnectionTo(app, servers.mysql, 'Modal ask', { passwordMode: 'ask' });
    await openApp(page, app);
    await page.locator('[data-connection-name="Modal keep"]').waitFor({ timeout: 10_000 });
  });

  afterAll(() => closeWebPage(browser, app));

  it('the connection dialog keeps Tab inside, closes on Esc and gives the focus back', async () => {
    const opener = page.getByRole('button', { name: '+ New' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New connection' });
    await dialog.waitFor();
    expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
    // The field marked to start with has the focus.
    expect(
      await dialog
        .getByLabel('Name', { exact: true })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await bothThemes(page, 'connection');

    const forward = await tabAround(page, dialog, false);
    // Round the whole dialog and back to where it started: the Name field comes round again.
    expect(forward.filter((k) => k.startsWith('input|')).length).toBeGreaterThan(1);
    expect(new Set(forward).size).toBeLessThan(forward.length);
    const backward = await tabAround(page, dialog, true);
    expect(new Set(backward).size).toBeLessThan(backward.length);

    // Its notices in both themes: a refused test (nothing listens on port 1).
    await dialog.getByLabel('Name', { exact: true }).fill('Nobody home');
    await dialog.getByLabel('Port', { exact: true }).fill('1');
    await dialog.getByLabel('Password storage').selectOption('none');
    await dialog.getByRole('button', { name: 'Test' }).click();
    await dialog.locator('[data-error-code]').waitFor({ timeout: 15_000 });
    await bothThemes(page, 'connection-refused');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('the confirmation keeps Tab inside, Esc cancels it and the focus goes back', async () => {
    await page.locator('[data-connection-name="Modal keep"]').click();
    const opener = page.getByRole('button', { name: 'Delete' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete connection “Modal keep”?' });
    await dialog.waitFor();
    expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
    // A destructive question starts on Cancel, not on the action.
    expect((await focused(dialog)).key).toMatch(/^button\|.*\|Cancel$/);
    await bothThemes(page, 'confirm');

    const forward = await tabAround(page, dialog, false);
    expect(new Set(forward).size).toBeLessThan(forward.length);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    // Cancelled: the connection is still there.
    expect(await page.locator('[data-connection-name="Modal keep"]').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('the page behind an open dialog takes no clicks', async () => {
    await page.getByRole('button', { name: '+ New' }).click();
    const dialog = page.getByRole('dialog', { name: 'New connection' });
    await dialog.waitFor();
    const behind = page.locator('[data-connection-name="Modal ask"]');
    // Inert: the element is there but neither focusable nor clickable.
    await expect(behind.click({ timeout: 1000 })).rejects.toThrow();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('the password prompt, help and palette use the same dialog', async () => {
    await page.locator('[data-connection-name="Modal ask"]').click();
    await page.getByRole('button', { name: 'Connect' }).click();
    const prompt = page.getByRole('dialog', { name: /^Password for/ });
    await prompt.waitFor();
    expect(
      await prompt
        .getByLabel('Password', { exact: true })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await bothThemes(page, 'password');
    await page.keyboard.press('Escape');
    await prompt.waitFor({ state: 'detached' });

    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Shift+Slash');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    await bothThemes(page, 'help');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });

    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.waitFor();
    await page.keyboard.type('conn');
    await bothThemes(page, 'palette');
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'detached' });

    expect(errors).toEqual([]);
  });

  it('the cell viewer and the export dialog too', async () => {
    await openEditorWith(
      page,
      app,
      servers.mysql,
      'Modal results',
      `SELECT 1 AS id, CAST('{"a":[1,2],"b":"text"}' AS JSON) AS doc, REPEAT('long value ', 40) AS note;`,
    );
    await page.locator('.monaco-editor .view-line').first().click();
    await page.keyboard.press('Control+Enter');
    const summary = page.getByTestId('result-summary');
    await expect.poll(() => summary.getAttribute('data-state'), { timeout: 15_000 }).toBe('done');
    const grid = page.getByTestId('result-grid');
    const marker = Number(await grid.getAttribute('data-row-marker-width'));
    const widths = (await grid.getAttribute('data-column-widths'))!.split(',').map(Number);
    const box = (await grid.locator('canvas').first().boundingBox())!;
    await page.mouse.dblclick(box.x + marker + widths[0]! + widths[1]! / 2, box.y + 30 + 13);
    const viewer = page.getByRole('dialog', { name: /doc/ });
    await viewer.waitFor({ timeout: 5000 });
    await bothThemes(page, 'cell-viewer');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Export full result…' }).first().click();
    const exportDialog = page.getByRole('dialog', { name: 'Export full result' });
    await exportDialog.waitFor();
    await bothThemes(page, 'export');
    await page.keyboard.press('Escape');
    await exportDialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});
