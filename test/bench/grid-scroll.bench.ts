import { defaultConnectionSettings } from '../../src/shared/api/connection';
import { callApi } from '../e2e/harness/api-socket';
import { launchBrowser } from '../e2e/harness/browser';
import { startWebApp } from '../e2e/harness/web-app';
import { withConnection } from '../servers/connect';
import { startServer } from '../servers/instance';
import { median, percentile, type Bench } from './bench';

const ROWS = 1_000_000;

/** Frame intervals (ms) seen by requestAnimationFrame while `during` runs. */
const FRAME_PROBE = `
  window.__frames = [];
  let last = performance.now();
  const tick = (t) => { window.__frames.push(t - last); last = t; if (window.__probe) requestAnimationFrame(tick); };
  window.__probe = true;
  requestAnimationFrame(tick);
`;

const p95 = (values: number[]) => percentile(values, 0.95);

/**
 * Scrolling a 1,000,000-row result in Chromium (browser mode, built app): frame intervals while
 * the grid scrolls, against the same page idle as the baseline (the display's own frame rate).
 */
export const gridScroll: Bench = {
  name: 'grid-scroll',
  async run() {
    const server = await startServer('mysql', { name: 'bench-grid' });
    const app = await startWebApp();
    const browser = await launchBrowser();
    try {
      await withConnection(server, async (c) => {
        await c.query('SET SESSION cte_max_recursion_depth = 1000001');
        await c.query('CREATE DATABASE g');
        await c.query(
          `CREATE TABLE g.t AS WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${ROWS})
           SELECT n AS id, CONCAT('label-', n) AS label, n * 1.5 AS ratio, TIMESTAMP('2024-01-01') + INTERVAL n SECOND AS ts FROM s`,
        );
      });
      const saved = (await callApi(app, 'connections.save', {
        settings: {
          ...defaultConnectionSettings(),
          name: 'Grid bench',
          endpoint: { kind: 'tcp', host: '127.0.0.1', port: server.port },
          passwordMode: 'none',
          tls: { mode: 'off' },
        },
        secrets: {},
      })) as { id: string };
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(app.url);
      await page.evaluate(
        ([k, v]) => localStorage.setItem(k!, v!),
        [`sightline.editor-text.${saved.id}.0`, 'SELECT * FROM g.t;'],
      );
      await page.reload();
      await page.locator('[data-connection-name="Grid bench"]').click();
      await page.getByRole('button', { name: 'Connect' }).click();
      await page.locator('.monaco-editor .view-line').first().click();
      await page.keyboard.press('Control+Enter');
      await page
        .locator('[data-testid=result-summary][data-state=done]')
        .waitFor({ timeout: 120_000 });
      const grid = page.locator('[data-testid=result-grid] canvas').first();
      const box = (await grid.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);

      const measure = async (scroll: boolean): Promise<number[]> => {
        await page.evaluate(FRAME_PROBE);
        for (let i = 0; i < 120; i++) {
          if (scroll) await page.mouse.wheel(0, i % 20 === 19 ? 400_000 : 1200);
          else await page.waitForTimeout(16);
        }
        return page.evaluate(() => {
          const w = window as unknown as { __probe: boolean; __frames: number[] };
          w.__probe = false;
          return w.__frames.slice(2);
        });
      };
      const idle = await measure(false);
      const scrolling = await measure(true);
      const base = median(idle);
      const ours = median(scrolling);
      return [
        `grid scroll, 1,000,000 rows × 4 columns (Chromium, browser mode)`,
        `  baseline idle frame interval : ${base.toFixed(1)} ms median`,
        `  scrolling frame interval     : ${ours.toFixed(1)} ms median, ${p95(scrolling).toFixed(1)} ms p95 (target < 16 ms work per frame)`,
        `  ratio scrolling/idle         : ${(ours / base).toFixed(2)}`,
      ].join('\n');
    } finally {
      await browser.close();
      await app.stop();
      await server.destroy();
    }
  },
};
