import type { Bound } from './bound';
import type { GtidSet } from './gtid-set';
import { GtidSetBuilder } from './gtid-set-builder';

/**
 * A fast reader for the spelling servers print and people paste: `uuid[:tag]:n[-m]...`
 * separated by `,` or `,\n`, no other whitespace, numbers of at most 15 digits. Returns null
 * for anything else (whitespace, braces, hyphen-less UUIDs, large numbers, errors), which the
 * full parser then reads; whatever this accepts, the full parser reads to the same set.
 */
export function parseCommonGtidSet(text: string): GtidSet | null {
  const length = text.length;
  const builder = new GtidSetBuilder();
  let pos = 0;
  while (pos < length) {
    if (pos + 36 > length) return null;
    let upper = false;
    for (let i = 0; i < 36; i++) {
      const code = text.charCodeAt(pos + i);
      if (i === 8 || i === 13 || i === 18 || i === 23) {
        if (code !== 0x2d) return null;
      } else if (code >= 0x41 && code <= 0x46) {
        upper = true;
      } else if (!((code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x66))) {
        return null;
      }
    }
    const uuid = upper ? text.slice(pos, pos + 36).toLowerCase() : text.slice(pos, pos + 36);
    pos += 36;
    let tag = '';
    while (pos < length && text.charCodeAt(pos) === 0x3a) {
      pos++;
      const code = text.charCodeAt(pos);
      if (code >= 0x30 && code <= 0x39) {
        const raw: Bound[] = [];
        for (;;) {
          // Up to 15 digits: exact as a number, and far below MySQL's limit of 2^63-2.
          let start = 0;
          let digits = pos;
          for (let c = text.charCodeAt(pos); c >= 0x30 && c <= 0x39; c = text.charCodeAt(++pos)) {
            start = start * 10 + (c - 0x30);
          }
          if (pos - digits > 15 || start === 0) return null;
          let last = start;
          if (text.charCodeAt(pos) === 0x2d) {
            digits = ++pos;
            last = 0;
            for (let c = text.charCodeAt(pos); c >= 0x30 && c <= 0x39; c = text.charCodeAt(++pos)) {
              last = last * 10 + (c - 0x30);
            }
            if (pos === digits || pos - digits > 15) return null;
          }
          if (last >= start) raw.push(start, last + 1);
          const next = text.charCodeAt(pos + 1);
          if (text.charCodeAt(pos) !== 0x3a || !(next >= 0x30 && next <= 0x39)) break;
          pos++;
        }
        builder.add(uuid, tag, raw);
      } else if (isTagStart(code)) {
        const from = pos;
        while (pos < length && isTagChar(text.charCodeAt(pos))) pos++;
        if (pos - from > 32) return null;
        tag = text.slice(from, pos).toLowerCase();
      } else {
        return null;
      }
    }
    if (pos === length) break;
    if (text.charCodeAt(pos) !== 0x2c) return null;
    pos++;
    if (text.charCodeAt(pos) === 0x0a) pos++;
  }
  return builder.build();
}

function isTagStart(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f;
}

function isTagChar(code: number): boolean {
  return isTagStart(code) || (code >= 0x30 && code <= 0x39);
}
