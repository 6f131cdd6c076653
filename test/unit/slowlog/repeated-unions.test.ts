import { describe, expect, it } from 'vitest';
import { fingerprint } from '../../../src/shared/slowlog';
import {
  collapseRepeatedUnions,
  unionRuleBudget,
} from '../../../src/shared/slowlog/repeated-unions';
import { referenceFingerprint } from './fingerprint-reference';

// pt-query-digest's rule as the regex it is (the reference of the hand-written scan).
const S = '[\\t\\n\\v\\f\\r ]';
const UNION = new RegExp(`\\b(select${S}[^\\n]*?)(?:(${S}union(?:${S}all)?)${S}\\1)+`, 'g');
const byRegex = (text: string) => text.replace(UNION, '$1 /*repeat$2*/');

describe('collapseRepeatedUnions', () => {
  it('gives what the regex gives on random texts of its pieces', () => {
    const pieces = [
      'select',
      'select ',
      ' union ',
      ' union all ',
      'union',
      ' all ',
      'all',
      'a',
      'b',
      ' ',
      '\n',
      '\v',
      '?',
      'x',
      'selectx',
      '_select ',
      ' from t',
      'select a',
      'select a union select a',
      ' union\vall\vselect a',
    ];
    let seed = 11;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return seed % n;
    };
    const differ: string[] = [];
    let acted = 0;
    for (let k = 0; k < 100_000; k += 1) {
      let text = '';
      for (let j = random(14); j >= 0; j -= 1) text += pieces[random(pieces.length)];
      const want = byRegex(text);
      if (collapseRepeatedUnions(text) !== want) differ.push(text);
      if (want !== text) acted += 1;
    }
    expect(differ).toEqual([]);
    // The rule did act on many of them.
    expect(acted).toBeGreaterThan(15_000);
  });

  it('collapses long and nested repeats as pt-query-digest does', () => {
    for (const text of [
      `select a from t where b = ?${' union select a from t where b = ?'.repeat(5000)}`,
      'select a union all select a union select a union all select a',
      'select ? from (select a union select a) x union select ? from (select a union select a) x',
      'select a union select b union select b union select a',
    ])
      expect(collapseRepeatedUnions(text)).toBe(byRegex(text));
    expect(
      fingerprint(`SELECT 1 FROM t WHERE a IN (${'SELECT 2 UNION '.repeat(999)}SELECT 3)`),
    ).toBe('select ? from t where a in (select ? /*repeat union*/)');
  });

  it('gives a statement of many different UNIONed SELECTs back whole, within its budget', () => {
    // The regex took 1.2 s on this 190 KB statement and grows with the cube of its length.
    const hostile = `select sleep(?) from dual where ? in (${Array.from(
      { length: 10_000 },
      (_, i) => `select @q${i.toString(36)}`,
    ).join(' union ')})`;
    expect(collapseRepeatedUnions(hostile)).toBe(hostile);
    expect(fingerprint(hostile)).toBe(referenceFingerprint(hostile));
  });

  it('keeps the UNIONs past the point where its budget ran out', () => {
    const different = Array.from({ length: 300 }, (_, i) => `select c${i}`).join(' union ');
    const text = `${different} union select z union select z`;
    expect(collapseRepeatedUnions(text)).toBe(`${different} union select z /*repeat union*/`);
    // 300 SELECTs each tried against the UNIONs after them: far past 1,000 steps.
    expect(collapseRepeatedUnions(text, 1000)).toBe(text);
    expect(unionRuleBudget(text.length)).toBeGreaterThan(20_000_000);
  });
});
