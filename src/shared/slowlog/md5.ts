// MD5 over a byte string (one char per byte, codes 0-255), because pt-query-digest derives its
// class IDs from the MD5 of the fingerprint's bytes and shared code has no crypto module.

const SHIFTS = [
  7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14,
  20, 5, 9, 14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6,
  10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
];
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) | 0);

/** The MD5 digest of `bytes` (a string of char codes 0-255) as 32 lower-case hex digits. */
export function md5Hex(bytes: string): string {
  const length = bytes.length;
  const blocks = ((length + 8) >>> 6) + 1;
  const words = new Int32Array(blocks * 16);
  for (let i = 0; i < length; i += 1)
    words[i >> 2]! |= (bytes.charCodeAt(i) & 0xff) << ((i % 4) * 8);
  words[length >> 2]! |= 0x80 << ((length % 4) * 8);
  words[blocks * 16 - 2] = (length * 8) | 0;
  words[blocks * 16 - 1] = Math.floor(length / 0x20000000) | 0;
  let a0 = 0x67452301;
  let b0 = 0xefcdab89 | 0;
  let c0 = 0x98badcfe | 0;
  let d0 = 0x10325476;
  for (let block = 0; block < blocks; block += 1) {
    let a = a0;
    let b = b0;
    let c = c0;
    let d = d0;
    for (let i = 0; i < 64; i += 1) {
      let f: number;
      let g: number;
      if (i < 16) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (i < 32) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) % 16;
      } else if (i < 48) {
        f = b ^ c ^ d;
        g = (3 * i + 5) % 16;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) % 16;
      }
      const sum = (a + f + K[i]! + words[block * 16 + g]!) | 0;
      const shift = SHIFTS[i]!;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) | 0;
    }
    a0 = (a0 + a) | 0;
    b0 = (b0 + b) | 0;
    c0 = (c0 + c) | 0;
    d0 = (d0 + d) | 0;
  }
  let hex = '';
  for (const word of [a0, b0, c0, d0]) {
    for (let i = 0; i < 4; i += 1) hex += ((word >>> (i * 8)) & 0xff).toString(16).padStart(2, '0');
  }
  return hex;
}
