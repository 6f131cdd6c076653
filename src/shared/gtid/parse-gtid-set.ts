import { boundOf, nextBound, type Bound } from './bound';
import type { GtidSet } from './gtid-set';
import { GtidSetBuilder } from './gtid-set-builder';
import { parseCommonGtidSet } from './parse-common-gtid-set';
import { utf8ByteString } from './utf8-bytes';
import {
  gtidSetSyntaxError,
  MalformedGtidSetError,
  type GtidSetSyntaxError,
} from './malformed-gtid-set';

export type GtidSetParseResult =
  { ok: true; set: GtidSet } | { ok: false; error: GtidSetSyntaxError };

/**
 * Parses a GTID set exactly as MySQL 9.7 does (GTID_SUBTRACT, GTID_SUBSET, gtid_purged, ...):
 * accepts what it accepts, and for what it refuses gives the same reason, position and error
 * text. What the server showed (each rule checked against MySQL 9.7.4):
 * - `''`, whitespace, and commas alone are the empty set; `,,uuid:1,,,` is fine.
 * - Whitespace (tab, LF, VT, FF, CR, space) may surround every token: ` uuid : 1 - 2 , `.
 * - UUIDs: any case, `8-4-4-4-12` hex, or 32 hex digits, or `{8-4-4-4-12}`; printed lower case.
 * - Numbers: decimal digits only (no sign), leading zeros fine; a start must be in
 *   1..9223372036854775806 (2^63-2): `uuid:0` and `uuid:9223372036854775807` are
 *   "Interval start out of range", 2^64 and beyond "Number out of range".
 * - `a-b` with b < a is empty, not an error (`uuid:5-3` gives `''`).
 * - Tags (`uuid:tag:1-5`): 1 to 32 bytes of `[A-Za-z0-9_]`, not starting with a digit,
 *   folded to lower case; `uuid:tag` and `uuid:a:b` (no numbers) are accepted and add nothing;
 *   a tag applies to the intervals that follow it until the next tag or UUID.
 * - Past the first character of a tag, MySQL 9.7 also takes any non-ASCII byte as a tag
 *   character and stores it as byte 0xFF (`uuid:aé:1` gives `uuid:a\xff\xff:1`, which a UTF-8
 *   client reads as U+FFFD U+FFFD); such a tag is kept here with one U+FFFD per byte, so it
 *   compares, sorts and merges as on the server.
 * Errors name the position in UTF-8 bytes, as MySQL does.
 */
export function parseGtidSet(text: string): GtidSetParseResult {
  const common = parseCommonGtidSet(text);
  if (common) return new Parsed(common);
  return new GtidSetTextParser(utf8ByteString(text)).parse();
}

/** A successful parse; a class, not a literal: see `Entry` in gtid-set.ts. */
class Parsed {
  readonly ok = true;
  constructor(readonly set: GtidSet) {}
}

/** Like `parseGtidSet`, throwing `MalformedGtidSetError` for text MySQL would refuse. */
export function requireGtidSet(text: string): GtidSet {
  const result = parseGtidSet(text);
  if (!result.ok) throw new MalformedGtidSetError(result.error);
  return result.set;
}

const MAX_EXCLUSIVE = 9223372036854775807n; // 2^63-1: the first sequence number MySQL refuses
const UINT64_MAX = 18446744073709551615n;

const COMMA = 0x2c;
const COLON = 0x3a;
const DASH = 0x2d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const UUID_SECTIONS = [4, 2, 2, 2, 6];

/** How a piece of grammar ended: matched, matched and ended its enclosing list, or failed. */
const MATCHED = 0;
const ENDED = 1;
const FAILED = 2;
type Outcome = typeof MATCHED | typeof ENDED | typeof FAILED;

/**
 * A backtracking parser whose choices, and so its error reports, follow the server's:
 * - every attempt that does not match records its reason, and the reported error is the one
 *   recorded furthest into the text (the latest one when several are equally far), reported
 *   only if the text is not consumed to its end;
 * - after the optional part of a rule fails, the rule ends where its mandatory part ended and
 *   the list that contains it ends too (MySQL's "the string may end here");
 * - whitespace is skipped before and after every token, never inside one.
 * The set grammar: `","* (UUID_SET (","+ UUID_SET)*)? ","*`, `UUID_SET := UUID TAG_SET*`,
 * `TAG_SET := (":" TAG)* (":" INTERVAL (":" INTERVAL)*)?`, `INTERVAL := N ("-" N)?`.
 */
class GtidSetTextParser {
  private pos = 0;
  private errorPos = -1;
  private errorReason = '';
  private uuid = '';
  private tag = '';
  private readonly builder = new GtidSetBuilder();
  private readonly length: number;

  /** `text` is the input's UTF-8 bytes, one character per byte. */
  constructor(private readonly text: string) {
    this.length = text.length;
  }

  parse(): GtidSetParseResult {
    this.skipSpace();
    while (this.literal(COMMA, 'Expected ","'));
    this.repeat(() => this.uuidSetAndSeparators());
    if (this.pos < this.length) {
      const ended = this.errorPos < this.pos;
      const error = gtidSetSyntaxError(
        this.text,
        ended ? 'Expected end of string' : this.errorReason,
        ended ? this.pos : this.errorPos,
      );
      return { ok: false, error };
    }
    return { ok: true, set: this.builder.build() };
  }

  /** Runs `item` until it fails (undoing that attempt), ends its list, or stops advancing. */
  private repeat(item: () => Outcome): void {
    let before = this.pos;
    for (let count = 0; ; count++) {
      if (count > 0 && this.pos === before) return;
      before = this.pos;
      const outcome = item();
      if (outcome === FAILED) {
        this.pos = before;
        return;
      }
      if (outcome === ENDED) return;
    }
  }

  private uuidSetAndSeparators(): Outcome {
    if (this.uuidSet() === FAILED) return FAILED;
    const optionalFrom = this.pos;
    if (!this.literal(COMMA, 'Expected ","')) {
      this.pos = optionalFrom;
      return ENDED;
    }
    while (this.literal(COMMA, 'Expected ","'));
    return MATCHED;
  }

  private uuidSet(): Outcome {
    if (!this.readUuid()) return FAILED;
    this.tag = '';
    this.repeat(() => this.tagSet());
    return MATCHED;
  }

  private tagSet(): Outcome {
    this.repeat(() => this.colonAndTag());
    const optionalFrom = this.pos;
    if (!this.literal(COLON, 'Expected ":"')) {
      this.pos = optionalFrom;
      return ENDED;
    }
    const raw = this.readIntervalSet();
    if (raw === null) {
      this.pos = optionalFrom;
      return ENDED;
    }
    this.builder.add(this.uuid, this.tag, raw);
    return MATCHED;
  }

  private colonAndTag(): Outcome {
    if (!this.literal(COLON, 'Expected ":"')) return FAILED;
    return this.readTag() ? MATCHED : FAILED;
  }

  /** `INTERVAL (":" INTERVAL)*` as raw `[start, end)` pairs, or null. */
  private readIntervalSet(): Bound[] | null {
    const from = this.pos;
    this.skipSpace();
    const raw: Bound[] = [];
    if (!this.readInterval(raw)) {
      this.pos = from;
      return null;
    }
    for (;;) {
      const before = this.pos;
      if (!this.literal(COLON, 'Expected ":"') || !this.readInterval(raw)) {
        this.pos = before;
        return raw;
      }
    }
  }

  /** One `N` or `N-M`, appended to `raw` unless empty (M < N); false if there is none. */
  private readInterval(raw: Bound[]): boolean {
    const from = this.pos;
    this.skipSpace();
    const startAt = this.pos;
    const start = this.readNumber();
    if (start === null) {
      this.pos = from;
      return false;
    }
    if (start < 1 || start >= MAX_EXCLUSIVE) {
      this.fail('Interval start out of range', this.pos);
      // The server then points at the number itself.
      this.errorPos = startAt;
      this.pos = from;
      return false;
    }
    let last: Bound = start;
    const optionalFrom = this.pos;
    if (this.literal(DASH, 'Expected "-"')) {
      const end = this.readNumber();
      if (end === null) {
        this.pos = optionalFrom;
      } else if (end >= MAX_EXCLUSIVE) {
        this.fail('Interval end out of range', this.pos);
        // The "-" cannot be read by anything else, so the whole text is refused.
        this.pos = optionalFrom;
      } else {
        last = end;
      }
    }
    if (last >= start) raw.push(start, nextBound(last));
    return true;
  }

  /** Decimal digits as an unsigned 64-bit number (MySQL reads them so), or null. */
  private readNumber(): Bound | null {
    const from = this.pos;
    this.skipSpace();
    const digitsAt = this.pos;
    let end = digitsAt;
    let value = 0;
    while (end < this.length) {
      const code = this.text.charCodeAt(end);
      if (code < 0x30 || code > 0x39) break;
      value = value * 10 + (code - 0x30);
      end++;
    }
    if (end === digitsAt) {
      this.fail('Expected number', digitsAt);
      this.pos = from;
      return null;
    }
    let result: Bound = value;
    if (end - digitsAt > 15) {
      let significant = digitsAt;
      while (significant < end - 1 && this.text.charCodeAt(significant) === 0x30) significant++;
      // More than 20 significant digits is beyond 2^64 without converting a huge text.
      const exact =
        end - significant > 20 ? UINT64_MAX + 1n : BigInt(this.text.slice(significant, end));
      if (exact > UINT64_MAX) {
        this.fail('Number out of range', digitsAt);
        this.pos = from;
        return null;
      }
      result = boundOf(exact);
    }
    this.pos = end;
    this.skipSpace();
    return result;
  }

  private readTag(): boolean {
    const from = this.pos;
    this.skipSpace();
    const length = this.tagLength();
    if (length <= 0) {
      this.fail('Invalid tag format', this.pos);
      this.pos = from;
      return false;
    }
    this.tag = normalizeTag(this.text.slice(this.pos, this.pos + length));
    this.pos += length;
    this.skipSpace();
    return true;
  }

  /**
   * The length of the tag at the position: 0 when no tag character is there, -1 when tag
   * characters are there but form no valid tag (a leading digit, or more than 32 bytes).
   */
  private tagLength(): number {
    const at = this.pos;
    if (at >= this.length) return 0;
    const first = this.text.charCodeAt(at);
    if (!isTagStart(first)) return isDigit(first) ? -1 : 0;
    const end = Math.min(this.length, at + 32);
    for (let i = at + 1; i < end; i++) {
      if (!isLaterTagByte(this.text.charCodeAt(i))) return i - at;
    }
    if (end < this.length && isLaterTagByte(this.text.charCodeAt(end))) return -1;
    return end - at;
  }

  private readUuid(): boolean {
    const from = this.pos;
    this.skipSpace();
    if (!this.decodeUuid()) {
      this.pos = from;
      return false;
    }
    this.skipSpace();
    return true;
  }

  /** A UUID, no whitespace inside; sets `this.uuid` to its canonical text. */
  private decodeUuid(): boolean {
    const text = this.text;
    const braced = text.charCodeAt(this.pos) === OPEN_BRACE;
    if (braced) this.pos++;
    else this.fail('Expected "{"', this.pos);
    // Braces make hyphens mandatory; otherwise the first separator decides for all.
    let hyphens: boolean | null = braced ? true : null;
    let digits = '';
    for (let section = 0; section < UUID_SECTIONS.length; section++) {
      if (section > 0 && hyphens !== false) {
        if (text.charCodeAt(this.pos) === DASH) {
          this.pos++;
          hyphens = true;
        } else {
          this.fail('Expected "-"', this.pos);
          if (hyphens) return false;
          hyphens = false;
        }
      }
      const sectionStart = this.pos;
      for (let byte = 0; byte < UUID_SECTIONS[section]!; byte++) {
        const at = this.pos;
        if (this.length - at < 2) {
          this.fail('Expected at least two hex digits', at);
          return false;
        }
        if (!isHexDigit(text.charCodeAt(at))) {
          this.fail('Expected hex digit', at);
          return false;
        }
        if (!isHexDigit(text.charCodeAt(at + 1))) {
          this.fail('Expected hex digit', at + 1);
          return false;
        }
        this.pos = at + 2;
      }
      digits +=
        section > 0 ? `-${text.slice(sectionStart, this.pos)}` : text.slice(sectionStart, this.pos);
    }
    if (braced) {
      if (text.charCodeAt(this.pos) !== CLOSE_BRACE) {
        this.fail('Expected "}"', this.pos);
        return false;
      }
      this.pos++;
    }
    this.uuid = digits.toLowerCase();
    return true;
  }

  /** Matches `code` with whitespace around it; on a mismatch records `reason` and stays put. */
  private literal(code: number, reason: string): boolean {
    const from = this.pos;
    this.skipSpace();
    if (this.text.charCodeAt(this.pos) === code) {
      this.pos++;
      this.skipSpace();
      return true;
    }
    this.fail(reason, from);
    this.pos = from;
    return false;
  }

  private skipSpace(): void {
    while (this.pos < this.length) {
      const code = this.text.charCodeAt(this.pos);
      if (code !== 0x20 && (code < 0x09 || code > 0x0d)) return;
      this.pos++;
    }
  }

  private fail(reason: string, at: number): void {
    if (at >= this.errorPos) {
      this.errorPos = at;
      this.errorReason = reason;
    }
  }
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function isTagStart(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f;
}

/** A tag byte after the first: see the note on non-ASCII bytes in `parseGtidSet`. */
function isLaterTagByte(code: number): boolean {
  return isTagStart(code) || isDigit(code) || code >= 0x80;
}

/** Lower case, and U+FFFD for each non-ASCII byte (the server stores 0xFF). */
function normalizeTag(bytes: string): string {
  const lower = bytes.toLowerCase();
  return NON_ASCII_BYTE.test(lower) ? lower.replace(NON_ASCII_BYTES, '\ufffd') : lower;
}

const NON_ASCII_BYTE = /[\x80-\xff]/;
const NON_ASCII_BYTES = /[\x80-\xff]/g;

function isHexDigit(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x61 && code <= 0x66) ||
    (code >= 0x41 && code <= 0x46)
  );
}
