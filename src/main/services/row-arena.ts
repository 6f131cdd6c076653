/** Bytes per arena: rows are packed into these, so a million rows are a few hundred objects. */
const ARENA_BYTES = 4 * 1024 * 1024;
const NULL_TAG = 0;
const VALUE_TAG = 1;

/** A Uint32Array that grows by doubling. */
class GrowableIndex {
  #data = new Uint32Array(1024);
  #length = 0;

  get length(): number {
    return this.#length;
  }

  get byteLength(): number {
    return this.#data.byteLength;
  }

  push(value: number): void {
    if (this.#length === this.#data.length) {
      const bigger = new Uint32Array(this.#data.length * 2);
      bigger.set(this.#data);
      this.#data = bigger;
    }
    this.#data[this.#length++] = value;
  }

  at(i: number): number {
    return this.#data[i] ?? 0;
  }
}

/**
 * Rows kept as the server's bytes, packed one after another into large buffers, with an index of
 * where each row starts. Holding a million rows as millions of small strings costs seconds of
 * garbage collection and twice the memory; packed bytes cost neither, and a page is decoded only
 * when a screen asks for it.
 */
export class RowArena {
  readonly #arenas: Buffer[] = [];
  #current: Buffer | null = null;
  #pos = 0;
  readonly #rowArena = new GrowableIndex();
  readonly #rowOffset = new GrowableIndex();
  #bytes = 0;
  #used = 0;

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

  /** The bytes `values` would take. */
  static sizeOf(values: ReadonlyArray<Buffer | null>): number {
    let size = 0;
    for (const v of values) size += v === null ? 1 : 5 + v.length;
    return size;
  }

  push(values: ReadonlyArray<Buffer | null>, size = RowArena.sizeOf(values)): void {
    this.#used += size;
    let arena = this.#current;
    if (size > ARENA_BYTES) {
      // A row bigger than an arena (a huge BLOB) gets a buffer of its own.
      arena = Buffer.allocUnsafe(size);
      this.#arenas.push(arena);
      this.#bytes += size;
      this.#write(arena, 0, values, this.#arenas.length - 1);
      this.#current = null;
      return;
    }
    if (!arena || this.#pos + size > arena.length) {
      arena = Buffer.allocUnsafe(ARENA_BYTES);
      this.#arenas.push(arena);
      this.#bytes += ARENA_BYTES;
      this.#current = arena;
      this.#pos = 0;
    }
    this.#pos = this.#write(arena, this.#pos, values, this.#arenas.length - 1);
  }

  #write(
    arena: Buffer,
    start: number,
    values: ReadonlyArray<Buffer | null>,
    index: number,
  ): number {
    this.#rowArena.push(index);
    this.#rowOffset.push(start);
    let p = start;
    for (const v of values) {
      if (v === null) {
        arena[p++] = NULL_TAG;
        continue;
      }
      arena[p++] = VALUE_TAG;
      arena.writeUInt32LE(v.length, p);
      p += 4;
      v.copy(arena, p);
      p += v.length;
    }
    return p;
  }

  /** Row `row`'s values as views on the stored bytes (no copy), or null past the end. */
  row(row: number, columnCount: number): Array<Buffer | null> | null {
    if (row < 0 || row >= this.rowCount) return null;
    const arena = this.#arenas[this.#rowArena.at(row)];
    if (!arena) return null;
    let p = this.#rowOffset.at(row);
    const out: Array<Buffer | null> = [];
    for (let c = 0; c < columnCount; c++) {
      if (arena[p++] === NULL_TAG) {
        out.push(null);
        continue;
      }
      const length = arena.readUInt32LE(p);
      p += 4;
      out.push(arena.subarray(p, p + length));
      p += length;
    }
    return out;
  }
}
