import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDedicatedServer } from '../servers/dedicated-servers';
import { callApi } from './harness/api-socket';
import { screenshot } from './harness/browser';
import { openToolWith } from './harness/open-tool';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { openApp } from './harness/open-app';

// Tuning on a server that stops answering (SIGSTOP: a stalled disk, a network cut): the read
// gives up after the wait set in Settings (3 s here, saved through the Settings screen; 30 s by
// default) and the screen says its list is from the last read that answered, instead of showing
// it as current; once the server answers, a refresh reads again.

describe('Tuning when its server stops answering (MySQL 9.7)', () => {
  const server = useDedicatedServer('mysql', { name: 'e2e-frozen-tuning' });
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ app, browser, page, errors } = await openWebPage());
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 120_000);
  afterAll(async () => {
    server().resume();
    await closeWebPage(browser, app);
  });

  it('saves a wait of 3 s in Settings', async () => {
    await openApp(page, app);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const wait = page.getByLabel('Give up on a server that does not answer after (s)');
    await expect.poll(() => wait.inputValue()).toBe('30');
    await wait.fill('3');
    await page.getByRole('button', { name: 'Save wait time' }).click();
    await expect
      .poll(() => callApi(app, 'settings.screenReads', {}))
      .toEqual({ timeoutSeconds: 3 });
    await screenshot(page, 'settings-05-server-answers');
  });

  it('says the list is from the last read that answered, and reads again after', async () => {
    await openToolWith(page, app, server(), 'tune-frozen', 'tuning');
    await page.getByTestId('tune-row').first().waitFor({ timeout: 15_000 });
    const failure = page.locator('[data-error-code]');
    server().pause();
    try {
      await page.getByRole('button', { name: 'Refresh' }).click();
      // The saved 3 s applies: with the default 30 s this wait would run out first.
      await failure.waitFor({ timeout: 20_000 });
      expect(await failure.getAttribute('data-error-code')).toBe('CONNECTION_LOST');
      expect(await failure.locator('.notice-title').textContent()).toMatch(
        /^Could not read statement statistics: the list below is from \d\d:\d\d:\d\d UTC$/,
      );
      expect(await failure.textContent()).toContain('did not answer in time');
      expect(await page.getByTestId('tune-row').count()).toBeGreaterThan(0);
      await screenshot(page, 'tuning-frozen-server');
    } finally {
      server().resume();
    }
    await page.getByRole('button', { name: 'Refresh' }).click();
    await failure.waitFor({ state: 'detached', timeout: 30_000 });
    expect(errors).toEqual([]);
  }, 120_000);
});
