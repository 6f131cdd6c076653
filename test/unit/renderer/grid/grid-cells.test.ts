import { drawTextCell, GridCellKind } from '@glideapps/glide-data-grid';
import { describe, expect, it } from 'vitest';
import type { Cell, ResultColumn } from '../../../../src/shared/api/query';
import { gridCell } from '../../../../src/renderer/grid/grid-cells';
import type { RowCache } from '../../../../src/renderer/grid/row-cache';

const column = (numeric: boolean): ResultColumn => ({
  name: 'c',
  orgName: 'c',
  table: 't',
  schema: 'db',
  typeName: numeric ? 'INT' : 'VARCHAR',
  typeCode: numeric ? 3 : 253,
  flags: 0,
  charset: numeric ? 63 : 255,
  length: 0,
  decimals: 0,
  binary: false,
  numeric,
});

/** Each character is 7 px wide in this fake canvas. */
const CHAR_WIDTH = 7;

/**
 * Draws the cell the grid would get for `value` with the grid library's own text drawing, into
 * a fake canvas that records where each text went: its left and right edge in pixels.
 */
function drawnSpan(value: Cell, numeric: boolean, rect = { x: 100, y: 0, width: 200, height: 26 }) {
  const cache = { row: () => [value] } as unknown as RowCache;
  const cell = gridCell({ kind: 'result', index: 0 }, 0, {
    cache,
    columns: [column(numeric)],
    editing: undefined,
    theme: {},
  });
  if (cell.kind !== GridCellKind.Text) throw new Error('not a text cell');
  const spans: Array<{ left: number; right: number }> = [];
  const ctx = {
    textAlign: 'start',
    direction: 'inherit',
    font: '',
    textBaseline: 'alphabetic',
    save() {},
    restore() {},
    measureText: (text: string) => ({
      width: text.length * CHAR_WIDTH,
      actualBoundingBoxAscent: 10,
      actualBoundingBoxDescent: 3,
    }),
    fillText(text: string, x: number) {
      const width = text.length * CHAR_WIDTH;
      const rtl = this.direction === 'rtl';
      // Where canvas anchors text: 'start' and 'end' follow the direction.
      const anchorRight =
        this.textAlign === 'right' ||
        (this.textAlign === 'start' && rtl) ||
        (this.textAlign === 'end' && !rtl);
      spans.push(anchorRight ? { left: x - width, right: x } : { left: x, right: x + width });
    },
  };
  // The drawing reads only these from its arguments; the rest of them is the grid's business.
  const args = {
    ctx,
    rect,
    theme: { cellHorizontalPadding: 8, baseFontFull: '13px mono', textDark: '#000' },
  } as unknown as Parameters<typeof drawTextCell>[0];
  drawTextCell(args, cell.displayData, cell.contentAlign);
  return spans;
}

describe('grid cells as drawn', () => {
  it('draws text that starts in a right-to-left script inside its cell', () => {
    for (const text of ['שלום עולם', 'مرحبا 123']) {
      const [span] = drawnSpan(text, false);
      expect(span!.left).toBeGreaterThanOrEqual(100);
      expect(span!.right).toBeLessThanOrEqual(300);
    }
  });

  it('draws other text from the left edge and numbers against the right one', () => {
    expect(drawnSpan('abc שלום', false)).toEqual([{ left: 108.5, right: 108.5 + 8 * 7 }]);
    expect(drawnSpan('42', true)).toEqual([{ left: 300 - 8.5 - 14, right: 300 - 8.5 }]);
  });
});
