/**
 * Random GTID set texts for the oracle test: valid ones in every spelling the server accepts
 * (tags, overlaps, repeated and unsorted UUIDs, odd whitespace and case, huge numbers) and
 * malformed ones (the same texts with a character deleted, inserted, replaced, or cut off).
 * Deterministic for a seed, so a failure can be replayed.
 */

export { seededRandom } from '../../seeded-random';

type Random = () => number;

const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;
const chance = (random: Random, p: number): boolean => random() < p;
const upTo = (random: Random, n: number): number => Math.floor(random() * (n + 1));

// Few UUIDs, so the same one recurs within and across sets (overlaps, merges, subsets).
const UUIDS = [
  '3e11fa47-71ca-11e1-9e33-c80aa9429562',
  '00000000-0000-0000-0000-000000000001',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '8a94f357-aab4-11df-86ab-c80aa9429562',
  '4d9ca6e2-0a1b-4c3d-9e8f-a1b2c3d4e5f6',
];
const TAGS = ['a', 'Foo', '_x', 'tag_1', 'z9', 'FOO', 'b', 'x'.repeat(32), 'A_b_C'];
const BAD_TAGS = ['9a', 'y'.repeat(33), 'a-b', 'é'];
const BIG_NUMBERS = [
  '9007199254740991', // 2^53-1: the last safe JavaScript integer
  '9007199254740992',
  '9007199254740993',
  '9223372036854775806', // 2^63-2: the largest sequence number MySQL accepts
  '9223372036854775807',
  '9223372036854775808',
  '18446744073709551615',
  '18446744073709551616',
  '99999999999999999999999',
];
const SPACES = ['', '', '', '', ' ', '\t', '\n', '  ', '\r\n', '\f', '\v'];
const SEPARATORS = [',', ',', ',\n', ', ', ',,', ' ,\t'];
const NOISE = [':', '-', ',', 'x', ' ', '{', '}', '0', '5', '\0', 'é', 'G', ':a', '-0', '😀', '"'];

function uuidText(random: Random): string {
  const uuid = chance(random, 0.05)
    ? Array.from({ length: 32 }, () => pick(random, [...'0123456789abcdef'])).join('')
    : pick(random, UUIDS);
  const hex = uuid.replace(/-/g, '');
  const dashed = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  let text = chance(random, 0.1) ? hex : dashed;
  if (chance(random, 0.05)) text = `{${dashed}}`;
  if (chance(random, 0.15)) text = text.toUpperCase();
  else if (chance(random, 0.1)) {
    text = [...text].map((c) => (chance(random, 0.5) ? c.toUpperCase() : c)).join('');
  }
  return text;
}

function numberText(random: Random): string {
  if (chance(random, 0.06)) return pick(random, BIG_NUMBERS);
  if (chance(random, 0.02)) return '0';
  const n = String(1 + upTo(random, chance(random, 0.8) ? 30 : 5000));
  return chance(random, 0.05) ? `00${n}` : n;
}

function intervalText(random: Random, space: () => string): string {
  const first = numberText(random);
  if (chance(random, 0.4)) return first;
  let last: string;
  if (chance(random, 0.85) && !BIG_NUMBERS.includes(first) && first !== '0') {
    last = String(Number(first) + upTo(random, 20) - (chance(random, 0.1) ? 25 : 0));
    if (Number(last) < 0) last = '0';
  } else {
    last = numberText(random);
  }
  return `${first}${space()}-${space()}${last}`;
}

function uuidSetText(random: Random, space: () => string): string {
  let text = `${space()}${uuidText(random)}${space()}`;
  // Now and then a long one, so normalization has plenty to sort and merge.
  const parts = chance(random, 0.1) ? upTo(random, 15) : upTo(random, 5);
  for (let i = 0; i < parts; i++) {
    if (chance(random, 0.3)) {
      const tag = chance(random, 0.04) ? pick(random, BAD_TAGS) : pick(random, TAGS);
      text += `:${space()}${tag}${space()}`;
    } else {
      text += `:${space()}${intervalText(random, space)}${space()}`;
    }
  }
  return text;
}

/** A GTID set text the server accepts (nearly always: rare choices are out of range). */
export function randomValidishGtidText(random: Random): string {
  const oddSpacing = chance(random, 0.3);
  const space = () => (oddSpacing ? pick(random, SPACES) : '');
  const count = chance(random, 0.1) ? upTo(random, 12) : upTo(random, 4);
  let text = chance(random, 0.05) ? pick(random, [',', ',,', ' , ']) : '';
  for (let i = 0; i < count; i++) {
    if (i > 0) text += pick(random, SEPARATORS);
    text += uuidSetText(random, space);
  }
  if (chance(random, 0.05)) text += pick(random, [',', ',,', ' ']);
  return text;
}

/** `text` with one to three random edits: delete, insert, replace, or cut off. */
export function mutateGtidText(random: Random, text: string): string {
  let out = text;
  const edits = 1 + upTo(random, 2);
  for (let i = 0; i < edits; i++) {
    const at = upTo(random, out.length);
    switch (Math.floor(random() * 4)) {
      case 0:
        out = out.slice(0, at) + out.slice(at + 1);
        break;
      case 1:
        out = out.slice(0, at) + pick(random, NOISE) + out.slice(at);
        break;
      case 2:
        out = out.slice(0, at) + pick(random, NOISE) + out.slice(at + 1);
        break;
      default:
        out = out.slice(0, at);
    }
  }
  return out;
}

/** A pair of set texts to compare: related often (equal, superset), malformed about 30%. */
export function randomGtidTextPair(random: Random): [string, string] {
  let a = randomValidishGtidText(random);
  let b = randomValidishGtidText(random);
  const relation = random();
  if (relation < 0.1) b = a;
  else if (relation < 0.3) b = `${a},${b}`;
  else if (relation < 0.4) a = `${b},${a}`;
  if (chance(random, 0.2)) a = mutateGtidText(random, a);
  if (chance(random, 0.15)) b = mutateGtidText(random, b);
  return [a, b];
}
