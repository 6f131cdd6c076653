import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { useTopology } from '../servers/dedicated-servers';
import type { RunningServer } from '../servers/instance';
import { waitForCatchUp } from '../servers/replication';
import { launchBrowser, newCheckedPage, screenshot } from './harness/browser';
import { openToolWith } from './harness/open-tool';
import { startWebApp, type RunningWebApp } from './harness/web-app';

// The replication screen's settings section on a real MySQL 9.7 replica whose source has a
// table without a primary key: what to look at first, the values read, what to change, the
// manual, and the settings that need nothing folded away.

const topology = useTopology('mysql', 1);

describe('the replication settings section', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    const t = topology();
    const replica: RunningServer = t.replicas[0]!;
    await withConnection(t.source, async (c) => {
      await c.query('CREATE DATABASE shop');
      await c.query('CREATE TABLE shop.audit_log (at DATETIME, what TEXT)');
    });
    await waitForCatchUp(t.source, replica);
    app = await startWebApp();
    browser = await launchBrowser();
    ({ page, errors } = await newCheckedPage(browser));
    await openToolWith(page, app, replica, 'Replica', 'replication');
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('lists what to look at, worst first, with values, the change and the manual', async () => {
    const section = page.locator('section[aria-label="Replication settings"]');
    await section.locator('[data-advice]').first().waitFor({ timeout: 30_000 });
    const items = section.locator('.rs-list').first().locator('[data-advice]');
    expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-advice')))).toEqual(
      [
        'keyless-tables',
        'relay-log-recovery',
        'sync-binlog',
        'flush-log-at-commit',
        'semi-sync',
        'binlog-compression',
      ],
    );
    const keyless = section.locator('[data-advice="keyless-tables"]');
    expect(await keyless.locator('strong').textContent()).toBe(
      '1 table without a primary key under row-based replication',
    );
    expect(await keyless.locator('.rs-detail').textContent()).toMatch(/^shop\.audit_log\. /);
    expect(await keyless.locator('.sev-icon').getAttribute('aria-label')).toBe('warning');
    const recovery = section.locator('[data-advice="relay-log-recovery"]');
    expect(await recovery.locator('.rs-value').allTextContents()).toEqual([
      'relay_log_recovery = OFF',
    ]);
    expect(await recovery.locator('.rs-change').textContent()).toContain('restart the replica');
    expect(await recovery.locator('.rs-manual').getAttribute('href')).toBe(
      'https://dev.mysql.com/doc/refman/8.4/en/replication-options-replica.html#sysvar_relay_log_recovery',
    );
    expect(await section.locator('.rs-summary').textContent()).toContain(
      '6 settings to look at, worst first.',
    );
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'replication-settings');
  });

  it('unfolds the settings that need nothing', async () => {
    const section = page.locator('section[aria-label="Replication settings"]');
    const fold = section.locator('.rs-fold');
    expect(await fold.textContent()).toBe('▸ 5 settings that need nothing');
    await fold.click();
    expect(await fold.getAttribute('aria-expanded')).toBe('true');
    const fine = section.locator('.rs-list').nth(1).locator('[data-advice]');
    expect(await fine.evaluateAll((els) => els.map((e) => e.getAttribute('data-advice')))).toEqual([
      'parallel-applier',
      'binlog-format',
      'binlog-row-image',
      'gtid',
      'log-replica-updates',
    ]);
    expect(await section.locator('[data-advice="parallel-applier"] strong').textContent()).toBe(
      "4 applier threads, committing in the source's order",
    );
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'replication-settings-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(errors).toEqual([]);
  });
});
