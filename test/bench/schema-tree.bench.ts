import type { Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../e2e/harness/browser';
import { connectFromRail } from '../e2e/harness/open-editor';
import { saveConnectionTo } from '../e2e/harness/open-tool';
import { openApp } from '../e2e/harness/open-app';
import { startWebApp } from '../e2e/harness/web-app';
import { withConnection, type LoginTarget } from '../servers/connect';
import { startServer } from '../servers/instance';
import { median, percentile, type Bench } from './bench';

/** Tables of the big schema (one per tenant on a multi-tenant server) and of the baseline. */
const BIG = 20_000;
const SMALL = 200;
/** CREATE TABLE statements sent in one multi-statement batch. */
const BATCH = 500;

/** A table name sorting in creation order: t00001, t00002, ... */
const tableName = (i: number) => `t${String(i).padStart(5, '0')}`;

/** Creates `schema` with `count` tables of three columns (one per tenant, as such servers do). */
async function createSchema(server: LoginTarget, schema: string, count: number): Promise<void> {
  await withConnection(server, async (c) => {
    await c.query(`CREATE DATABASE ${schema}`);
    for (let from = 1; from <= count; from += BATCH) {
      const batch: string[] = [];
      for (let i = from; i < Math.min(count + 1, from + BATCH); i++) {
        batch.push(
          `CREATE TABLE ${schema}.${tableName(i)} (id INT PRIMARY KEY, name VARCHAR(40), created DATETIME)`,
        );
      }
      await c.query(batch.join(';\n'));
    }
  });
}

/** Waits in the page until `selector` matches and the next frame is painted; ms since `t0`. */
const WAIT_PAINTED = `(selector, t0) => new Promise((resolve) => {
  const check = () => {
    if (document.querySelector(selector)) {
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0)));
    } else requestAnimationFrame(check);
  };
  check();
})`;

/** Clicks `target` in the page and measures until `selector` shows (painted), in ms. */
async function clickUntil(page: Page, target: string, selector: string): Promise<number> {
  return page.evaluate(
    ([t, s, wait]) => {
      const waitPainted = (0, eval)(wait!) as (s: string, t0: number) => Promise<number>;
      const t0 = performance.now();
      (document.querySelector(t!) as HTMLElement).click();
      return waitPainted(s!, t0);
    },
    [target, selector, WAIT_PAINTED],
  );
}

/** Frame intervals (ms) while the tree is wheeled down `steps` times (or idle, as a baseline). */
async function frames(page: Page, scroll: boolean, steps = 120): Promise<number[]> {
  // A string: the bundler's helpers for named functions do not exist in the page.
  await page.evaluate(`
    window.__frames = [];
    let last = performance.now();
    const tick = (t) => { window.__frames.push(t - last); last = t; if (window.__probe) requestAnimationFrame(tick); };
    window.__probe = true;
    requestAnimationFrame(tick);
  `);
  const box = (await page.locator('[role=tree]').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 200));
  for (let i = 0; i < steps; i++) {
    if (scroll) await page.mouse.wheel(0, i % 20 === 19 ? 40_000 : 600);
    else await page.waitForTimeout(16);
  }
  return page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __probe: boolean };
    w.__probe = false;
    return w.__frames.slice(2);
  });
}

/** The JS heap in use after a garbage collection (MB), and the page's element count. */
async function memory(page: Page): Promise<{ heapMb: number; elements: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  return { heapMb: usedSize / 1024 / 1024, elements };
}

interface Figures {
  open: number;
  reopen: number;
  end: number;
  scrollMedian: number;
  scrollP95: number;
  filter: number;
  unfilter: number;
  heapMb: number;
  elements: number;
  completeCold: number;
  completeWarm: number;
  offered: number;
}

const treeRow = (kind: string, name: string) =>
  `[role=tree] [role=treeitem][data-kind="${kind}"][data-name="${name}"]`;

/** Everything measured on one schema of `count` tables (its tree closed, the editor empty). */
async function measureSchema(page: Page, schema: string, count: number): Promise<Figures> {
  const schemaRow = treeRow('schema', schema);
  const first = treeRow('table', tableName(1));
  const open = await clickUntil(page, schemaRow, first);
  const heap = await memory(page);
  await screenshot(page, `bench-schema-tree-${schema}-open`);
  // Closed and opened again: the objects are loaded, so this is drawing alone.
  await page.locator(schemaRow).click();
  await page.locator(first).waitFor({ state: 'detached' });
  const reopen = await clickUntil(page, schemaRow, first);

  // End from the first table (clicked twice: it opens and closes) to the tree's last row, the
  // last system schema below this one's tables (keyboard navigation as users do).
  await page.locator(first).click();
  await page.locator(first).click();
  const end = await page.evaluate(
    ([s, wait]) => {
      const waitPainted = (0, eval)(wait!) as (s: string, t0: number) => Promise<number>;
      const t0 = performance.now();
      document.activeElement!.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'End', bubbles: true }),
      );
      return waitPainted(s!, t0);
    },
    ['[role=treeitem][data-kind=schema][tabindex="0"][data-name="sys"]', WAIT_PAINTED],
  );
  await screenshot(page, `bench-schema-tree-${schema}-end`);
  await page.evaluate(() => (document.querySelector('[role=tree]')!.scrollTop = 0));
  const scrolling = await frames(page, true);

  // A filter naming one table of the schema, then cleared.
  const filterField = page.getByLabel('Filter schemas and objects');
  const one = tableName(Math.ceil(count / 2));
  let t0 = performance.now();
  await filterField.fill(one);
  await page.locator(treeRow('table', one)).waitFor();
  await page.locator(treeRow('table', tableName(1))).waitFor({ state: 'detached' });
  const filter = performance.now() - t0;
  t0 = performance.now();
  await filterField.fill('');
  await page.locator(first).waitFor();
  const unfilter = performance.now() - t0;
  await page.locator(schemaRow).click();
  await page.locator(first).waitFor({ state: 'detached' });

  // Completion after `FROM ` in the schema: cold (the catalogue loads), then warm.
  const widget = page.locator('.suggest-widget.visible');
  const editor = page.locator('.monaco-editor .view-lines');
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(`USE ${schema};`);
  await page.keyboard.press('Control+Enter');
  await page.locator('[data-testid=result-summary][data-state=done]').last().waitFor();
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('SELECT * FROM ');
  let offered = 0;
  const complete = async () => {
    const t = performance.now();
    await page.keyboard.press('Control+Space');
    await widget
      .locator('.monaco-list-row .label-name', { hasText: tableName(1) })
      .first()
      .waitFor({ timeout: 120_000 })
      .catch(async (e: unknown) => {
        await page.screenshot({ path: `/tmp/schema-tree-bench-${schema}.png` });
        throw e;
      });
    const ms = performance.now() - t;
    offered = Number(await widget.locator('.monaco-list-row').first().getAttribute('aria-setsize'));
    await page.keyboard.press('Escape');
    await widget.waitFor({ state: 'hidden' });
    return ms;
  };
  // The filter above loaded the catalogue: Refresh drops it, so this one loads it again.
  await page.locator('.schema-tree-refresh').click();
  await page.locator(schemaRow).waitFor();
  await editor.click();
  await page.keyboard.press('End');
  const completeCold = await complete();
  const completeWarm = await complete();
  return {
    open,
    reopen,
    end,
    scrollMedian: median(scrolling),
    scrollP95: percentile(scrolling, 0.95),
    filter,
    unfilter,
    heapMb: heap.heapMb,
    elements: heap.elements,
    completeCold,
    completeWarm,
    offered,
  };
}

/**
 * The schema tree and completion on a schema of 20,000 tables (a multi-tenant server) in
 * Chromium (browser mode, built app), against a schema of 200 tables measured in the same run
 * as the baseline: opening it, End to its last table, scrolling, filtering, memory, and
 * completion after `FROM `.
 */
export const schemaTree: Bench = {
  name: 'schema-tree',
  async run() {
    // Tables in the system tablespace and no flushing: 20,000 CREATE TABLE take about 80 s
    // instead of 10 min on a busy 2-core machine; the tree and completion see the same metadata.
    const server = await startServer('mysql', {
      name: 'bench-schema-tree',
      extraArgs: [
        '--innodb-file-per-table=OFF',
        '--skip-log-bin',
        '--innodb-doublewrite=OFF',
        '--innodb-flush-method=nosync',
      ],
    });
    const app = await startWebApp();
    const browser = await launchBrowser();
    try {
      await createSchema(server, 'small', SMALL);
      await saveConnectionTo(app, server, 'Tree bench', { tls: { mode: 'off' } });
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await openApp(page, app);
      await connectFromRail(page, 'Tree bench');
      await page.locator(treeRow('schema', 'small')).waitFor();
      const small = await measureSchema(page, 'small', SMALL);

      const t0 = performance.now();
      await createSchema(server, 'big', BIG);
      const created = (performance.now() - t0) / 1000;
      await page.locator('.schema-tree-refresh').click();
      await page.locator(treeRow('schema', 'big')).waitFor();
      const big = await measureSchema(page, 'big', BIG);

      const line = (what: string, b: number, s: number, unit = 'ms') =>
        `  ${what.padEnd(34)}: ${b.toFixed(1)} ${unit} (baseline ${s.toFixed(1)} ${unit}, ratio ${(b / s).toFixed(1)})`;
      return [
        `schema tree + completion, ${BIG.toLocaleString('en')} tables against ${SMALL} (Chromium, browser mode; created in ${created.toFixed(0)} s)`,
        line('open schema (load + draw)', big.open, small.open),
        line('open again (draw only)', big.reopen, small.reopen),
        line('End to the last row', big.end, small.end),
        line('scroll frame interval median', big.scrollMedian, small.scrollMedian),
        line('scroll frame interval p95', big.scrollP95, small.scrollP95),
        line('filter to one table', big.filter, small.filter),
        line('clear the filter', big.unfilter, small.unfilter),
        line('JS heap, schema open', big.heapMb, small.heapMb, 'MB'),
        line('page elements, schema open', big.elements, small.elements, ''),
        line('completion after FROM, cold', big.completeCold, small.completeCold),
        line('completion after FROM, warm', big.completeWarm, small.completeWarm),
        `  completion items offered          : ${big.offered} (baseline ${small.offered})`,
      ].join('\n');
    } finally {
      await browser.close();
      await app.stop();
      await server.destroy();
    }
  },
};
