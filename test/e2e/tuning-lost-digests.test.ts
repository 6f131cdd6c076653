// The top statements of a server whose digest table filled up: what the notice says is counted
// over the figures' own span (since the server started, then a window), and a window that lost
// nothing (after a TRUNCATE made room; the server's counter stays) does not say it is full.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTo } from '../servers/connect';
import { useDedicatedServer } from '../servers/dedicated-servers';
import { screenshot } from './harness/browser';
import { openToolWith } from './harness/open-tool';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';

describe('tuning: statements that got no digest (MySQL 9.7, digest table of 40)', () => {
  const server = useDedicatedServer('mysql', {
    name: 'e2e-lost-digests',
    extraArgs: ['--performance-schema-digests-size=40'],
  });
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ app, browser, page, errors } = await openWebPage());
    await page.setViewportSize({ width: 1400, height: 800 });
  });
  afterAll(async () => {
    await closeWebPage(browser, app);
  });

  const lostNow = async () => {
    const c = await connectTo(server());
    try {
      const [rows] = await c.query("SHOW GLOBAL STATUS LIKE 'Performance_schema_digest_lost'");
      return Number((rows as Array<{ Value: string }>)[0]!.Value);
    } finally {
      await c.end();
    }
  };
  const newShapes = async (from: number, n: number) => {
    const c = await connectTo(server());
    try {
      for (let i = from; i < from + n; i += 1) await c.query(`SELECT 1 AS lost_${i}`);
    } finally {
      await c.end();
    }
  };

  it('says how many were lost since the server started, then none in a new window', async () => {
    await openToolWith(page, app, server(), 'lost-digests', 'tuning', { scratch: true });
    const notice = page.getByTestId('tune-lost-digests');
    await page.getByTestId('tune-window').waitFor();
    await newShapes(0, 60);
    const lost = await lostNow();
    expect(lost).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Refresh' }).click();
    // At least `lost` (the screen's own reads after ours may have lost more); a refresh that
    // began before our statements may show fewer first.
    const shown = async () => {
      const m = /([\d,]+) statements since the server started got no digest of their own: /.exec(
        (await notice.textContent()) ?? '',
      );
      return m ? Number(m[1]!.replace(/,/g, '')) : 0;
    };
    await expect.poll(shown).toBeGreaterThanOrEqual(lost);
    await screenshot(page, 'tuning-lost-digests-since-start');

    // Room again (the counter stays): a window from now loses nothing.
    const c = await connectTo(server());
    await c.query('TRUNCATE performance_schema.events_statements_summary_by_digest');
    await c.end();
    await page.getByRole('button', { name: 'Start a window now' }).click();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect
      .poll(() => notice.textContent())
      .toMatch(/None of this window’s statements lost their digest, but the digest table was full/);
    await screenshot(page, 'tuning-lost-digests-window');
    expect(errors).toEqual([]);
  });
});
