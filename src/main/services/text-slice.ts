/**
 * Part of a long text value, cut by characters (UTF-16 code units, as the screens count them)
 * straight from its bytes: a 100 MB value is never decoded whole to serve one slice of it.
 */

/** Bytes per code unit for encodings where that is fixed; null for UTF-8. */
function fixedWidth(encoding: BufferEncoding): number | null {
  if (encoding === 'utf16le' || encoding === 'ucs2' || encoding === 'utf-16le') return 2;
  if (encoding === 'utf8' || encoding === 'utf-8') return null;
  // latin1, ascii, binary, hex/base64 never occur for text columns; one byte, one character.
  return 1;
}

/** Code units `bytes` decode to in UTF-8 (a 4-byte sequence is two: a surrogate pair). */
export function utf8Units(bytes: Buffer, from = 0, to = bytes.length): number {
  let units = 0;
  for (let i = from; i < to; i++) {
    const b = bytes[i]!;
    if ((b & 0xc0) !== 0x80) units += b >= 0xf0 ? 2 : 1;
  }
  return units;
}

/**
 * Where code unit `unit` starts in UTF-8 `bytes`: the byte offset of its character, and 1 when
 * the unit is the second half of a surrogate pair (the character starts one unit earlier).
 */
function utf8Position(bytes: Buffer, unit: number): { byte: number; skip: number } {
  let units = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if ((b & 0xc0) === 0x80) continue;
    const width = b >= 0xf0 ? 2 : 1;
    if (units + width > unit) return { byte: i, skip: unit - units };
    units += width;
  }
  return { byte: bytes.length, skip: 0 };
}

/** How many code units the whole value decodes to. */
export function textLength(bytes: Buffer, encoding: BufferEncoding): number {
  const width = fixedWidth(encoding);
  return width === null ? utf8Units(bytes) : Math.floor(bytes.length / width);
}

/** Code units `offset ..< offset+length` of the value, decoding only the bytes they need. */
export function textSlice(
  bytes: Buffer,
  encoding: BufferEncoding,
  offset: number,
  length: number,
): string {
  const width = fixedWidth(encoding);
  if (width !== null) {
    return bytes.subarray(offset * width, (offset + length) * width).toString(encoding);
  }
  const start = utf8Position(bytes, offset);
  // At most 3 bytes per unit (4 per surrogate pair): enough bytes for `length` units and a spare.
  const end = Math.min(bytes.length, start.byte + (length + start.skip) * 3 + 4);
  const text = bytes.subarray(start.byte, end).toString('utf8');
  return text.slice(start.skip, start.skip + length);
}
