import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { screenshot } from './harness/browser';
import { saveConnectionTo } from './harness/open-tool';
import type { RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';
import { openApp } from './harness/open-app';

// Trying an index on a scratch server whose table has a foreign key with the index the server
// made for it: building the tried index makes the server drop that one, and the experiment
// builds it again before dropping its own. The screen says so; the table ends as it began.

const DB = `sl_tune_fk_${Math.random().toString(36).slice(2, 7)}`;
/** Every row's order: a full scan costs less than reading through the key's index. */
const SQL = 'SELECT * FROM order_lines WHERE order_id IN (0, 1) AND qty > 5';
/** Names the key's index, which the server drops while the tried one exists. */
const NAMED =
  'SELECT * FROM order_lines IGNORE INDEX (fk_lines_order) WHERE order_id = 1 AND qty > 7';

describe('an index experiment on a table with a foreign key (MySQL 9.7, scratch)', () => {
  const server = testServers().mysql;
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  const indexes = () =>
    withConnection(server, async (c) => {
      const [rows] = await c.query(
        `SELECT INDEX_NAME, COLUMN_NAME FROM information_schema.STATISTICS
         WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'order_lines' ORDER BY INDEX_NAME, SEQ_IN_INDEX`,
        [DB],
      );
      return (rows as Array<Record<string, string>>).map((r) => `${r.INDEX_NAME}:${r.COLUMN_NAME}`);
    });

  beforeAll(async () => {
    await withConnection(server, async (c) => {
      await c.query(`CREATE DATABASE ${DB}`);
      await c.query(`USE ${DB}`);
      await c.query('CREATE TABLE orders (id INT PRIMARY KEY)');
      // No index of its own on order_id: the server makes fk_lines_order for the key.
      await c.query(`CREATE TABLE order_lines (id INT PRIMARY KEY, order_id INT NOT NULL, qty INT NOT NULL,
        CONSTRAINT fk_lines_order FOREIGN KEY (order_id) REFERENCES orders (id))`);
      await c.query('INSERT INTO orders VALUES (0), (1)');
      await c.query(
        `INSERT INTO order_lines VALUES ${Array.from({ length: 2000 }, (_, i) => `(${i}, ${i % 2}, ${i % 10})`).join(',')}`,
      );
      await c.query('ANALYZE TABLE order_lines');
      for (let i = 0; i < 5; i++) await c.query(SQL);
      for (let i = 0; i < 5; i++) await c.query(NAMED);
    });
    ({ app, browser, page, errors } = await openWebPage());
    await saveConnectionTo(app, server, 'scratch-fk', { scratch: true, tls: { mode: 'required' } });
    await page.setViewportSize({ width: 1500, height: 900 });
    await openApp(page, app);
  });
  afterAll(async () => {
    await closeWebPage(browser, app);
    await withConnection(server, (c) => c.query(`DROP DATABASE IF EXISTS ${DB}`));
  });

  it('builds the key’s index again before dropping its own, and says so', async () => {
    const before = await indexes();
    expect(before).toEqual(['fk_lines_order:order_id', 'PRIMARY:id']);
    await page.locator('[data-connection-name="scratch-fk"]').click();
    await page.locator('[data-tool-button="tuning"]').click();
    await page.getByLabel('Schema filter').selectOption(DB);
    const row = page
      .getByTestId('tune-row')
      .filter({ hasText: '> ?' })
      .filter({ hasNotText: 'IGNORE' });
    await row.waitFor();
    await row.click();
    await page.getByRole('button', { name: 'Explain', exact: true }).click();
    const candidate = page.getByTestId('tune-candidate');
    await candidate.waitFor();
    expect(await candidate.locator('code').textContent()).toBe(
      `ALTER TABLE \`${DB}\`.\`order_lines\` ADD INDEX \`idx_order_lines_order_id_qty\` (\`order_id\`, \`qty\`)`,
    );
    await page.getByRole('button', { name: 'Try it (before/after)' }).click();
    const detail = page.getByLabel('Exact operation');
    await detail.waitFor();
    // Said before anything runs.
    expect(await page.getByRole('dialog').textContent()).toContain(
      'If the table has a foreign key whose index the server made itself, the server drops that index when this one is built; Sightline builds it again, as it was, before dropping this one.',
    );
    await page.getByRole('button', { name: 'Create, explain, drop' }).click();
    await page.getByRole('region', { name: 'Compare plans' }).waitFor({ timeout: 30_000 });
    await page.locator('[data-tool="tuning"]').click();
    const note = page.getByTestId('experiment-restored');
    await note.waitFor();
    expect(await note.textContent()).toBe(
      "⚠Building sl_try_order_lines_order_id_qty made the server drop fk_lines_order, the index it had made for a foreign key. Sightline built it again as before, then dropped sl_try_order_lines_order_id_qty: the table's indexes are as they were.",
    );
    await note.scrollIntoViewIfNeeded();
    await screenshot(page, 'tuning-experiment-fk-restored');
    expect(await indexes()).toEqual(before);
    expect(errors).toEqual([]);
  });

  it('says the key’s index is back when the experiment fails because it was gone', async () => {
    // The index built again above is the table's own now, which the server keeps: the key is
    // made again, so that the server makes its index again.
    await withConnection(server, async (c) => {
      await c.query(
        `ALTER TABLE ${DB}.order_lines DROP FOREIGN KEY fk_lines_order, DROP INDEX fk_lines_order`,
      );
      await c.query(
        `ALTER TABLE ${DB}.order_lines ADD CONSTRAINT fk_lines_order FOREIGN KEY (order_id) REFERENCES ${DB}.orders (id)`,
      );
    });
    const before = await indexes();
    expect(before).toEqual(['fk_lines_order:order_id', 'PRIMARY:id']);
    const row = page.getByTestId('tune-row').filter({ hasText: 'IGNORE INDEX' });
    await row.click();
    await page.getByRole('button', { name: 'Explain', exact: true }).click();
    await page.getByRole('button', { name: 'Try it (before/after)' }).click();
    await page.getByRole('button', { name: 'Create, explain, drop' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Could not try' });
    await failure.waitFor({ timeout: 30_000 });
    // The after-explain names the index the server had dropped: its words alone would say
    // it does not exist, which stopped being true before the call returned.
    expect(await failure.textContent()).toContain(
      "Key 'fk_lines_order' doesn't exist in table 'order_lines'. Building sl_try_order_lines_order_id_qty made the server drop fk_lines_order, the index it had made for a foreign key. Sightline built it again as before, then dropped sl_try_order_lines_order_id_qty: the table's indexes are as they were.",
    );
    await failure.scrollIntoViewIfNeeded();
    await screenshot(page, 'tuning-experiment-fk-failed');
    expect(await indexes()).toEqual(before);
    expect(errors).toEqual([]);
  });
});
