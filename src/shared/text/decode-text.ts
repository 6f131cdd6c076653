// The WHATWG decoder, global in Node and browsers alike; src/shared compiles without either's types.
declare const TextDecoder: new (
  label: string,
  options: { fatal: boolean },
) => { decode(input: Uint8Array): string };

/** The encodings a text file is read in: UTF-8, or UTF-16 when it starts with a byte-order mark. */
export type TextEncodingName = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE';

/** A file's bytes read as text, or where they stop being text in their encoding. */
export type DecodedText =
  | { ok: true; text: string; encoding: TextEncodingName }
  | {
      ok: false;
      encoding: TextEncodingName;
      /** The first byte that is not part of a well-formed character, from 0. */
      byteOffset: number;
      /** Its line (from 1, counting line feeds before it). */
      line: number;
    };

/**
 * Reads `bytes` as UTF-8 (a byte-order mark dropped), or as UTF-16 when they start with its
 * byte-order mark, strictly: a file in another encoding (latin1, cp1252) is refused with where
 * its first stray byte is, never read with its accented letters turned into U+FFFD (which would
 * then run, be linted or be saved in their place).
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  const encoding: TextEncodingName =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? 'UTF-16LE'
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? 'UTF-16BE'
        : 'UTF-8';
  try {
    const text = new TextDecoder(encoding.toLowerCase(), { fatal: true }).decode(bytes);
    return { ok: true, text, encoding };
  } catch {
    const byteOffset =
      encoding === 'UTF-8' ? firstBadUtf8Byte(bytes) : firstBadUtf16Byte(bytes, encoding);
    return { ok: false, encoding, byteOffset, line: lineAt(bytes, byteOffset, encoding) };
  }
}

/** Where well-formed UTF-8 (RFC 3629: no overlongs, surrogates or code points past U+10FFFF) stops. */
function firstBadUtf8Byte(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    if (c < 0x80) {
      i += 1;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c === 0xe0) lo = 0xa0;
      if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c === 0xf0) lo = 0x90;
      if (c === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const d = b[i + k];
      const [min, max] = k === 1 ? [lo, hi] : [0x80, 0xbf];
      if (d === undefined || d < min || d > max) return i;
    }
    i += need + 1;
  }
  return b.length;
}

/** Where well-formed UTF-16 (surrogates in pairs, an even length) stops. */
function firstBadUtf16Byte(b: Uint8Array, encoding: TextEncodingName): number {
  const unit = (i: number) =>
    encoding === 'UTF-16LE' ? b[i]! | (b[i + 1]! << 8) : (b[i]! << 8) | b[i + 1]!;
  let i = 0;
  while (i + 1 < b.length) {
    const u = unit(i);
    if (u >= 0xdc00 && u <= 0xdfff) return i;
    if (u >= 0xd800 && u <= 0xdbff) {
      if (i + 3 >= b.length) return i;
      const v = unit(i + 2);
      if (v < 0xdc00 || v > 0xdfff) return i;
      i += 4;
      continue;
    }
    i += 2;
  }
  return i;
}

function lineAt(b: Uint8Array, offset: number, encoding: TextEncodingName): number {
  let line = 1;
  if (encoding === 'UTF-8') {
    for (let i = 0; i < offset; i++) if (b[i] === 0x0a) line++;
  } else {
    const low = encoding === 'UTF-16LE' ? 0 : 1;
    for (let i = 0; i + 1 < offset; i += 2) if (b[i + low] === 0x0a && b[i + 1 - low] === 0) line++;
  }
  return line;
}

/** `decodeText`'s refusal in words: `not UTF-8 text (byte 0xE9 at line 3, byte 41)`. */
export function describeUndecodable(
  bytes: Uint8Array,
  refusal: Extract<DecodedText, { ok: false }>,
): string {
  const at = bytes[refusal.byteOffset];
  const what =
    at === undefined
      ? 'it ends inside a character'
      : `byte 0x${at.toString(16).toUpperCase().padStart(2, '0')}`;
  const family = refusal.encoding === 'UTF-8' ? 'UTF-8' : 'UTF-16';
  return `not ${family} text (${what} at line ${refusal.line}, byte offset ${refusal.byteOffset})`;
}
