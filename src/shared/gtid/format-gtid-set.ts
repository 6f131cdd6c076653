import { previousBound } from './bound';
import type { GtidSet } from './gtid-set';

/**
 * The set in MySQL's normalized text, byte for byte what GTID_SUBTRACT(set, '') returns on
 * MySQL 9.7: UUIDs in ascending order, lower case, each written once; after it its untagged
 * intervals, then each tag (ascending) with its intervals; intervals ascending and merged,
 * `n` for a single transaction, `first-last` otherwise; UUIDs separated by `,\n`. The empty
 * set is `''`.
 */
export function formatGtidSet(set: GtidSet): string {
  let text = '';
  let previousUuid = '';
  for (const entry of set.entries) {
    if (entry.uuid !== previousUuid) {
      if (previousUuid !== '') text += ',\n';
      text += entry.uuid;
      previousUuid = entry.uuid;
    }
    if (entry.tag !== '') text += `:${entry.tag}`;
    const intervals = entry.intervals;
    for (let i = 0; i < intervals.length; i += 2) {
      const first = intervals[i]!;
      const last = previousBound(intervals[i + 1]!);
      text += first === last ? `:${first}` : `:${first}-${last}`;
    }
  }
  return text;
}
