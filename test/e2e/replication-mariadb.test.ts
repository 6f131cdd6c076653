import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServers } from '../servers/provided';
import { screenshot } from './harness/browser';
import { openToolWith } from './harness/open-tool';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';

// The replication screen on a MariaDB that replicates from nowhere: its empty states name the
// statements MariaDB has (SHOW ALL SLAVES STATUS, SHOW SLAVE HOSTS), not MySQL's.

describe('the replication screen on a MariaDB that is not a replica', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    ({ app, browser, page, errors } = await openWebPage());
    await openToolWith(page, app, testServers().mariadb, 'Lone MariaDB', 'replication');
  });

  afterAll(() => closeWebPage(browser, app));

  it("names MariaDB's own statements in its empty states", async () => {
    const channels = page.locator('section[aria-label=Channels] .empty-state');
    await channels.waitFor({ timeout: 30_000 });
    expect(await channels.textContent()).toContain('SHOW ALL SLAVES STATUS is empty');
    const topologyEmpty = page.locator('section[aria-label=Topology] .empty-state');
    await topologyEmpty.waitFor({ timeout: 30_000 });
    expect(await topologyEmpty.textContent()).toContain('listed by SHOW SLAVE HOSTS only when');
    await screenshot(page, 'replication-09-mariadb-not-a-replica');
    expect(errors).toEqual([]);
  });
});
