import { describe, expect, it } from 'vitest';
import {
  countGtids,
  formatGtidSet,
  gtidIntersection,
  gtidSetsEqual,
  gtidSubtract,
  gtidUnion,
  isGtidSubset,
  requireGtidSet,
} from '../../../src/shared/gtid';

const U = '3e11fa47-71ca-11e1-9e33-c80aa9429562';
const V = '00000000-0000-0000-0000-000000000001';
const set = requireGtidSet;
const text = formatGtidSet;

describe('gtidSubtract (GTID_SUBTRACT)', () => {
  it('removes ranges, splitting and trimming intervals', () => {
    expect(text(gtidSubtract(set(`${U}:1-10`), set(`${U}:3-4:6`)))).toBe(`${U}:1-2:5:7-10`);
    expect(text(gtidSubtract(set(`${U}:1-10:20-30`), set(`${U}:5-25`)))).toBe(`${U}:1-4:26-30`);
    expect(text(gtidSubtract(set(`${U}:1-5`), set(`${U}:1-6`)))).toBe('');
  });

  it('treats each tag as its own stream', () => {
    expect(text(gtidSubtract(set(`${U}:1-5:x:1`), set(`${U}:1-5`)))).toBe(`${U}:x:1`);
    expect(text(gtidSubtract(set(`${U}:1`), set(`${U}:x:1`)))).toBe(`${U}:1`);
    expect(text(gtidSubtract(set(`${U}:x:1`), set(`${U}:X:1`)))).toBe('');
  });

  it('keeps UUIDs the other set lacks and drops emptied ones', () => {
    expect(text(gtidSubtract(set(`${U}:1-3,${V}:7`), set(`${V}:1-10`)))).toBe(`${U}:1-3`);
  });

  it('works past 2^53 and up to 2^63-2', () => {
    const a = set(`${U}:9007199254740990-9223372036854775806`);
    const b = set(`${U}:9007199254740992-9223372036854775805`);
    expect(text(gtidSubtract(a, b))).toBe(
      `${U}:9007199254740990-9007199254740991:9223372036854775806`,
    );
  });
});

describe('gtidUnion', () => {
  it('merges overlapping and adjacent intervals', () => {
    expect(text(gtidUnion(set(`${U}:1-3:10`), set(`${U}:4-6:9,${V}:1`)))).toBe(
      `${V}:1,\n${U}:1-6:9-10`,
    );
  });
  it('returns the other set when one is empty', () => {
    const a = set(`${U}:1`);
    expect(gtidUnion(a, set(''))).toBe(a);
    expect(gtidUnion(set(''), a)).toBe(a);
  });
});

describe('gtidIntersection', () => {
  it('keeps what both hold, per UUID and tag', () => {
    expect(
      text(gtidIntersection(set(`${U}:1-10:t:1-5,${V}:1-3`), set(`${U}:5-20:t:6,${V}:3-9`))),
    ).toBe(`${V}:3,\n${U}:5-10`);
    expect(text(gtidIntersection(set(`${U}:1-3`), set(`${V}:1-3`)))).toBe('');
  });
});

describe('isGtidSubset (GTID_SUBSET)', () => {
  it('answers as the server', () => {
    expect(isGtidSubset(set(''), set(`${U}:1`))).toBe(true);
    expect(isGtidSubset(set(`${U}:1`), set(''))).toBe(false);
    expect(isGtidSubset(set(`${U}:1-5`), set(`${U}:1-6`))).toBe(true);
    expect(isGtidSubset(set(`${U}:1-5:x:1`), set(`${U}:1-5`))).toBe(false);
    expect(isGtidSubset(set(`${U}:2-3:7`), set(`${U}:1-4:6-8,${V}:1`))).toBe(true);
    expect(isGtidSubset(set(`${U}:2-7`), set(`${U}:1-4:5-8`))).toBe(true);
    expect(isGtidSubset(set(`${U}:2-7`), set(`${U}:1-4:6-8`))).toBe(false);
  });
});

describe('numbers around 2^53, where JavaScript numbers stop being exact', () => {
  it('stay exact in every operation', () => {
    const a = set(`${U}:9007199254740985-9007199254740995`);
    const b = set(`${U}:9007199254740990-9007199254741000`);
    expect(text(gtidUnion(a, b))).toBe(`${U}:9007199254740985-9007199254741000`);
    expect(text(gtidIntersection(a, b))).toBe(`${U}:9007199254740990-9007199254740995`);
    expect(text(gtidSubtract(b, a))).toBe(`${U}:9007199254740996-9007199254741000`);
    expect(isGtidSubset(set(`${U}:9007199254740991-9007199254740993`), a)).toBe(true);
    expect(
      gtidSetsEqual(
        gtidUnion(set(`${U}:9007199254740991`), set(`${U}:9007199254740992`)),
        set(`${U}:9007199254740991-9007199254740992`),
      ),
    ).toBe(true);
    expect(countGtids(a)).toBe(11n);
  });
});

describe('gtidSetsEqual and countGtids', () => {
  it('compares normalized content', () => {
    expect(gtidSetsEqual(set(`${U}:1-3:4`), set(`${U.toUpperCase()}:1:2-4`))).toBe(true);
    expect(gtidSetsEqual(set(`${U}:1-3`), set(`${U}:1-4`))).toBe(false);
    expect(gtidSetsEqual(set(`${U}:a:1`), set(`${U}:b:1`))).toBe(false);
  });
  it('counts transactions as bigint', () => {
    expect(countGtids(set(''))).toBe(0n);
    expect(countGtids(set(`${U}:1-10:20,${V}:t:5-6`))).toBe(13n);
    expect(countGtids(set(`${U}:1-9223372036854775806`))).toBe(9223372036854775806n);
    expect(countGtids(set(`${U}:1-9007199254740991,${V}:1-9007199254740991`))).toBe(
      2n * 9007199254740991n,
    );
  });
});
