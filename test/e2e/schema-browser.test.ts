import type mysql from 'mysql2/promise';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConnectionSettings } from '../../src/shared/api/connection';
import { formatCount, formatExactCount } from '../../src/shared/format/count';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { callApi } from './harness/api-socket';
import { launchBrowser, newCheckedPage, screenshot } from './harness/browser';
import { startWebApp, type RunningWebApp } from './harness/web-app';
import { appTabs } from './harness/tab-strip';
import { openApp } from './harness/open-app';

const DB = 'sl_e2e_schema';
const ROWS = 1234;

const FIXTURE = `
SET SESSION cte_max_recursion_depth = 100000;
DROP DATABASE IF EXISTS ${DB};
CREATE DATABASE ${DB};
CREATE TABLE ${DB}.orders (
  id INT NOT NULL PRIMARY KEY,
  customer VARCHAR(40) NOT NULL COMMENT 'who ordered',
  amount DECIMAL(10,2) NOT NULL,
  KEY ix_customer (customer)
) COMMENT 'orders table';
CREATE TABLE ${DB}.customers (id INT PRIMARY KEY, name VARCHAR(40));
CREATE VIEW ${DB}.big_orders AS SELECT id, amount FROM ${DB}.orders WHERE amount > 100;
INSERT INTO ${DB}.orders
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ROWS})
  SELECT i, CONCAT('customer ', i % 50), i * 1.5 FROM n;
ANALYZE TABLE ${DB}.orders;
`;

/** The tree row of a node, by kind and name. */
function treeRow(page: Page, kind: string, name: string): Locator {
  return page.locator(`[role=tree] [role=treeitem][data-kind="${kind}"][data-name="${name}"]`);
}

describe('the schema browser and completion', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let rowEstimate: number;
  const server = testServers().mysql;
  const direct = <T>(work: (c: mysql.Connection) => Promise<T>) => withConnection(server, work);

  beforeAll(async () => {
    await direct((c) => c.query(FIXTURE));
    rowEstimate = await direct(async (c) => {
      await c.query('SET SESSION information_schema_stats_expiry = 0');
      const [rows] = await c.query<mysql.RowDataPacket[]>(
        "SELECT TABLE_ROWS AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'orders'",
        [DB],
      );
      return Number(rows[0]!.n);
    });
    app = await startWebApp();
    browser = await launchBrowser();
    ({ page, errors } = await newCheckedPage(browser));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: app.origin,
    });
    await callApi(app, 'connections.save', {
      settings: {
        ...defaultConnectionSettings(),
        name: 'Schema MySQL',
        endpoint: { kind: 'tcp', host: server.host, port: server.port },
        user: server.user,
        passwordMode: 'none',
      },
      secrets: {},
    });
    await openApp(page, app);
    await page.reload();
    await page.locator('[data-connection-name="Schema MySQL"]').click();
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.locator('.monaco-editor .view-line').first().waitFor({ timeout: 20_000 });
  });

  afterAll(async () => {
    await direct((c) => c.query(`DROP DATABASE IF EXISTS ${DB}`)).catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  it('shows the schema tree under the active connection, tables with row estimates', async () => {
    const schema = treeRow(page, 'schema', DB);
    await schema.waitFor({ timeout: 10_000 });
    expect(await schema.getAttribute('aria-expanded')).toBe('false');
    // System schemas come after the user's own.
    const names = await page
      .locator('[role=tree] [role=treeitem][data-kind=schema]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-name')));
    expect(names.indexOf(DB)).toBeLessThan(names.indexOf('mysql'));

    await schema.click();
    const orders = treeRow(page, 'table', 'orders');
    await orders.waitFor({ timeout: 10_000 });
    expect(await schema.getAttribute('aria-expanded')).toBe('true');
    expect(await treeRow(page, 'table', 'customers').count()).toBe(1);
    expect(rowEstimate).toBeGreaterThan(1000);
    const rowsFigure = orders.locator('.tree-figure').first();
    expect(await rowsFigure.textContent()).toBe(formatCount(rowEstimate));
    expect(await rowsFigure.getAttribute('title')).toBe(
      `about ${formatExactCount(rowEstimate)} rows (the engine's estimate)`,
    );

    // A table opens to its columns (with types and keys) and its indexes.
    await orders.click();
    const customer = treeRow(page, 'column', 'customer');
    await customer.waitFor({ timeout: 10_000 });
    expect(await customer.locator('.tree-note').textContent()).toBe('varchar(40)');
    expect(await treeRow(page, 'column', 'id').locator('.tree-figure').textContent()).toBe('PK');
    const indexes = page.locator('[role=tree] [role=treeitem][data-kind=indexes]');
    await indexes.click();
    await treeRow(page, 'index', 'ix_customer').waitFor();
    expect(await treeRow(page, 'index', 'ix_customer').locator('.tree-note').textContent()).toBe(
      '(customer)',
    );

    // Views have a group of their own.
    await page
      .locator('[role=tree] [role=treeitem][data-kind=group]', { hasText: 'Views' })
      .click();
    await treeRow(page, 'view', 'big_orders').waitFor();

    // The filter keeps what matches.
    await page.getByLabel('Filter schemas and objects').fill('cust');
    await expect.poll(() => treeRow(page, 'table', 'orders').count()).toBe(0);
    expect(await treeRow(page, 'table', 'customers').count()).toBe(1);
    await page.getByLabel('Filter schemas and objects').fill('');
    await orders.waitFor();
    await screenshot(page, 'schema-01-tree');
  });

  it('"SELECT first 1000 rows" opens the query in a new editor and shows its rows', async () => {
    const tabs = appTabs(page);
    expect(await tabs.count()).toBe(1);
    await treeRow(page, 'table', 'orders').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'SELECT first 1000 rows' }).click();
    await expect.poll(() => tabs.count(), { timeout: 15_000 }).toBe(2);
    const front = page.locator('[role=tabpanel]:not([hidden])');
    const summary = front.getByTestId('result-summary');
    await expect.poll(() => summary.getAttribute('data-state'), { timeout: 15_000 }).toBe('done');
    expect(await summary.textContent()).toContain('1,000 rows');
    const lines = await front.locator('.monaco-editor .view-line').allTextContents();
    expect(lines.map((l) => l.replace(/\u00a0/g, ' '))).toContain(
      'SELECT * FROM `sl_e2e_schema`.`orders` LIMIT 1000',
    );
    // Closed again: the tests below work in the first editor.
    await page.keyboard.press('Control+W');
    await expect.poll(() => tabs.count()).toBe(1);
  });

  it('"Copy CREATE statement" copies exactly what the server shows', async () => {
    await treeRow(page, 'table', 'orders').click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Copy CREATE statement' }).click();
    await page.getByText('Copied the CREATE TABLE statement.').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const shown = await direct(async (c) => {
      const [rows] = await c.query<mysql.RowDataPacket[]>(`SHOW CREATE TABLE ${DB}.orders`);
      return String(rows[0]!['Create Table']);
    });
    expect(copied).toBe(shown);
  });

  it('completes the tables of a schema after `schema.`', async () => {
    const widget = page.locator('.suggest-widget.visible');
    const labels = widget.locator('.monaco-list-row .label-name');
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type(`SELECT * FROM ${DB}.`);
    // The dot opens the list by itself; close it and ask with Ctrl+Space as users do.
    await widget.waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    await widget.waitFor({ state: 'hidden' });
    await page.keyboard.press('Control+Space');
    await expect
      .poll(() => labels.allTextContents(), { timeout: 10_000 })
      .toEqual(['orders', 'customers', 'big_orders'].sort());
    await screenshot(page, 'schema-02-completion');
    // Accepting inserts the name; then `o.` offers the table's columns, in table order.
    await page.keyboard.type('ord');
    await expect.poll(async () => (await labels.allTextContents())[0]).toBe('orders');
    await page.keyboard.press('Enter');
    await page.keyboard.type(' o WHERE o.');
    await expect
      .poll(() => labels.allTextContents(), { timeout: 10_000 })
      .toEqual(['id', 'customer', 'amount']);
    await page.keyboard.press('Escape');
    const lines = await page.locator('.monaco-editor .view-line').allTextContents();
    expect(lines.map((l) => l.replace(/\u00a0/g, ' '))).toContain(
      `SELECT * FROM ${DB}.orders o WHERE o.`,
    );
  });

  it('learns of tables created and dropped in the editor without a Refresh', async () => {
    const widget = page.locator('.suggest-widget.visible');
    const labels = widget.locator('.monaco-list-row .label-name');
    const editorText = async (text: string) => {
      await page.locator('.monaco-editor .view-lines').click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type(text);
      await page.keyboard.press('Escape');
    };
    /** Asks for completion after `schema.` and expects exactly `tables`. */
    const expectOffered = async (tables: string[]) => {
      await editorText(`SELECT * FROM ${DB}.`);
      await page.keyboard.press('Control+Space');
      await expect.poll(() => labels.allTextContents(), { timeout: 10_000 }).toEqual(tables);
      await page.keyboard.press('Escape');
    };
    // The catalogue is loaded (the test before completed from it) and the schema is open.
    await expectOffered(['big_orders', 'customers', 'orders']);

    await editorText(`CREATE TABLE ${DB}.fresh_tbl (id INT PRIMARY KEY)`);
    await page.keyboard.press('Control+Enter');
    // The tree shows it in the open schema, and completion offers it.
    await treeRow(page, 'table', 'fresh_tbl').waitFor({ timeout: 10_000 });
    await expectOffered(['big_orders', 'customers', 'fresh_tbl', 'orders']);
    await screenshot(page, 'schema-03-created-in-editor');

    // Dropped by an unqualified name: the session's default schema is the one changed.
    await editorText(`USE ${DB}; DROP TABLE fresh_tbl;`);
    await page.keyboard.press('Control+Shift+Enter');
    // A DROP is asked for first.
    await page.getByRole('dialog').getByRole('button', { name: 'Run DROP' }).click();
    await treeRow(page, 'table', 'fresh_tbl').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await treeRow(page, 'table', 'orders').count()).toBe(1);
    await expectOffered(['big_orders', 'customers', 'orders']);
  });

  it('draws only the rows in view of a long tree, and moves through all of them by key', async () => {
    const WIDE = 'sl_e2e_wide';
    const COUNT = 600;
    await direct(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${WIDE}; CREATE DATABASE ${WIDE}`);
      const tables = Array.from(
        { length: COUNT },
        (_, i) => `CREATE TABLE ${WIDE}.t${String(i + 1).padStart(3, '0')} (id INT)`,
      );
      await c.query(tables.join(';\n'));
    });
    try {
      await page.locator('.schema-tree-refresh').click();
      await treeRow(page, 'schema', WIDE).click();
      const first = treeRow(page, 'table', 't001');
      await first.waitFor({ timeout: 20_000 });
      // Only what is in view (and a few rows more) is drawn; each row still says where it is.
      const drawn = await page.locator('[role=tree] [role=treeitem]').count();
      expect(drawn).toBeLessThan(100);
      expect(await first.getAttribute('aria-setsize')).toBe(String(COUNT));
      expect(await first.getAttribute('aria-posinset')).toBe('1');
      await screenshot(page, 'schema-04-long-tree');

      // End reaches the tree's last row far below (the last system schema), Home the first.
      await first.click();
      await first.click(); // opened, closed: the focus stays on it
      await page.keyboard.press('End');
      const focused = () =>
        page.evaluate(() => (document.activeElement as HTMLElement).dataset['name'] ?? null);
      await expect.poll(focused).toBe('sys');
      await page.keyboard.press('ArrowUp');
      await expect.poll(focused).toBe('performance_schema');
      await page.keyboard.press('Home');
      const names = await page
        .locator('[role=tree] [role=treeitem][data-kind=schema]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-name')));
      await expect.poll(focused).toBe(names[0]);
      // Up from the last row, past the schemas listed after this one, is its last table, a row
      // that was never drawn before.
      const after = await direct(async (c) => {
        const [rows] = await c.query<mysql.RowDataPacket[]>(
          'SELECT SCHEMA_NAME AS name FROM information_schema.SCHEMATA',
        );
        const system = ['information_schema', 'mysql', 'performance_schema', 'sys'];
        const names = rows.map((r) => String(r.name));
        return names.filter((n) => !system.includes(n) && n > WIDE).length + system.length;
      });
      await page.keyboard.press('End');
      await expect.poll(focused).toBe('sys');
      for (let i = 0; i < after; i++) await page.keyboard.press('ArrowUp');
      await expect.poll(focused).toBe('t600');
      expect(await page.locator('[role=tree] [role=treeitem]').count()).toBeLessThan(100);
    } finally {
      await direct((c) => c.query(`DROP DATABASE IF EXISTS ${WIDE}`));
      await page.locator('.schema-tree-refresh').click();
    }
  });

  it('logged no page errors', () => {
    expect(errors).toEqual([]);
  });
});
