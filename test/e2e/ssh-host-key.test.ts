import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSshd, type SshServer } from '../integration/db/sshd';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { callApi } from './harness/api-socket';
import { screenshot } from './harness/browser';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { openApp } from './harness/open-app';

const NAME = 'MariaDB via SSH';
/** A login with a password, so that the saved password's binding to the host key shows. */
const DB_USER = { user: 'sl_e2e_ssh', password: 'E2e-Bound-To-The-Host-Key-5' };

describe('SSH host keys in browser mode (trust on first use)', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let sshd: SshServer;
  /** A second sshd on the first one's port, with another host key: a man in the middle. */
  let impostor: SshServer | undefined;
  const servers = testServers();
  let mariadbVersion = '';
  /** The test's own folder, holding the SSH client key the connection uses. */
  let keyDir = '';
  let clientKey = '';

  beforeAll(async () => {
    await withConnection(servers.mariadb, async (conn) => {
      const [rows] = await conn.query('SELECT VERSION() AS v');
      mariadbVersion = /^(\d+\.\d+\.\d+)/.exec((rows as Array<{ v: string }>)[0]!.v)![1]!;
      await conn.query(`DROP USER IF EXISTS '${DB_USER.user}'@'%'`);
      await conn.query(`CREATE USER '${DB_USER.user}'@'%' IDENTIFIED BY '${DB_USER.password}'`);
    });
    sshd = await startSshd();
    // The connection's key lives in the test's folder: it outlives the sshd that made it.
    keyDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-e2e-ssh-'));
    clientKey = path.join(keyDir, 'id_ed25519');
    await copyFile(sshd.clientKey, clientKey);
    await copyFile(`${sshd.clientKey}.pub`, `${clientKey}.pub`);
    ({ app, browser, page, errors } = await openWebPage());
  });

  afterAll(async () => {
    await closeWebPage(browser, app);
    await sshd?.stop();
    await impostor?.stop();
    if (keyDir !== '') await rm(keyDir, { recursive: true, force: true });
    await withConnection(servers.mariadb, (c) =>
      c.query(`DROP USER IF EXISTS '${DB_USER.user}'@'%'`),
    );
  });

  const hostKeyNotice = (dialog: Locator) => dialog.getByTestId('ssh-host-key-notice');

  /** The saved SSH settings of the connection, as connections.json holds them. */
  async function savedSsh(): Promise<Record<string, unknown>> {
    const file = JSON.parse(await readFile(path.join(app.dataDir, 'connections.json'), 'utf8')) as {
      connections: Array<{ name: string; ssh: Record<string, unknown> }>;
    };
    const saved = file.connections.find((c) => c.name === NAME);
    if (!saved) throw new Error(`${NAME} is not saved`);
    return saved.ssh;
  }

  it('shows the key of an unknown SSH server, exactly as ssh-keygen -lf prints it, and sends nothing', async () => {
    await openApp(page, app);
    await page.getByRole('button', { name: '+ New' }).click();
    const dialog = page.getByRole('dialog', { name: 'New connection' });
    const db = servers.mariadb;
    await dialog.getByLabel('Name', { exact: true }).fill(NAME);
    await dialog.getByLabel('Host', { exact: true }).fill(db.host);
    await dialog.getByLabel('Port', { exact: true }).fill(String(db.port));
    await dialog.getByLabel('User', { exact: true }).fill(DB_USER.user);
    await dialog.getByLabel('Password', { exact: true }).fill(DB_USER.password);
    // MariaDB here has no TLS; new connections default to 'required'.
    await dialog.getByLabel('TLS mode').selectOption('preferred');
    await dialog.getByLabel('Connect through SSH').check();
    await dialog.getByLabel('SSH host', { exact: true }).fill(sshd.host);
    await dialog.getByLabel('SSH port', { exact: true }).fill(String(sshd.port));
    await dialog.getByLabel('SSH user', { exact: true }).fill(sshd.user);
    await dialog.getByLabel('Private key file', { exact: true }).fill(clientKey);
    await dialog.getByLabel('Key passphrase', { exact: true }).fill(sshd.passphrase);
    expect(await dialog.getByTestId('ssh-host-key').textContent()).toContain('None yet');

    const logFrom = sshd.log().length;
    await dialog.getByRole('button', { name: 'Test' }).click();
    const notice = hostKeyNotice(dialog);
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.getAttribute('data-error-code')).toBe('SSH_HOST_KEY_UNKNOWN');
    expect(await notice.getByTestId('ssh-presented-fingerprint').textContent()).toBe(
      sshd.hostKeySha256,
    );
    expect(await notice.getByTestId('ssh-presented-algorithm').textContent()).toBe('ssh-ed25519');
    expect(await notice.textContent()).toContain(`The SSH server 127.0.0.1:${sshd.port}`);
    await expect
      .poll(() => sshd.log().slice(logFrom), { timeout: 5000 })
      .toMatch(/^Disconnected from 127\.0\.0\.1 port \d+ \[preauth\]$/m);
    expect(sshd.log().slice(logFrom)).not.toContain('userauth-request');
    await screenshot(page, 'ssh-01-unknown-key');
  });

  it('trusts the key on request, tests again through the tunnel and saves it', async () => {
    const dialog = page.getByRole('dialog', { name: 'New connection' });
    await hostKeyNotice(dialog).getByRole('button', { name: 'Trust this host key' }).click();
    const ok = dialog.getByTestId('test-ok');
    await ok.waitFor({ timeout: 20_000 });
    expect(await ok.getByTestId('server-flavor').textContent()).toBe('MariaDB');
    expect(await ok.getByTestId('server-version').textContent()).toBe(mariadbVersion);
    expect(await ok.textContent()).toMatch(/^✔Connected to MariaDB .* · via SSH$/);
    expect(await hostKeyNotice(dialog).count()).toBe(0);
    expect(await dialog.getByTestId('ssh-trusted-fingerprint').textContent()).toBe(
      sshd.hostKeySha256,
    );
    expect(await dialog.getByTestId('ssh-host-key').textContent()).toContain(
      'Not saved yet: Save keeps it.',
    );
    await screenshot(page, 'ssh-02-trusted');

    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await savedSsh()).hostKeySha256).toBe(sshd.hostKeySha256);
  });

  it('connects from the main screen with the saved key', async () => {
    await page.locator(`[data-connection-name="${NAME}"]`).click();
    await page.getByRole('button', { name: 'Connect' }).click();
    const view = page.getByRole('region', { name: `Session on ${NAME}` });
    await view.getByTestId('connected-state').waitFor({ timeout: 20_000 });
    expect(await view.getByTestId('server-flavor').textContent()).toBe('MariaDB');
    await page.getByRole('button', { name: `Close ${NAME}` }).click();
    await view.waitFor({ state: 'detached' });
  });

  it('refuses a different key at the same address, in danger words, until it is deliberately replaced', async () => {
    const port = sshd.port;
    const trusted = sshd.hostKeySha256;
    await sshd.stop();
    // Same address, new host key; it accepts the user's key (as a reinstalled server would).
    impostor = await startSshd({ port, authorize: [await readFile(`${clientKey}.pub`, 'utf8')] });
    expect(impostor.hostKeySha256).not.toBe(trusted);

    // Connect from the main screen: refused, and the message says what to do.
    await page.locator(`[data-connection-name="${NAME}"]`).click();
    await page.getByRole('button', { name: 'Connect' }).click();
    const refused = page.locator('[data-error-code="SSH_HOST_KEY_CHANGED"]');
    await refused.waitFor({ timeout: 20_000 });
    expect(await refused.textContent()).toContain(
      `saved ${trusted}, presented ssh-ed25519 ${impostor.hostKeySha256}`,
    );
    await screenshot(page, 'ssh-03-connect-refused');

    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit connection “${NAME}”` });
    expect(await dialog.getByTestId('ssh-trusted-fingerprint').textContent()).toBe(trusted);
    await dialog.getByRole('button', { name: 'Test' }).click();
    const notice = hostKeyNotice(dialog);
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.getAttribute('data-error-code')).toBe('SSH_HOST_KEY_CHANGED');
    expect(await notice.getByTestId('ssh-saved-fingerprint').textContent()).toBe(trusted);
    expect(await notice.getByTestId('ssh-presented-fingerprint').textContent()).toBe(
      impostor.hostKeySha256,
    );
    const replace = notice.getByRole('button', { name: 'Replace the saved key' });
    expect(await replace.isDisabled()).toBe(true);
    // The saved database password is bound to the key: the notice says so before replacing.
    expect(await notice.getByTestId('ssh-key-retype').textContent()).toBe(
      'The saved passwords of this connection are only sent to the server they were saved for: ' +
        'after replacing the key, type them again.',
    );
    await screenshot(page, 'ssh-04-changed-key');

    await notice.getByLabel("The server's administrator confirmed the new fingerprint").check();
    const logFrom = impostor.log().length;
    await replace.click();
    // The test with the new key is refused before connecting: the saved password is not sent
    // to a server known by another key, and both the result and the field say why.
    const refusal = dialog.locator('[data-error-code="PASSWORD_REQUIRED"]');
    await refusal.waitFor({ timeout: 20_000 });
    expect(await refusal.textContent()).toContain(
      'The password must be typed again: the saved one is only sent to the server it was saved ' +
        "for, and this connection's trusted SSH host key was forgotten or replaced.",
    );
    await dialog
      .getByText(
        "The saved password is only sent to the server it was saved for: this connection's " +
          'trusted SSH host key was forgotten or replaced, so type it again.',
      )
      .waitFor();
    expect(impostor.log().slice(logFrom)).not.toContain('userauth-request');
    await screenshot(page, 'ssh-05-replaced-key-retype');
    await dialog.getByLabel('Password', { exact: true }).fill(DB_USER.password);
    await dialog.getByRole('button', { name: 'Test' }).click();
    await dialog.getByTestId('test-ok').waitFor({ timeout: 20_000 });
    expect(await dialog.getByTestId('ssh-trusted-fingerprint').textContent()).toBe(
      impostor.hostKeySha256,
    );
    // Cancel keeps the saved key as it was.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await savedSsh()).hostKeySha256).toBe(trusted);
  });

  it('forgets a trusted key from the SSH settings', async () => {
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit connection “${NAME}”` });
    await dialog.getByRole('button', { name: 'Forget the trusted host key' }).click();
    expect(await dialog.getByTestId('ssh-trusted-fingerprint').count()).toBe(0);
    // Forgetting the key forgets the saved password with it (else trusting any key next would
    // hand it over): the field says so before Save.
    await dialog
      .getByText(
        "The saved password is only sent to the server it was saved for: this connection's " +
          'trusted SSH host key was forgotten or replaced, so type it again.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await savedSsh()).not.toHaveProperty('hostKeySha256');
    const list = (await callApi(app, 'connections.list', {})) as Array<{
      name: string;
      secrets: { password: boolean };
    }>;
    expect(list.find((c) => c.name === NAME)?.secrets.password).toBe(false);
  });

  it('logged no page errors', () => {
    expect(errors).toEqual([]);
  });
});
