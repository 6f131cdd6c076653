import { describe, expect, it } from 'vitest';
import {
  COLUMNS,
  contentFloors,
  gridTracks,
} from '../../../src/renderer/processlist/process-columns';

/** Each character 7 px wide (bold headers a tenth more): a stand-in for the table's canvas. */
const measure = (text: string) => text.length * 7;

describe('the numeric columns of the processlist', () => {
  const numeric = COLUMNS.filter((c) => c.numeric);
  const floors = contentFloors([], measure);

  it('are at least as wide as their header with its sort arrow and padding', () => {
    for (const c of numeric) {
      // "Examined" is 8 characters: 8 × 7 × 1.1 + 14 (arrow) + 12 (padding) = 87.6 px.
      expect(floors[c.key], c.label).toBeGreaterThanOrEqual(c.label.length * 7 * 1.1 + 14 + 12);
    }
    expect(floors.rowsExamined).toBeGreaterThanOrEqual(88);
    expect(floors.memory).toBeGreaterThanOrEqual(Math.ceil(6 * 7 * 1.1 + 14 + 12));
  });

  it('keep their width: the room left goes to the text columns, the statement first', () => {
    const tracks = gridTracks(COLUMNS, floors).match(/minmax\([^)]*\)|\S+/g)!;
    for (const c of numeric) {
      const track = tracks[COLUMNS.indexOf(c) + 1];
      expect(track, c.label).toBe(`${floors[c.key]}px`);
    }
    const shares = COLUMNS.filter((c) => !c.numeric).map((c) => c.share);
    expect(COLUMNS.find((c) => c.key === 'info')!.share).toBe(Math.max(...shares));
  });
});

describe('the text columns of the processlist', () => {
  it('are at least as wide as their header', () => {
    const floors = contentFloors([], measure);
    for (const c of COLUMNS.filter((k) => !k.numeric && k.key !== 'info')) {
      expect(floors[c.key] ?? c.min, c.label).toBeGreaterThanOrEqual(
        c.label.length * 7 * 1.1 + 14 + 12,
      );
    }
  });
});
