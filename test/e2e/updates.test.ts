// Update notifications in browser mode, against a release feed served by this test on loopback.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newCheckedPage, screenshot } from './harness/browser';
import { startWebApp, type RunningWebApp } from './harness/web-app';
import { openApp } from './harness/open-app';

describe('update notifications', () => {
  let browser: Browser;
  let app: RunningWebApp;
  let feed: Server;
  let base = '';
  const hits: string[] = [];

  beforeAll(async () => {
    feed = createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/releases') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify([
            { tag_name: 'v0.3.0-beta.1', prerelease: true, draft: false, html_url: `${base}/beta` },
            {
              tag_name: 'v0.2.0',
              name: 'Sightline 0.2.0',
              prerelease: false,
              draft: false,
              html_url: `${base}/notes/v0.2.0`,
              published_at: '2026-11-20T09:30:00Z',
            },
            {
              tag_name: 'v0.1.0',
              prerelease: false,
              draft: false,
              html_url: `${base}/notes/v0.1.0`,
            },
          ]),
        );
      } else {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Release notes</title>');
      }
    });
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(feed.address() as AddressInfo).port}`;
    browser = await launchBrowser();
    app = await startWebApp();
  });
  afterAll(async () => {
    await app?.stop();
    await browser?.close();
    await new Promise((resolve) => feed.close(resolve));
  });

  it('are off until turned on, then say a newer version exists with a link to it', async () => {
    const { page, errors } = await newCheckedPage(browser);
    await openApp(page, app);
    const bar = page.getByRole('status', { name: 'Status' });
    const toggle = bar.getByRole('button', { name: 'Updates' });
    await toggle.waitFor();
    expect(await bar.getByTestId('update-available').count()).toBe(0);
    expect(hits).toEqual([]);

    await toggle.click();
    const panel = page.getByRole('dialog', { name: 'Update notifications' });
    await expect
      .poll(() => panel.getByTestId('update-line').textContent())
      .toBe('Checks are off: Sightline does not contact any release feed.');
    const checkbox = panel.getByRole('checkbox', {
      name: 'Tell me when a newer version is released',
    });
    expect(await checkbox.isChecked()).toBe(false);
    expect(await panel.getByLabel(/Release feed/).inputValue()).toBe(
      'https://api.github.com/repos/sightline-app/sightline/releases',
    );
    await screenshot(page, 'updates-01-off');

    await checkbox.check();
    await panel.getByLabel(/Release feed/).fill(`${base}/releases`);
    await panel.getByRole('button', { name: 'Save and check now' }).click();
    await expect
      .poll(() => panel.getByTestId('update-line').textContent())
      .toBe("⬆ Sightline 0.2.0 is available (you have 0.1.0). What's new in 0.2.0");
    expect(hits).toEqual(['/releases']);
    const notice = bar.getByTestId('update-available');
    expect(await notice.textContent()).toBe("⬆ Sightline 0.2.0 is available What's new in 0.2.0");
    await screenshot(page, 'updates-02-available');

    // The link opens in a new browsing context that cannot reach back into the app.
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      notice.getByRole('link', { name: "What's new in 0.2.0" }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(`${base}/notes/v0.2.0`);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();
    expect(errors).toEqual([]);
  });

  it('an invalid feed address is refused with the reason, and nothing is saved', async () => {
    const { page, errors } = await newCheckedPage(browser);
    await openApp(page, app);
    const bar = page.getByRole('status', { name: 'Status' });
    // The saved settings are back after a reload; the backend reuses its recent answer.
    await bar.getByTestId('update-available').waitFor();
    expect(hits.filter((h) => h === '/releases')).toHaveLength(1);
    await bar.getByRole('button', { name: 'Updates' }).click();
    const panel = page.getByRole('dialog', { name: 'Update notifications' });
    await panel.getByLabel(/Release feed/).fill('file:///etc/passwd');
    await panel.getByRole('button', { name: 'Save and check now' }).click();
    const alert = panel.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      '✖The update settings were not savedInvalid request to updates.saveSettings: feedUrl: The release feed must be an http:// or https:// address',
    );
    await screenshot(page, 'updates-03-invalid-feed');
    expect(errors.filter((e) => !e.includes('INVALID_REQUEST'))).toEqual([]);
  });

  it('the settings popover closes on Esc or Close, the focus back on its button', async () => {
    const { page, errors } = await newCheckedPage(browser);
    await openApp(page, app);
    const bar = page.getByRole('status', { name: 'Status' });
    const toggle = bar.getByRole('button', { name: 'Updates' });
    const panel = page.getByRole('dialog', { name: 'Update notifications' });
    const toggleFocused = () => toggle.evaluate((b) => b === document.activeElement);

    // Esc from a field inside the popover.
    await toggle.click();
    await panel.getByLabel(/Release feed/).click();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached', timeout: 5000 });
    expect(await toggleFocused()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    // Esc at once after opening it from the keyboard.
    await toggle.press('Enter');
    await panel.waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached', timeout: 5000 });
    expect(await toggleFocused()).toBe(true);

    // Its Close button.
    await toggle.press('Enter');
    for (const size of [
      { width: 1280, height: 800 },
      { width: 1440, height: 900 },
    ]) {
      for (const theme of ['light', 'dark'] as const) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: theme });
        await screenshot(page, `updates-04-popover-${size.width}x${size.height}-${theme}`);
      }
    }
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached', timeout: 5000 });
    expect(await toggleFocused()).toBe(true);
    expect(errors).toEqual([]);
  });
});
