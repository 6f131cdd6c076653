// Real slow logs repeat the very same statement text many times (a polling query, an ORM's
// lookups, administrator commands); pt-query-digest's fingerprint runs a score of pattern passes
// on each. A bounded map from statement text to fingerprint does that work once per distinct text.
// Texts that differ only in their digits (`WHERE id = 17`, `id = 18`, 'user17@x', ...) share one
// entry: see literalFreeKey. A log whose texts still all differ gets no hits and would pay for
// hashing and storing every text, so the cache watches its hit rate and stands aside for a while
// when it does not pay.
import { detachedText } from './detached-text';
import { fingerprint } from './fingerprint';
import { isSpaceCode } from './perl-char-classes';

const DIGIT_RUN = /[0-9]+/g;
/** pt's own-statement comment (see fingerprint.ts) with digit runs where it has one digit. */
const PERCONA_TOOLKIT_ANY_DIGITS = /\/\*\w+\.\w+:[0-9]+\/[0-9]+\*\//;

/** Statements longer than this are not kept: long texts rarely repeat and hold memory. */
const MAX_CACHED_LENGTH = 512;
/** Distinct texts kept; when full the map starts again (no per-hit bookkeeping). */
const MAX_ENTRIES = 8192;
/** Lookups per trial window, and the hits in one below which the cache stands aside. */
const WINDOW = 1024;
const MIN_HITS = WINDOW / 4;
/** Statements fingerprinted directly before the cache tries again. */
const BYPASS = 16 * WINDOW;

/** Slots of the table (a power of two): twice the texts kept, so that probes stay short. */
const SLOTS = 2 * MAX_ENTRIES;
/** Slots looked at for a key; keys that find them all taken go to a Map (see `more`). */
const PROBES = 8;

/**
 * {@link fingerprint} with a bounded cache of recent statement texts; the same results. The keys
 * are in a table of their own, found by a hash of a few of their characters and compared whole:
 * a Map hashed every character of each new key, the largest cost of a lookup. Each key can also
 * hold something the caller derives from its fingerprint (`T`: see {@link FingerprintCache.note}).
 */
export class FingerprintCache<T = unknown> {
  /** Per slot: a key (undefined: empty), the hash it was put by, and its fingerprint. */
  private readonly keys = new Array<string | undefined>(SLOTS).fill(undefined);
  private readonly hashes = new Int32Array(SLOTS);
  private readonly prints = new Array<string>(SLOTS).fill('');
  private readonly notes = new Array<T | undefined>(SLOTS).fill(undefined);
  /** The slot of the last answer, or -1 when it did not come from (or go into) the table. */
  private lastSlot = -1;
  /** Keys whose slots were all taken (by keys of the same hash, mostly: see sampledHash). */
  private readonly more = new Map<string, string>();
  private size = 0;
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
    this.lastSlot = -1;
    if (this.bypassLeft > 0) {
      this.bypassLeft -= 1;
      return fingerprint(statement);
    }
    if (statement.length > MAX_CACHED_LENGTH) return fingerprint(statement);
    if (++this.lookups === WINDOW) {
      if (this.windowHits < MIN_HITS) {
        this.bypassLeft = BYPASS;
        this.clear();
      }
      this.lookups = 0;
      this.windowHits = 0;
    }
    const key = literalFreeKey(statement);
    const hash = sampledHash(key);
    let slot = hash & (SLOTS - 1);
    let probe = 0;
    for (; probe < PROBES; probe += 1, slot = (slot + 1) & (SLOTS - 1)) {
      const kept = this.keys[slot];
      if (kept === undefined) break;
      if (this.hashes[slot] === hash && kept === key) {
        this.lastSlot = slot;
        return this.hit(this.prints[slot]!);
      }
    }
    // Every slot taken: the key is in `more` if anywhere.
    const more = probe === PROBES ? this.more.get(key) : undefined;
    if (more !== undefined) return this.hit(more);
    const print = detachedText(fingerprint(statement));
    if (this.size >= MAX_ENTRIES) {
      this.clear();
      slot = hash & (SLOTS - 1);
      probe = 0;
    }
    this.size += 1;
    // A key made by replace() is a new string; a text with no digits is its own key: detach it.
    const kept = key === statement ? detachedText(statement) : key;
    if (probe === PROBES) {
      this.more.set(kept, print);
      return print;
    }
    this.keys[slot] = kept;
    this.hashes[slot] = hash;
    this.prints[slot] = print;
    this.notes[slot] = undefined;
    this.lastSlot = slot;
    return print;
  }

  /**
   * What {@link FingerprintCache.setNote} kept with the key of the last statement given to
   * of(), if anything (a key forgotten or never kept has none): the caller's look-up by the
   * fingerprint, saved.
   */
  note(): T | undefined {
    return this.lastSlot < 0 ? undefined : this.notes[this.lastSlot];
  }

  /** Keeps `value` with the key of the last statement given to of(), while the key is kept. */
  setNote(value: T): void {
    if (this.lastSlot >= 0) this.notes[this.lastSlot] = value;
  }

  private hit(print: string): string {
    this.windowHits += 1;
    this.answered += 1;
    return print;
  }

  /** Forgets every text (when full, or when the cache stands aside). */
  private clear(): void {
    if (this.size === 0) return;
    this.keys.fill(undefined);
    this.prints.fill('');
    this.notes.fill(undefined);
    this.more.clear();
    this.size = 0;
  }
}

/**
 * A hash of a key's length and of at most 16 of its characters, spread over it: cheap whatever
 * its length. Keys that differ only elsewhere share it; they are told apart by comparing them.
 */
function sampledHash(key: string): number {
  const length = key.length;
  let hash = length;
  const step = length > 16 ? length >> 4 : 1;
  for (let at = length - 1; at >= 0; at -= step)
    hash = Math.imul(hash ^ key.charCodeAt(at), 0x01000193);
  return hash;
}

/**
 * A key for `statement` that all texts with its fingerprint share when they differ only in digits:
 * each run of digits becomes one `0`. That is exact because every digit that reaches the number
 * rule (`[0-9+-][0-9a-f.xb+-]*` → `?`) is inside one of its matches, a run of digits as well as
 * one digit, and none of the rules before it depends on digits (quotes, comments and the
 * INSERT cut look for other characters; `\b` sees a digit either way), so from the number rule
 * on both texts are the same (comments are removed whatever digits they hold). Four rules keep
 * digits or count them, and each needs text a key keeps too: an administrator command (kept
 * whole), CALL (its name kept), mysqldump's `SELECT /*!40001` and pt's `/*a.b:1/2*\/`; statements
 * that can meet one are their own key.
 */
export function literalFreeKey(statement: string): string {
  return keepsDigits(statement) ? statement : statement.replace(DIGIT_RUN, '0');
}

/**
 * Whether `statement`'s digits matter to its fingerprint, so that it is its own key. The answer
 * is the same for a text and for the text with its digit runs made one `0`.
 */
function keepsDigits(statement: string): boolean {
  return (
    startsWithC(statement) ||
    statement.startsWith('administrator command: ') ||
    (statement.includes('/*') &&
      (statement.startsWith('SELECT /*!') || PERCONA_TOOLKIT_ANY_DIGITS.test(statement)))
  );
}

/** Whether the first character after white space is a `c` or `C` (CALL can match). */
function startsWithC(text: string): boolean {
  let i = 0;
  for (;;) {
    const code = text.charCodeAt(i);
    if (isSpaceCode(code)) i += 1;
    else return (code | 0x20) === 99;
  }
}
