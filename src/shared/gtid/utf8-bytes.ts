/**
 * `text` as a string of its UTF-8 bytes, one character (0-255) per byte, as a client sends it
 * to the server (a lone surrogate becomes U+FFFD, as Node's encoder does). MySQL parses GTID
 * sets byte by byte and counts positions in bytes; parsing this string does the same. ASCII
 * text is returned as is.
 */
export function utf8ByteString(text: string): string {
  if (!NON_ASCII.test(text)) return text;
  let bytes = '';
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code < 0x80) {
      bytes += text[i];
      continue;
    }
    if (code >= 0xd800 && code <= 0xdbff) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        i++;
      } else {
        code = 0xfffd;
      }
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      code = 0xfffd;
    }
    if (code < 0x800) {
      bytes += String.fromCharCode(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
    } else if (code < 0x10000) {
      bytes += String.fromCharCode(
        0xe0 | (code >> 12),
        0x80 | ((code >> 6) & 0x3f),
        0x80 | (code & 0x3f),
      );
    } else {
      bytes += String.fromCharCode(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 0x3f),
        0x80 | ((code >> 6) & 0x3f),
        0x80 | (code & 0x3f),
      );
    }
  }
  return bytes;
}

const NON_ASCII = /[\u0080-\uffff]/;
