import { describe, expect, it } from 'vitest';
import { compareDecimalText, parseDecimal } from '../../../src/shared/query/compare-decimal';

const sign = (n: number) => Math.sign(n);

describe('compareDecimalText', () => {
  it.each([
    ['18446744073709551614', '18446744073709551615', -1],
    ['9007199254740993', '9007199254740992', 1],
    ['-9223372036854775808', '-9223372036854775807', -1],
    ['0.1000000000000000000001', '0.1', 1],
    [
      '12345678901234567890123456789012345.123456789012345678901234567890',
      '12345678901234567890123456789012345.12345678901234567890123456789',
      0,
    ],
    ['1.50', '1.5', 0],
    ['-0', '0', 0],
    ['0.000', '-0.0', 0],
    ['10', '9', 1],
    ['-10', '-9', -1],
    ['-0.5', '0.5', -1],
    ['1e308', '9.99e307', 1],
    ['1.5e-7', '0.00000015', 0],
    ['-1.5E+3', '-1500', 0],
    ['.5', '0.4999999999999999999999', 1],
    ['007', '7', 0],
    ['2155', '1901', 1],
  ])('%s vs %s → %i', (a, b, expected) => {
    expect(sign(compareDecimalText(a, b))).toBe(expected);
    expect(sign(compareDecimalText(b, a))).toBe(-expected || 0);
  });

  it('sorts text that is not a number after every number', () => {
    expect(compareDecimalText('abc', '99999')).toBeGreaterThan(0);
    expect(compareDecimalText('-1', 'abc')).toBeLessThan(0);
    expect(compareDecimalText('abc', 'abd')).toBeLessThan(0);
  });

  it('orders a shuffled list exactly, where floats would tie', () => {
    const sorted = [
      '-18446744073709551615',
      '-1',
      '0',
      '0.30000000000000000001',
      '9007199254740992',
      '9007199254740993',
      '18446744073709551615',
      '1e30',
    ];
    const shuffled = [...sorted].reverse();
    shuffled.sort(compareDecimalText);
    expect(shuffled).toEqual(sorted);
  });

  it('parses only plain numbers', () => {
    expect(parseDecimal('1e')).toBeNull();
    expect(parseDecimal('.')).toBeNull();
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('0x1F')).toBeNull();
    expect(parseDecimal('12:30:00')).toBeNull();
    expect(parseDecimal('120.0500')).toEqual({ negative: false, digits: '12005', exponent: 3 });
  });
});
