import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServers, type ServerEndpoint } from '../servers/provided';
import { openToolWith } from './harness/open-tool';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';

// A server outside replication is said to be so plainly: not "healthy", not a "source", no
// promise of replicas "below" followed by "no replicas found".

describe.each([
  ['MySQL 9.7', testServers().mysql, 'SHOW REPLICA STATUS', 'SHOW REPLICAS'],
  ['MariaDB 10.11', testServers().mariadb, 'SHOW ALL SLAVES STATUS', 'SHOW SLAVE HOSTS'],
] as const)(
  'the replication screen on a lone %s',
  (name, server: ServerEndpoint, status, hosts) => {
    let app: RunningWebApp;
    let browser: Browser;
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      ({ app, browser, page, errors } = await openWebPage());
      await openToolWith(page, app, server, `Lone ${name}`, 'replication');
    });

    afterAll(() => closeWebPage(browser, app));

    it('says it is not replicating, and what it takes to see a topology', async () => {
      const screen = page.locator('[data-screen=replication]');
      // Not the "Discovering…" placeholder, which has the same class: the discovery's answer.
      const topology = screen.locator('section[aria-label=Topology] .empty-state', {
        hasText: 'No topology to draw',
      });
      await topology.waitFor({ timeout: 30_000 });
      const head = screen.locator('.rp-head');
      expect(await head.locator('[data-replication-state]').textContent()).toBe('not replicating');
      expect(await head.textContent()).not.toContain('healthy');
      const problems = await screen.locator('section[aria-label=Problems]').textContent();
      expect(problems).toContain('This server is not replicating.');
      expect(problems).toContain(`${status} is empty`);
      expect(problems).toContain(`${hosts} lists none`);
      expect(problems).not.toContain('below');
      // No lone box labelled "source" with an unexplained mark: words say what a topology needs.
      expect(await screen.locator('svg.rp-topology').count()).toBe(0);
      const text = await topology.textContent();
      expect(text).toContain('No topology to draw');
      expect(text).toContain(`listed by ${hosts} only when they set it`);
      expect(await screen.textContent()).not.toContain('No replicas or sources found');
      expect(errors).toEqual([]);
    });
  },
);
