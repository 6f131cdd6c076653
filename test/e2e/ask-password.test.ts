import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { screenshot } from './harness/browser';
import { openToolWith } from './harness/open-tool';
import { savedEditorText } from './harness/editor-text';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';

const DB = 'sl_e2e_ask';

describe('a connection that asks for its password each time', () => {
  const server = testServers().mysql;
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let connectionId: string;
  const prompt = () => page.getByRole('dialog', { name: /^Password for/ });

  beforeAll(async () => {
    await withConnection(server, (c) =>
      c.query(
        `DROP DATABASE IF EXISTS ${DB}; CREATE DATABASE ${DB}; CREATE TABLE ${DB}.audit (at DATETIME, what TEXT);`,
      ),
    );
    ({ app, browser, page, errors } = await openWebPage());
  });

  afterAll(async () => {
    await closeWebPage(browser, app);
    await withConnection(server, (c) => c.query(`DROP DATABASE IF EXISTS ${DB}`));
  });

  it('asks before opening a tool on its own session', async () => {
    connectionId = await openToolWith(page, app, server, 'Ask MySQL', 'tuning', {
      passwordMode: 'ask',
    });
    await prompt().waitFor({ timeout: 5000 });
    expect((await prompt().locator('h2').textContent())?.trim()).toBe(
      `Password for ${server.user}@Ask MySQL`,
    );
    // The test server's account has no password: an empty answer is a real login.
    await prompt().getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('tab', { name: 'Schema health' }).waitFor({ timeout: 20_000 });
  });

  it('asks again for the editor a fix opens in, and the fix is there after the password', async () => {
    await page.getByRole('tab', { name: 'Schema health' }).click();
    await page.getByLabel('Schema to check').selectOption(DB);
    const finding = page.getByTestId('tune-findings').locator('li').filter({ hasText: 'audit' });
    await finding.waitFor({ timeout: 10_000 });
    const fix = (await finding.locator('.tune-ddl').textContent()) ?? '';
    expect(fix).toContain(`\`${DB}\`.\`audit\``);
    await finding.getByRole('button', { name: 'Open fix in editor' }).click();
    await prompt().waitFor({ timeout: 5000 });
    await screenshot(page, 'ask-password-01-editor-prompt');
    await prompt().getByRole('button', { name: 'Connect' }).click();
    await page.locator('.monaco-editor .view-line').first().waitFor({ timeout: 20_000 });
    await expect
      .poll(() => savedEditorText(page, connectionId), { timeout: 10_000 })
      .toContain(fix);
    expect(errors).toEqual([]);
  });
});
