import { describe, expect, it } from 'vitest';
import { RowArena } from '../../../src/main/services/row-arena';

const b = (s: string) => Buffer.from(s);

/** A text-protocol row as the server sends it: each value length-prefixed, 0xFB for NULL. */
function wireRow(values: Array<Buffer | null>): Buffer {
  const parts: Buffer[] = [];
  for (const v of values) {
    if (v === null) {
      parts.push(Buffer.from([0xfb]));
    } else if (v.length < 251) {
      parts.push(Buffer.from([v.length]), v);
    } else if (v.length < 0x10000) {
      const p = Buffer.alloc(3);
      p[0] = 0xfc;
      p.writeUInt16LE(v.length, 1);
      parts.push(p, v);
    } else if (v.length < 0x1000000) {
      const p = Buffer.alloc(4);
      p[0] = 0xfd;
      p.writeUIntLE(v.length, 1, 3);
      parts.push(p, v);
    } else {
      const p = Buffer.alloc(9);
      p[0] = 0xfe;
      p.writeBigUInt64LE(BigInt(v.length), 1);
      parts.push(p, v);
    }
  }
  return Buffer.concat(parts);
}

const texts = (values: Array<Buffer | null> | null) => values?.map((v) => v?.toString() ?? null);

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
    expect(texts(arena.row(1, 4))).toEqual(['héllo', 'x', null, null]);
    expect(arena.row(2, 4)).toBeNull();
  });

  it('keeps a wire row as sent, and reads back the string "NULL" apart from NULL', () => {
    const arena = new RowArena();
    // Packet bytes around the row must not leak into it.
    const row = wireRow([b('NULL'), null, b('0'), b('')]);
    const packet = Buffer.concat([Buffer.from([9, 9, 9]), row, Buffer.from([7, 7])]);
    arena.pushEncoded(packet, 3, 3 + row.length);
    expect(texts(arena.row(0, 4))).toEqual(['NULL', null, '0', '']);
    expect(arena.bytes - new RowArena().bytes).toBe(row.length);
  });

  it('reads every length prefix the wire uses: 1, 3, 4 and 9 bytes', () => {
    const sizes = [250, 251, 65_535, 65_536, 16_777_215, 16_777_216];
    const values = sizes.map((n, i) => Buffer.alloc(n, 97 + i));
    const arena = new RowArena();
    const row = wireRow([...values, b('end')]);
    arena.pushEncoded(row, 0, row.length);
    arena.push([...values, b('end')]);
    for (const r of [0, 1]) {
      const back = arena.row(r, values.length + 1)!;
      expect(back.map((v) => v!.length)).toEqual([...sizes, 3]);
      expect(back.map((v) => v![v!.length - 1])).toEqual([97, 98, 99, 100, 101, 102, 100]);
      expect(back.at(-1)!.toString()).toBe('end');
    }
    expect(RowArena.sizeOf(values)).toBe(row.length - 4);
  });

  it('counts the bytes it holds: the wire size of each row', () => {
    const arena = new RowArena();
    expect(RowArena.sizeOf([b('abc'), null])).toBe(5);
    const before = arena.bytes;
    arena.push([b('abc'), null]);
    expect(arena.bytes - before).toBe(5);
  });

  it('keeps a row larger than an arena in a buffer of its own, and rows after it', () => {
    const arena = new RowArena();
    const huge = Buffer.alloc(5 * 1024 * 1024, 7);
    arena.push([b('before')]);
    const wire = wireRow([huge]);
    arena.pushEncoded(wire, 0, wire.length);
    arena.push([b('after')]);
    expect(arena.row(1, 1)![0]!.length).toBe(huge.length);
    expect(arena.row(1, 1)![0]![12345]).toBe(7);
    expect(arena.row(0, 1)![0]!.toString()).toBe('before');
    expect(arena.row(2, 1)![0]!.toString()).toBe('after');
  });

  it('spreads many rows over arenas and indexes each one', () => {
    const arena = new RowArena();
    for (let i = 0; i < 300_000; i++) {
      const wire = wireRow([b(`row-${i}`), b('x'.repeat(i % 100))]);
      arena.pushEncoded(wire, 0, wire.length);
    }
    expect(arena.rowCount).toBe(300_000);
    expect(texts(arena.row(299_999, 2))).toEqual(['row-299999', 'x'.repeat(99)]);
    expect(texts(arena.row(123_456, 2))).toEqual(['row-123456', 'x'.repeat(56)]);
  });
});

/** Rows as one socket read carries them: each after a 4-byte packet header. */
function socketRead(rows: Buffer[]): { read: Buffer; spans: Array<[number, number]> } {
  const spans: Array<[number, number]> = [];
  let at = 0;
  for (const row of rows) {
    spans.push([at + 4, at + 4 + row.length]);
    at += 4 + row.length;
  }
  const read = Buffer.concat(rows.flatMap((row, i) => [Buffer.from([row.length, 0, 0, i]), row]));
  return { read, spans };
}

describe('RowArena, rows of one read', () => {
  it('copies a short run of rows: reads them back before and after, headers left out', async () => {
    const arena = new RowArena();
    const rows = Array.from({ length: 50 }, (_, i) =>
      wireRow([b(`r${i}`), null, b('y'.repeat(i))]),
    );
    const { read, spans } = socketRead(rows);
    for (const [start, end] of spans) arena.pushEncoded(read, start, end);
    // Read in the same task as the rows arrived.
    expect(texts(arena.row(49, 3))).toEqual(['r49', null, 'y'.repeat(49)]);
    const more = socketRead([wireRow([b('next'), b('z'), null])]);
    arena.pushEncoded(more.read, more.spans[0]![0], more.spans[0]![1]);
    // The next task: a short run was copied, so its buffer no longer matters.
    await new Promise((resolve) => setImmediate(resolve));
    read.fill(0xee);
    more.read.fill(0xee);
    for (let i = 0; i < 50; i++) {
      expect(texts(arena.row(i, 3))).toEqual([`r${i}`, null, 'y'.repeat(i)]);
    }
    expect(texts(arena.row(50, 3))).toEqual(['next', 'z', null]);
    expect(arena.bytes - new RowArena().bytes).toBe(
      rows.reduce((n, r) => n + r.length, 0) + more.spans[0]![1] - more.spans[0]![0],
    );
  });

  it('keeps rows of reads larger than an arena, and of reads that alternate', async () => {
    const arena = new RowArena();
    const rows = Array.from({ length: 60_000 }, (_, i) =>
      wireRow([b(`row-${i}`), b('x'.repeat(i % 200))]),
    );
    const first = socketRead(rows.slice(0, 40_000));
    const second = socketRead(rows.slice(40_000));
    // Interleaved, as two sources would be; and a row pushed twice from the same place.
    for (let i = 0; i < 20_000; i++) {
      const [s1, e1] = first.spans[i]!;
      arena.pushEncoded(first.read, s1, e1);
      const [s2, e2] = second.spans[i]!;
      arena.pushEncoded(second.read, s2, e2);
    }
    for (let i = 20_000; i < 40_000; i++) {
      const [s, e] = first.spans[i]!;
      arena.pushEncoded(first.read, s, e);
    }
    const [s0, e0] = first.spans[0]!;
    arena.pushEncoded(first.read, s0, e0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(arena.rowCount).toBe(60_001);
    for (let i = 0; i < 20_000; i++) {
      expect(texts(arena.row(2 * i, 2))).toEqual([`row-${i}`, 'x'.repeat(i % 200)]);
      const j = 40_000 + i;
      expect(texts(arena.row(2 * i + 1, 2))).toEqual([`row-${j}`, 'x'.repeat(j % 200)]);
    }
    for (let i = 20_000; i < 40_000; i++) {
      expect(texts(arena.row(20_000 + i, 2))).toEqual([`row-${i}`, 'x'.repeat(i % 200)]);
    }
    expect(texts(arena.row(60_000, 2))).toEqual(['row-0', '']);
  });

  it('keeps a read that is mostly rows instead of copying it, and fills the arena on after it', async () => {
    const arena = new RowArena();
    arena.push([b('before')]);
    const rows = Array.from({ length: 400 }, (_, i) => wireRow([b(`k${i}`), b('v'.repeat(40))]));
    const { read, spans } = socketRead(rows);
    for (const [start, end] of spans) arena.pushEncoded(read, start, end);
    await new Promise((resolve) => setImmediate(resolve));
    arena.push([b('after')]);
    expect(arena.rowCount).toBe(402);
    expect(texts(arena.row(0, 1))).toEqual(['before']);
    for (let i = 0; i < 400; i++) {
      const [k, v] = arena.row(i + 1, 2)!;
      expect(k!.toString()).toBe(`k${i}`);
      expect(v!.toString()).toBe('v'.repeat(40));
      expect(v!.buffer).toBe(read.buffer);
    }
    expect(texts(arena.row(401, 1))).toEqual(['after']);
    // The arena's room the run had taken went back to it: 'after' follows 'before'.
    expect(arena.row(401, 1)![0]!.buffer).toBe(arena.row(0, 1)![0]!.buffer);
    expect(arena.allocatedBytes).toBe(4 * 1024 * 1024 + read.length);
    expect(arena.bytes - new RowArena().bytes).toBe(
      rows.reduce((n, r) => n + r.length, 0) +
        RowArena.sizeOf([b('before')]) +
        RowArena.sizeOf([b('after')]),
    );
  });
});

describe('RowArena.pushOwned', () => {
  it('keeps a large row in its own buffer without a copy, small ones in the arena', () => {
    const arena = new RowArena();
    const big = Buffer.alloc(5 * 1024 * 1024, 'q');
    const packet = Buffer.concat([Buffer.alloc(4), wireRow([b('7'), big, null])]);
    arena.pushOwned(packet, 4, packet.length);
    const small = Buffer.concat([Buffer.alloc(4), wireRow([b('8'), b('s'), null])]);
    arena.pushOwned(small, 4, small.length);
    small.fill(0);
    const [id, value, nothing] = arena.row(0, 3)!;
    expect(id!.toString()).toBe('7');
    expect(value!.length).toBe(big.length);
    expect(value!.buffer).toBe(packet.buffer);
    expect(nothing).toBeNull();
    expect(texts(arena.row(1, 3))).toEqual(['8', 's', null]);
    expect(arena.bytes).toBeGreaterThanOrEqual(packet.length - 4);
  });
});
