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
