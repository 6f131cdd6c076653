import { describe, expect, it } from 'vitest';
import { BoundChunks, CHUNK } from '../../../src/shared/gtid/bound-chunks';
import {
  formatGtidSet,
  gtidSetMembers,
  gtidSubtract,
  parseGtidSet,
  requireGtidSet,
  type GtidRange,
  type GtidSet,
  type GtidSetMember,
} from '../../../src/shared/gtid';

describe('BoundChunks', () => {
  it('hands out consecutive lists that later writes never touch', () => {
    const chunks = new BoundChunks(6);
    chunks.reserve(4);
    chunks.chunk.set([1, 2, 5, 6], chunks.used);
    const first = chunks.take(chunks.used + 4);
    chunks.reserve(2);
    chunks.chunk.set([9, 10], chunks.used);
    const second = chunks.take(chunks.used + 2);
    // Past the first chunk's 8 bounds: a new chunk, the earlier lists unchanged.
    chunks.reserve(4);
    chunks.chunk.set([20, 21, 30, 31], chunks.used);
    const third = chunks.take(chunks.used + 4);
    expect([...first]).toEqual([1, 2, 5, 6]);
    expect([...second]).toEqual([9, 10]);
    expect([...third]).toEqual([20, 21, 30, 31]);
    expect(third.buffer).not.toBe(first.buffer);
  });

  it('sizes chunks by what is expected, doubling up to CHUNK, larger only for one list', () => {
    const chunks = new BoundChunks(2);
    expect(chunks.chunk.length).toBe(8);
    chunks.reserve(9);
    expect(chunks.chunk.length).toBe(16);
    chunks.used = 16;
    chunks.reserve(1);
    expect(chunks.chunk.length).toBe(32);
    expect(new BoundChunks(1e6).chunk.length).toBe(CHUNK);
    const big = new BoundChunks(1e6);
    big.reserve(CHUNK + 2);
    expect(big.chunk.length).toBe(CHUNK + 2);
  });

  it('gives an empty list for nothing written', () => {
    const chunks = new BoundChunks(4);
    expect(chunks.take(chunks.used)).toHaveLength(0);
  });
});

// The fast reader and gtidSubtract keep lists of numbers in chunks; a reference subtraction on
// the members' bigint ranges, written the plain way, must always agree with them.

const UUIDS = [
  '00000000-0000-0000-0000-000000000001',
  '3e11fa47-71ca-11e1-9e33-c80aa9429562',
  '3e11fa47-71ca-11e1-9e33-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];
const TAGS = ['', '', 'app', 'b_2'];

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
}

/** A set's text: up to 4 UUIDs x tags, each with up to `most` intervals, some near 2^53. */
function setText(next: () => number, most: number): string {
  const parts: string[] = [];
  for (const uuid of UUIDS) {
    if (next() < 0.25) continue;
    let part = uuid;
    for (const tag of TAGS) {
      if (next() < 0.4) continue;
      if (tag) part += `:${tag}`;
      const big = next() < 0.1;
      let at = big ? 2 ** 53 - 200 + Math.floor(next() * 100) : 1 + Math.floor(next() * 50);
      const intervals = Math.floor(next() * most);
      for (let i = 0; i < intervals; i++) {
        const width = Math.floor(next() * 8);
        part += width === 0 ? `:${at}` : `:${at}-${at + width}`;
        at += width + 1 + Math.floor(next() * 6);
      }
    }
    parts.push(part);
  }
  return parts.join(',\n');
}

function subtractRanges(a: GtidRange[], b: GtidRange[]): GtidRange[] {
  const out: GtidRange[] = [];
  // b's ranges are sorted: skip those ending before the current range of a.
  let j = 0;
  for (const range of a) {
    while (j < b.length && b[j]!.last < range.first) j++;
    let first = range.first;
    for (let k = j; k < b.length && b[k]!.first <= range.last; k++) {
      const cut = b[k]!;
      if (cut.first > first) out.push({ first, last: cut.first - 1n });
      if (cut.last + 1n > first) first = cut.last + 1n;
      if (first > range.last) break;
    }
    if (first <= range.last) out.push({ first, last: range.last });
  }
  return out;
}

function referenceSubtract(a: GtidSet, b: GtidSet): GtidSetMember[] {
  const bMembers = gtidSetMembers(b);
  return gtidSetMembers(a)
    .map((member) => {
      const other = bMembers.find((m) => m.uuid === member.uuid && m.tag === member.tag);
      return {
        ...member,
        ranges: other ? subtractRanges(member.ranges, other.ranges) : member.ranges,
      };
    })
    .filter((member) => member.ranges.length > 0);
}

describe('chunked interval lists against a plain reference', () => {
  it('subtract as the reference does on thousands of random pairs, inputs untouched', () => {
    const next = random(1313);
    let overOneChunk = 0;
    let nonEmpty = 0;
    for (let n = 0; n < 3000; n++) {
      // One pair in twenty is large enough to fill several chunks.
      const large = next() < 0.05;
      const most = large ? 2000 : 12;
      const aText = setText(next, most);
      const bText = setText(next, most);
      const a = requireGtidSet(aText);
      const b = requireGtidSet(bText);
      const before = [formatGtidSet(a), formatGtidSet(b)];
      const difference = gtidSubtract(a, b);
      expect(gtidSetMembers(difference), `${aText}\n-\n${bText}`).toEqual(referenceSubtract(a, b));
      // The full parser's sets (arrays of bounds) give the same difference; it is slow on
      // long texts, which the test below compares.
      if (!large) {
        const full = gtidSubtract(requireGtidSet(` ${aText}`), requireGtidSet(` ${bText}`));
        expect(formatGtidSet(full)).toBe(formatGtidSet(difference));
      }
      expect([formatGtidSet(a), formatGtidSet(b)]).toEqual(before);
      if (aText.length > CHUNK * 8) overOneChunk++;
      if (!difference.isEmpty) nonEmpty++;
    }
    expect(overOneChunk).toBeGreaterThan(40);
    expect(nonEmpty).toBeGreaterThan(2000);
  }, 60_000);

  it('reads runs that cross chunk boundaries as the full parser does', () => {
    const next = random(77);
    for (let n = 0; n < 20; n++) {
      const text = setText(next, 5000);
      const quick = parseGtidSet(text);
      const full = parseGtidSet(` ${text}`);
      expect(quick.ok && full.ok).toBe(true);
      if (quick.ok && full.ok) {
        expect(gtidSetMembers(quick.set)).toEqual(gtidSetMembers(full.set));
        expect(formatGtidSet(quick.set)).toBe(formatGtidSet(full.set));
      }
    }
  });
});
