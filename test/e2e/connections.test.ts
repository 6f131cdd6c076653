import { readFile } from 'node:fs/promises';
import path from 'node:path';
import mysql from 'mysql2/promise';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServers, type ServerEndpoint } from '../servers/provided';
import { screenshot } from './harness/browser';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { openApp } from './harness/open-app';

async function serverFacts(s: ServerEndpoint) {
  const conn = await mysql.createConnection({
    host: s.host,
    port: s.port,
    user: s.user,
    password: s.password,
  });
  try {
    const [rows] = await conn.query('SELECT VERSION() AS v, @@hostname AS h');
    const row = (rows as Array<{ v: string; h: string }>)[0]!;
    const version = /^(\d+\.\d+\.\d+)/.exec(row.v)![1]!;
    return { version, hostname: row.h };
  } finally {
    await conn.end();
  }
}

async function createConnection(page: Page, name: string, s: ServerEndpoint, password?: string) {
  await page.getByRole('button', { name: '+ New' }).click();
  const dialog = page.getByRole('dialog', { name: 'New connection' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Host', { exact: true }).fill(s.host);
  await dialog.getByLabel('Port', { exact: true }).fill(String(s.port));
  await dialog.getByLabel('User', { exact: true }).fill(s.user);
  const pw = password ?? s.password;
  if (pw === '') await dialog.getByLabel('Password storage').selectOption('none');
  else await dialog.getByLabel('Password', { exact: true }).fill(pw);
  return dialog;
}

/**
 * Waits for a dialog to close after Save; if it stays, fails with what it shows (a field error,
 * a save error) and a screenshot, instead of a bare timeout.
 */
async function savedAndClosed(page: Page, dialog: Locator, shot: string): Promise<void> {
  try {
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
  } catch {
    await screenshot(page, shot);
    throw new Error(`the dialog stayed open after Save, showing: ${await dialog.innerText()}`);
  }
}

describe('connections in browser mode', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const servers = testServers();

  beforeAll(async () => {
    ({ app, browser, page, errors } = await openWebPage());
  });

  afterAll(() => closeWebPage(browser, app));

  it('opens on an empty state that says what to do', async () => {
    await openApp(page, app);
    // The token goes from the address bar into the tab's session storage.
    expect(new URL(page.url()).hash).toBe('');
    await expect.poll(() => page.getByText('No saved connections yet.').isVisible()).toBe(true);
    await screenshot(page, 'connections-01-empty');
  });

  it('points out a wrong field before anything is sent', async () => {
    const dialog = await createConnection(page, 'Bad port', servers.mysql);
    await dialog.getByLabel('Port', { exact: true }).fill('33o6');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').first().textContent())
      .toBe('⚠ Must be a number');
    await screenshot(page, 'connections-02-invalid-field');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('tests, saves and connects to the real MySQL 9.7, showing flavor, version and host', async () => {
    const facts = await serverFacts(servers.mysql);
    expect(facts.version).toMatch(/^9\.7\./);
    const dialog = await createConnection(page, 'Local MySQL', servers.mysql);
    await dialog.getByRole('button', { name: 'Test' }).click();
    const ok = dialog.getByTestId('test-ok');
    await ok.waitFor({ timeout: 20_000 });
    expect(await ok.getByTestId('server-flavor').textContent()).toBe('MySQL');
    expect(await ok.getByTestId('server-version').textContent()).toBe(facts.version);
    expect(await ok.getByTestId('server-hostname').textContent()).toBe(facts.hostname);
    await screenshot(page, 'connections-03-test-ok');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Connect' }).click();
    const view = page.getByRole('region', { name: 'Session on Local MySQL' });
    await view.getByTestId('connected-state').waitFor({ timeout: 20_000 });
    expect(await view.getByTestId('server-flavor').textContent()).toBe('MySQL');
    expect(await view.getByTestId('server-version').textContent()).toBe(facts.version);
    expect(await view.getByTestId('server-hostname').textContent()).toBe(facts.hostname);
    expect(await view.getByTestId('server-uptime').textContent()).toMatch(
      /^\d+(\.\d+)? (ms|s|min|h|d)/,
    );
    expect(await page.getByRole('status', { name: 'Status' }).textContent()).toContain(
      `MySQL ${facts.version}`,
    );
    await screenshot(page, 'connections-04-connected-mysql');
  });

  it('connects to the real MariaDB 10.11 and tells it apart', async () => {
    const facts = await serverFacts(servers.mariadb);
    expect(facts.version).toMatch(/^10\.11\./);
    const dialog = await createConnection(page, 'Local MariaDB', servers.mariadb);
    // MariaDB here has no TLS; new connections default to 'required'.
    await dialog.getByLabel('TLS mode').selectOption('preferred');
    await dialog.getByRole('radio', { name: 'teal' }).click();
    await dialog.getByLabel('Read-only').check();
    await dialog.getByLabel('Production').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await savedAndClosed(page, dialog, 'connections-debug-mariadb-save');
    await page.getByRole('button', { name: 'Connect' }).click();
    const view = page.getByRole('region', { name: 'Session on Local MariaDB' });
    await view.getByTestId('connected-state').waitFor({ timeout: 20_000 });
    expect(await view.getByTestId('server-flavor').textContent()).toBe('MariaDB');
    expect(await view.getByTestId('server-version').textContent()).toBe(facts.version);
    expect(await page.getByRole('tab').count()).toBe(2);
    const item = page.locator('[data-connection-name="Local MariaDB"]');
    expect(await item.getByRole('img', { name: 'Read-only' }).count()).toBe(1);
    expect(await item.getByText('PROD').count()).toBe(1);
    expect(await page.getByRole('status', { name: 'Status' }).textContent()).toContain('read-only');
    await screenshot(page, 'connections-05-connected-mariadb');
  });

  it('reports a wrong password in plain words with the server code, and never stores it in plaintext', async () => {
    const wrong = 'e2e-Wrong-Password-41';
    const dialog = await createConnection(page, 'Wrong password', servers.mysql, wrong);
    await dialog.getByRole('button', { name: 'Test' }).click();
    const alert = dialog.locator('[data-error-code]');
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.getAttribute('data-error-code')).toBe('AUTH_FAILED');
    expect(await alert.textContent()).toContain('Error 1045 · SQLSTATE 28000');
    await screenshot(page, 'connections-06-auth-failed');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const file = await readFile(path.join(app.dataDir, 'connections.json'), 'utf8');
    expect(file).toContain('Wrong password');
    expect(file).not.toContain(wrong);
    expect(file).not.toContain(Buffer.from(wrong).toString('base64'));
  });

  it('keeps saved connections across a reload', async () => {
    await page.reload();
    // The list arrives from the backend after the page loads: wait for it, then compare exactly.
    await expect
      .poll(() =>
        page
          .locator('[data-connection-name]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-connection-name'))),
      )
      .toEqual(['Local MariaDB', 'Local MySQL', 'Wrong password']);
  });

  it('survives a backend crash: says so, restarts it, and carries on', async () => {
    // A session open when it stops: its tab goes, and what it ran is not known to have ended.
    await page.locator('[data-connection-name="Local MySQL"]').click();
    await page.getByRole('button', { name: 'Connect' }).click();
    await page
      .getByRole('region', { name: 'Session on Local MySQL' })
      .getByTestId('connected-state')
      .waitFor({ timeout: 20_000 });
    const info = await page.evaluate(async () => {
      const r = await fetch('/');
      return r.status;
    });
    expect(info).toBe(200);
    const children = await import('node:child_process').then((cp) =>
      cp
        .execFileSync('pgrep', ['-P', String(app.process.pid)])
        .toString()
        .trim()
        .split('\n'),
    );
    expect(children).toHaveLength(1);
    process.kill(Number(children[0]), 'SIGKILL');
    await page.getByTestId('backend-down').waitFor({ timeout: 10_000 });
    await screenshot(page, 'connections-07-backend-down');
    await page.getByTestId('backend-down').waitFor({ state: 'detached', timeout: 20_000 });
    const restarted = page.getByTestId('backend-restarted');
    expect(await restarted.locator('.banner-text').textContent()).toMatch(
      /^The backend stopped at \d\d:\d\d:\d\d and was started again: the tabs of its sessions were closed\. A statement they were running may still run on its server until the server notices the connection is gone, holding its locks: look for it in the processlist\.$/,
    );
    await screenshot(page, 'connections-08-backend-restarted');
    await restarted.getByRole('button', { name: 'Dismiss' }).click();
    await restarted.waitFor({ state: 'detached' });
    await page.locator('[data-connection-name="Local MySQL"]').click();
    await page.getByRole('button', { name: 'Connect' }).click();
    await page
      .getByRole('region', { name: 'Session on Local MySQL' })
      .getByTestId('connected-state')
      .waitFor({ timeout: 20_000 });
    expect(app.output()).toContain('The backend process stopped (SIGKILL); restarting it.');
  });

  it('duplicates a connection under a new name', async () => {
    await page.locator('[data-connection-name="Local MySQL"]').click();
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await page.locator('[data-connection-name="Local MySQL (copy)"]').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(
      'Local MySQL (copy)',
    );
  });

  it('deletes a production connection only after its name is typed', async () => {
    await page.locator('[data-connection-name="Local MariaDB"]').click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete connection “Local MariaDB”?' });
    const button = confirm.getByRole('button', { name: 'Delete connection' });
    expect(await button.isDisabled()).toBe(true);
    await confirm.getByLabel('Type Local MariaDB to confirm').fill('Local MariaD');
    expect(await button.isDisabled()).toBe(true);
    await confirm.getByLabel('Type Local MariaDB to confirm').fill('Local MariaDB');
    await screenshot(page, 'connections-08-delete-confirm');
    await button.click();
    await page.locator('[data-connection-name="Local MariaDB"]').waitFor({ state: 'detached' });
    const names = await page
      .locator('[data-connection-name]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-connection-name')));
    expect(names).toEqual(['Local MySQL', 'Local MySQL (copy)', 'Wrong password']);
  });

  it('logged no page errors', () => {
    expect(errors).toEqual([]);
  });
});
