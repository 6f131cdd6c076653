import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServers } from '../servers/provided';
import { launchBrowser, newCheckedPage, screenshot } from './harness/browser';
import { startWebApp, type RunningWebApp } from './harness/web-app';
import { openApp } from './harness/open-app';

/**
 * The connection dialog section by section (TCP and socket, each TLS mode's fields, SSH by key
 * and by password, errors, a passing test), pictured at 1280x800 in the light and dark theme,
 * and what its secret fields and kept draft must never give away.
 */
describe('the connection dialog, section by section', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const servers = testServers();

  beforeAll(async () => {
    app = await startWebApp();
    browser = await launchBrowser();
    ({ page, errors } = await newCheckedPage(browser));
    await openApp(page, app);
    await page.getByText('No saved connections yet.').waitFor({ timeout: 10_000 });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function bothThemes(name: string): Promise<void> {
    await page.emulateMedia({ colorScheme: 'light' });
    await screenshot(page, `conn-dialog-${name}-light`);
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, `conn-dialog-${name}-dark`);
    await page.emulateMedia({ colorScheme: 'light' });
  }

  async function openNew(): Promise<Locator> {
    await page.getByRole('button', { name: '+ New' }).click();
    const dialog = page.getByRole('dialog', { name: 'New connection' });
    await dialog.waitFor();
    return dialog;
  }

  /** How each secret input is set up: type, autocomplete, spell check. */
  async function secretInputs(dialog: Locator) {
    return dialog
      .locator('input[type="password"]')
      .evaluateAll((inputs) =>
        inputs.map((i) => [
          i.getAttribute('autocomplete'),
          i.getAttribute('spellcheck'),
          (i as HTMLInputElement).labels?.[0]?.textContent,
        ]),
      );
  }

  it('TCP/IP and Unix socket', async () => {
    const dialog = await openNew();
    expect(await dialog.getByLabel('Host', { exact: true }).inputValue()).toBe('127.0.0.1');
    await bothThemes('01-tcp');
    await dialog.getByLabel('Unix socket').check();
    expect(await dialog.getByLabel('Host', { exact: true }).count()).toBe(0);
    await dialog.getByLabel('Socket path').fill('/run/mysqld/mysqld.sock');
    // A new connection's TLS mode follows the endpoint: 'preferred' on a socket.
    expect(await dialog.getByLabel('TLS mode').inputValue()).toBe('preferred');
    await bothThemes('02-socket');
    await dialog.getByLabel('TCP/IP').check();
    expect(await dialog.getByLabel('TLS mode').inputValue()).toBe('required');
  });

  it('TLS: the pinned key and its warned opt-in without TLS, the certificate files with it', async () => {
    const dialog = page.getByRole('dialog', { name: 'New connection' });
    expect(await dialog.getByLabel('CA file').count()).toBe(1);
    await dialog.getByLabel('TLS mode').selectOption('off');
    expect(await dialog.getByLabel('CA file').count()).toBe(0);
    await dialog
      .getByLabel("Request the server's public key (like mysql --get-server-public-key)")
      .check();
    await dialog.getByTestId('server-key-warning').waitFor();
    await bothThemes('03-tls-off');
    await dialog.getByLabel('Server public key file').fill('/etc/mysql/public_key.pem');
    expect(await dialog.getByTestId('server-key-warning').count()).toBe(0);
    await dialog.getByLabel('TLS mode').selectOption('verify-ca');
    expect(await dialog.getByLabel('Server public key file').count()).toBe(0);
    await dialog.getByLabel('CA file').fill('/etc/mysql/ca.pem');
    await dialog.getByLabel('Client certificate').fill('/etc/mysql/client-cert.pem');
    await dialog.getByLabel('Client key').fill('/etc/mysql/client-key.pem');
    await bothThemes('04-tls-verify-ca');
    await dialog.getByLabel('TLS mode').selectOption('required');
  });

  it('SSH tunnel by key and by password', async () => {
    const dialog = page.getByRole('dialog', { name: 'New connection' });
    expect(await dialog.getByLabel('SSH host', { exact: true }).count()).toBe(0);
    await dialog.getByLabel('Connect through SSH').check();
    await dialog.getByLabel('SSH host', { exact: true }).fill('bastion.example');
    await dialog.getByLabel('SSH user', { exact: true }).fill('deploy');
    await dialog.getByLabel('Private key file').fill('/home/me/.ssh/id_ed25519');
    expect(await dialog.getByTestId('ssh-host-key').textContent()).toContain('None yet');
    await dialog.getByTestId('ssh-host-key').scrollIntoViewIfNeeded();
    await bothThemes('05-ssh-key');
    await dialog.getByLabel('SSH authentication').selectOption('password');
    expect(await dialog.getByLabel('Key passphrase').count()).toBe(0);
    await dialog.getByLabel('SSH password', { exact: true }).fill('tunnel-secret');
    await bothThemes('06-ssh-password');
    await dialog.getByLabel('Connect through SSH').uncheck();
  });

  it('masks every secret, offers no way to show one, and keeps none in the saved draft', async () => {
    const dialog = page.getByRole('dialog', { name: 'New connection' });
    await dialog.getByLabel('Name', { exact: true }).fill('Half typed');
    await dialog.getByLabel('Password', { exact: true }).fill('db-secret');
    await dialog.getByLabel('Connect through SSH').check();
    await dialog.getByLabel('SSH authentication').selectOption('key');
    await dialog.getByLabel('Key passphrase').fill('key-secret');
    // In the dialog's order: the SSH tunnel sits in the left column, the server on the right.
    expect(await secretInputs(dialog)).toEqual([
      ['new-password', 'false', 'Key passphrase'],
      ['new-password', 'false', 'Password'],
    ]);
    expect(await dialog.getByRole('button', { name: /show|reveal/i }).count()).toBe(0);
    expect(await dialog.getByRole('checkbox', { name: /show|reveal/i }).count()).toBe(0);

    // A reload with the dialog open: what was typed comes back, no secret does.
    const kept = await page.evaluate(() => localStorage.getItem('sightline.ui-state'));
    expect(kept).toContain('Half typed');
    expect(kept).not.toMatch(/db-secret|key-secret|tunnel-secret/);
    await page.reload();
    const again = await openNew();
    await again.getByText('Restored what you had typed before the app closed.').waitFor();
    expect(await again.getByLabel('Name', { exact: true }).inputValue()).toBe('Half typed');
    expect(await again.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    expect(await again.getByLabel('Key passphrase').inputValue()).toBe('');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'detached' });
    // Cancel forgets the draft.
    const next = await openNew();
    expect(await next.getByText('Restored what you had typed').count()).toBe(0);
  });

  it('moves between colour tags with the arrow keys', async () => {
    const dialog = page.getByRole('dialog', { name: 'New connection' });
    await dialog.getByRole('radio', { name: 'teal' }).click();
    expect(await dialog.getByRole('radio', { name: 'teal' }).isChecked()).toBe(true);
    await page.keyboard.press('ArrowRight');
    const checked = dialog
      .getByRole('radiogroup', { name: 'Colour tag' })
      .getByRole('radio', { checked: true });
    expect(await checked.getAttribute('aria-label')).toBe('blue');
    // The title's colour dot follows.
    expect(await dialog.locator('.color-dot.color-blue').count()).toBe(1);
  });

  it('shows a field error and a refused test', async () => {
    const dialog = page.getByRole('dialog', { name: 'New connection' });
    await dialog.getByLabel('Name', { exact: true }).fill('Nobody home');
    await dialog.getByLabel('Port', { exact: true }).fill('33o6');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const portError = dialog.getByRole('alert').filter({ hasText: 'Must be a number' });
    await portError.waitFor();
    await bothThemes('07-field-error');
    await dialog.getByLabel('Port', { exact: true }).fill('1');
    expect(await portError.count()).toBe(0);
    await dialog.getByLabel('Password storage').selectOption('none');
    await dialog.getByRole('button', { name: 'Test' }).click();
    await dialog.locator('[data-error-code]').waitFor({ timeout: 15_000 });
    expect(await dialog.getByText('Test failed').count()).toBe(1);
    await bothThemes('08-test-refused');
  });

  it('shows the server a passing test reached', async () => {
    const dialog = page.getByRole('dialog', { name: 'New connection' });
    const s = servers.mysql;
    await dialog.getByLabel('Host', { exact: true }).fill(s.host);
    await dialog.getByLabel('Port', { exact: true }).fill(String(s.port));
    await dialog.getByLabel('User', { exact: true }).fill(s.user);
    if (s.password !== '') {
      await dialog.getByLabel('Password storage').selectOption('saved');
      await dialog.getByLabel('Password', { exact: true }).fill(s.password);
    }
    await dialog.getByRole('button', { name: 'Test' }).click();
    const ok = dialog.getByTestId('test-ok');
    await ok.waitFor({ timeout: 20_000 });
    expect(await ok.getByTestId('server-flavor').textContent()).toBe('MySQL');
    await bothThemes('09-test-ok');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});
