import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRow, withConnection } from '../servers/connect';
import { useTopology } from '../servers/dedicated-servers';
import { waitForCatchUp, waitForReplicaThreads } from '../servers/replication';
import type { RunningServer } from '../servers/instance';
import { launchBrowser, newCheckedPage, screenshot } from './harness/browser';
import { openToolWith } from './harness/open-tool';
import { startWebApp, type RunningWebApp } from './harness/web-app';

// The replication screen on a real MySQL 9.7 source with two replicas, replica 1 carrying an
// errant CREATE DATABASE: the warning, the topology, the fix previewed, confirmed and re-checked.

const topology = useTopology('mysql', 2);

describe('the replication screen', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let source: RunningServer;
  let replica1: RunningServer;
  let replica2: RunningServer;
  let uuid1: string;
  const id = (s: RunningServer) => `127.0.0.1:${s.port}`;

  beforeAll(async () => {
    const t = topology();
    source = t.source;
    [replica1, replica2] = t.replicas as [RunningServer, RunningServer];
    uuid1 = await withConnection(replica1, async (c) => {
      await c.query('CREATE DATABASE errant_e2e');
      return String((await queryRow(c, 'SELECT @@server_uuid AS v')).v);
    });
    app = await startWebApp();
    browser = await launchBrowser();
    ({ page, errors } = await newCheckedPage(browser));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: app.origin,
    });
    await openToolWith(page, app, replica1, 'Replica one', 'replication', { color: 'orange' });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the channel, the topology and the errant warning', async () => {
    const banner = page.locator(`[data-errant-node="${id(replica1)}"]`);
    await banner.waitFor({ timeout: 30_000 });
    expect(await banner.locator('.notice-title').textContent()).toBe(
      `Errant transactions on ${id(replica1)}`,
    );
    expect(await banner.locator('.rp-gtids').textContent()).toBe(`${uuid1}:1`);
    const node = page.locator(`[data-node-id="${id(replica1)}"]`);
    expect(await node.getAttribute('data-health')).toBe('danger');
    expect(await node.getAttribute('data-errant')).toBe(`${uuid1}:1`);
    expect(await node.locator('.rp-node-errant').textContent()).toBe('⚠ errant: 1 transaction');
    for (const other of [source, replica2]) {
      expect(await page.locator(`[data-node-id="${id(other)}"]`).getAttribute('data-errant')).toBe(
        '',
      );
    }
    const channel = page.locator('[data-channel=""]');
    expect(await channel.locator('.rp-channel-head .mono').textContent()).toBe(
      `from ${id(source)}`,
    );
    expect(await channel.locator('[data-health]').allTextContents()).toEqual([
      '✔ IO running',
      '✔ SQL running',
    ]);
    // Lag from commit timestamps: caught up.
    expect(await channel.locator('.rp-lag-now').textContent()).toBe('0 ms');
    // Wait for a few polls so the chart has a line.
    await page.waitForTimeout(4500);
    expect(await channel.locator('.rp-chart-line').getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+L/);
    await screenshot(page, 'replication-errant');
    await page.locator(`[data-node-id="${id(replica2)}"]`).click();
    expect(await page.locator('[data-promotion]').textContent()).toBe(
      `✖ Cannot replace its source yet: lacks ${uuid1}:1 that ${id(replica1)} has.`,
    );
    await page.locator('[data-promotion]').scrollIntoViewIfNeeded();
    await screenshot(page, 'replication-topology');

    // The connection's editor header warns too, not only the replication tab.
    await page.locator('[data-connection-name="Replica one"]').click();
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    const badge = page.locator('[data-testid="errant-badge"]');
    await badge.waitFor();
    expect(await badge.textContent()).toBe('✖ Errant GTIDs on 1 server');
    await screenshot(page, 'replication-editor-badge');
    await page.locator('[data-tool="replication"]').click();
  });

  it('previews the fix as exact SQL per server, runs it after confirmation, and re-checks', async () => {
    await page.locator(`[data-errant-node="${id(replica1)}"] button`).click();
    // The fix reconciles GTIDs only: said before it is even previewed.
    expect(await page.locator('[data-errant-data-note]').textContent()).toBe(
      `The fix below reconciles GTIDs, not data: whatever these transactions wrote stays on ${id(replica1)} alone, and the other servers never get it. If a change belongs everywhere, redo it on the source; if not, undo it here. Data drift (below) compares a table's rows between the source and a replica.`,
    );
    await page.getByRole('button', { name: 'Preview the fix' }).click();
    const expected = `SET GTID_NEXT='${uuid1}:1'; BEGIN; COMMIT;\nSET GTID_NEXT='AUTOMATIC';\n`;
    const onSource = page.locator(`[data-fix-target="${id(source)}"] pre`);
    await onSource.waitFor();
    expect(await onSource.textContent()).toBe(expected);
    expect(await page.locator(`[data-fix-target="${id(replica2)}"] pre`).textContent()).toBe(
      expected,
    );
    // What the errant transaction did, from replica 1's binary logs.
    const did = page.locator(`[data-errant-contents="read"] [data-errant-gtid="${uuid1}:1"]`);
    expect(await did.locator('ul li').allTextContents()).toEqual(['CREATE DATABASE errant_e2e']);
    expect(await did.locator('.rp-muted').textContent()).toMatch(/^at binlog\.\d{6}:\d+$/);
    await screenshot(page, 'replication-fix-preview');

    await page.getByRole('button', { name: 'Run the fix…' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.locator('.confirm-detail').textContent()).toBe(
      `-- on ${id(source)}\n${expected}\n-- on ${id(replica2)}\n${expected}`,
    );
    await dialog.getByRole('button', { name: 'Run the fix' }).click();
    const recheck = page.locator('[data-recheck]');
    await recheck.waitFor({ timeout: 30_000 });
    expect(await recheck.getAttribute('data-recheck')).toBe('clean');
    expect(await recheck.textContent()).toContain(
      `Detected again: no errant transactions left on ${id(replica1)}.`,
    );
    // The topology was discovered again: no more warning.
    await page.locator('[data-errant-node]').waitFor({ state: 'detached' });
    expect(
      await withConnection(source, async (c) =>
        String(
          (await queryRow(c, `SELECT GTID_SUBSET('${uuid1}:1', @@GLOBAL.gtid_executed) AS v`)).v,
        ),
      ),
    ).toBe('1');
    await screenshot(page, 'replication-fixed');
    expect(await page.locator('[data-testid="errant-badge"]').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('says a replica that is only behind its sibling can be promoted once it has caught up', async () => {
    const sql = (server: RunningServer, statement: string) =>
      withConnection(server, (c) => c.query(statement));
    await sql(replica2, 'STOP REPLICA SQL_THREAD');
    try {
      const before = await withConnection(source, async (c) =>
        String((await queryRow(c, 'SELECT @@GLOBAL.gtid_executed AS v')).v),
      );
      await sql(source, 'CREATE DATABASE while_behind');
      const behind = await withConnection(source, async (c) =>
        String(
          (await queryRow(c, `SELECT GTID_SUBTRACT(@@GLOBAL.gtid_executed, '${before}') AS v`)).v,
        ),
      );
      const line = page.locator('[data-promotion="behind"]');
      await page.getByRole('button', { name: 'Discover again' }).click();
      await page.locator(`[data-node-id="${id(replica2)}"]`).click();
      await line.waitFor({ timeout: 30_000 });
      expect(await line.textContent()).toBe(
        `◷ Can replace its source once it has caught up: it lacks ${behind} that ${id(replica1)} has, which its source has too (lag, not divergence).`,
      );
      await line.scrollIntoViewIfNeeded();
      await screenshot(page, 'replication-promotion-behind');
    } finally {
      await sql(replica2, 'START REPLICA SQL_THREAD');
    }
    await waitForCatchUp(source, replica2);
    await page.getByRole('button', { name: 'Discover again' }).click();
    await page.locator('[data-promotion="yes"]').waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
  });

  it('asks for a login to a server that refuses the session’s, and reads it with that one', async () => {
    const readOnly = await withConnection(
      replica2,
      async (c) => Number((await queryRow(c, 'SELECT @@GLOBAL.read_only AS v')).v) === 1,
    );
    const account = await withConnection(replica2, async (c) => {
      const who = String((await queryRow(c, 'SELECT CURRENT_USER() AS v')).v);
      const [user, host] = who.split('@') as [string, string];
      const quoted = `'${user}'@'${host}'`;
      // Not binlogged: it would be an errant transaction of its own.
      await c.query(`SET sql_log_bin = 0; ALTER USER ${quoted} IDENTIFIED BY 'replica-two-only'`);
      return quoted;
    });
    try {
      await page.getByRole('button', { name: 'Refresh topology' }).click();
      const node = page.locator(`[data-node-id="${id(replica2)}"]`);
      await expect.poll(() => node.getAttribute('data-health'), { timeout: 30_000 }).toBe('danger');
      await node.click();
      const login = page.getByRole('form', { name: `Log in to 127.0.0.1:${replica2.port}` });
      await login.waitFor({ timeout: 10_000 });
      expect(await page.locator('.rp-node-details .notice-title').first().textContent()).toBe(
        `${id(replica2)} could not be read`,
      );
      // Said once, with its code, not again in the problem list.
      expect(await page.locator('.rp-node-details .rp-problems li').count()).toBe(0);
      await screenshot(page, 'replication-host-login');
      await login.getByLabel('Password').fill('replica-two-only');
      await login.getByRole('button', { name: 'Log in and refresh' }).click();
      await expect
        .poll(() => node.getAttribute('data-health'), { timeout: 30_000 })
        .toBe(readOnly ? 'ok' : 'warning');
      await node.click();
      expect(await page.locator('.rp-node-details p.rp-muted').first().textContent()).toMatch(
        new RegExp(
          `^9\\.7\\.\\d+.* · server_id \\d+ · [0-9a-f-]{36} · ${readOnly ? 'read_only' : 'writable'}$`,
        ),
      );
      expect(await login.count()).toBe(0);
    } finally {
      await withConnection({ ...replica2, password: 'replica-two-only' }, (c) =>
        c.query(`SET sql_log_bin = 0; ALTER USER ${account} IDENTIFIED BY ''`),
      );
    }
    expect(errors).toEqual([]);
  });

  it('says a replica with nothing to compare it with was not checked, never "no errant"', async () => {
    // Source and sibling down: nothing that answers holds what replica 1 received.
    await replica2.stop();
    await source.stop();
    try {
      await page.getByRole('button', { name: 'Refresh topology' }).click();
      const node = page.locator(`[data-node-id="${id(replica1)}"]`);
      await expect
        .poll(() => node.locator('.rp-node-line').nth(1).textContent(), { timeout: 30_000 })
        .toBe('errant transactions not checked');
      await node.click();
      const problem = page.locator('.rp-node-details [data-problem="errant-unchecked"]');
      await problem.waitFor({ timeout: 10_000 });
      expect(await problem.locator('strong').textContent()).toBe('Errant transactions not checked');
      expect(await problem.locator('.rp-problem-detail').textContent()).toBe(
        `Its source ${id(source)} does not answer, and no server that answers holds what it sent (no server above it, no other replica of it): there is nothing to compare this replica's transactions with until ${id(source)} is back.`,
      );
      // Every text inside its box, the long "unreachable · CONNECTION_REFUSED" lines included.
      const overflow = await page.$$eval('.rp-node', (boxes) =>
        boxes.flatMap((g) => {
          const width = Number(g.querySelector('rect')!.getAttribute('width'));
          return Array.from(g.querySelectorAll('text'))
            .map((t) => ({ text: t.textContent, right: t.getBBox().x + t.getBBox().width }))
            .filter((t) => t.right > width - 4);
        }),
      );
      expect(overflow).toEqual([]);
      expect(
        await page
          .locator(`[data-node-id="${id(source)}"] .rp-node-line`)
          .first()
          .textContent(),
      ).toBe('unreachable · CONNECTION_REFUSED');
      // Its only sibling is down too: no promotion verdict, the sibling named.
      expect(
        await page.locator('.rp-node-details [data-promotion]').getAttribute('data-promotion'),
      ).toBe('unknown');
      expect(await page.locator('.rp-node-details [data-promotion]').textContent()).toBe(
        `? Cannot tell whether it can replace its source: its other replica ${id(replica2)} could not be read.`,
      );
      await problem.scrollIntoViewIfNeeded();
      await screenshot(page, 'replication-errant-unchecked');
    } finally {
      await source.start();
      await replica2.start();
    }
    for (const replica of [replica1, replica2]) {
      await withConnection(replica, async (c) => {
        await c.query('STOP REPLICA');
        await c.query('START REPLICA');
      });
      await waitForReplicaThreads(replica);
    }
    expect(errors).toEqual([]);
  });
});
