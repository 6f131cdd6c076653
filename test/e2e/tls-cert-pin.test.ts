import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import mysql from 'mysql2/promise';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMysqlServer, type FakeMysqlServer } from '../integration/db/fake-mysql-server';
import { makeCa } from '../integration/db/tls-files';
import { testServers } from '../servers/provided';
import { startTcpRelay, type TcpRelay } from '../servers/tcp-relay';
import { screenshot } from './harness/browser';
import { openApp } from './harness/open-app';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';

const run = promisify(execFile);
const USER = 'sl_e2e_pin';
const PASSWORD = 'E2e-Pinned-Cert-Only-9';
const NAME = 'MySQL pinned';

/** What openssl says a PEM certificate's fingerprint is, as `SHA256:` and unpadded base64. */
async function opensslFingerprint(certFile: string): Promise<string> {
  const { stdout } = await run('sh', [
    '-c',
    `openssl x509 -in '${certFile}' -outform DER | openssl dgst -sha256 -binary | base64`,
  ]);
  return `SHA256:${stdout.trim().replace(/=+$/, '')}`;
}

describe('TLS certificates pinned on first use (browser mode)', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const server = testServers().mysql;
  /** One address for the connection; where it leads is switched to play a man in the middle. */
  let relay: TcpRelay;
  let relayTo = server.port;
  let impostor: FakeMysqlServer;
  let dir = '';
  let serverPin = '';
  let impostorPin = '';

  async function rootQuery<T>(sql: string): Promise<T> {
    const conn = await mysql.createConnection({
      host: server.host,
      port: server.port,
      user: server.user,
      password: server.password,
    });
    try {
      return (await conn.query(sql))[0] as T;
    } finally {
      await conn.end();
    }
  }

  beforeAll(async () => {
    await rootQuery(`DROP USER IF EXISTS '${USER}'@'%'`);
    await rootQuery(`CREATE USER '${USER}'@'%' IDENTIFIED BY '${PASSWORD}'`);
    const [row] = await rootQuery<Array<{ datadir: string }>>('SELECT @@datadir AS datadir');
    serverPin = await opensslFingerprint(path.join(String(row?.datadir), 'server-cert.pem'));
    dir = await mkdtemp(path.join(os.tmpdir(), 'sightline-e2e-pin-'));
    const made = await makeCa(dir, 'impostor');
    impostorPin = await opensslFingerprint(made.certFile);
    impostor = await startFakeMysqlServer('caching_sha2_password', {
      tls: {
        key: await readFile(made.keyFile, 'utf8'),
        cert: await readFile(made.certFile, 'utf8'),
      },
    });
    relay = await startTcpRelay((client, track) => {
      const upstream: Socket = connect({ host: '127.0.0.1', port: relayTo });
      track(upstream);
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    ({ app, browser, page, errors } = await openWebPage());
  });

  afterAll(async () => {
    await closeWebPage(browser, app);
    await relay?.close();
    await impostor?.close();
    if (dir !== '') await rm(dir, { recursive: true, force: true });
    await rootQuery(`DROP USER IF EXISTS '${USER}'@'%'`);
  });

  /** The TLS settings of the saved connection, as connections.json holds them. */
  async function savedTls(): Promise<Record<string, unknown>> {
    const file = JSON.parse(await readFile(path.join(app.dataDir, 'connections.json'), 'utf8')) as {
      connections: Array<{ name: string; tls: Record<string, unknown> }>;
    };
    const saved = file.connections.find((c) => c.name === NAME);
    if (!saved) throw new Error(`${NAME} is not saved`);
    return saved.tls;
  }

  const certNotice = (dialog: Locator) => dialog.getByTestId('tls-cert-notice');

  it("Test shows the server's certificate, and Save pins it", async () => {
    await openApp(page, app);
    await page.getByRole('button', { name: '+ New' }).click();
    const dialog = page.getByRole('dialog', { name: 'New connection' });
    await dialog.getByLabel('Name', { exact: true }).fill(NAME);
    await dialog.getByLabel('Host', { exact: true }).fill('127.0.0.1');
    await dialog.getByLabel('Port', { exact: true }).fill(String(relay.port));
    await dialog.getByLabel('User', { exact: true }).fill(USER);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    expect(await dialog.getByLabel('TLS mode').inputValue()).toBe('required');
    expect(await dialog.getByTestId('tls-pinned-cert').textContent()).toContain('None yet');

    await dialog.getByRole('button', { name: 'Test' }).click();
    const ok = dialog.getByTestId('test-ok');
    await ok.waitFor({ timeout: 20_000 });
    expect(await ok.getByTestId('test-link').textContent()).toMatch(
      new RegExp(
        `^TLS, not verified \\(TLS_[A-Z0-9_]+\\), certificate ${serverPin.replace(/[+/]/g, '\\$&')}: Save pins it$`,
      ),
    );
    expect(await dialog.getByTestId('tls-pinned-fingerprint').textContent()).toBe(serverPin);
    expect(await dialog.getByTestId('tls-pinned-cert').textContent()).toContain(
      'Not saved yet: Save keeps it.',
    );
    await dialog.getByTestId('tls-pinned-cert').scrollIntoViewIfNeeded();
    await screenshot(page, 'tls-pin-01-test-pins');

    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await savedTls()).toEqual({ mode: 'required', serverCertSha256: serverPin });
  });

  it('the session and its status bar name the pinned certificate', async () => {
    await page.locator(`[data-connection-name="${NAME}"]`).click();
    await page.getByRole('button', { name: 'Connect' }).click();
    const view = page.getByRole('region', { name: `Session on ${NAME}` });
    await view.getByTestId('connected-state').waitFor({ timeout: 20_000 });
    const transport = page.getByRole('status', { name: 'Status' }).getByTestId('transport');
    expect(await transport.getAttribute('data-tls-pinned')).toBe(serverPin);
    expect(await transport.textContent()).toBe(
      `TLS, certificate pinned ${serverPin.slice(0, 15)}…`,
    );
    expect(await view.getByTestId('server-pinned-cert').textContent()).toBe(serverPin);
    await screenshot(page, 'tls-pin-02-session-pinned');
    await page.getByRole('button', { name: `Close ${NAME}` }).click();
    await view.waitFor({ state: 'detached' });
  });

  it('another certificate at the same address is refused with both fingerprints, nothing sent', async () => {
    relayTo = impostor.port;
    await page.locator(`[data-connection-name="${NAME}"]`).click();
    await page.getByRole('button', { name: 'Connect' }).click();
    const refused = page.locator('[data-error-code="TLS_CERT_CHANGED"]');
    await refused.waitFor({ timeout: 20_000 });
    expect(await refused.textContent()).toContain(`saved ${serverPin}, presented ${impostorPin}`);

    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit connection “${NAME}”` });
    await dialog.getByRole('button', { name: 'Test' }).click();
    const notice = certNotice(dialog);
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.getAttribute('data-error-code')).toBe('TLS_CERT_CHANGED');
    expect(await notice.getByTestId('tls-saved-fingerprint').textContent()).toBe(serverPin);
    expect(await notice.getByTestId('tls-presented-fingerprint').textContent()).toBe(impostorPin);
    expect(await notice.getByTestId('tls-presented-subject').textContent()).toBe('CN=impostor');
    expect(await notice.getByTestId('tls-cert-retype').count()).toBe(1);
    const trust = notice.getByRole('button', { name: 'Trust the new certificate' });
    expect(await trust.isDisabled()).toBe(true);
    // Two attempts reached the impostor (Connect, Test): neither sent a byte inside TLS.
    expect(impostor.receivedInTls()).toEqual([Buffer.alloc(0), Buffer.alloc(0)]);
    expect(impostor.sawPassword(PASSWORD)).toBe(false);
    await notice.scrollIntoViewIfNeeded();
    await screenshot(page, 'tls-pin-03-changed-certificate');

    await notice.getByLabel("The server's administrator confirmed the new certificate").check();
    expect(await trust.isDisabled()).toBe(false);
    await trust.click();
    // Trusted in the draft; the saved password is bound to the old pin, so it must be retyped.
    await expect
      .poll(() => dialog.getByTestId('tls-pinned-fingerprint').textContent())
      .toBe(impostorPin);
    const retest = dialog.locator('[data-error-code]');
    await retest.waitFor({ timeout: 20_000 });
    expect(await retest.getAttribute('data-error-code')).toBe('PASSWORD_REQUIRED');
    expect(await retest.textContent()).toContain('pinned server certificate replaced');
    expect(impostor.sawPassword(PASSWORD)).toBe(false);
    await screenshot(page, 'tls-pin-04-trusted-retype');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await savedTls()).toEqual({ mode: 'required', serverCertSha256: serverPin });
  });

  it("a server that stops offering TLS is refused for 'preferred' with a pin (a downgrade)", async () => {
    relayTo = testServers().mariadb.port; // MariaDB here has no TLS
    await page.locator(`[data-connection-name="${NAME}"]`).click();
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit connection “${NAME}”` });
    await dialog.getByLabel('TLS mode').selectOption('preferred');
    // A lower mode unbinds the saved password: typed again, it is still never sent.
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    expect(await dialog.getByTestId('tls-pinned-fingerprint').textContent()).toBe(serverPin);
    await dialog.getByRole('button', { name: 'Test' }).click();
    const notice = certNotice(dialog);
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.textContent()).toContain('answered without TLS');
    expect(await notice.getByTestId('tls-saved-fingerprint').textContent()).toBe(serverPin);
    expect(await notice.getByTestId('tls-presented-fingerprint').textContent()).toBe('no TLS');
    const forget = notice.getByRole('button', { name: 'Forget the pinned certificate' });
    expect(await forget.isDisabled()).toBe(true);
    await notice.scrollIntoViewIfNeeded();
    await screenshot(page, 'tls-pin-05-no-tls');
    await notice.getByLabel("The server's administrator confirmed that TLS was turned off").check();
    await forget.click();
    await expect
      .poll(() => dialog.getByTestId('tls-pinned-cert').textContent())
      .toContain('None yet');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await savedTls()).toEqual({ mode: 'required', serverCertSha256: serverPin });
  });

  it('logged no page errors', () => {
    expect(errors).toEqual([]);
  });
});
