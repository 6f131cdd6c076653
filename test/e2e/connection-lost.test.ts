import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDedicatedServer } from '../servers/dedicated-servers';
import { screenshot } from './harness/browser';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { openApp } from './harness/open-app';

describe('a server restart while connected', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const server = useDedicatedServer('mariadb');

  beforeAll(async () => {
    ({ app, browser, page, errors } = await openWebPage());
  });
  afterAll(() => closeWebPage(browser, app));

  it('says the connection was lost, then reconnects on the next action', async () => {
    const s = server();
    await openApp(page, app);
    await page.getByRole('button', { name: '+ New' }).click();
    const dialog = page.getByRole('dialog', { name: 'New connection' });
    await dialog.getByLabel('Name', { exact: true }).fill('Restarting MariaDB');
    await dialog.getByLabel('Port', { exact: true }).fill(String(s.port));
    await dialog.getByLabel('Password storage').selectOption('none');
    // MariaDB here has no TLS; new connections default to requiring it.
    await dialog.getByLabel('TLS mode').selectOption('preferred');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Connect' }).click();
    const view = page.getByRole('region', { name: 'Session on Restarting MariaDB' });
    await view.getByTestId('connected-state').waitFor({ timeout: 20_000 });

    await s.stop();
    const lost = view.getByTestId('connection-lost');
    await lost.waitFor({ timeout: 10_000 });
    expect(await lost.textContent()).toContain('Sightline reconnects on your next action.');
    expect(await view.getByTestId('lost-state').textContent()).toBe('⚠ Connection lost');
    expect(await page.getByRole('status', { name: 'Status' }).textContent()).toContain(
      'connection lost',
    );
    await screenshot(page, 'lost-01-connection-lost');

    await view.getByRole('button', { name: 'Refresh' }).click();
    const refused = view.locator('[data-error-code]');
    await refused.waitFor({ timeout: 10_000 });
    expect(await refused.getAttribute('data-error-code')).toBe('CONNECTION_REFUSED');
    expect(await refused.textContent()).toContain(`127.0.0.1:${s.port}`);

    await s.start();
    await view.getByRole('button', { name: 'Refresh' }).click();
    await view
      .getByText('The connection had been lost; Sightline reconnected.')
      .waitFor({ timeout: 10_000 });
    expect(await lost.count()).toBe(0);
    expect(await view.getByTestId('connected-state').textContent()).toBe('● Connected');
    expect(await refused.count()).toBe(0);
    expect(await view.getByTestId('server-uptime').textContent()).toMatch(/^\d+ s$/);
    await screenshot(page, 'lost-02-reconnected');
    expect(errors).toEqual([]);
  });
});
