// The server details list STATEMENT_DIGEST(): where it is missing (MariaDB), the row says that
// earlier plans of a statement are found by its shape instead.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServers } from '../servers/provided';
import { screenshot } from './harness/browser';
import { openEditorWith } from './harness/open-editor';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';

describe('the STATEMENT_DIGEST() capability row', () => {
  const servers = testServers();
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ app, browser, page, errors } = await openWebPage());
  });
  afterAll(async () => {
    await closeWebPage(browser, app);
  });

  const row = () =>
    page
      .locator('.tab-page:not([hidden]) .capabilities li')
      .filter({ hasText: 'STATEMENT_DIGEST()' });

  it.each([
    ['MariaDB 10.11', () => servers.mariadb, 'Caps MariaDB', false],
    ['MySQL 9.7', () => servers.mysql, 'Caps MySQL', true],
  ] as const)('on %s says whether plans are kept by digest', async (_n, server, name, has) => {
    await openEditorWith(page, app, server(), name, 'SELECT 1;');
    await page.locator('.tab-page:not([hidden]) .server-details summary').click();
    expect(await row().getAttribute('class')).toBe(has ? 'cap-yes' : 'cap-no');
    expect(await row().textContent()).toMatch(
      new RegExp(
        `without it, earlier plans of a statement are found by its shape\\) ${has ? '\\(supported\\)' : '\\(not supported\\)'}$`,
      ),
    );
    if (!has) {
      await row().scrollIntoViewIfNeeded();
      await screenshot(page, 'capability-statement-digest-mariadb');
      await page.emulateMedia({ colorScheme: 'dark' });
      await screenshot(page, 'capability-statement-digest-mariadb-dark');
      await page.emulateMedia({ colorScheme: 'light' });
    }
    expect(errors).toEqual([]);
  });
});
