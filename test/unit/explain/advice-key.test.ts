// adviceKey replaces JSON.stringify of the same parts as the index advice cache's key: two sets
// of parts must share a key exactly when their JSON.stringify does, or a finding would get
// another access's advice.
import { describe, expect, it } from 'vitest';
import { adviceKey } from '../../../src/shared/explain/advice-key';
import { pick, seededRandom, type Random } from './mutations';

type Parts = Parameters<typeof adviceKey>;

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

describe('adviceKey', () => {
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
      expect(adviceKey(...a) === adviceKey(...b), JSON.stringify([a, b])).toBe(jsonEqual);
    }
    expect(same).toBeGreaterThan(1000);
  });

  it('is equal for two sets of parts exactly when their JSON is, on 200,000 seeded pairs', () => {
    const random = seededRandom(2026);
    let same = 0;
    for (let i = 0; i < 200_000; i++) {
      const a = randomParts(random);
      const b = random() < 0.2 ? (structuredClone(a) as Parts) : randomParts(random);
      const jsonEqual = JSON.stringify(a) === JSON.stringify(b);
      if (jsonEqual) same++;
      expect(adviceKey(...a) === adviceKey(...b), JSON.stringify([a, b])).toBe(jsonEqual);
    }
    // Both outcomes are exercised.
    expect(same).toBeGreaterThan(30_000);
  });

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
    expect(adviceKey(...a)).not.toBe(adviceKey(...b));
  });
});
