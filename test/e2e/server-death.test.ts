import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { useDedicatedServer } from '../servers/dedicated-servers';
import type { RunningServer } from '../servers/instance';
import { endpointOf } from '../servers/endpoint';
import { threadRunning } from '../servers/running-statement';
import { startSilentRelay } from '../servers/silent-relay';
import { openEditorWith } from './harness/open-editor';
import { screenshot } from './harness/browser';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { cursorToLine } from './harness/editor-text';

/**
 * Runs line 1 of the editor and waits until the server runs it (`marker`: text of the statement
 * in the server's processlist); the result summary, which shows its state.
 */
async function runFirstLine(page: Page, server: RunningServer, marker: string) {
  await cursorToLine(page, 1);
  await page.keyboard.press('Control+Enter');
  const summary = page.getByTestId('result-summary');
  await expect.poll(() => summary.getAttribute('data-state'), { timeout: 10_000 }).toBe('running');
  await threadRunning(server, marker);
  return summary;
}

describe('the editor when its server dies mid-statement', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const server = useDedicatedServer('mysql', { name: 'e2e-death' });

  beforeAll(async () => {
    ({ app, browser, page, errors } = await openWebPage());
  });
  afterAll(() => closeWebPage(browser, app));

  it('ends the statement with "connection lost", frees Run, and shows the new session after reconnecting', async () => {
    const s = server();
    await openEditorWith(
      page,
      app,
      endpointOf(s),
      'Dying MySQL',
      'SELECT SLEEP(120) AS doomed;\nSELECT CONNECTION_ID() AS id;',
    );
    const status = page.getByRole('status', { name: 'Status' });
    const oldSession = (await status.textContent())?.match(/session (\d+)/)?.[1];
    expect(oldSession).toMatch(/^\d+$/);

    const summary = await runFirstLine(page, s, 'AS doomed');
    await s.kill();

    await expect.poll(() => summary.getAttribute('data-state'), { timeout: 15_000 }).toBe('error');
    expect(await page.getByRole('button', { name: '▶ Run statement' }).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Cancel', exact: true }).isEnabled()).toBe(false);
    await expect.poll(() => status.textContent()).toContain('connection lost');
    expect(await page.getByTestId('result-panel').textContent()).toContain('was lost');
    await screenshot(page, 'server-death-01-statement-ended');

    await s.start();
    // Ids restart with the server: use some up so the new session's id differs from the old.
    for (let i = 0; i < 3; i++) await withConnection(s, (c) => c.query('SELECT 1'));
    await cursorToLine(page, 2);
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => summary.getAttribute('data-state'), { timeout: 15_000 }).toBe('done');
    const table = page.getByRole('table', { name: 'Rows in view' });
    await expect
      .poll(() => table.locator('td').allTextContents(), { timeout: 5000 })
      .toHaveLength(1);
    const [newSession] = await table.locator('td').allTextContents();
    expect(newSession).not.toBe(oldSession);
    await expect.poll(() => status.textContent()).toContain(`session ${newSession}`);
    expect(await status.textContent()).not.toContain('connection lost');
    await screenshot(page, 'server-death-02-reconnected');
    expect(errors).toEqual([]);
  });

  it('refuses the first statement after a connection lost with USE and a transaction in it', async () => {
    const s = server();
    await withConnection(s, (c) =>
      c.query(
        'CREATE DATABASE IF NOT EXISTS e2e_reset; CREATE TABLE IF NOT EXISTS e2e_reset.t (id INT PRIMARY KEY); DELETE FROM e2e_reset.t',
      ),
    );
    await openEditorWith(
      page,
      app,
      endpointOf(s),
      'Reset MySQL',
      'USE e2e_reset;\nBEGIN;\nINSERT INTO t VALUES (1);\nSELECT DATABASE() AS db;',
    );
    const summary = page.getByTestId('result-summary');
    for (const line of [1, 2, 3]) {
      await cursorToLine(page, line);
      await page.keyboard.press('Control+Enter');
      await expect.poll(() => summary.getAttribute('data-state')).toBe('done');
    }
    const status = page.getByRole('status', { name: 'Status' });
    const id = (await status.textContent())?.match(/session (\d+)/)?.[1];
    expect(id).toMatch(/^\d+$/);
    // As wait_timeout or a proxy would: the server ends the session under the open transaction.
    await withConnection(s, (c) => c.query(`KILL CONNECTION ${id}`));
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toContain('connection lost');

    await cursorToLine(page, 4);
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => summary.getAttribute('data-state'), { timeout: 15_000 }).toBe('error');
    const panel = page.getByTestId('result-panel');
    const text = (await panel.textContent()) ?? '';
    expect(text).toContain('Not run: the session started afresh');
    expect(text).toContain('and Sightline connected again, so this statement was not run');
    expect(text).toContain('the transaction that was open was rolled back by the server');
    expect(text).toContain('no schema is selected now: the USE you ran is undone');
    await screenshot(page, 'server-death-07-session-reset');
    expect(
      await withConnection(s, async (c) => {
        const [rows] = await c.query('SELECT COUNT(*) AS n FROM e2e_reset.t');
        return (rows as Array<{ n: number }>)[0]!.n;
      }),
    ).toBe(0);

    // Asked again, it runs in the new session: no schema.
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => summary.getAttribute('data-state'), { timeout: 15_000 }).toBe('done');
    const table = page.getByRole('table', { name: 'Rows in view' });
    await expect
      .poll(() => table.locator('td').allTextContents(), { timeout: 5000 })
      .toEqual(['NULL']);
    expect(errors).toEqual([]);
  });

  it('says why Cancel sent no KILL when the server restarted behind a silent link', async () => {
    const s = server();
    const relay = await startSilentRelay(s.port);
    try {
      await openEditorWith(
        page,
        app,
        { ...endpointOf(s), port: relay.port },
        'Relayed MySQL',
        'SELECT SLEEP(120) AS behind_relay;',
      );
      const summary = await runFirstLine(page, s, 'AS behind_relay');
      await s.kill();
      await s.start();
      // The page still shows it running: the relay kept its side of the link open.
      expect(await summary.getAttribute('data-state')).toBe('running');
      await page.keyboard.press('Escape');
      const problem = page.getByTestId('cancel-problem');
      await problem.waitFor({ timeout: 15_000 });
      expect(await problem.textContent()).toMatch(
        /^⚠Not cancelled\. (the server was restarted or replaced|the server no longer has this session's connection).* No KILL was sent; the statement ended with its connection\.$/,
      );
      await expect
        .poll(() => summary.getAttribute('data-state'), { timeout: 15_000 })
        .toBe('error');
      await screenshot(page, 'server-death-03-cancel-refused');
      expect(errors).toEqual([]);
    } finally {
      await relay.close();
    }
  });

  it('offers to give the connection up when Cancel cannot reach a frozen server', async () => {
    const s = server();
    await openEditorWith(page, app, endpointOf(s), 'Frozen MySQL', 'SELECT SLEEP(120) AS frozen;');
    const summary = await runFirstLine(page, s, 'AS frozen');
    // Frozen (SIGSTOP), as on a stalled disk: it accepts the KILL's connection and never greets.
    s.pause();
    try {
      await page.keyboard.press('Escape');
      const problem = page.getByTestId('cancel-problem');
      await problem.waitFor({ timeout: 30_000 });
      expect(await problem.locator('.notice-message').textContent()).toBe(
        `Not cancelled. No KILL was sent: Connecting to 127.0.0.1:${s.port} timed out after 10 s: the server accepted the connection but never sent its greeting. The statement is still waiting on its connection; it ends when the server answers again, or give the connection up (an open transaction is then rolled back).`,
      );
      expect(await summary.getAttribute('data-state')).toBe('running');
      await screenshot(page, 'server-death-04-cancel-frozen');

      await problem.getByRole('button', { name: 'Give the connection up…' }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.getByLabel('Exact operation').textContent()).toBe(
        'SELECT SLEEP(120) AS frozen',
      );
      await screenshot(page, 'server-death-05-confirm-give-up');
      await dialog.getByRole('button', { name: 'Give the connection up' }).click();
      await expect.poll(() => summary.getAttribute('data-state'), { timeout: 5_000 }).toBe('error');
      expect(await page.getByTestId('result-panel').textContent()).toContain(
        'You gave the connection up while its statement waited for a server that did not answer.',
      );
      expect(await problem.count()).toBe(0);
      expect(await page.getByRole('button', { name: '▶ Run statement' }).isEnabled()).toBe(true);
      await screenshot(page, 'server-death-06-given-up');
    } finally {
      s.resume();
    }
    expect(errors).toEqual([]);
  });
});
