// Issue 17 section 4 on real plans: a MariaDB 10.11 plan with a temporary table, a MySQL 9.7
// plan of hundreds of nodes, an EXPLAIN ANALYZE, a compare of a plan flip (an index made
// invisible), a condition changed, and a MySQL plan set against a MariaDB 11.8 one.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../servers/connect';
import { testServers } from '../servers/provided';
import { screenshot } from './harness/browser';
import { connectFromRail } from './harness/open-editor';
import { openApp } from './harness/open-app';
import { saveConnectionTo } from './harness/open-tool';
import { textsOutsideBoxesAtZooms } from './harness/plan-boxes';
import { REPO, type RunningWebApp } from './harness/web-app';
import { closeWebPage, openWebPage } from './harness/web-page';

const DB = 'sl_plan_real';
const BRANCHES = 60;
/** One statement of hundreds of plan nodes: a join per UNION ALL branch. */
const BIG = Array.from(
  { length: BRANCHES },
  (_, i) =>
    `SELECT o.id FROM ${DB}.orders o JOIN ${DB}.customers c ON c.id = o.customer_id WHERE o.total > ${i}`,
).join(' UNION ALL ');
const GROUPED = `SELECT o.status, COUNT(*) FROM ${DB}.orders o WHERE o.total > 5 GROUP BY o.status ORDER BY COUNT(*) DESC`;
const LOOKUP = `SELECT id, total FROM ${DB}.orders WHERE customer_id = 7`;
const SKEWED = `SELECT c.id, o.total FROM ${DB}.customers c JOIN ${DB}.orders o ON o.customer_id = c.id WHERE c.country = 'NZ'`;
const FILTERED = (min: number) =>
  `SELECT id FROM ${DB}.orders WHERE total > ${min} AND status <> 'gone' AND note LIKE '%first note of a long condition%'`;

describe('the plan view and compare on real plans (MySQL 9.7, MariaDB 10.11)', () => {
  let app: RunningWebApp;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const servers = testServers();
  const front = () => page.locator('.tab-page:not([hidden])');
  const planTabs = () => page.locator('[role=tab][data-plan-tab]');
  const compare = () => page.getByRole('region', { name: 'Compare plans' });

  /** Explains line `n` of the editor of `connection` (analyzing it when `analyze`). */
  async function explainLine(connection: string, n: number, analyze = false): Promise<void> {
    await page.getByRole('tab', { name: connection }).click();
    const before = await planTabs().count();
    // Two editors are open: the lines of the one on screen.
    await front()
      .locator('.monaco-editor .view-line')
      .nth(n - 1)
      .click();
    await page.keyboard.press('End');
    await page.keyboard.press(analyze ? 'Control+Shift+e' : 'Control+e');
    if (analyze)
      await page.getByRole('dialog').getByRole('button', { name: 'Run and explain' }).click();
    await expect.poll(() => planTabs().count(), { timeout: 20_000 }).toBe(before + 1);
    await front().getByTestId('plan-stats').waitFor();
  }

  beforeAll(async () => {
    for (const server of [servers.mysql, servers.mariadb])
      await withConnection(server, async (c) => {
        await c.query(`DROP DATABASE IF EXISTS ${DB}`);
        await c.query(`CREATE DATABASE ${DB}`);
        await c.query(
          `CREATE TABLE ${DB}.customers (id INT PRIMARY KEY, country CHAR(2) NOT NULL)`,
        );
        await c.query(
          `CREATE TABLE ${DB}.orders (id INT PRIMARY KEY, customer_id INT NOT NULL,
            total DECIMAL(10,2) NOT NULL, status VARCHAR(10) NOT NULL, note VARCHAR(80) NOT NULL,
            KEY idx_customer (customer_id))`,
        );
        // Nine customers in ten in NZ: an estimate without a histogram is far off.
        const customers = Array.from(
          { length: 200 },
          (_, i) => `(${i}, '${i % 10 ? 'NZ' : 'DE'}')`,
        );
        await c.query(`INSERT INTO ${DB}.customers VALUES ${customers.join(',')}`);
        const orders = Array.from(
          { length: 2000 },
          (_, i) => `(${i}, ${i % 200}, ${i % 97}, '${['new', 'paid', 'sent'][i % 3]}', 'n${i}')`,
        );
        await c.query(`INSERT INTO ${DB}.orders VALUES ${orders.join(',')}`);
        await c.query(`ANALYZE TABLE ${DB}.customers, ${DB}.orders`);
      });
    ({ app, browser, page, errors } = await openWebPage());
    await page.setViewportSize({ width: 1280, height: 800 });
    const my = await saveConnectionTo(app, servers.mysql, 'Real MySQL');
    const maria = await saveConnectionTo(app, servers.mariadb, 'Real MariaDB');
    await openApp(page, app);
    await page.evaluate(
      (texts) => {
        for (const [key, value] of texts) localStorage.setItem(key!, value!);
      },
      [
        [
          `sightline.editor-text.${my}.0`,
          [BIG, LOOKUP, SKEWED, FILTERED(5), FILTERED(50)].join(';\n') + ';',
        ],
        [`sightline.editor-text.${maria}.0`, `${GROUPED};`],
      ],
    );
    await page.reload();
    await connectFromRail(page, 'Real MariaDB');
    await page.locator('[data-connection-name="Real MySQL"]').click();
    await page.getByRole('button', { name: 'Connect' }).click();
    await front().locator('.monaco-editor .view-line').first().waitFor({ timeout: 20_000 });
  }, 120_000);

  afterAll(async () => {
    await closeWebPage(browser, app);
    for (const server of [servers.mysql, servers.mariadb])
      await withConnection(server, (c) => c.query(`DROP DATABASE IF EXISTS ${DB}`));
  });

  /** The report's lines, as their words (without the severity icon and the full text). */
  const reportLines = () =>
    compare()
      .getByTestId('cmp-report-line')
      .evaluateAll((lines) =>
        lines.map((l) => l.querySelector('.btn-link, span:not(.sev-icon)')?.textContent ?? ''),
      );
  const node = (title: RegExp) =>
    front().locator('.plan-node', { has: page.locator('text.plan-title', { hasText: title }) });
  const finding = (title: string) =>
    front()
      .getByTestId('plan-finding')
      .filter({ has: page.getByRole('button', { name: title }) });

  it('MariaDB 10.11: a temporary table drawn, DDL on the real table, Raw as sent', async () => {
    await explainLine('Real MariaDB', 1);
    expect(await front().locator('.plan-node text.plan-title').allTextContents()).toEqual([
      '• Select #1',
      '⇅ Sort (filesort): count(0) desc',
      '▤ Temporary table',
      // MariaDB names the table by its alias; the statement explained says which table it is.
      '▦ orders o',
    ]);
    expect(await textsOutsideBoxesAtZooms(page)).toEqual([]);
    await front().getByRole('button', { name: 'Fit' }).click();
    expect(
      await finding('Full table scan on orders (as o)').locator('.suggestion').textContent(),
    ).toBe(
      'An index on orders (as o) (total) would let the server read only the matching rows. To add it: ALTER TABLE `sl_plan_real`.`orders` ADD INDEX (`total`);',
    );
    expect(await finding('Temporary table').count()).toBe(1);
    // Found by its real table too, though the plan names it `o`.
    await front().getByLabel('Find nodes').fill('orders');
    expect(await front().getByTestId('plan-search-count').textContent()).toBe('1 of 1');
    await front().getByLabel('Find nodes').fill('');
    await screenshot(page, 'plan-real-01-mariadb-temporary');
    const [rows] = await withConnection(servers.mariadb, (c) =>
      c.query(`EXPLAIN FORMAT=JSON ${GROUPED}`),
    );
    const sent = (rows as Array<Record<string, string>>)[0]!.EXPLAIN!;
    await front().getByRole('tab', { name: 'Raw', exact: true }).click();
    expect(await front().getByTestId('plan-raw').textContent()).toBe(sent);
    await screenshot(page, 'plan-real-02-mariadb-raw');
    await front().getByRole('tab', { name: 'Model' }).click();
    const model = JSON.parse((await front().getByTestId('plan-model').textContent())!) as {
      root: { label: string };
      diagnostics: unknown[];
    };
    expect(model.root.label).toBe('Select #1');
    expect(model.diagnostics.length).toBe(3);
    await front().getByRole('tab', { name: 'Diagram' }).click();
  });

  it('MySQL 9.7: a plan of hundreds of nodes, its statement kept to two lines', async () => {
    await explainLine('Real MySQL', 1);
    expect(await front().getByTestId('plan-stats').textContent()).toMatch(
      /^301 nodes · 120 tables · /,
    );
    // The statement (about 8,000 characters) once pushed the diagram out of the window.
    const origin = front().getByTestId('plan-origin');
    const lines = await origin.evaluate((el) => ({
      height: el.clientHeight,
      line: parseFloat(getComputedStyle(el).lineHeight),
      cut: el.scrollHeight > el.clientHeight,
      title: el.getAttribute('title') ?? '',
    }));
    expect(lines.cut).toBe(true);
    expect(lines.height).toBeLessThanOrEqual(2 * lines.line + 1);
    expect(lines.title).toContain(`WHERE o.total > ${BRANCHES - 1}`);
    const diagram = (await front().getByTestId('plan-diagram').boundingBox())!;
    expect(diagram.height).toBeGreaterThan(400);
    expect(await textsOutsideBoxesAtZooms(page)).toEqual([]);
    await front().getByRole('button', { name: 'Fit' }).click();
    const scans = finding('Full table scan on orders (as o)');
    expect(await scans.count()).toBe(1);
    expect(await scans.getAttribute('data-nodes')).toBe(String(BRANCHES));
    expect(await scans.locator('.suggestion').textContent()).toContain(
      'ALTER TABLE `sl_plan_real`.`orders` ADD INDEX (`total`);',
    );
    await scans.getByRole('button').first().click();
    const step = front().getByTestId('same-finding');
    await step.waitFor();
    expect(await step.textContent()).toContain(`Node 1 of ${BRANCHES} with this finding`);
    await step.getByRole('button', { name: 'Next node →' }).click();
    await expect
      .poll(() => step.textContent())
      .toContain(`Node 2 of ${BRANCHES} with this finding`);
    await screenshot(page, 'plan-real-03-mysql-big');
    await page.keyboard.press('Escape');
    // In the compare too the statement stays a few lines, the nodes in sight.
    await front().getByRole('button', { name: 'Compare with…' }).click();
    const pick = compare().getByTestId('cmp-pick');
    await pick.waitFor();
    await pick.getByLabel('Sample plan to compare with').selectOption('full-scan-mysql-tree.txt');
    await compare().getByTestId('cmp-report').waitFor();
    const sql = compare().getByTestId('cmp-before').locator('code.cmp-sql');
    const sqlBox = await sql.evaluate((el) => ({
      height: el.clientHeight,
      line: parseFloat(getComputedStyle(el).lineHeight),
    }));
    expect(sqlBox.height).toBeLessThanOrEqual(3 * sqlBox.line + 1);
    const nodes = (await compare().getByTestId('cmp-before-nodes').boundingBox())!;
    expect(nodes.y).toBeLessThan(800);
    await screenshot(page, 'plan-real-04-compare-big');
  });

  it('MySQL 9.7 EXPLAIN ANALYZE: estimate against measured, loops, the factor', async () => {
    await explainLine('Real MySQL', 3, true);
    expect(await textsOutsideBoxesAtZooms(page)).toEqual([]);
    await front().getByRole('button', { name: 'Fit' }).click();
    const texts = (title: RegExp) => node(title).locator('text').allTextContents();
    // Nine customers in ten are in NZ; the optimizer guessed one in ten.
    expect(await texts(/^▽ Filter/)).toEqual([
      "▽ Filter: (c.country = 'NZ')",
      'filter',
      expect.stringMatching(/^[\d.]+ (µs|ms|s) · 180 rows$/),
      'est 20 → 180 rows (9.0×)',
    ]);
    const orders = await texts(/ orders o$/);
    expect(orders.slice(0, 4)).toEqual([
      '▦ orders o',
      'index_lookup · key idx_customer',
      expect.stringMatching(/^[\d.]+ (µs|ms|s) · 1\.8 k rows · 180 loops$/),
      'est 10 → 10 rows/loop',
    ]);
    // Which node is hottest is measured, and varies run to run (a fresh-clone run found the
    // filter hotter): exactly one node says so, and when it is this one, its line comes next.
    expect(
      await front()
        .locator('.plan-node text', { hasText: /^hottest: \d+%$/ })
        .count(),
    ).toBe(1);
    if (orders.length > 4)
      expect(orders.slice(4)).toEqual([expect.stringMatching(/^hottest: \d+%$/), 'ℹ']);
    // The box rounds; its hover has every digit.
    const hover = (await node(/ orders o$/)
      .locator('title')
      .textContent())!.split('\n');
    expect(hover).toContain('Rows (measured, all loops): 1,800');
    expect(hover.filter((l) => /^Time \(all loops\): [\d,]+\.\d+ ms$/.test(l))).toHaveLength(1);
    await screenshot(page, 'plan-real-05-mysql-analyze');
    await node(/ orders o$/).click();
    const details = front().getByTestId('node-details');
    await details.waitFor();
    const fact = (name: string) => details.locator(`[data-fact="${name}"] dd`);
    expect(await fact('Loops').textContent()).toBe('180');
    expect(await fact('Rows (measured, all loops)').textContent()).toBe('1.8 k');
    expect(await fact('Rows (measured, all loops)').getAttribute('title')).toBe('1,800');
    expect(await fact('Time (all loops)').textContent()).toMatch(/^[\d.]+ (ms|s)$/);
    expect(await fact('Time (all loops)').getAttribute('title')).toMatch(/^[\d,]+\.\d+ ms$/);
    await node(/^▽ Filter/).click();
    expect(await fact('Estimate vs measured').textContent()).toBe('9.0× more rows than estimated');
    await screenshot(page, 'plan-real-06-mysql-analyze-node');
    await page.keyboard.press('Escape');
  });

  it('compares a flip: the same statement once its index was made invisible', async () => {
    await explainLine('Real MySQL', 2);
    const withIndex = (await planTabs().last().getAttribute('title'))!;
    await withConnection(servers.mysql, (c) =>
      c.query(`ALTER TABLE ${DB}.orders ALTER INDEX idx_customer INVISIBLE`),
    );
    try {
      await explainLine('Real MySQL', 2);
    } finally {
      await withConnection(servers.mysql, (c) =>
        c.query(`ALTER TABLE ${DB}.orders ALTER INDEX idx_customer VISIBLE`),
      );
    }
    await front().getByRole('button', { name: 'Compare with…' }).click();
    const pick = compare().getByTestId('cmp-pick');
    await pick.waitFor();
    // Explained within the same second, the two tabs once shared a name (two identical
    // buttons); the second is numbered now, so each name picks one tab.
    const names = await pick.getByTestId('cmp-pick-tabs').getByRole('button').allTextContents();
    expect(new Set(names).size).toBe(names.length);
    await screenshot(page, 'plan-real-07a-compare-picker');
    await pick
      .getByTestId('cmp-pick-tabs')
      .getByRole('button', { name: withIndex, exact: true })
      .click();
    await compare().getByTestId('cmp-report').waitFor();
    expect(await reportLines()).toEqual([
      'orders: access full scan → lookup (better)',
      'orders: index (none) → idx_customer',
      'orders: estimated rows 2.0 k → 10 (200× fewer)',
      `Removed: Filter: (${DB}.orders.customer_id = 7)`,
      expect.stringMatching(/^Cost \S+ → \S+ \(-\d+%\)$/),
    ]);
    await screenshot(page, 'plan-real-07-compare-flip');
  });

  it('compares a changed condition: shortened to what changed, whole on demand', async () => {
    await explainLine('Real MySQL', 4);
    await explainLine('Real MySQL', 5);
    const second = (await planTabs().last().getAttribute('title'))!;
    await planTabs()
      .nth((await planTabs().count()) - 2)
      .click();
    await front().getByRole('button', { name: 'Compare with…' }).click();
    const pick = compare().getByTestId('cmp-pick');
    await pick.waitFor();
    await pick.getByTestId('cmp-pick-tabs').getByRole('button', { name: second }).click();
    await compare().getByTestId('cmp-report').waitFor();
    expect(await reportLines()).toEqual([
      'Filter: condition …orders.total > 5.00) and (sl_pla… → …orders.total > 50.00) and (sl_pla…',
    ]);
    // The header counts what the report counts: it said "Same plan shape: no access, key or
    // estimate changed." beside this one change.
    expect(await compare().getByTestId('cmp-summary').textContent()).toBe('1 change: condition');
    const full = compare().getByTestId('cmp-report-full');
    await full.locator('summary').click();
    const whole = (min: string) =>
      `((${DB}.orders.total > ${min}) and (${DB}.orders.\`status\` <> 'gone') and (${DB}.orders.note like '%first note of a long condition%'))`;
    expect(await full.locator('dd').allTextContents()).toEqual([whole('5.00'), whole('50.00')]);
    await screenshot(page, 'plan-real-08-compare-condition');
  });

  it('compares a MySQL plan with a MariaDB 11.8 one: no cost delta, and why', async () => {
    await planTabs().last().click();
    await front().getByRole('button', { name: 'Compare with…' }).click();
    const pick = compare().getByTestId('cmp-pick');
    await pick.waitFor();
    const maria = await readFile(
      path.join(REPO, 'test/explain-corpus/mariadb-11.8/hash-join.json.json'),
      'utf8',
    );
    await front().locator('.cmp-pick-paste textarea').fill(maria);
    await compare().getByRole('button', { name: 'Compare', exact: true }).click();
    await compare().getByTestId('cmp-report').waitFor();
    expect(await compare().getByTestId('cmp-costs-apart').textContent()).toMatch(
      /^ℹCosts are not compared: MySQL and MariaDB count cost in other units\. Before is from 9\.7\.\S+, After a MariaDB plan of unknown server version\. Join order, access, indexes, operations and rows are compared as usual\.$/,
    );
    expect(await compare().getByTestId('cmp-cost-delta').textContent()).toBe('not compared');
    expect((await reportLines()).filter((l) => l.startsWith('Cost '))).toEqual([]);
    await screenshot(page, 'plan-real-09-compare-servers');
  });

  it('logged no page errors', () => {
    expect(errors).toEqual([]);
  });
});
