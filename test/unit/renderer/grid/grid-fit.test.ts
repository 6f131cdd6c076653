import { describe, expect, it } from 'vitest';
import {
  fittedGridHeight,
  MAX_FITTED_WIDTH,
  widenedForText,
} from '../../../../src/renderer/grid/column-widths';

describe('the grid fitted to its result', () => {
  const base = { rows: 3, rowHeight: 26, headerHeight: 30, room: 500 };

  it('takes the rows’ height exactly when the columns fit: no empty band under the last row', () => {
    expect(fittedGridHeight({ ...base, contentWidth: 400, width: 800 })).toBe(30 + 3 * 26);
  });

  it('adds the scrollbar’s room only when the columns are wider than the grid', () => {
    expect(fittedGridHeight({ ...base, contentWidth: 900, width: 800 })).toBe(30 + 3 * 26 + 18);
  });

  it('never takes more than the room there is', () => {
    expect(fittedGridHeight({ ...base, rows: 1000, contentWidth: 400, width: 800 })).toBe(500);
  });

  it('widens a column for a typed value, up to the cap, never narrows it', () => {
    const typed = 'alpha (renamed for the quarterly report)';
    expect(widenedForText(71, typed)).toBeGreaterThan(typed.length * 7);
    expect(widenedForText(71, 'x'.repeat(500))).toBe(MAX_FITTED_WIDTH);
    expect(widenedForText(600, 'short')).toBe(600);
    // The longest line counts, not the whole text.
    expect(widenedForText(64, 'ab\ncd')).toBe(64);
  });
});
