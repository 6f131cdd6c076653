/**
 * A byte string (char codes 0-255, as the reader keeps statements) shown as text: UTF-8
 * sequences are decoded, any other byte becomes U+FFFD, so a statement with latin1 or binary
 * bytes still prints.
 */
export function byteStringToText(bytes: string): string {
  if (!/[\x80-\xff]/.test(bytes)) return bytes;
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const b0 = bytes.charCodeAt(i);
    const need =
      b0 < 0x80
        ? 0
        : b0 >= 0xc2 && b0 < 0xe0
          ? 1
          : b0 >= 0xe0 && b0 < 0xf0
            ? 2
            : b0 >= 0xf0 && b0 < 0xf5
              ? 3
              : -1;
    if (need === 0) {
      out += bytes[i];
      i += 1;
      continue;
    }
    let code = need === 1 ? b0 & 0x1f : need === 2 ? b0 & 0x0f : b0 & 0x07;
    let ok = need > 0 && i + need < bytes.length + 0;
    for (let k = 1; ok && k <= need; k += 1) {
      const next = bytes.charCodeAt(i + k);
      if ((next & 0xc0) !== 0x80) ok = false;
      else code = (code << 6) | (next & 0x3f);
    }
    const minimum = need === 1 ? 0x80 : need === 2 ? 0x800 : 0x10000;
    if (!ok || code < minimum || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
      out += '\ufffd';
      i += 1;
      continue;
    }
    out += String.fromCodePoint(code);
    i += need + 1;
  }
  return out;
}
