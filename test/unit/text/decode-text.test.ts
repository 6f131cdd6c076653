import { describe, expect, it } from 'vitest';
import { decodeText, describeUndecodable } from '../../../src/shared/text/decode-text';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'utf8')] : p)));

function refusal(b: Uint8Array) {
  const d = decodeText(b);
  if (d.ok) throw new Error(`decoded: ${d.text}`);
  return d;
}

describe('decodeText', () => {
  it('reads UTF-8, dropping a byte-order mark', () => {
    expect(decodeText(bytes("SELECT 'café' -- ✓ 𝄞"))).toEqual({
      ok: true,
      text: "SELECT 'café' -- ✓ 𝄞",
      encoding: 'UTF-8',
    });
    expect(decodeText(bytes([0xef, 0xbb, 0xbf], 'SELECT 1'))).toMatchObject({
      ok: true,
      text: 'SELECT 1',
    });
  });

  it('reads UTF-16 in either byte order after its byte-order mark', () => {
    const le = new Uint8Array(Buffer.from('\ufeffSELECT "é𝄞";', 'utf16le'));
    expect(decodeText(le)).toEqual({ ok: true, text: 'SELECT "é𝄞";', encoding: 'UTF-16LE' });
    const be = new Uint8Array(le.length);
    for (let i = 0; i + 1 < le.length; i += 2) [be[i], be[i + 1]] = [le[i + 1]!, le[i]!];
    expect(decodeText(be)).toEqual({ ok: true, text: 'SELECT "é𝄞";', encoding: 'UTF-16BE' });
  });

  it('says where a latin1 letter is, by line and byte', () => {
    const latin1 = new Uint8Array(
      Buffer.from("SELECT 1;\nINSERT INTO t VALUES ('caf\xe9');", 'latin1'),
    );
    const r = refusal(latin1);
    expect(r).toEqual({ ok: false, encoding: 'UTF-8', byteOffset: 36, line: 2 });
    expect(describeUndecodable(latin1, r)).toBe(
      'not UTF-8 text (byte 0xE9 at line 2, byte offset 36)',
    );
  });

  it('refuses what UTF-8 forbids: overlong forms, surrogates, past U+10FFFF, cut sequences', () => {
    expect(refusal(bytes('ab', [0xc0, 0x80])).byteOffset).toBe(2);
    expect(refusal(bytes('a', [0xe0, 0x80, 0x80])).byteOffset).toBe(1);
    expect(refusal(bytes('a', [0xed, 0xa0, 0x80])).byteOffset).toBe(1);
    expect(refusal(bytes([0xf4, 0x90, 0x80, 0x80])).byteOffset).toBe(0);
    expect(refusal(bytes('abc', [0xe2, 0x9c])).byteOffset).toBe(3);
    expect(refusal(bytes('x', [0x80])).byteOffset).toBe(1);
  });

  it('refuses a lone surrogate or an odd length in UTF-16', () => {
    const lone = new Uint8Array([0xff, 0xfe, 0x41, 0x00, 0x0a, 0x00, 0x00, 0xd8, 0x41, 0x00]);
    expect(refusal(lone)).toEqual({ ok: false, encoding: 'UTF-16LE', byteOffset: 6, line: 2 });
    const odd = new Uint8Array([0xfe, 0xff, 0x00, 0x41, 0x00]);
    expect(refusal(odd)).toMatchObject({ encoding: 'UTF-16BE', byteOffset: 4, line: 1 });
  });

  it('agrees with the platform decoder on random bytes, and everything before the offset reads', () => {
    let state = 12345;
    const next = () => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state >>> 16;
    };
    for (let n = 0; n < 3000; n++) {
      // Mostly text with a few high bytes, so that valid sequences of every length come up.
      const b = new Uint8Array(1 + (next() % 24));
      for (let i = 0; i < b.length; i++) b[i] = next() % 3 === 0 ? 0x80 + (next() % 0x78) : 0x61;
      let platform: string | null;
      try {
        platform = new TextDecoder('utf-8', { fatal: true }).decode(b);
      } catch {
        platform = null;
      }
      const ours = decodeText(b);
      if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) continue;
      expect(ours.ok, `bytes ${Buffer.from(b).toString('hex')}`).toBe(platform !== null);
      if (!ours.ok) {
        expect(() =>
          new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(0, ours.byteOffset)),
        ).not.toThrow();
      }
    }
  });
});
