/**
 * Bytes per arena: rows are packed into these (or kept in their socket reads, see
 * KEEP_RUN_BYTES), so a million rows are a few thousand objects, not a million.
 */
const ARENA_BYTES = 4 * 1024 * 1024;
/**
 * The most bytes between one row and the next in the same buffer that are copied along with
 * them: the 4-byte packet header that parts the rows of one socket read.
 */
const MAX_GAP = 4;
/**
 * A run of rows at least this long that fills 7/8 of its buffer (a socket read, or a packet
 * mysql2 put together from several reads) keeps that buffer instead of a copy: no copy, and no
 * arena memory for the collector to account (each arena is external memory, and external
 * memory allocated is what makes V8 run full collections while rows stream in). What is kept
 * beyond the rows is at most 1/8 of it; buffers shorter than this (mysql2's pooled small
 * payloads share an 8 KB slab) are always copied.
 */
const KEEP_RUN_BYTES = 8 * 1024;
/** The wire's marker of a NULL value. */
const NULL_MARK = 0xfb;

/** A Uint32Array that grows by doubling. */
class GrowableIndex {
  #data = new Uint32Array(1024);
  #length = 0;

  get length(): number {
    return this.#length;
  }

  /** Kept as a field: read for every row stored. */
  byteLength = this.#data.byteLength;

  push(value: number): void {
    if (this.#length === this.#data.length) {
      const bigger = new Uint32Array(this.#data.length * 2);
      bigger.set(this.#data);
      this.#data = bigger;
      this.byteLength = bigger.byteLength;
    }
    this.#data[this.#length++] = value;
  }

  at(i: number): number {
    return this.#data[i] ?? 0;
  }

  set(i: number, value: number): void {
    this.#data[i] = value;
  }
}

/** Bytes of the length prefix the wire puts before a value of `length` bytes. */
function prefixSize(length: number): number {
  if (length < 251) return 1;
  if (length < 0x10000) return 3;
  if (length < 0x1000000) return 4;
  return 9;
}

/**
 * Rows kept as the server's bytes, packed one after another into large buffers, with an index of
 * where each row starts. Holding a million rows as millions of small strings costs seconds of
 * garbage collection and twice the memory; packed bytes cost neither, and a page is decoded only
 * when a screen asks for it.
 *
 * A row is stored exactly as the text protocol sends it (each value a length-prefixed string,
 * 0xFB for NULL), so a row packet is kept with no parsing while rows stream in. Rows that follow
 * one another in the same buffer (the rows of one socket read) are copied as one run, packet
 * headers between them included: one copy per read instead of one per row, which was most of
 * what storing a row cost; a run that is most of its buffer keeps the buffer instead. The
 * headers are not counted in `bytes`; they add at most MAX_GAP bytes per row.
 */
export class RowArena {
  readonly #arenas: Buffer[] = [];
  #current: Buffer | null = null;
  #pos = 0;
  readonly #rowArena = new GrowableIndex();
  readonly #rowOffset = new GrowableIndex();
  #bytes = 0;
  #used = 0;
  /** A run of rows indexed but not yet copied: `#runSource[#runStart ..< #runEnd]` → `#runAt`. */
  #runSource: Buffer | null = null;
  #runStart = 0;
  #runEnd = 0;
  #runAt = 0;
  #runArena: Buffer | null = null;
  /** The run's first row. */
  #runRow = 0;
  /** The index in `#arenas` of `#current`. */
  #currentIndex = -1;
  readonly #flushRun = (): void => {
    const source = this.#runSource;
    if (source === null) return;
    this.#runSource = null;
    const length = this.#runEnd - this.#runStart;
    if (length >= KEEP_RUN_BYTES && length * 8 >= source.buffer.byteLength * 7) {
      // The run is most of its buffer: keep the buffer and give its room in the arena back
      // (the run was the last thing placed there).
      this.#pos = this.#runAt;
      this.#arenas.push(source);
      this.#bytes += source.buffer.byteLength;
      const kept = this.#arenas.length - 1;
      const shift = this.#runStart - this.#runAt;
      for (let r = this.#runRow; r < this.rowCount; r++) {
        this.#rowArena.set(r, kept);
        this.#rowOffset.set(r, this.#rowOffset.at(r) + shift);
      }
    } else {
      source.copy(this.#runArena!, this.#runAt, this.#runStart, this.#runEnd);
    }
    this.#runArena = null;
  };

  get rowCount(): number {
    return this.#rowArena.length;
  }

  /** Bytes of rows stored and of their index (arenas are allocated ahead in larger steps). */
  get bytes(): number {
    return this.#used + this.#rowArena.byteLength + this.#rowOffset.byteLength;
  }

  /** Memory allocated for rows, including the unused end of the current arena. */
  get allocatedBytes(): number {
    return this.#bytes;
  }

  /** The bytes `values` take in the wire encoding. */
  static sizeOf(values: ReadonlyArray<Buffer | null>): number {
    let size = 0;
    for (const v of values) size += v === null ? 1 : prefixSize(v.length) + v.length;
    return size;
  }

  /** Keeps a row given as separate values (encoded as the wire would). */
  push(values: ReadonlyArray<Buffer | null>): void {
    this.#flushRun();
    const size = RowArena.sizeOf(values);
    const at = this.#reserve(size);
    const arena = this.#arenas[this.#rowArena.at(this.rowCount - 1)]!;
    let p = at;
    for (const v of values) {
      if (v === null) {
        arena[p++] = NULL_MARK;
        continue;
      }
      p = writeLength(arena, p, v.length);
      v.copy(arena, p);
      p += v.length;
    }
  }

  /**
   * Keeps a row already in the wire encoding: `source[start ..< end]`, copied once. The copy may
   * wait for the rows that follow it in `source` (see the class comment): `source` must stay as
   * it is from then on, as a socket read does (each is a new buffer, never reused): a run of rows
   * that is most of its buffer keeps the buffer rather than a copy.
   */
  pushEncoded(source: Buffer, start: number, end: number): void {
    const size = end - start;
    const current = this.#current;
    if (
      source === this.#runSource &&
      start >= this.#runEnd &&
      start - this.#runEnd <= MAX_GAP &&
      current !== null &&
      this.#pos + (end - this.#runEnd) <= current.length
    ) {
      // The next row of the run: indexed now, copied with the run.
      const at = this.#pos + (start - this.#runEnd);
      this.#pos = at + size;
      this.#runEnd = end;
      this.#used += size;
      this.#rowArena.push(this.#currentIndex);
      this.#rowOffset.push(at);
      return;
    }
    this.#flushRun();
    const at = this.#reserve(size);
    const arena = this.#arenas[this.#rowArena.at(this.rowCount - 1)]!;
    if (size > ARENA_BYTES) {
      source.copy(arena, at, start, end);
      return;
    }
    if (this.#runArena === null) queueMicrotask(this.#flushRun);
    this.#runSource = source;
    this.#runStart = start;
    this.#runEnd = end;
    this.#runAt = at;
    this.#runArena = arena;
    this.#runRow = this.rowCount - 1;
  }

  /**
   * Keeps a row in the wire encoding that sits in a buffer of its own (`source` is kept, not
   * copied, unless the row is small enough to share an arena; then it is copied at once).
   */
  pushOwned(source: Buffer, start: number, end: number): void {
    this.#flushRun();
    const size = end - start;
    if (size <= ARENA_BYTES) {
      const at = this.#reserve(size);
      source.copy(this.#arenas[this.#rowArena.at(this.rowCount - 1)]!, at, start, end);
      return;
    }
    this.#used += size;
    this.#bytes += source.length;
    this.#arenas.push(source);
    this.#rowArena.push(this.#arenas.length - 1);
    this.#rowOffset.push(start);
  }

  /** Room for a row of `size` bytes in the last arena, indexed as the next row; its offset. */
  #reserve(size: number): number {
    this.#used += size;
    if (size > ARENA_BYTES) {
      // A row bigger than an arena (a huge BLOB) gets a buffer of its own.
      this.#arenas.push(Buffer.allocUnsafe(size));
      this.#bytes += size;
      this.#rowArena.push(this.#arenas.length - 1);
      this.#rowOffset.push(0);
      return 0;
    }
    const arena = this.#current;
    if (!arena || this.#pos + size > arena.length) {
      this.#current = Buffer.allocUnsafe(ARENA_BYTES);
      this.#arenas.push(this.#current);
      this.#currentIndex = this.#arenas.length - 1;
      this.#bytes += ARENA_BYTES;
      this.#pos = 0;
    }
    const at = this.#pos;
    this.#pos += size;
    this.#rowArena.push(this.#currentIndex);
    this.#rowOffset.push(at);
    return at;
  }

  /** Row `row`'s values as views on the stored bytes (no copy), or null past the end. */
  row(row: number, columnCount: number): Array<Buffer | null> | null {
    if (row < 0 || row >= this.rowCount) return null;
    this.#flushRun();
    const arena = this.#arenas[this.#rowArena.at(row)];
    if (!arena) return null;
    let p = this.#rowOffset.at(row);
    const out: Array<Buffer | null> = [];
    for (let c = 0; c < columnCount; c++) {
      const first = arena[p++]!;
      if (first === NULL_MARK) {
        out.push(null);
        continue;
      }
      let length = first;
      if (first === 0xfc) {
        length = arena.readUInt16LE(p);
        p += 2;
      } else if (first === 0xfd) {
        length = arena.readUIntLE(p, 3);
        p += 3;
      } else if (first === 0xfe) {
        // 8 bytes on the wire; a value is far below 2^48 bytes, so 6 of them hold it.
        length = arena.readUIntLE(p, 6);
        p += 8;
      }
      out.push(arena.subarray(p, p + length));
      p += length;
    }
    return out;
  }
}

/** Writes the wire's length prefix for `length` at `p`; returns where the value starts. */
function writeLength(arena: Buffer, p: number, length: number): number {
  if (length < 251) {
    arena[p] = length;
    return p + 1;
  }
  if (length < 0x10000) {
    arena[p] = 0xfc;
    arena.writeUInt16LE(length, p + 1);
    return p + 3;
  }
  if (length < 0x1000000) {
    arena[p] = 0xfd;
    arena.writeUIntLE(length, p + 1, 3);
    return p + 4;
  }
  arena[p] = 0xfe;
  arena.writeUIntLE(length, p + 1, 6);
  arena.writeUInt16LE(0, p + 7);
  return p + 9;
}
