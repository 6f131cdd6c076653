import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { useDedicatedServer } from '../servers/dedicated-servers';
import { startSshd, type SshServer } from '../integration/db/sshd';
import { screenshot } from './harness/browser';
import { openToolWith } from './harness/open-tool';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';

// The Slow log view on a connection through a real OpenSSH server: the server's own file is
// offered as a source, and read over SFTP into classes.

const run = promisify(execFile);

describe('the slow log view reads the server’s file over SSH', () => {
  const server = useDedicatedServer('mysql', {
    name: 'slowlog-ssh-e2e',
    extraArgs: ['--slow-query-log=ON', '--long-query-time=0', '--slow-query-log-file=slow.log'],
  });
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let sshd: SshServer;
  let keys: string;

  beforeAll(async () => {
    // A key without passphrase, so the page connects without asking.
    keys = await mkdtemp(path.join(os.tmpdir(), 'sightline-e2e-slowlog-ssh-'));
    const key = path.join(keys, 'id_ed25519');
    await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'e2e', '-f', key]);
    sshd = await startSshd({ authorize: [await readFile(`${key}.pub`, 'utf8')] });
    await withConnection(server(), async (c) => {
      await c.query('CREATE DATABASE sl_ssh_e2e');
      await c.query('USE sl_ssh_e2e');
      await c.query('CREATE TABLE t (a INT PRIMARY KEY)');
      for (let i = 0; i < 4; i += 1) await c.query(`SELECT * FROM t WHERE a = ${i}`);
    });
    ({ app, browser, page, errors } = await openWebPage());
    await page.setViewportSize({ width: 1280, height: 800 });
    await openToolWith(page, app, server(), 'slowlog-ssh-e2e', 'tuning', {
      endpoint: { kind: 'tcp', host: '127.0.0.1', port: server().port },
      ssh: {
        host: sshd.host,
        port: sshd.port,
        user: sshd.user,
        auth: 'key',
        privateKeyFile: key,
        hostKeySha256: sshd.hostKeySha256,
      },
    });
    await page.getByRole('tab', { name: 'Slow log' }).click();
  }, 180_000);

  afterAll(async () => {
    await closeWebPage(browser, app);
    await sshd?.stop();
    if (keys) await rm(keys, { recursive: true, force: true });
  });

  it('offers the server’s file and reads it into classes', async () => {
    const log = path.join(server().dataDir, 'slow.log');
    const sources = page.getByTestId('slowlog-sources');
    await expect
      .poll(() => sources.locator('li').nth(1).textContent())
      .toBe(
        `●The server's file over SSH available ${log} over SFTP, read-only. Analyze the server’s file`,
      );
    await page.getByRole('button', { name: 'Analyze the server’s file' }).click();
    const row = page
      .getByTestId('slowlog-row')
      .filter({ has: page.getByText('select * from t where a = ?', { exact: true }) });
    await row.waitFor({ timeout: 30_000 });
    expect((await row.locator('td').allTextContents())[1]).toBe('4');
    await expect
      .poll(() => page.getByTestId('slowlog-summary').first().textContent())
      .toMatch(/statements in \d+ classes/);
    await screenshot(page, 'tuning-slowlog-15-ssh');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'tuning-slowlog-15-ssh-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(errors).toEqual([]);
  });
});
