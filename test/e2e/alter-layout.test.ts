import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { screenshot } from './harness/browser';
import { openToolWith } from './harness/open-tool';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';

// The ALTER screen at 1,280×800 around an instant change: the form on one line, an empty state
// that follows what is there, "Done" said once with no empty figures, the run options aligned,
// and after the run no stale preflight or Run button for a column that now exists.

const server = testServers().mysql;
const DB = `sl_alter_look_${Math.random().toString(36).slice(2, 7)}`;

describe('the ALTER screen around an instant change', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    await withConnection(server, async (c) => {
      await c.query(`CREATE DATABASE ${DB}`);
      await c.query(`CREATE TABLE ${DB}.items (id INT PRIMARY KEY, name VARCHAR(40))`);
      await c.query(`INSERT INTO ${DB}.items VALUES (1, 'a'), (2, 'b')`);
    });
    ({ app, browser, page, errors } = await openWebPage());
    await page.setViewportSize({ width: 1280, height: 800 });
    await openToolWith(page, app, server, 'Alter look', 'alter');
  }, 120_000);

  afterAll(async () => {
    await closeWebPage(browser, app);
    await withConnection(server, (c) => c.query(`DROP DATABASE IF EXISTS ${DB}`));
  });

  it('names the server as the status bar does', async () => {
    const head = await page.locator('#alt-statement-title').textContent();
    expect(head).toMatch(/\(MySQL \d+\.\d+\.\d+\)$/);
    const status = await page.locator('footer.status-bar').textContent();
    expect(status).toContain(head!.match(/\((MySQL [^)]+)\)/)![1]);
  });

  it('says what is left to do, and keeps the form controls on one line', async () => {
    const empty = page.getByTestId('alter-empty');
    expect(await empty.textContent()).toContain('Pick a table');
    const screen = page.getByTestId('alter-screen');
    await screen.getByLabel('Schema', { exact: true }).selectOption(DB);
    const table = screen.getByLabel('Table', { exact: true });
    await table.locator('option', { hasText: 'items' }).waitFor({ state: 'attached' });
    await table.selectOption('items');
    await page.getByLabel('Column').fill('added_at');
    await page.getByLabel('Type and options (e.g. VARCHAR(40) NULL)').fill('DATETIME NULL');
    const bottoms = await page
      .locator('.alt-form')
      .evaluate((form) =>
        Array.from(form.querySelectorAll('select, input, button')).map((e) =>
          Math.round(e.getBoundingClientRect().bottom),
        ),
      );
    expect(new Set(bottoms).size).toBe(1);
    await page.getByRole('button', { name: 'Add to statement' }).click();
    expect(await empty.textContent()).not.toContain('Pick a table');
    expect(await empty.textContent()).toContain('Check plan and risks');
  });

  it('lays the run options out in rows, the Run button clear of them', async () => {
    await page.getByRole('button', { name: 'Check plan and risks' }).click();
    const run = page.getByRole('button', { name: 'Run ALTER…' });
    await run.waitFor({ timeout: 20_000 });
    const look = await page.locator('.alt-run-options').evaluate((opts) => {
      const field = opts.querySelector('.alt-lock-wait')!;
      const label = field.querySelector('span')!.getBoundingClientRect();
      const input = field.querySelector('input')!.getBoundingClientRect();
      const radio = opts.querySelector('.check')!.getBoundingClientRect();
      const button = opts.parentElement!.querySelector('.alt-run-button')!.getBoundingClientRect();
      return {
        labelVsInput: Math.abs(label.top + label.height / 2 - (input.top + input.height / 2)),
        fieldLeft: Math.round(field.getBoundingClientRect().left - radio.left),
        gapAbove: Math.round(button.top - opts.getBoundingClientRect().bottom),
      };
    });
    expect(look.labelVsInput).toBeLessThanOrEqual(1.5);
    expect(look.fieldLeft).toBe(0);
    expect(look.gapAbove).toBeGreaterThanOrEqual(8);
  });

  it('says "Done" once with no empty figures, then asks for a new check', async () => {
    await page.getByRole('button', { name: 'Run ALTER…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Run ALTER' }).click();
    const runBox = page.getByTestId('alter-run');
    await expect.poll(() => runBox.getAttribute('data-state'), { timeout: 30_000 }).toBe('done');
    await page.getByTestId('alter-outcome').waitFor();
    const visible = await runBox.evaluate((el) => (el as HTMLElement).innerText);
    expect(visible.match(/\bDone\b/g)).toHaveLength(1);
    expect(visible).not.toContain('none reported');
    expect(visible).not.toMatch(/\bETA\b|\bRate\b|\bWork\b/);
    // The column exists now: no Run button left on the stale check.
    expect(await page.getByRole('button', { name: 'Run ALTER…' }).count()).toBe(0);
    expect(await page.getByTestId('alter-check-again').textContent()).toContain(
      `${DB}.items has changed`,
    );
    await screenshot(page, 'alter-layout-done-1280');
    expect(errors).toEqual([]);
  });
});
