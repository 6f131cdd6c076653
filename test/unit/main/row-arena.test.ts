import { describe, expect, it } from 'vitest';
import { RowArena } from '../../../src/main/services/row-arena';

const b = (s: string) => Buffer.from(s);

describe('RowArena', () => {
  it('gives back exactly the values stored, NULL and empty apart', () => {
    const arena = new RowArena();
    arena.push([b('1'), null, b(''), Buffer.from([0, 255, 10])]);
    arena.push([b('héllo'), b('x'), null, null]);
    expect(arena.rowCount).toBe(2);
    const [a, n, e, bin] = arena.row(0, 4)!;
    expect(a!.toString()).toBe('1');
    expect(n).toBeNull();
    expect(e!.length).toBe(0);
    expect([...bin!]).toEqual([0, 255, 10]);
    expect(arena.row(1, 4)!.map((v) => v?.toString() ?? null)).toEqual(['héllo', 'x', null, null]);
    expect(arena.row(2, 4)).toBeNull();
  });

  it('counts the bytes it holds: 1 tag per value plus 4 length bytes per non-NULL value', () => {
    const arena = new RowArena();
    expect(RowArena.sizeOf([b('abc'), null])).toBe(9);
    const before = arena.bytes;
    arena.push([b('abc'), null]);
    expect(arena.bytes - before).toBe(9);
  });

  it('keeps a row larger than an arena in a buffer of its own, and rows after it', () => {
    const arena = new RowArena();
    const huge = Buffer.alloc(5 * 1024 * 1024, 7);
    arena.push([b('before')]);
    arena.push([huge]);
    arena.push([b('after')]);
    expect(arena.row(1, 1)![0]!.length).toBe(huge.length);
    expect(arena.row(1, 1)![0]![12345]).toBe(7);
    expect(arena.row(0, 1)![0]!.toString()).toBe('before');
    expect(arena.row(2, 1)![0]!.toString()).toBe('after');
  });

  it('spreads many rows over arenas and indexes each one', () => {
    const arena = new RowArena();
    for (let i = 0; i < 300_000; i++) arena.push([b(`row-${i}`), b('x'.repeat(20))]);
    expect(arena.rowCount).toBe(300_000);
    expect(arena.row(299_999, 2)![0]!.toString()).toBe('row-299999');
    expect(arena.row(123_456, 2)![0]!.toString()).toBe('row-123456');
  });
});
