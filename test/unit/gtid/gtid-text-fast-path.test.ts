import { describe, expect, it } from 'vitest';
import {
  countGtids,
  formatGtidSet,
  gtidIntersection,
  gtidSetMembers,
  gtidSubtract,
  gtidUnion,
  parseGtidSet,
  requireGtidSet,
  type GtidSet,
} from '../../../src/shared/gtid';
import { parseCommonGtidSet } from '../../../src/shared/gtid/parse-common-gtid-set';

// parseGtidSet reads the common spelling (`uuid[:tag]:n[-m]`, `,` or `,\n`, no spaces) with a
// fast path and everything else with the full parser. A leading space sends any text to the
// full parser, so the two can be compared on the same texts: they must always agree.

const UUIDS = [
  '00000000-0000-0000-0000-000000000001',
  '3e11fa47-71ca-11e1-9e33-c80aa9429562',
  '3E11FA47-71CA-11E1-9E33-C80AA9429562',
  // Same first 8 digits as the two above: ordered by the rest.
  '3e11fa47-71ca-11e1-9e33-000000000000',
  '3e11fa47-0000-11e1-9e33-ffffffffffff',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];
const TAGS = ['app', 'App', '_x', 'a1', 'z'.repeat(32), 'z'.repeat(33)];

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
}

/** A number of 1 to 17 digits, sometimes 0 or with leading zeros. */
function number(next: () => number): string {
  const roll = next();
  if (roll < 0.05) return '0';
  if (roll < 0.1) return `00${Math.floor(next() * 50)}`;
  if (roll < 0.7) return String(1 + Math.floor(next() * 60));
  const digits = 13 + Math.floor(next() * 5);
  let text = String(1 + Math.floor(next() * 9));
  while (text.length < digits) text += String(Math.floor(next() * 10));
  return text;
}

/** Texts in the common spelling, in and out of order, with repeats, tags and odd ends. */
function commonText(next: () => number): string {
  const parts: string[] = [];
  const uuidCount = Math.floor(next() * 4);
  for (let u = 0; u < uuidCount; u++) {
    let part = UUIDS[Math.floor(next() * UUIDS.length)]!;
    const groups = Math.floor(next() * 4);
    for (let g = 0; g < groups; g++) {
      if (next() < 0.3) part += `:${TAGS[Math.floor(next() * TAGS.length)]!}`;
      const intervals = Math.floor(next() * 5);
      for (let i = 0; i < intervals; i++) {
        part += next() < 0.5 ? `:${number(next)}` : `:${number(next)}-${number(next)}`;
      }
    }
    parts.push(part);
  }
  let text = parts.join(next() < 0.5 ? ',' : ',\n');
  const end = next();
  if (end < 0.05) text += ',';
  else if (end < 0.1) text += ':';
  else if (end < 0.15) text += '-';
  return text;
}

describe('the fast reader of the common spelling', () => {
  it('agrees with the full parser on thousands of texts', () => {
    const next = random(20);
    let fast = 0;
    for (let n = 0; n < 5000; n++) {
      const text = commonText(next);
      const quick = parseGtidSet(text);
      const full = parseGtidSet(` ${text}`);
      expect(quick.ok, text).toBe(full.ok);
      if (quick.ok && full.ok) {
        expect(formatGtidSet(quick.set), text).toBe(formatGtidSet(full.set));
        expect(gtidSetMembers(quick.set), text).toEqual(gtidSetMembers(full.set));
        fast++;
      } else if (!quick.ok && !full.ok) {
        expect(quick.error.reason, text).toBe(full.error.reason);
        expect(quick.error.position, text).toBe(full.error.position - 1);
      }
    }
    // Most texts must be valid, or the comparison proves little.
    expect(fast).toBeGreaterThan(3000);
  });

  it('takes exactly the 22 hex digit characters in a UUID, folding upper case, as the full parser does', () => {
    const accepted: string[] = [];
    for (let code = 0x20; code < 0x7f; code++) {
      for (const at of [0, 7, 9, 35]) {
        const uuid = `${UUIDS[1]!.slice(0, at)}${String.fromCharCode(code)}${UUIDS[1]!.slice(at + 1)}`;
        const quick = parseCommonGtidSet(`${uuid}:1`);
        const full = parseGtidSet(` ${uuid}:1`);
        if (at === 0 && quick !== null) accepted.push(String.fromCharCode(code));
        // Whatever the fast reader takes, it reads as the full parser does.
        if (quick !== null)
          expect(full.ok && gtidSetMembers(full.set)).toEqual(gtidSetMembers(quick));
        expect(quick !== null, uuid).toBe(/^[0-9a-fA-F]$/.test(String.fromCharCode(code)));
      }
    }
    expect(accepted.join('')).toBe('0123456789ABCDEFabcdef');
  });

  it('reads numbers of every digit count it takes (1 to 15) exactly, as starts, ends and alone', () => {
    // Digits are read two at a time: odd and even counts end the loop in different places.
    const digits = '9876543210987654';
    for (let count = 1; count <= 15; count++) {
      const low = `1${'0'.repeat(count - 1)}`;
      const high = digits.slice(0, count);
      const text = `${UUIDS[0]!}:${low}-${high}:app:${high}`;
      const set = parseCommonGtidSet(text);
      expect(set, text).not.toBeNull();
      expect(set === null ? [] : gtidSetMembers(set), text).toEqual([
        { uuid: UUIDS[0], tag: '', ranges: [{ first: BigInt(low), last: BigInt(high) }] },
        { uuid: UUIDS[0], tag: 'app', ranges: [{ first: BigInt(high), last: BigInt(high) }] },
      ]);
    }
    // 16 digits are left to the full parser, as a start and as an end.
    expect(parseCommonGtidSet(`${UUIDS[0]!}:${digits}`)).toBeNull();
    expect(parseCommonGtidSet(`${UUIDS[0]!}:1-${digits}`)).toBeNull();
  });
});

describe('formatGtidSet on long sets', () => {
  it('prints thousands of intervals over several UUIDs and tags in order', () => {
    const expected: string[] = [];
    for (const uuid of [0, 4, 3, 1, 5].map((i) => UUIDS[i]!)) {
      let part = uuid;
      for (const tag of ['', 'a', 'b']) {
        if (tag) part += `:${tag}`;
        for (let i = 0; i < 700; i++) {
          part += i % 3 === 0 ? `:${i * 10 + 1}` : `:${i * 10 + 1}-${i * 10 + 5}`;
        }
      }
      part += ':9007199254740990-9007199254740993:9223372036854775806';
      expected.push(part);
    }
    const text = expected.join(',\n');
    const parsed = parseGtidSet(text);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(formatGtidSet(parsed.set)).toBe(text);
  });

  it('prints every number of digits exactly, on both sides of 10^9 and 2^53', () => {
    const numbers: bigint[] = [];
    for (let power = 1n; power < 10n ** 19n; power *= 10n) numbers.push(power - 1n, power);
    numbers.push(2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n, 2n ** 63n - 2n);
    const sorted = [...new Set(numbers)].filter((n) => n > 0n && n < 2n ** 63n - 1n);
    sorted.sort((x, y) => (x < y ? -1 : 1));
    // Each written as `n-n`; neighbours such as 9 and 10 merge into one range.
    const text = `${UUIDS[1]!}:${sorted.map((n) => `${n}-${n}`).join(':')}`;
    const parsed = parseGtidSet(text);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      expect(formatGtidSet(parsed.set)).toBe(`${UUIDS[1]!}:${collapse(sorted).join(':')}`);
    }
  });
});

/** Sorted distinct numbers as MySQL prints them: adjacent ones merged into `first-last`. */
function collapse(numbers: bigint[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < numbers.length;) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1n) j++;
    out.push(i === j ? `${numbers[i]!}` : `${numbers[i]!}-${numbers[j]!}`);
    i = j + 1;
  }
  return out;
}

/** MySQL's text of a set, written the plain way from its members: the reference printer. */
function referenceText(set: GtidSet): string {
  const byUuid = new Map<string, string>();
  for (const member of gtidSetMembers(set)) {
    let part = byUuid.get(member.uuid) ?? member.uuid;
    if (member.tag !== '') part += `:${member.tag}`;
    for (const { first, last } of member.ranges) {
      part += first === last ? `:${first}` : `:${first}-${last}`;
    }
    byUuid.set(member.uuid, part);
  }
  return [...byUuid.values()].join(',\n');
}

/** A long text: many UUIDs, tags (some read as U+FFFD), numbers of every size, any order. */
function longText(next: () => number): string {
  // A non-ASCII tag sends the text to the full parser: only in some texts.
  const tags = ['', 'app', 'b_2', 'z'.repeat(32), ...(next() < 0.15 ? ['zé'] : [])];
  const parts: string[] = [];
  const uuidCount = 1 + Math.floor(next() * 12);
  for (let u = 0; u < uuidCount; u++) {
    const uuid = UUIDS[Math.floor(next() * UUIDS.length)]!;
    let part = uuid;
    const groups = 1 + Math.floor(next() * 3);
    for (let g = 0; g < groups; g++) {
      const tag = tags[Math.floor(next() * tags.length)]!;
      if (tag) part += `:${tag}`;
      const big = next() < 0.2;
      let at = big ? 2 ** 53 - 3000 + Math.floor(next() * 2000) : 1 + Math.floor(next() * 1e9);
      const intervals = Math.floor(next() * 300);
      for (let i = 0; i < intervals; i++) {
        // Mostly ascending and apart, as servers print; sometimes overlapping or back.
        at += next() < 0.9 ? 1 + Math.floor(next() * 50) : -Math.floor(next() * 100);
        if (at < 1) at = 1;
        const width = Math.floor(next() * 30);
        part += width === 0 ? `:${at}` : `:${at}-${at + width}`;
        at += width;
      }
    }
    parts.push(part);
  }
  return parts.join(next() < 0.5 ? ',' : ',\n');
}

describe('the text paths on long sets', () => {
  it('read long texts as the full parser does, and print them as the reference does', () => {
    const next = random(1212);
    let overOneChunk = 0;
    let quickOnes = 0;
    for (let n = 0; n < 200; n++) {
      const text = longText(next);
      const quick = parseGtidSet(text);
      const full = parseGtidSet(` ${text}`);
      expect(quick.ok && full.ok, text.slice(0, 200)).toBe(true);
      if (!quick.ok || !full.ok) continue;
      const printed = formatGtidSet(quick.set);
      expect(printed).toBe(referenceText(full.set));
      expect(formatGtidSet(full.set)).toBe(printed);
      if (printed.length > 65536) overOneChunk++;
      if (!/[^ -~\n]/.test(text)) quickOnes++;
      // Sets made by the operations (arrays of bounds, not the reader's views) print the same.
      const other = requireGtidSet(longText(next));
      for (const result of [
        gtidSubtract(quick.set, other),
        gtidUnion(quick.set, other),
        gtidIntersection(quick.set, other),
      ]) {
        expect(formatGtidSet(result)).toBe(referenceText(result));
      }
    }
    // Many texts span several of the printer's 64 KB chunks; most take the fast reader.
    expect(overOneChunk).toBeGreaterThan(10);
    expect(quickOnes).toBeGreaterThan(150);
    // The full parser on long texts takes a few seconds on a loaded machine.
  }, 60_000);

  it('orders thousands of shuffled runs as the full parser does, ties on the first 8 digits included', () => {
    const next = random(2026);
    const hex = (digits: number) =>
      Array.from({ length: digits }, () => '0123456789abcdef'[Math.floor(next() * 16)]).join('');
    // 40 prefixes shared by many UUIDs: most runs tie on the numeric rank and are ordered by
    // the rest of the UUID and the tag.
    const prefixes = Array.from({ length: 40 }, () => hex(8));
    const uuids = Array.from(
      { length: 800 },
      () => `${prefixes[Math.floor(next() * 40)]!}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}`,
    );
    const runs: string[] = [];
    for (let n = 0; n < 3000; n++) {
      const uuid = uuids[Math.floor(next() * uuids.length)]!;
      const tag = ['', ':app', ':zz', ':a_1'][Math.floor(next() * 4)]!;
      const first = 1 + Math.floor(next() * 1000);
      runs.push(
        `${next() < 0.5 ? uuid : uuid.toUpperCase()}${tag}:${first}-${first + 5}:${first + 20}`,
      );
    }
    const text = runs.join(',');
    const quick = requireGtidSet(text);
    const full = requireGtidSet(` ${text}`);
    expect(gtidSetMembers(quick)).toEqual(gtidSetMembers(full));
    expect(formatGtidSet(quick)).toBe(formatGtidSet(full));
  });

  it('reads a set larger than the reader keeps scratch space for, then a small one', () => {
    const uuid = UUIDS[1]!;
    const ranges = Array.from({ length: 300_000 }, (_, i) => `${i * 10 + 1}-${i * 10 + 5}`);
    const text = `${uuid}:${ranges.join(':')}`;
    const parsed = requireGtidSet(text);
    expect(formatGtidSet(parsed)).toBe(text);
    expect(countGtids(parsed)).toBe(1_500_000n);
    expect(formatGtidSet(requireGtidSet(`${uuid}:7:1-3`))).toBe(`${uuid}:1-3:7`);
  });
});
