// The index advice cache (AccessCache) once keyed its entries by JSON.stringify of an access's
// parts: two sets of parts must find the same entry exactly when their JSON.stringify is equal,
// or a finding would get another access's advice.
import { describe, expect, it } from 'vitest';
import { AccessCache } from '../../../src/shared/explain/access-cache';
import { pick, seededRandom, type Random } from './mutations';

type Parts = [
  string | undefined,
  string | undefined,
  string | undefined,
  string[],
  string[] | undefined,
];

/** Whether a lookup with `b` finds what was stored with `a` (in a cache holding only that). */
function shares(a: Parts, b: Parts): boolean {
  const cache = new AccessCache<string>();
  cache.store(...a, 'stored');
  return cache.find(...b)?.value === 'stored';
}

// Few characters, many of them the key's own punctuation and digits: collisions, if the
// encoding allowed any, would come up.
const CHARS = ['1', '2', ':', '[', '~', ',', '"', 'a'];

function randomString(random: Random): string {
  let s = '';
  const n = Math.floor(random() * 4);
  for (let i = 0; i < n; i++) s += pick(random, CHARS);
  return s;
}

const maybe = (random: Random): string | undefined =>
  random() < 0.25 ? undefined : randomString(random);

const strings = (random: Random): string[] =>
  Array.from({ length: Math.floor(random() * 3) }, () => randomString(random));

function randomParts(random: Random): Parts {
  return [
    maybe(random),
    maybe(random),
    maybe(random),
    strings(random),
    random() < 0.25 ? undefined : strings(random),
  ];
}

/**
 * Parts cut from one string of characters at random points, so that two calls with the same
 * string give parts whose naive concatenations agree: the pairs a weak encoding confuses.
 */
function cutParts(flat: string, random: Random): Parts {
  const pieces: string[] = [];
  let from = 0;
  for (let count = 0; count < 7; count++) {
    const to = count === 6 ? flat.length : from + Math.floor(random() * (flat.length - from + 1));
    pieces.push(flat.slice(from, to));
    from = to;
  }
  const opt = (s: string) => (s === '' && random() < 0.5 ? undefined : s);
  return [
    opt(pieces[0]!),
    opt(pieces[1]!),
    opt(pieces[2]!),
    pieces.slice(3, 5).filter(() => random() < 0.7),
    random() < 0.2 ? undefined : pieces.slice(5).filter(() => random() < 0.7),
  ];
}

// Each pair gets a cache of its own: 200,000 of them take seconds on a loaded machine.
describe('AccessCache', () => {
  it('tells apart parts cut differently from the same characters, on 200,000 seeded pairs', () => {
    const random = seededRandom(17);
    let same = 0;
    for (let i = 0; i < 200_000; i++) {
      let flat = '';
      const n = Math.floor(random() * 6);
      for (let c = 0; c < n; c++) flat += pick(random, CHARS);
      const a = cutParts(flat, random);
      const b = cutParts(flat, random);
      const jsonEqual = JSON.stringify(a) === JSON.stringify(b);
      if (jsonEqual) same++;
      expect(shares(a, b), JSON.stringify([a, b])).toBe(jsonEqual);
    }
    expect(same).toBeGreaterThan(1000);
  }, 60_000);

  it('is equal for two sets of parts exactly when their JSON is, on 200,000 seeded pairs', () => {
    const random = seededRandom(2026);
    let same = 0;
    for (let i = 0; i < 200_000; i++) {
      const a = randomParts(random);
      const b = random() < 0.2 ? (structuredClone(a) as Parts) : randomParts(random);
      const jsonEqual = JSON.stringify(a) === JSON.stringify(b);
      if (jsonEqual) same++;
      expect(shares(a, b), JSON.stringify([a, b])).toBe(jsonEqual);
    }
    // Both outcomes are exercised.
    expect(same).toBeGreaterThan(30_000);
  }, 60_000);

  it.each<[Parts, Parts]>([
    [
      ['t', undefined, undefined, [], undefined],
      ['t', undefined, undefined, [], []],
    ],
    [
      [undefined, 't', undefined, [], undefined],
      ['t', undefined, undefined, [], undefined],
    ],
    [
      ['1:a', undefined, undefined, [], undefined],
      ['1', 'a', undefined, [], undefined],
    ],
    [
      ['t', undefined, undefined, ['a', 'b'], undefined],
      ['t', undefined, undefined, ['a'], ['b']],
    ],
    [
      ['t', undefined, undefined, ['a,b'], undefined],
      ['t', undefined, undefined, ['a', 'b'], undefined],
    ],
  ])('tells %j from %j', (a, b) => {
    expect(shares(a, b)).toBe(false);
    expect(shares(b, a)).toBe(false);
  });

  it('keeps its own copies of the lists it stores, and every entry of a table', () => {
    const cache = new AccessCache<number>();
    const conditions = ['(t.a = 1)'];
    const columns = ['a', 'b'];
    cache.store('t', undefined, undefined, conditions, columns, 1);
    cache.store('t', 'x', undefined, conditions, columns, 2);
    conditions.push('(t.b = 2)');
    columns.length = 0;
    expect(cache.find('t', undefined, undefined, ['(t.a = 1)'], ['a', 'b'])?.value).toBe(1);
    expect(cache.find('t', 'x', undefined, ['(t.a = 1)'], ['a', 'b'])?.value).toBe(2);
    expect(cache.find('t', undefined, undefined, conditions, columns)).toBeUndefined();
  });

  it('holds null as a value, apart from nothing stored', () => {
    const cache = new AccessCache<null>();
    cache.store(undefined, undefined, undefined, [], undefined, null);
    expect(cache.find(undefined, undefined, undefined, [], undefined)).toEqual({
      alias: undefined,
      schema: undefined,
      conditions: [],
      usedColumns: undefined,
      value: null,
    });
    expect(cache.find(undefined, undefined, undefined, [], [])).toBeUndefined();
  });
});
