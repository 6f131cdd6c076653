import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/harness/browser';
import { startWebApp } from '../e2e/harness/web-app';
import { median, type Bench } from './bench';
import { jsonV2Plan } from './explain-plans';

/** Resolves after the next frame has been painted (rAF runs before paint, the task after it). */
const AFTER_PAINT = `new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))`;

/**
 * Keeps a plan as the plan screen's text (as after a paste) and reloads: the screen shows it as
 * soon as it opens. Compact JSON: the browser's storage holds a few megabytes at most.
 */
async function keepPlan(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => localStorage.setItem('sightline.plan-text', t), text);
  await page.reload();
  await page.getByRole('button', { name: 'Paste a plan' }).waitFor();
  await page.waitForTimeout(200);
}

/** Opening the plan screen to its first painted frame: parse, fold, layout, render, paint. */
async function openPlan(page: Page): Promise<{ ms: number; drawn: number }> {
  return page.evaluate(async (afterPaint) => {
    const button = Array.from(document.querySelectorAll('button')).find(
      (b) => b.textContent === 'Paste a plan',
    )!;
    const t0 = performance.now();
    button.click();
    await (0, eval)(afterPaint);
    const ms = performance.now() - t0;
    return { ms, drawn: document.querySelectorAll('[data-node-id]').length };
  }, AFTER_PAINT);
}

/** The baseline: as many plain DOM boxes with a line of text, laid out and painted. */
async function plainBoxes(page: Page, count: number): Promise<number> {
  return page.evaluate(
    async ([n, afterPaint]) => {
      const host = document.createElement('div');
      host.style.cssText = 'position:fixed;inset:0;overflow:hidden;z-index:99';
      const t0 = performance.now();
      for (let i = 0; i < (n as number); i++) {
        const box = document.createElement('div');
        box.style.cssText = `position:absolute;left:${(i % 40) * 30}px;top:${Math.floor(i / 40) * 20}px;border:1px solid #888`;
        box.textContent = `node ${i}`;
        host.appendChild(box);
      }
      document.body.appendChild(host);
      await (0, eval)(afterPaint as string);
      const ms = performance.now() - t0;
      host.remove();
      return ms;
    },
    [count, AFTER_PAINT] as const,
  );
}

/**
 * Layout + first render of generated plans (EXPLAIN ANALYZE FORMAT=JSON) of 1,000 and 10,000
 * nodes in Chromium (browser mode, built app), from opening the plan screen on a kept plan to
 * its first painted frame,
 * against painting the same number of plain DOM boxes in the same page.
 */
export const planRender: Bench = {
  name: 'plan-render',
  async run() {
    const app = await startWebApp();
    const browser = await launchBrowser();
    const lines = [
      'plan render (Chromium, browser mode: open the plan screen → first painted frame)',
    ];
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(app.url);
      for (const [nodes, target, runs] of [
        [1000, 300, 7],
        [10_000, 3000, 5],
      ] as const) {
        const text = JSON.stringify(JSON.parse(jsonV2Plan(nodes)));
        const ours: number[] = [];
        const base: number[] = [];
        let drawn = 0;
        for (let run = 0; run < runs + 1; run++) {
          await keepPlan(page, text);
          const baseline = await plainBoxes(page, nodes);
          const shown = await openPlan(page);
          drawn = shown.drawn;
          if (run === 0) continue; // warm-up: code loading and JIT
          base.push(baseline);
          ours.push(shown.ms);
        }
        const b = median(base);
        const s = median(ours);
        lines.push(
          `${nodes.toLocaleString('en-US')} nodes, ${(text.length / 1e6).toFixed(1)} MB (${drawn} drawn, the rest folded):`,
          `  ${nodes} plain DOM boxes      : ${b.toFixed(0)} ms median of ${base.length}`,
          `  parse + layout + render : ${s.toFixed(0)} ms median of ${ours.length} (target < ${target} ms)`,
          `  ratio                   : ${(s / b).toFixed(2)}`,
        );
      }
      return lines.join('\n');
    } finally {
      await browser.close();
      await app.stop();
    }
  },
};
