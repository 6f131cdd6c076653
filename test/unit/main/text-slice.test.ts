import { describe, expect, it } from 'vitest';
import { textLength, textSlice, utf8Units } from '../../../src/main/services/text-slice';

const TEXT = 'aé€😀b'.repeat(5) + 'ascii tail';

describe('slices of long text cut from its bytes', () => {
  it('counts characters as JavaScript does, a 4-byte character as two', () => {
    const bytes = Buffer.from(TEXT, 'utf8');
    expect(utf8Units(bytes)).toBe(TEXT.length);
    expect(textLength(bytes, 'utf8')).toBe(TEXT.length);
    expect(textLength(Buffer.from(TEXT, 'utf16le'), 'utf16le')).toBe(TEXT.length);
    expect(textLength(Buffer.from('héllo', 'latin1'), 'latin1')).toBe(5);
  });

  it('gives exactly the slice decoding the whole would give, at every offset and length', () => {
    for (const encoding of ['utf8', 'utf16le'] as const) {
      const bytes = Buffer.from(TEXT, encoding);
      for (let offset = 0; offset <= TEXT.length; offset++) {
        for (const length of [1, 2, 3, 7, 100]) {
          expect(
            textSlice(bytes, encoding, offset, length),
            `${encoding} ${offset}+${length}`,
          ).toBe(TEXT.slice(offset, offset + length));
        }
      }
    }
    expect(textSlice(Buffer.from('héllo wörld', 'latin1'), 'latin1', 4, 4)).toBe('o wö');
  });

  it('serves the end of a 100 MB value without decoding the rest', () => {
    const big = Buffer.alloc(100 * 1024 * 1024, 'x');
    big.write('€nd', big.length - 5, 'utf8');
    const total = textLength(big, 'utf8');
    expect(total).toBe(100 * 1024 * 1024 - 2);
    expect(textSlice(big, 'utf8', total - 4, 10)).toBe('x€nd');
  });
});
