// Real slow logs repeat the very same statement text many times (a polling query, an ORM's
// lookups, administrator commands); pt-query-digest's fingerprint runs a score of pattern passes
// on each. A bounded map from statement text to fingerprint does that work once per distinct text.
// A log whose literals all differ gets no hits and would pay for hashing and storing every text,
// so the cache watches its hit rate and stands aside for a while when it does not pay.
import { fingerprint } from './fingerprint';

/** Statements longer than this are not kept: long texts rarely repeat and hold memory. */
const MAX_CACHED_LENGTH = 512;
/** Distinct texts kept; when full the map starts again (no per-hit bookkeeping). */
const MAX_ENTRIES = 8192;
/** Lookups per trial window, and the hits in one below which the cache stands aside. */
const WINDOW = 1024;
const MIN_HITS = WINDOW / 4;
/** Statements fingerprinted directly before the cache tries again. */
const BYPASS = 16 * WINDOW;

/** {@link fingerprint} with a bounded cache of recent statement texts; the same results. */
export class FingerprintCache {
  private readonly prints = new Map<string, string>();
  private lookups = 0;
  /** Hits in the current window. */
  private windowHits = 0;
  private bypassLeft = 0;
  private answered = 0;

  /** Lookups answered from the cache so far. */
  get hits(): number {
    return this.answered;
  }

  /** The fingerprint of `statement` (a byte string), from the cache when it was seen lately. */
  of(statement: string): string {
    if (this.bypassLeft > 0) {
      this.bypassLeft -= 1;
      return fingerprint(statement);
    }
    if (statement.length > MAX_CACHED_LENGTH) return fingerprint(statement);
    if (++this.lookups === WINDOW) {
      if (this.windowHits < MIN_HITS) {
        this.bypassLeft = BYPASS;
        this.prints.clear();
      }
      this.lookups = 0;
      this.windowHits = 0;
    }
    let print = this.prints.get(statement);
    if (print === undefined) {
      print = detached(fingerprint(statement));
      if (this.prints.size >= MAX_ENTRIES) this.prints.clear();
      this.prints.set(detached(statement), print);
    } else {
      this.windowHits += 1;
      this.answered += 1;
    }
    return print;
  }
}

/**
 * A copy of `text` that does not point into the text it was cut from. A statement is a slice of
 * the chunk the reader was given; kept as a key, it would keep that whole chunk alive, and
 * thousands of keys thousands of chunks. Slicing a fresh concatenation flattens it into a new
 * string of its own (V8), which the slice then points into.
 */
function detached(text: string): string {
  return ` ${text}`.slice(1);
}
