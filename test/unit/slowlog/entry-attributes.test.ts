import { describe, expect, it } from 'vitest';
import {
  KNOWN_ATTRIBUTE_NAMES,
  knownAttributeIndex,
  plainDecimalDigits,
  plainDecimalPlaces,
  plainDecimalText,
  plainDecimalValue,
  SlowLogAttributes,
} from '../../../src/shared/slowlog';

/** A fixed-seed generator, so a failure can be replayed. */
function randomFrom(seed: number): (n: number) => number {
  return (n) => {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    return seed % n;
  };
}

const read = (text: string) => {
  const digits = plainDecimalDigits(text, 0, text.length);
  return digits < 0 ? undefined : { digits, decimals: plainDecimalPlaces() };
};

describe('plain decimals', () => {
  it('reads what servers write: integers and fixed-point decimals', () => {
    expect(read('0')).toEqual({ digits: 0, decimals: 0 });
    expect(read('20')).toEqual({ digits: 20, decimals: 0 });
    expect(read('0.012345')).toEqual({ digits: 12345, decimals: 6 });
    expect(read('1.500000')).toEqual({ digits: 1500000, decimals: 6 });
    expect(read('0.000000')).toEqual({ digits: 0, decimals: 6 });
    expect(read('999999999999999')).toEqual({ digits: 999999999999999, decimals: 0 });
    // Within a longer text, by its bounds.
    expect(plainDecimalDigits('Rows_sent: 42  ', 11, 13)).toBe(42);
  });

  it('leaves anything else to be kept as text', () => {
    for (const text of [
      '',
      '-1',
      '+1',
      '-0.5',
      '1e3',
      '1E-3',
      '.5',
      '5.',
      '007',
      '00.5',
      '1.2.3',
      '1,5',
      'abc',
      '12a',
      ' 1',
      '1 ',
      'Yes',
      '1234567890123456', // 16 digits: past exact integers
      '123456789.0123456',
      'NaN',
      'Infinity',
    ])
      expect(read(text), text).toBeUndefined();
  });

  it('gives the same number as parseFloat and the same text back', () => {
    const random = randomFrom(16);
    for (let k = 0; k < 20_000; k += 1) {
      const length = 1 + random(15);
      let digits = String(1 + random(9));
      while (digits.length < length) digits += String(random(10));
      if (random(4) === 0) digits = `0${digits.slice(1)}`;
      const point = random(length);
      const text =
        point === 0 || digits.startsWith('0')
          ? digits.startsWith('0')
            ? `0.${digits.slice(1) || '0'}`
            : digits
          : `${digits.slice(0, point)}.${digits.slice(point)}`;
      const parsed = read(text);
      expect(parsed, text).toBeDefined();
      expect(plainDecimalValue(parsed!.digits, parsed!.decimals), text).toBe(parseFloat(text));
      expect(plainDecimalText(parsed!.digits, parsed!.decimals)).toBe(text);
    }
  });
});

describe('known attribute names', () => {
  it('finds each known name in a line, and nothing that is not one', () => {
    KNOWN_ATTRIBUTE_NAMES.forEach((name, index) => {
      const line = `# x ${name}: 1`;
      expect(knownAttributeIndex(line, 4, 4 + name.length)).toBe(index);
      // Longer, shorter or upper-cased: another name, known or not.
      for (const other of [`${name}x`, name.slice(0, -1), name.toUpperCase(), `x${name}`])
        expect(knownAttributeIndex(other, 0, other.length), other).toBe(
          KNOWN_ATTRIBUTE_NAMES.indexOf(other),
        );
    });
    expect(knownAttributeIndex('Query_tim3', 0, 10)).toBe(-1);
    expect(knownAttributeIndex('\xd1uery_time', 0, 10)).toBe(-1);
  });
});

describe('SlowLogAttributes', () => {
  const NAMES = ['Query_time', 'Rows_sent', 'Schema', 'Thread_id', 'Weird', 'InnoDB_trx_id', 'x'];
  const VALUES = ['0', '12', '0.000100', '1.5', '-1', '007', '1e3', 'Yes', 'No', 'abc', ''];

  it('is a Map of the values as written, in the order first set', () => {
    const random = randomFrom(5);
    for (let round = 0; round < 300; round += 1) {
      const mine = new SlowLogAttributes();
      const map = new Map<string, string>();
      for (let step = random(20); step >= 0; step -= 1) {
        const name = NAMES[random(NAMES.length)]!;
        if (random(6) === 0) expect(mine.delete(name)).toBe(map.delete(name));
        else {
          const value = VALUES[random(VALUES.length)]!;
          mine.set(name, value);
          map.set(name, value);
        }
        for (const probe of NAMES) {
          expect(mine.get(probe)).toBe(map.get(probe));
          expect(mine.has(probe)).toBe(map.has(probe));
        }
      }
      expect([...mine]).toEqual([...map]);
      expect([...mine.keys()]).toEqual([...map.keys()]);
      expect([...mine.values()]).toEqual([...map.values()]);
      expect(mine.size).toBe(map.size);
      const seen: [string, string][] = [];
      mine.forEach((value, name) => seen.push([name, value]));
      expect(seen).toEqual([...map]);
    }
  });

  it("reads an attribute line as pt's m/(\\w+):\\s+(\\S+|\\Z)/g does", () => {
    // The pattern in JavaScript, on byte strings (\w and \s as Perl has them there).
    const PT = /([A-Za-z0-9_]+):[\t\n\v\f\r ]+([^\t\n\v\f\r ]+|$)/g;
    const pieces = [
      '# ',
      'Query_time',
      'Lock_time',
      'Rows_sent',
      'Rows_examined',
      'Schema',
      'QC_hit',
      'Weird',
      'a1',
      '_',
      ':',
      ': ',
      ':  ',
      ':\t',
      ' ',
      '  ',
      '0.000123',
      '12',
      '-3',
      '007',
      'Yes',
      'x:y',
      '\xe9',
      '@',
    ];
    const random = randomFrom(9);
    let read = 0;
    for (let k = 0; k < 20_000; k += 1) {
      let line = '';
      for (let j = random(14); j >= 0; j -= 1) line += pieces[random(pieces.length)];
      const expected = new Map<string, string>();
      for (const match of line.matchAll(PT)) expected.set(match[1]!, match[2]!);
      const mine = new SlowLogAttributes();
      mine.readLine(line);
      expect([...mine], line).toEqual([...expected]);
      read += mine.size;
      // The same line read in place in a longer text (the reader's chunk): nothing around it counts.
      const before = pieces[random(pieces.length)]!;
      const after = `${pieces[random(pieces.length)]}\n${pieces[random(pieces.length)]}: 5 Rows_sent: 7`;
      const inPlace = new SlowLogAttributes();
      inPlace.readLineAt(before + line + after, before.length, before.length + line.length);
      expect([...inPlace], JSON.stringify([before, line, after])).toEqual([...expected]);
    }
    expect(read).toBeGreaterThan(5000);
  });
});
