import { describe, expect, it } from 'vitest';
import type { Cell, ResultColumn } from '../../../../src/shared/api/query';
import { fitColumnWidths, MAX_FITTED_WIDTH } from '../../../../src/renderer/grid/column-widths';
import {
  cellCopyText,
  cellDisplayText,
  formatBytes,
} from '../../../../src/renderer/grid/cell-text';
import { PAGE_SIZE, RowCache } from '../../../../src/renderer/grid/row-cache';

describe('cell text', () => {
  it('tells NULL from the string NULL only by how it is drawn, and copies both exactly', () => {
    expect(cellDisplayText(null)).toBe('NULL');
    expect(cellCopyText(null)).toBe('NULL');
    expect(cellCopyText('NULL')).toBe('NULL');
  });
  it('shows bytes as hex with their size', () => {
    const cell: Cell = { t: 'bin', hex: 'deadbeef', bytes: 4, partial: false };
    expect(cellDisplayText(cell)).toBe('0xDEADBEEF (4 B)');
    expect(cellCopyText(cell)).toBe('0xDEADBEEF');
    expect(
      cellDisplayText({ t: 'bin', hex: 'ab'.repeat(256), bytes: 3_000_000, partial: true }),
    ).toBe(`0x${'AB'.repeat(16)}… (2.9 MB)`);
    // 16 bytes (a UUID) show whole.
    expect(
      cellDisplayText({ t: 'bin', hex: '0123456789abcdef'.repeat(2), bytes: 16, partial: false }),
    ).toBe('0x0123456789ABCDEF0123456789ABCDEF (16 B)');
  });
  it('marks line breaks, which a one-line cell would hide, and copies them as they are', () => {
    expect(cellDisplayText('line1\nline2\r\nline3\rline4')).toBe('line1↵line2↵line3↵line4');
    expect(cellCopyText('line1\nline2')).toBe('line1\nline2');
    expect(cellDisplayText({ t: 'long', text: 'a\nb'.repeat(100), chars: 5000 })).toBe(
      `${'a↵ba↵ba↵ba↵ba↵ba↵ba↵ba↵b'}… (5,000 chars)`,
    );
  });
  it('truncates long text with its full length', () => {
    expect(cellDisplayText({ t: 'long', text: 'x'.repeat(2000), chars: 100_000 })).toBe(
      `${'x'.repeat(24)}… (100,000 chars)`,
    );
  });
  it('keeps the size of a long value within the widest fitted column, so it is never clipped off', () => {
    const column: ResultColumn = {
      name: 'doc',
      orgName: 'doc',
      table: 't',
      schema: 'db',
      typeName: 'LONGBLOB',
      typeCode: 251,
      flags: 0,
      charset: 63,
      length: 0,
      decimals: 0,
      binary: true,
      numeric: false,
    };
    const cells: Cell[] = [
      { t: 'bin', hex: '00'.repeat(256), bytes: 16 * 1024 * 1024, partial: true },
      { t: 'long', text: 'x'.repeat(2000), chars: 104_857_600 },
    ];
    for (const cell of cells) {
      // Capped at MAX_FITTED_WIDTH, the end of the text (the size) would not show.
      expect(fitColumnWidths([column], [[cell]])[0]).toBeLessThan(MAX_FITTED_WIDTH);
    }
  });
  it('says when a value was cut while it arrived, with its whole size', () => {
    expect(
      cellDisplayText({
        t: 'long',
        text: 'x'.repeat(2000),
        chars: 1000,
        wholeBytes: 300 * 1024 * 1024,
      }),
    ).toBe(`${'x'.repeat(24)}… (1,000 chars, cut from 300 MB)`);
    expect(
      cellDisplayText({ t: 'bin', hex: 'ab', bytes: 1, partial: true, wholeBytes: 2048 }),
    ).toBe('0xAB (1 B, cut from 2.0 KB)');
  });
  it('formats byte sizes', () => {
    expect(formatBytes(1023)).toBe('1,023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(100 * 1024 * 1024)).toBe('100 MB');
  });
});

describe('RowCache', () => {
  it('fetches each page once, on demand, and serves rows from it', async () => {
    const calls: Array<[number, number]> = [];
    const loaded: number[] = [];
    const cache = new RowCache(
      async (offset, limit) => {
        calls.push([offset, limit]);
        return Array.from({ length: limit }, (_, i) => [String(offset + i)]);
      },
      (first) => loaded.push(first),
    );
    expect(cache.row(10)).toBeUndefined();
    expect(cache.row(11)).toBeUndefined();
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual([[0, PAGE_SIZE]]);
    expect(cache.row(11)).toEqual(['11']);
    cache.ensure(PAGE_SIZE - 1, PAGE_SIZE * 2 + 1);
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual([
      [0, PAGE_SIZE],
      [PAGE_SIZE, PAGE_SIZE],
      [PAGE_SIZE * 2, PAGE_SIZE],
    ]);
    expect(loaded).toEqual([0, PAGE_SIZE, PAGE_SIZE * 2]);
    expect(cache.row(PAGE_SIZE * 2)).toEqual([String(PAGE_SIZE * 2)]);
  });

  it('refetches a page that was short while rows were still arriving', async () => {
    let available = 3;
    const cache = new RowCache(
      async (offset) =>
        Array.from({ length: Math.max(0, available - offset) }, (_, i) => [String(offset + i)]),
      () => {},
    );
    cache.ensure(0, 10);
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.row(5)).toBeUndefined();
    available = 10;
    cache.invalidateFrom(3);
    expect(cache.row(5)).toBeUndefined();
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.row(5)).toEqual(['5']);
  });
});
