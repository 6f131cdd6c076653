import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConnectionSettings } from '../../src/shared/api/connection';
import { testServers, type ServerEndpoint } from '../servers/provided';
import { callApi } from './harness/api-socket';
import { launchBrowser, newCheckedPage, screenshot } from './harness/browser';
import { startWebApp, type RunningWebApp } from './harness/web-app';
import { openApp } from './harness/open-app';

/** Saves a connection through the API, as the connection dialog would. */
async function save(app: RunningWebApp, name: string, server: ServerEndpoint, readOnly: boolean) {
  await callApi(app, 'connections.save', {
    settings: {
      ...defaultConnectionSettings(),
      name,
      color: readOnly ? 'red' : 'teal',
      readOnly,
      endpoint: { kind: 'tcp', host: server.host, port: server.port },
      // MariaDB here has no TLS; new connections default to 'required'.
      tls: { mode: 'preferred' },
      user: server.user,
      passwordMode: 'none',
    },
    secrets: {},
  });
}

describe('the shell: command palette, shortcut help, tabs by keyboard, flavor marks', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const servers = testServers();
  const palette = () => page.getByRole('dialog', { name: 'Command palette' });
  const options = () => palette().getByRole('option');
  const editorTabs = () => page.getByRole('tablist', { name: 'Open sessions' }).getByRole('tab');

  /** Opens the palette, types `query` and runs the best match with Enter. */
  async function runCommand(query: string, expected: string): Promise<void> {
    await page.keyboard.press('Control+k');
    await palette().waitFor({ timeout: 5000 });
    await page.keyboard.type(query);
    await expect
      .poll(() => options().first().locator('.palette-title').textContent())
      .toBe(expected);
    await page.keyboard.press('Enter');
    await palette().waitFor({ state: 'detached', timeout: 5000 });
  }

  beforeAll(async () => {
    app = await startWebApp();
    browser = await launchBrowser();
    ({ page, errors } = await newCheckedPage(browser));
    await save(app, 'Shell MySQL', servers.mysql, true);
    await save(app, 'Shell MariaDB', servers.mariadb, false);
    await openApp(page, app);
    await page.locator('[data-connection-name="Shell MariaDB"]').waitFor({ timeout: 10_000 });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('lists every shortcut in a help overlay opened with ?', async () => {
    await page.keyboard.press('Shift+Slash');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor({ timeout: 5000 });
    const rows = await help
      .locator('tr')
      .evaluateAll((trs) =>
        trs.map((tr) =>
          Array.from(tr.querySelectorAll('td'), (td) => td.textContent?.replace(/\s+/g, ' ')).join(
            ' | ',
          ),
        ),
      );
    expect(rows).toEqual([
      'Ctrl+K or Ctrl+Shift+P | Command palette: every action by name',
      'Ctrl+T or Alt+T | New SQL editor on the active connection',
      'Ctrl+W or Alt+W | Close the active tab',
      'Ctrl+, | Settings',
      '? | This help',
      'Esc | Close a dialog, a menu, the palette or this help',
      '← or → | Previous or next tab (the tab strip focused)',
      'Home or End | First or last tab (the tab strip focused)',
      'Shift+← or Shift+→ | Move the tab in front left or right',
      'Middle-click | Close the tab clicked',
      'Ctrl+Enter | Run the statement at the cursor',
      'Ctrl+Shift+Enter | Run the selection, or everything',
      'Ctrl+E | Explain the statement at the cursor',
      'Ctrl+Shift+E | Explain analyze (runs it; asks first)',
      'Ctrl+Shift+F | Format SQL (the selection, or everything)',
      'Esc or Ctrl+. | Cancel the running statement',
      'Ctrl+C | Copy the selected cells (tab-separated)',
      'Enter or Shift+Enter | Next or previous match of the find box',
      '↑ or ↓ or Home or End | Move between rows',
      '→ or ← or Enter | Open or close a schema or table',
      'Shift+F10 or Menu | Actions on the row (copy name, SELECT…)',
    ]);
    await screenshot(page, 'shell-01-help');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached', timeout: 5000 });
  });

  it('opens the palette with Ctrl+K and connects by name', async () => {
    await page.keyboard.press('Control+k');
    await palette().waitFor({ timeout: 5000 });
    // Nothing is open yet: connecting, a new connection, the plan screen and help.
    expect(await options().locator('.palette-title').allTextContents()).toEqual([
      'Paste a plan',
      'Settings',
      'Collapse or expand the sidebar',
      'Connect to Shell MariaDB',
      'Connect to Shell MySQL',
      'New connection…',
      'Keyboard shortcuts',
    ]);
    await page.keyboard.type('zzzz');
    expect(await palette().getByRole('status').textContent()).toBe(
      'No action is called “zzzz”. Try a shorter word, such as run, connect or plan; ? lists the shortcuts.',
    );
    await page.keyboard.press('Escape');
    await palette().waitFor({ state: 'detached', timeout: 5000 });

    await runCommand('maria', 'Connect to Shell MariaDB');
    await page.locator('.monaco-editor .view-line').first().waitFor({ timeout: 20_000 });
    expect(await editorTabs().count()).toBe(1);
  });

  it('shows each connection’s flavor in the rail, with its name as text, and the read-only lock', async () => {
    const maria = page.locator('[data-connection-name="Shell MariaDB"]');
    await expect
      .poll(() => maria.getByRole('img', { name: 'MariaDB' }).count(), { timeout: 5000 })
      .toBe(1);
    const mysql = page.locator('[data-connection-name="Shell MySQL"]');
    expect(await mysql.getByRole('img', { name: 'Read-only' }).count()).toBe(1);
    // Not connected yet: its flavor is not known.
    expect(await mysql.locator('.flavor-icon').count()).toBe(0);
    await runCommand('connect shell mysql', 'Connect to Shell MySQL');
    await expect
      .poll(() => mysql.getByRole('img', { name: 'MySQL' }).count(), { timeout: 20_000 })
      .toBe(1);
    await screenshot(page, 'shell-02-rail');
    // The flavor last seen stays after a reload, before any connection is made.
    await page.reload();
    await mysql.waitFor({ timeout: 10_000 });
    expect(await mysql.getByRole('img', { name: 'MySQL' }).count()).toBe(1);
    expect(await maria.getByRole('img', { name: 'MariaDB' }).count()).toBe(1);
    await maria.dblclick();
    await page.locator('.monaco-editor .view-line').first().waitFor({ timeout: 20_000 });
  });

  it('reaches editor actions and the tools of the active connection by name', async () => {
    // From inside the editor too: the palette key is taken before Monaco's own key chords.
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.type('SELECT 7 AS seven');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Shift+P');
    await palette().waitFor({ timeout: 5000 });
    const titles = await options().locator('.palette-title').allTextContents();
    const toolButtons = await page
      .getByRole('group', { name: 'Server tools' })
      .first()
      .getByRole('button')
      .allTextContents();
    expect(titles.filter((t) => t.startsWith('Open '))).toEqual(
      toolButtons.map((t) => `Open ${t} on Shell MariaDB`),
    );
    expect(titles.slice(0, 8)).toEqual([
      'Run statement at cursor',
      'Run selection or all',
      'Explain statement at cursor',
      'Explain analyze statement at cursor',
      'Cancel running statement',
      'Show query history',
      'Format SQL (selection or all)',
      'New SQL editor on Shell MariaDB',
    ]);
    await page.keyboard.type('run stat');
    await screenshot(page, 'shell-03-palette');
    await page.keyboard.press('Enter');
    const summary = page.getByTestId('result-summary');
    await expect.poll(() => summary.getAttribute('data-state'), { timeout: 15_000 }).toBe('done');
    await expect
      .poll(() => page.getByRole('table', { name: 'Rows in view' }).locator('td').allTextContents())
      .toEqual(['7']);
  });

  it('makes a new editor with Alt+T and closes the tab in front with Alt+W', async () => {
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Alt+t');
    await expect.poll(() => editorTabs().count(), { timeout: 20_000 }).toBe(2);
    expect(await editorTabs().nth(1).textContent()).toBe('Shell MariaDB (2)×');
    expect(await editorTabs().nth(1).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Alt+w');
    await expect.poll(() => editorTabs().count(), { timeout: 10_000 }).toBe(1);
    // Ctrl+T and Ctrl+W themselves reach the page when the browser leaves them to it (as the
    // desktop app does; a browser's own tab keys come first there).
    await page.keyboard.press('Control+t');
    await expect.poll(() => editorTabs().count(), { timeout: 20_000 }).toBe(2);
    await page.keyboard.press('Control+w');
    await expect.poll(() => editorTabs().count(), { timeout: 10_000 }).toBe(1);
    await runCommand('paste a plan', 'Paste a plan');
    await page.getByRole('region', { name: 'Plan' }).waitFor({ timeout: 10_000 });
    expect(await editorTabs().last().textContent()).toBe('Plan×');
    await runCommand('close tab', 'Close tab');
    await expect.poll(() => editorTabs().count(), { timeout: 10_000 }).toBe(1);
    expect(errors).toEqual([]);
  });
});
