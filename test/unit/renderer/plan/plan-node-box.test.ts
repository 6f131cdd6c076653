import { describe, expect, it } from 'vitest';
import { nodeLines } from '../../../../src/renderer/plan/node-lines';
import { estimateTextWidth, fitText, nodeBox } from '../../../../src/renderer/plan/plan-layout';
import { createNode } from '../../../../src/shared/explain/plan-model';

describe('node boxes', () => {
  it('cut lines longer than the widest box, and keep every line inside it', () => {
    const n = createNode('filter', `Filter: (${'o.status = 1 and '.repeat(20)}true)`);
    n.condition = n.label;
    n.accessType = 'index range scan over a very long list of ranges on a very long key name';
    const box = nodeBox(n, estimateTextWidth, 'hottest: 99%');
    const room = box.width - 24;
    expect(box.lines.title.endsWith('…')).toBe(true);
    for (const line of [box.lines.access, box.lines.figures, box.lines.estimate, box.lines.hot])
      if (line) expect(estimateTextWidth(line, false)).toBeLessThanOrEqual(room);
    // The hottest line counts in the height: title, access, hot.
    expect(box.height).toBe(3 * 16 + 20);
  });

  it('fits text to a width, or leaves it whole', () => {
    expect(fitText('short', 100, false, estimateTextWidth)).toBe('short');
    const cut = fitText('a'.repeat(50), 72, false, estimateTextWidth);
    expect(cut).toBe(`${'a'.repeat(9)}…`);
  });

  it('show estimated against measured rows per loop, with the factor from 2×', () => {
    const n = createNode('table', 'o');
    n.table = 'o';
    n.rows = 11.5;
    n.actual = { executed: true, rows: 1673, loops: 3, totalRows: 5020, totalTimeMs: 2.08 };
    expect(nodeLines(n).estimate).toBe('est 11.5 → 1.7 k rows/loop (145×)');
    n.actual = { executed: true, rows: 12, loops: 1 };
    expect(nodeLines(n).estimate).toBe('est 11.5 → 12 rows');
    n.actual = { executed: false };
    expect(nodeLines(n).estimate).toBeNull();
  });
});
