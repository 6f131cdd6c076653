import type { Page } from 'playwright-core';

// The grid draws on a canvas at these heights (src/renderer/grid); tests click by coordinates.
const HEADER_HEIGHT = 30;
const ROW_HEIGHT = 26;

/** Where a header or a cell is drawn on the grid's canvas (the grid says its column widths). */
export async function gridPoint(
  page: Page,
  column: number,
  row: number | 'header',
): Promise<{ x: number; y: number }> {
  // The grid in front: a result kept for its unapplied edits waits hidden behind it.
  const grid = page.locator('[data-testid="result-grid"]:visible');
  const marker = Number(await grid.getAttribute('data-row-marker-width'));
  const widths = (await grid.getAttribute('data-column-widths'))!.split(',').map(Number);
  const box = (await grid.locator('canvas').first().boundingBox())!;
  const x =
    box.x + marker + widths.slice(0, column).reduce((a, b) => a + b, 0) + widths[column]! / 2;
  const y =
    box.y +
    (row === 'header' ? HEADER_HEIGHT / 2 : HEADER_HEIGHT + row * ROW_HEIGHT + ROW_HEIGHT / 2);
  return { x, y };
}

/** The rows the screen-reader table mirrors from the grid's canvas, as text. */
export async function rowsInView(page: Page): Promise<string[][]> {
  return page
    .getByRole('table', { name: 'Rows in view' })
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')),
    );
}
