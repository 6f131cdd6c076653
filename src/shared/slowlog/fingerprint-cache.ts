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
    const key = literalFreeKey(statement);
    let print = this.prints.get(key);
    if (print === undefined) {
      print = detachedText(fingerprint(statement));
      if (this.prints.size >= MAX_ENTRIES) this.prints.clear();
      // A key made by replace() is a new string; a text with no digits is its own key: detach it.
      this.prints.set(key === statement ? detachedText(statement) : key, print);
    } else {
      this.windowHits += 1;
      this.answered += 1;
    }
    return print;
  }
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
