import { describe, expect, it } from 'vitest';
import { rowWindow, scrollTopToShow } from '../../../../src/renderer/ui/row-window';

describe('row window', () => {
  it('draws the rows in view and 12 more on each side, within the list', () => {
    // 22 px rows, 440 px view: rows 1000..1019 in view at 22,000 px.
    expect(rowWindow(20_000, 22_000, 440, 22)).toEqual({ start: 988, end: 1032 });
    expect(rowWindow(20_000, 0, 440, 22)).toEqual({ start: 0, end: 32 });
    expect(rowWindow(20_000, 20_000 * 22 - 440, 440, 22)).toEqual({ start: 19_968, end: 20_000 });
    expect(rowWindow(0, 0, 440, 22)).toEqual({ start: 0, end: 0 });
  });

  it('scrolls the least that shows a row wholly', () => {
    expect(scrollTopToShow(19_999, 0, 440, 22)).toBe(19_999 * 22 + 22 - 440);
    expect(scrollTopToShow(5, 1000, 440, 22)).toBe(110);
    expect(scrollTopToShow(50, 1000, 440, 22)).toBe(1000);
  });
});
