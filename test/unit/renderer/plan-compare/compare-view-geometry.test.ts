import { describe, expect, it } from 'vitest';
import { linkLines, type RowPlace } from '../../../../src/renderer/plan-compare/link-lines';
import {
  ROW_HEIGHT,
  rowWindow,
  scrollTopFor,
  scrollTopToShow,
} from '../../../../src/renderer/plan-compare/node-window';

describe('the rows a long plan column draws', () => {
  it('draws the rows in view and a margin, never past either end', () => {
    // 10,000 rows, a 480-pixel view: 20 rows in view, 12 more on each side.
    expect(rowWindow(10_000, 0, 480)).toEqual({ start: 0, end: 32 });
    expect(rowWindow(10_000, 100 * ROW_HEIGHT, 480)).toEqual({ start: 88, end: 132 });
    expect(rowWindow(10_000, 10_000 * ROW_HEIGHT, 480)).toEqual({ start: 9_988, end: 10_000 });
    expect(rowWindow(5, 0, 480)).toEqual({ start: 0, end: 5 });
    expect(rowWindow(0, 0, 480)).toEqual({ start: 0, end: 0 });
  });

  it('scrolls a row level with its counterpart, or to the middle, within bounds', () => {
    // Row 500 shown 120 pixels below the top, as the row picked on the other side is.
    expect(scrollTopFor(500, 120, 10_000, 480)).toBe(500 * ROW_HEIGHT - 120);
    expect(scrollTopFor(500, null, 10_000, 480)).toBe(500 * ROW_HEIGHT - (480 - ROW_HEIGHT) / 2);
    expect(scrollTopFor(1, 200, 10_000, 480)).toBe(0);
    expect(scrollTopFor(9_999, 0, 10_000, 480)).toBe(10_000 * ROW_HEIGHT - 480);
    expect(scrollTopFor(3, null, 5, 480)).toBe(0);
  });

  it('moves as little as it can to keep a row picked by the keyboard in view', () => {
    // Rows 10 to 29 are in view at 240 (a 480-pixel view).
    expect(scrollTopToShow(15, 240, 480)).toBe(240);
    expect(scrollTopToShow(9, 240, 480)).toBe(9 * ROW_HEIGHT);
    expect(scrollTopToShow(30, 240, 480)).toBe(31 * ROW_HEIGHT - 480);
    expect(scrollTopToShow(0, 0, 10)).toBe(0);
  });
});

describe('the lines tying nodes to their counterparts', () => {
  const row = (pair: number, y: number, inView = true): RowPlace => ({ pair, y, inView });

  it('ties the pairs with both rows in view; the picked pair even when scrolled away', () => {
    const left = [row(0, 10), row(1, 30), row(2, 50), row(3, 900, false)];
    const right = [row(1, 12), row(0, 34), row(3, 70), row(4, 90)];
    // Pair 2 has no row on the right (only before), pair 4 none on the left (only after).
    expect(linkLines(left, right, new Set(), [0, 500], [0, 500])).toEqual([
      { pair: 0, y1: 10, y2: 34 },
      { pair: 1, y1: 30, y2: 12 },
    ]);
    // Picked, pair 3 is tied too, its end held at the bottom of the left view.
    expect(linkLines(left, right, new Set([3]), [0, 500], [0, 500])).toContainEqual({
      pair: 3,
      y1: 500,
      y2: 70,
    });
  });

  it('holds each end within its own column’s view', () => {
    const lines = linkLines(
      [row(0, -40, false)],
      [row(0, 300)],
      new Set([0]),
      [20, 400],
      [60, 380],
    );
    expect(lines).toEqual([{ pair: 0, y1: 20, y2: 300 }]);
  });
});
