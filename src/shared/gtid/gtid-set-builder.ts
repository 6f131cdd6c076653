import type { Bound } from './bound';
import { compareEntries, GtidSet, gtidSetEntry, type GtidSetEntry } from './gtid-set';
import { normalizeIntervals } from './interval-list';

/**
 * Gathers raw intervals per UUID and tag, in any order and with repeats, as a GTID set text
 * lists them, and builds the normalized set from them.
 */
export class GtidSetBuilder {
  private readonly collected = new Map<string, { uuid: string; tag: string; raw: Bound[] }>();

  /** Adds `[start, end)` pairs for `uuid` and `tag` (both already normalized). */
  add(uuid: string, tag: string, raw: Bound[]): void {
    const key = `${uuid}:${tag}`;
    const known = this.collected.get(key);
    if (known) {
      for (const bound of raw) known.raw.push(bound);
    } else {
      this.collected.set(key, { uuid, tag, raw });
    }
  }

  /** The normalized set of everything added. */
  build(): GtidSet {
    const entries: GtidSetEntry[] = [];
    for (const { uuid, tag, raw } of this.collected.values()) {
      if (raw.length > 0) entries.push(gtidSetEntry(uuid, tag, normalizeIntervals(raw)));
    }
    entries.sort(compareEntries);
    return GtidSet.fromNormalizedEntries(entries);
  }
}
