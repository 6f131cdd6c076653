/**
 * Storage for interval lists whose bounds are all numbers: views of shared Float64Array
 * chunks rather than one JS array per list. A set read from a megabyte of text holds about a
 * thousand lists; as JS arrays they are megabytes of young objects that every scavenge
 * falling inside a parse or an operation copies (measured 3-10 ms each on a loaded 2-core
 * machine, in about half of the text-to-text runs of the gtid bench), then promotes, until a
 * mark-compact clears them. Chunk memory lies outside the JS heap: a scavenge moves only the
 * small view objects. Chunks are CHUNK bounds (64 KB), below the size from which the C
 * allocator maps fresh pages: a single buffer the size of the set costs more in page faults
 * than the scavenges it saves (measured 0.6 ms per parse).
 */
export const CHUNK = 8192;

/**
 * Chunks for the lists of one set being built. Not shared between sets, so a set keeps alive
 * only its own chunks; the first chunk is sized by `expected` bounds, so small sets stay small.
 */
export class BoundChunks {
  /** The chunk being filled; bounds go in from `used`. */
  chunk: Float64Array;
  used = 0;

  constructor(expected: number) {
    this.chunk = new Float64Array(Math.min(CHUNK, Math.max(8, expected)));
  }

  /**
   * Makes room for `count` more bounds from `used`, starting a new chunk if needed: twice the
   * size of the last one up to CHUNK, so a set larger than expected wastes at most half.
   */
  reserve(count: number): void {
    if (this.used + count > this.chunk.length) {
      this.chunk = new Float64Array(Math.max(count, Math.min(CHUNK, this.chunk.length * 2)));
      this.used = 0;
    }
  }

  /** The bounds written from `used` to `end` as one list; the next list starts after it. */
  take(end: number): Float64Array {
    const list = this.chunk.subarray(this.used, end);
    this.used = end;
    return list;
  }
}
