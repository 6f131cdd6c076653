import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { callApi } from './harness/api-socket';
import { launchBrowser, newCheckedPage, screenshot } from './harness/browser';
import { openEditorWith } from './harness/open-editor';
import { startWebApp, type RunningWebApp } from './harness/web-app';

// 10,000 rows (two 100-row CTEs joined: a recursive CTE stops at 1,000 levels by default).
const TEN_THOUSAND_ROWS =
  'WITH RECURSIVE s(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM s WHERE n < 99) SELECT a.n * 100 + b.n AS n FROM s a, s b';

describe('Settings: result limits, update notifications, data folder', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const tabs = () => page.getByRole('tablist', { name: 'Open sessions' }).getByRole('tab');
  const rows = () => page.getByLabel('Rows kept per result');
  const save = () => page.getByRole('button', { name: 'Save result limits' });

  /** EXPLAIN FORMAT=JSON of a full scan of 50 rows, from the server. */
  let smallScanPlan = '';

  beforeAll(async () => {
    smallScanPlan = await withConnection(testServers().mysql, async (c) => {
      await c.query(
        `DROP DATABASE IF EXISTS sl_e2e_settings; CREATE DATABASE sl_e2e_settings;
         CREATE TABLE sl_e2e_settings.t (id INT PRIMARY KEY, v INT);
         INSERT INTO sl_e2e_settings.t WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 50) SELECT n, n FROM s;
         ANALYZE TABLE sl_e2e_settings.t;`,
      );
      const [rows] = await c.query({
        sql: 'EXPLAIN FORMAT=JSON SELECT * FROM sl_e2e_settings.t WHERE v = 3',
        rowsAsArray: true,
      });
      return String((rows as unknown[][])[0]![0]);
    });
    app = await startWebApp();
    browser = await launchBrowser();
    ({ page, errors } = await newCheckedPage(browser));
    await page.setViewportSize({ width: 1280, height: 800 });
    await openEditorWith(page, app, testServers().mysql, 'Limits MySQL', TEN_THOUSAND_ROWS);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await withConnection(testServers().mysql, (c) =>
      c.query('DROP DATABASE IF EXISTS sl_e2e_settings'),
    );
  });

  it('opens in its own tab from the tab bar, with the defaults and the data folder', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor({ timeout: 5000 });
    expect(await tabs().last().textContent()).toBe('Settings×');
    expect(await tabs().last().getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => rows().inputValue()).toBe('1000000');
    expect(await page.getByLabel('Memory kept per result (MB)').inputValue()).toBe('512');
    expect(
      await page.getByLabel('Give up on a server that does not answer after (s)').inputValue(),
    ).toBe('30');
    expect(await save().isDisabled()).toBe(true);
    const info = (await callApi(app, 'app.info', {})) as { dataDir: string };
    expect(await page.getByTestId('settings-data-dir').textContent()).toBe(info.dataDir);
    expect(
      await page
        .getByRole('checkbox', { name: 'Tell me when a newer version is released' })
        .isChecked(),
    ).toBe(false);
    await screenshot(page, 'settings-01-defaults');
  });

  it('says what is wrong with a limit out of bounds and will not save it', async () => {
    await rows().fill('50');
    expect(await page.getByRole('alert').first().textContent()).toBe(
      '⚠ The row limit must be at least 1,000 rows',
    );
    expect(await rows().getAttribute('aria-invalid')).toBe('true');
    expect(await save().isDisabled()).toBe(true);
    await screenshot(page, 'settings-02-invalid');
  });

  it('saves a row limit the next result obeys, and opens Settings from that result', async () => {
    await rows().fill('1,000');
    await save().click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor({ timeout: 5000 });
    expect(await rows().inputValue()).toBe('1000');
    expect(await callApi(app, 'settings.results', {})).toEqual({
      maxRows: 1000,
      maxMegabytes: 512,
    });

    await tabs().first().click();
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+Enter');
    const summary = page.getByTestId('result-summary');
    await expect.poll(() => summary.getAttribute('data-state'), { timeout: 15_000 }).toBe('done');
    const notice = page.getByRole('status').filter({ hasText: 'Stopped fetching' });
    expect((await notice.textContent())?.replace(/\s+/g, ' ')).toContain(
      'Stopped fetching at 1,000 rows: the result reached the row limit that keeps the app responsive.',
    );
    await screenshot(page, 'settings-03-result-cut');
    await notice.getByRole('button', { name: 'Change the limits in Settings' }).click();
    expect(await tabs().last().getAttribute('aria-selected')).toBe('true');
    expect(await rows().inputValue()).toBe('1000');
  });

  it('applies the plan thresholds saved to a pasted plan', async () => {
    const findings = () => page.getByTestId('plan-findings').locator('li button').allTextContents();
    await page.getByRole('button', { name: 'Paste a plan' }).click();
    await page.locator('[data-testid="plan-paste-text"]:visible').fill(smallScanPlan);
    await page.getByRole('button', { name: 'Show plan' }).click();
    await page.getByTestId('plan-findings').waitFor({ timeout: 10_000 });
    expect((await findings()).filter((f) => f.includes('Full table scan'))).toEqual([]);

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Warn about full scans and sorts from (rows)').fill('20');
    await page.getByRole('button', { name: 'Save plan thresholds' }).click();
    await expect
      .poll(() => callApi(app, 'settings.plan', {}))
      .toEqual({ fullScanRows: 20, misestimateFactor: 10 });
    await page.getByRole('tab', { name: 'Plan' }).click();
    await page.getByRole('button', { name: 'Paste text' }).click();
    await page.getByRole('button', { name: 'Show plan' }).click();
    await expect
      .poll(async () => (await findings()).filter((f) => f.includes('Full table scan')))
      .toEqual(['⚠ Full table scan on t']);
    await screenshot(page, 'settings-04-plan-threshold');
    await page.keyboard.press('Control+w');
    await tabs().last().click();
  });

  it('closes with Ctrl+W and opens again with Ctrl+,', async () => {
    await page.keyboard.press('Control+w');
    await expect.poll(() => tabs().count()).toBe(1);
    await page.keyboard.press('Control+Comma');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor({ timeout: 5000 });
    expect(errors).toEqual([]);
  });
});
