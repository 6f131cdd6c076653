import type { Connection as CoreConnection } from 'mysql2';

/** A value of a row that was cut while it arrived: its column and its whole size in bytes. */
export interface CutValue {
  column: number;
  bytes: number;
}

/**
 * The most bytes of values a row too large for one packet keeps in all, whatever the room left
 * in the result: the row is held once while it is put together, beside the 16 MB part that is
 * arriving, so this is what bounds the memory above the result's limit. Large enough that a 100 MB value (a document, a dump in
 * a BLOB) within the default 512 MB limit arrives whole.
 */
export const ROW_KEEP_BYTES = 256 * 1024 * 1024;

/** Values this short are always kept whole: a row's few thousand of them stay small. */
const SHORT_VALUE_BYTES = 250;
/** The wire's marker of a NULL value. */
const NULL_MARK = 0xfb;

/** A packet as mysql2's parser builds it. */
interface ParsedPacket {
  numPackets: number;
}
type PacketClass = new (id: number, buffer: Buffer, start: number, end: number) => ParsedPacket;

/**
 * What this relies on of mysql2's PacketParser (lib/packet_parser.js): the parts of a packet of
 * 16 MB or more are pushed one by one onto `largePacketParts`, and `_flushLargePacket` (an own
 * property of each parser) joins them once the last part arrived and hands the packet on.
 */
interface PacketParserInternals {
  largePacketParts: unknown;
  firstPacketSequenceId: number;
  packetHeaderLength: number;
  onPacket(packet: ParsedPacket): void;
  _flushLargePacket: () => void;
  _reusablePacket: object;
}

/** A row `boundLargeRows` put together: its buffer is its own, and some values may be cut. */
export interface LargeRow {
  cut: readonly CutValue[];
}

const largeRows = new WeakMap<object, LargeRow>();

/** The row packet as `boundLargeRows` built it, or null for any other packet. */
export function largeRowOf(packet: object): LargeRow | null {
  return largeRows.get(packet) ?? null;
}

/** How one statement's rows too large for one packet are to be kept. */
export interface LargeRowPolicy {
  /** Whether a large packet arriving now is a row of the result being kept. */
  active(): boolean;
  /** Bytes of values the next row may keep in all (the room left in the result). */
  room(): number;
}

/**
 * Makes one connection's packet parser read rows of 16 MB and more value by value as their
 * 16 MB parts arrive, instead of gathering the parts and joining them (which holds the row
 * twice over: 2 GB for a 1 GB value). The row keeps at most `policy.room()` (and ROW_KEEP_BYTES)
 * bytes of values; the rest of a value is counted and let go. The packet handed on is a
 * well-formed row of the kept bytes, and `largeRowOf` says which values were cut.
 * Large packets while `policy.active()` is false pass as mysql2 builds them.
 *
 * Only this connection's parser changes, and only until the returned function is called; null
 * when the parser is not the one this was written for (then nothing changes).
 */
export function boundLargeRows(
  connection: CoreConnection,
  policy: LargeRowPolicy,
): (() => void) | null {
  const parser = (connection as unknown as { packetParser?: PacketParserInternals }).packetParser;
  if (
    !parser ||
    parser.packetHeaderLength !== 4 ||
    !Array.isArray(parser.largePacketParts) ||
    parser.largePacketParts.length !== 0 ||
    typeof parser._flushLargePacket !== 'function' ||
    typeof parser._reusablePacket?.constructor !== 'function'
  ) {
    return null;
  }
  const Packet = parser._reusablePacket.constructor as PacketClass;
  const originalParts = parser.largePacketParts;
  const originalFlush = parser._flushLargePacket;
  let passing: Buffer[] | null = null;
  let row: RowReader | null = null;

  const parts = {
    length: 0,
    push(part: Buffer): number {
      if (this.length === 0) {
        if (policy.active()) row = new RowReader(Math.min(policy.room(), ROW_KEEP_BYTES));
        else passing = [];
      }
      if (row) row.feed(part);
      else passing?.push(part);
      return ++this.length;
    },
  };

  const flush = function (this: PacketParserInternals): void {
    const partCount = parts.length;
    parts.length = 0;
    if (row) {
      const reader = row;
      row = null;
      const body = reader.finish();
      const packet = new Packet(this.firstPacketSequenceId, body, 0, body.length);
      packet.numPackets = partCount;
      largeRows.set(packet, { cut: reader.cuts });
      this.onPacket(packet);
      return;
    }
    // Not a row to bound: joined as mysql2 does.
    this.largePacketParts = passing ?? [];
    passing = null;
    try {
      originalFlush.call(this);
    } finally {
      this.largePacketParts = parts;
    }
  };

  parser.largePacketParts = parts;
  parser._flushLargePacket = flush;
  return () => {
    parser.largePacketParts = originalParts;
    parser._flushLargePacket = originalFlush;
  };
}

/** The wire's length prefix for a value of `length` bytes. */
function lengthPrefix(length: number): Buffer {
  if (length < 251) return Buffer.from([length]);
  if (length < 0x10000) return Buffer.from([0xfc, length & 0xff, length >> 8]);
  if (length < 0x1000000) {
    return Buffer.from([0xfd, length & 0xff, (length >> 8) & 0xff, length >> 16]);
  }
  const prefix = Buffer.alloc(9);
  prefix[0] = 0xfe;
  prefix.writeUIntLE(length, 1, 6);
  return prefix;
}

/** Spare room a row's buffer gets past a long value, for the short values after it. */
const ROW_SLACK_BYTES = 64 * 1024;
const MiB = 1024 * 1024;

/**
 * Reads one text-protocol row (each value a length-prefixed string, 0xFB for NULL) from parts
 * that may split a value or its prefix anywhere, keeping the start of each value.
 *
 * The kept bytes go straight into the row's one buffer, sized when a long value's length is
 * read, so the row is held once: gathering copies and joining them at the end held the kept
 * bytes twice at the moment the row was handed on.
 */
class RowReader {
  readonly cuts: CutValue[] = [];
  /** The row as the packet will carry it: a 4-byte header, then the kept values. */
  #row = Buffer.allocUnsafe(4 + ROW_SLACK_BYTES);
  #used = 4;
  #room: number;
  #column = 0;
  /** Prefix bytes of the next value read so far. */
  readonly #prefix: number[] = [];
  /** Bytes of the current value still to come, and how many of them to keep. */
  #remaining = 0;
  #keep = 0;

  constructor(room: number) {
    this.#room = Math.max(0, room);
    this.#row.fill(0, 0, 4);
  }

  feed(part: Buffer): void {
    let p = 0;
    while (p < part.length) {
      if (this.#remaining > 0) {
        const n = Math.min(this.#remaining, part.length - p);
        const k = Math.min(n, this.#keep);
        // Copied: the part is a view on mysql2's 16 MB buffer, which must be let go.
        if (k > 0) this.#write(part.subarray(p, p + k));
        this.#keep -= k;
        this.#remaining -= n;
        p += n;
        if (this.#remaining === 0) this.#column++;
        continue;
      }
      this.#prefix.push(part[p++]!);
      const first = this.#prefix[0]!;
      const need =
        first < NULL_MARK || first === NULL_MARK ? 1 : first === 0xfc ? 3 : first === 0xfd ? 4 : 9;
      if (this.#prefix.length < need) continue;
      if (first === NULL_MARK) {
        this.#write(NULL_VALUE);
        this.#column++;
      } else {
        this.#startValue(readLength(this.#prefix));
      }
      this.#prefix.length = 0;
    }
  }

  /** The row as kept: every value, cut ones shortened, in the wire's encoding. */
  finish(): Buffer {
    return this.#row.subarray(0, this.#used);
  }

  #startValue(length: number): void {
    // Short values (ids, names) stay whole even after a huge one took the room.
    const keep = length <= SHORT_VALUE_BYTES ? length : Math.min(length, this.#room);
    this.#room = Math.max(0, this.#room - keep);
    if (keep < length) this.cuts.push({ column: this.#column, bytes: length });
    const prefix = lengthPrefix(keep);
    this.#reserve(prefix.length + keep);
    this.#write(prefix);
    this.#remaining = length;
    this.#keep = keep;
    if (length === 0) this.#column++;
  }

  /** Makes room for `bytes` more: exactly, with slack, so a long value costs one buffer. */
  #reserve(bytes: number): void {
    const needed = this.#used + bytes;
    if (needed <= this.#row.length) return;
    // Short values keep coming in rows of thousands of columns: grow by up to 16 MiB at a time.
    const grown = Buffer.allocUnsafe(needed + ROW_SLACK_BYTES + Math.min(this.#used, 16 * MiB));
    this.#row.copy(grown, 0, 0, this.#used);
    this.#row = grown;
  }

  #write(bytes: Uint8Array): void {
    this.#reserve(bytes.length);
    this.#row.set(bytes, this.#used);
    this.#used += bytes.length;
  }
}

const NULL_VALUE = Uint8Array.of(NULL_MARK);

/** The length a complete prefix (0xFC, 0xFD or 0xFE and its bytes, or one byte) gives. */
function readLength(prefix: readonly number[]): number {
  const first = prefix[0]!;
  if (first < NULL_MARK) return first;
  let length = 0;
  // Little-endian; an 8-byte length is far below 2^53 for anything a server sends.
  for (let i = prefix.length - 1; i >= 1; i--) length = length * 256 + prefix[i]!;
  return length;
}
