import { describe, expect, it } from 'vitest';
import { asciiBytes, utf8Text } from '../../../src/shared/gtid/text-bytes';

describe('asciiBytes', () => {
  it('gives one byte per character and a 0 after the last', () => {
    const bytes = asciiBytes('ab:1-2');
    expect(bytes).not.toBeNull();
    expect(Array.from(bytes!.subarray(0, 7))).toEqual([0x61, 0x62, 0x3a, 0x31, 0x2d, 0x32, 0]);
  });

  it('refuses any text that is not all ASCII, wherever the character is', () => {
    expect(asciiBytes('é')).toBeNull();
    expect(asciiBytes(`${'a'.repeat(5000)}é`)).toBeNull();
    expect(asciiBytes('\ud83d\ude00')).toBeNull();
    // A lone surrogate, which the encoder writes as 3 bytes of U+FFFD.
    expect(asciiBytes('a\ud800')).toBeNull();
  });

  it('refuses a non-ASCII text that fills the buffer exactly, byte for character', () => {
    // A text over 4 MB leaves the reused buffer at its initial 4 KB; a text of more than twice
    // that then gets a buffer of its length + 1. Encoding `é a…a €` stops before the `€`,
    // having written as many bytes as the text has characters: only the characters read
    // give the text away.
    asciiBytes('9'.repeat(1 << 23));
    const text = `é${'a'.repeat(9000)}€`;
    expect(asciiBytes(text)).toBeNull();
  });

  it('reads texts longer than any read before, and a short one after a long one', () => {
    const long = '9'.repeat(1 << 23);
    const bytes = asciiBytes(long)!;
    expect(bytes[0]).toBe(0x39);
    expect(bytes[long.length - 1]).toBe(0x39);
    expect(bytes[long.length]).toBe(0);
    const short = asciiBytes('12')!;
    expect(Array.from(short.subarray(0, 3))).toEqual([0x31, 0x32, 0]);
  });
});

describe('utf8Text', () => {
  it('decodes the first bytes as UTF-8, U+FFFD included', () => {
    const bytes = Uint8Array.from([0x61, 0xef, 0xbf, 0xbd, 0x3a, 0x31, 0x39]);
    expect(utf8Text(bytes, 6)).toBe('a\ufffd:1');
    expect(utf8Text(bytes, 0)).toBe('');
  });
});
