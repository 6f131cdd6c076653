import { previousBound } from './bound';
import type { IntervalList } from './interval-list';

/** The transactions of one UUID (and tag) in a set. Internal representation. */
export interface GtidSetEntry {
  /** Lowercase `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`. */
  readonly uuid: string;
  /** Lowercase tag, `''` for untagged GTIDs. */
  readonly tag: string;
  /** Never empty. */
  readonly intervals: IntervalList;
}

/** One range of transactions, both ends included, as MySQL writes them (`first-last`). */
export interface GtidRange {
  first: bigint;
  last: bigint;
}

/** The transactions of one UUID and tag, for display and for services. */
export interface GtidSetMember {
  uuid: string;
  /** `''` for untagged GTIDs. */
  tag: string;
  ranges: GtidRange[];
}

/**
 * A MySQL GTID set, always normalized: entries sorted by UUID then tag, no empty entry, each
 * interval list sorted and merged. Only the parser and the set operations create one, so a
 * `GtidSet` value never needs checking again.
 */
export class GtidSet {
  private constructor(readonly entries: readonly GtidSetEntry[]) {}

  /** The empty set. */
  static readonly EMPTY = new GtidSet([]);

  /**
   * Wraps entries that are already normalized (sorted by key, no empty interval list). Internal
   * to src/shared/gtid: everything else gets sets from `parseGtidSet` and the operations.
   */
  static fromNormalizedEntries(entries: readonly GtidSetEntry[]): GtidSet {
    return entries.length === 0 ? GtidSet.EMPTY : new GtidSet(entries);
  }

  get isEmpty(): boolean {
    return this.entries.length === 0;
  }
}

/** Builds an entry. */
export function gtidSetEntry(uuid: string, tag: string, intervals: IntervalList): GtidSetEntry {
  return new Entry(uuid, tag, intervals);
}

// Why entries are class instances and lists of entries come from `newList`: objects and arrays
// made by literals carry an allocation site, and when most objects of a site outlive a
// scavenge (a set read from text lives through the whole text-to-text run), V8 starts making
// that site's objects directly in old space. An old entry then keeps its young interval array
// alive through every scavenge until the next mark-compact: in the gtid bench each scavenge
// copied, then promoted, up to 15 MB of such arrays (5-10 ms each), and old space filled up to
// a mark-compact every round. Objects made by `new` and arrays made by builtins carry no site.
class Entry implements GtidSetEntry {
  constructor(
    readonly uuid: string,
    readonly tag: string,
    readonly intervals: IntervalList,
  ) {}
}

/** A new empty array that V8 never allocates in old space (see `Entry`). */
export function newList<T>(): T[] {
  return NO_ITEMS.slice() as T[];
}

const NO_ITEMS: readonly never[] = [];

/**
 * Orders entries as MySQL prints them: by UUID, then tag (untagged first). Comparing the two
 * fields, rather than one `uuid:tag` key string, keeps a concatenated string out of every
 * comparison of sorts and merges over thousands of entries.
 */
export function compareEntries(x: GtidSetEntry, y: GtidSetEntry): number {
  if (x.uuid !== y.uuid) return x.uuid < y.uuid ? -1 : 1;
  return x.tag === y.tag ? 0 : x.tag < y.tag ? -1 : 1;
}

/** The set's UUID/tag members with their ranges as bigints (inclusive ends). */
export function gtidSetMembers(set: GtidSet): GtidSetMember[] {
  return set.entries.map((entry) => {
    const ranges: GtidRange[] = [];
    for (let i = 0; i < entry.intervals.length; i += 2) {
      ranges.push({
        first: BigInt(entry.intervals[i]!),
        last: BigInt(previousBound(entry.intervals[i + 1]!)),
      });
    }
    return { uuid: entry.uuid, tag: entry.tag, ranges };
  });
}

/** Keeps the entries `keep` accepts. */
export function filterGtidSet(set: GtidSet, keep: (entry: GtidSetEntry) => boolean): GtidSet {
  const kept = set.entries.filter(keep);
  return kept.length === set.entries.length ? set : GtidSet.fromNormalizedEntries(kept);
}
