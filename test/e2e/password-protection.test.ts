import mysql from 'mysql2/promise';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConnectionSettings } from '../../src/shared/api/connection';
import { startFakeMysqlServer, type FakeMysqlServer } from '../integration/db/fake-mysql-server';
import { testServers } from '../servers/provided';
import { callApi } from './harness/api-socket';
import { screenshot } from './harness/browser';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { saveConnectionTo } from './harness/open-tool';
import { openApp } from './harness/open-app';

const USER = 'sl_e2e_pw';
const PASSWORD = 'E2e-Saved-Only-For-MySQL-7';
const NAME = 'MySQL with a password';

describe('the password is only sent where it is safe (browser mode)', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let fake: FakeMysqlServer;
  const servers = testServers();

  async function rootQuery(sql: string): Promise<void> {
    const s = servers.mysql;
    const conn = await mysql.createConnection({
      host: s.host,
      port: s.port,
      user: s.user,
      password: s.password,
    });
    try {
      await conn.query(sql);
    } finally {
      await conn.end();
    }
  }

  beforeAll(async () => {
    await rootQuery(`DROP USER IF EXISTS '${USER}'@'%'`);
    await rootQuery(`CREATE USER '${USER}'@'%' IDENTIFIED BY '${PASSWORD}'`);
    fake = await startFakeMysqlServer('caching_sha2_password');
    ({ app, browser, page, errors } = await openWebPage());
    await callApi(app, 'connections.save', {
      settings: {
        ...defaultConnectionSettings(),
        name: NAME,
        endpoint: { kind: 'tcp', host: servers.mysql.host, port: servers.mysql.port },
        user: USER,
      },
      secrets: { password: PASSWORD },
    });
    await saveConnectionTo(app, servers.mariadb, 'MariaDB without TLS');
  });

  afterAll(async () => {
    await closeWebPage(browser, app);
    await fake?.close();
    await rootQuery(`DROP USER IF EXISTS '${USER}'@'%'`);
  });

  it('a new connection starts with TLS required', async () => {
    await openApp(page, app);
    await page.getByRole('button', { name: '+ New' }).click();
    const dialog = page.getByRole('dialog', { name: 'New connection' });
    expect(await dialog.getByLabel('TLS mode').inputValue()).toBe('required');
    // Without a possible clear-text link, there is no key to pin.
    expect(await dialog.getByLabel('Server public key file').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('moving a saved connection to another port asks for the password again, and sends nothing', async () => {
    await page.locator(`[data-connection-name="${NAME}"]`).click();
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit connection “${NAME}”` });
    const password = dialog.getByLabel('Password', { exact: true });
    expect(await password.getAttribute('placeholder')).toBe('•••••••• (saved)');
    await dialog.getByLabel('Port', { exact: true }).fill(String(fake.port));
    // Even trusting the server's key (so the fake server could read a password sent to it).
    await dialog.getByLabel('TLS mode').selectOption('off');
    await dialog
      .getByLabel("Request the server's public key (like mysql --get-server-public-key)")
      .check();
    await expect
      .poll(() => dialog.getByTestId('server-key-warning').textContent())
      .toContain('anyone between you and the server can answer with their own key');
    const hint = dialog.getByText('The saved password is only sent to the server it was saved for');
    await hint.waitFor();
    expect(await password.getAttribute('placeholder')).toBe('');
    await dialog.getByRole('button', { name: 'Test' }).click();
    const alert = dialog.locator('[data-error-code]');
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.getAttribute('data-error-code')).toBe('PASSWORD_REQUIRED');
    expect(await alert.textContent()).toContain('must be typed again');
    expect(fake.connections()).toBe(0);
    expect(fake.sawPassword(PASSWORD)).toBe(false);
    await screenshot(page, 'password-01-moved-connection');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('the real server with TLS required: the status bar says TLS, pinned on first use', async () => {
    await page.locator(`[data-connection-name="${NAME}"]`).click();
    await page.getByRole('button', { name: 'Connect' }).click();
    const view = page.getByRole('region', { name: `Session on ${NAME}` });
    await view.getByTestId('connected-state').waitFor({ timeout: 20_000 });
    const status = page.getByRole('status', { name: 'Status' });
    const transport = status.getByTestId('transport');
    expect(await transport.getAttribute('data-transport')).toBe('tls');
    // "required" encrypts without checking the certificate: the status bar says so.
    // The first connect pinned the server's certificate (trust on first use).
    const pin = await transport.getAttribute('data-tls-pinned');
    expect(pin).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect(await transport.textContent()).toBe(`TLS, certificate pinned ${pin?.slice(0, 15)}…`);
    expect(await transport.getAttribute('data-tls-verified')).toBe('false');
    await screenshot(page, 'password-00-tls-not-verified');
    expect(await transport.getAttribute('title')).toBe(
      `Encrypted with TLS; the server's certificate is the one pinned for this connection on first use (${pin}), so a machine in the middle with another certificate is refused. Its CA is not checked (TLS mode "required"): "Verify CA and host name" with the server's CA file is stronger.`,
    );
    const item = page.locator(`[data-connection-name="${NAME}"]`);
    expect(await item.getByTestId('rail-not-encrypted').count()).toBe(0);
  });

  it('a session without TLS is marked in the status bar, the rail and the test result', async () => {
    await page.locator('[data-connection-name="MariaDB without TLS"]').click();
    await page.getByRole('button', { name: 'Connect' }).click();
    const view = page.getByRole('region', { name: 'Session on MariaDB without TLS' });
    await view.getByTestId('connected-state').waitFor({ timeout: 20_000 });
    const status = page.getByRole('status', { name: 'Status' });
    await expect
      .poll(() => status.getByTestId('transport').getAttribute('data-transport'))
      .toBe('clear');
    expect(await status.getByTestId('transport').textContent()).toBe('⚠ not encrypted');
    const item = page.locator('[data-connection-name="MariaDB without TLS"]');
    expect(await item.getByTestId('rail-not-encrypted').count()).toBe(1);
    await screenshot(page, 'password-02-not-encrypted-session');

    // The rail selects the connection's details, where Edit is.
    await item.click();
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit connection “MariaDB without TLS”' });
    await dialog.getByRole('button', { name: 'Test' }).click();
    const ok = dialog.getByTestId('test-ok');
    await ok.waitFor({ timeout: 20_000 });
    expect(await ok.getByTestId('test-not-encrypted').textContent()).toBe('not encrypted');
    await screenshot(page, 'password-03-test-not-encrypted');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('logged no page errors', () => {
    expect(errors).toEqual([]);
  });
});
