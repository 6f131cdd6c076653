import { describe, expect, it } from 'vitest';
import { parseByteSize, parsePlanNumber } from '../../../src/shared/explain';

describe('parsePlanNumber', () => {
  it.each([
    [42, 42],
    [1.5, 1.5],
    ['3878.08', 3878.08],
    ['100.00', 100],
    [' 7 ', 7],
    ['1.98e+6', 1.98e6],
    ['200e-6', 200e-6],
    ['6.54E+6', 6.54e6],
    ['.5', 0.5],
    ['-3', -3],
    ['12K', 12_000],
    ['1.5M', 1_500_000],
    ['2G', 2e9],
  ])('%j → %d', (input, expected) => {
    expect(parsePlanNumber(input)).toBeCloseTo(expected);
  });

  it.each([
    null,
    undefined,
    true,
    '',
    'abc',
    '0x10',
    '1,5',
    '1e',
    'NaN',
    'Infinity',
    Number.NaN,
    Infinity,
    {},
    [],
  ])('rejects %j', (input) => {
    expect(parsePlanNumber(input)).toBeUndefined();
  });
});

describe('parseByteSize', () => {
  it.each([
    ['32', 32],
    ['191K', 191 * 1024],
    ['3M', 3 * 1024 ** 2],
    ['1G', 1024 ** 3],
    ['12KiB', 12 * 1024],
    ['21Kb', 21 * 1024],
    [4096, 4096],
  ])('%j → %d bytes', (input, expected) => {
    expect(parseByteSize(input)).toBe(expected);
  });
});

describe('plain decimals (read digit by digit) give exactly what Number() gives', () => {
  it.each([
    '12.50',
    '503.10',
    '0.1',
    '0.3',
    '2.675',
    '1.005',
    '-0.0565',
    '999999999999999',
    '123456789.123456',
    '007',
    '1.',
    '-.5',
  ])('%j', (text) => {
    expect(Object.is(parsePlanNumber(text), Number(text))).toBe(true);
  });

  it('keeps the sign of negative zero', () => {
    expect(Object.is(parsePlanNumber('-0'), -0)).toBe(true);
  });

  it('reads a unit letter after a plain decimal in thousands or binary units', () => {
    expect(parsePlanNumber('1.5k')).toBe(1.5 * 1000);
    expect(parseByteSize('-1M')).toBe(-(1024 ** 2));
  });

  it.each([
    ['k', 1],
    ['m', 2],
    ['g', 3],
    ['t', 4],
    ['p', 5],
  ])('reads the unit %j in either case as the power %d, in both bases', (letter, power) => {
    for (const unit of [letter, letter.toUpperCase()]) {
      expect(parsePlanNumber(`2${unit}`)).toBe(2 * 1000 ** power);
      expect(parsePlanNumber(`2.5${unit}`)).toBe(2.5 * 1000 ** power);
      expect(parseByteSize(`3${unit}`)).toBe(3 * 1024 ** power);
    }
  });

  it('reads a letter outside ASCII that lower-cases to a unit (the Kelvin sign), as before', () => {
    expect(parsePlanNumber('7\u212A')).toBe(7000);
    expect(parseByteSize('7\u212A')).toBe(7 * 1024);
  });

  it.each(['2x', '2j', '2K2', '2\u00e9', '2@', '2+'])('gives no number for %j', (text) => {
    expect(parsePlanNumber(text)).toBeUndefined();
  });

  it.each(['.', '-', '1.2.3', '0b', '1e5x'])('leaves %j to the general reader', (text) => {
    expect(parsePlanNumber(text)).toBeUndefined();
  });
});
