import type { Page } from 'playwright-core';

/**
 * Lines of each plan node box that leave it by a screen pixel or more (text box against plan
 * box), as `text: left-right × top-bottom outside ...`; empty when every text sits inside its
 * box. Less is measurement: zoomed out to a scale of 0.065, Chromium reports 2-pixel-high
 * glyphs 0.6 px above a box they are drawn inside.
 */
export async function textsOutsideBoxes(page: Page): Promise<string[]> {
  return page.locator('.tab-page:not([hidden]) .plan-node').evaluateAll((nodes) =>
    nodes.flatMap((g) => {
      const box = g.querySelector('rect.plan-box')?.getBoundingClientRect();
      if (!box) return [];
      return Array.from(g.querySelectorAll('text:not(.plan-folded)'))
        .map((t) => ({ text: t.textContent, r: t.getBoundingClientRect() }))
        .filter(
          ({ r }) =>
            r.left <= box.left - 1 ||
            r.right >= box.right + 1 ||
            r.top <= box.top - 1 ||
            r.bottom >= box.bottom + 1,
        )
        .map(
          ({ text, r }) =>
            `${text}: ${r.left.toFixed(1)}-${r.right.toFixed(1)} × ${r.top.toFixed(1)}-${r.bottom.toFixed(1)} outside ${box.left.toFixed(1)}-${box.right.toFixed(1)} × ${box.top.toFixed(1)}-${box.bottom.toFixed(1)}`,
        );
    }),
  );
}

/**
 * Zooms the visible plan diagram out and in with the mouse wheel around its middle, checking
 * after each step that every text stays in its box; returns what left a box at which step.
 */
export async function textsOutsideBoxesAtZooms(page: Page): Promise<string[]> {
  const diagram = page.locator('.tab-page:not([hidden]) [data-testid=plan-diagram]');
  const box = (await diagram.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  const out = (await textsOutsideBoxes(page)).map((t) => `fit: ${t}`);
  for (const delta of [-300, -300, 900, 600]) {
    await page.mouse.wheel(0, delta);
    // Let the zoom transform land (d3-zoom applies it on the next frame).
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    out.push(...(await textsOutsideBoxes(page)).map((t) => `wheel ${delta}: ${t}`));
  }
  return out;
}
