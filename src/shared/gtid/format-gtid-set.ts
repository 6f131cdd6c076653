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
  // Appending to one string builds a rope of a node per piece that every garbage collection
  // copies while it grows, and flattening it at the end walks it all: on sets of a million
  // characters that costs more than the printing. So each UUID (or run of CHUNK intervals) is
  // built as a small rope, flattened while it is fresh, and the chunks joined once at the end.
  const chunks: string[] = [];
  let chunk = '';
  let pieces = 0;
  let previousUuid = '';
  for (const entry of set.entries) {
    if (entry.uuid !== previousUuid) {
      if (previousUuid !== '') {
        chunks.push(flat(chunk));
        chunk = ',\n';
        pieces = 0;
      }
      chunk += entry.uuid;
      previousUuid = entry.uuid;
    }
    if (entry.tag !== '') chunk += ':' + entry.tag;
    const intervals = entry.intervals;
    for (let i = 0; i < intervals.length; i += 2) {
      const first = intervals[i]!;
      const last = previousBound(intervals[i + 1]!);
      chunk += first === last ? ':' + first : ':' + first + '-' + last;
      if (++pieces === CHUNK) {
        chunks.push(flat(chunk));
        chunk = '';
        pieces = 0;
      }
    }
  }
  chunks.push(chunk);
  return chunks.join('');
}

const CHUNK = 256;

/** The same string, flattened: V8 turns a rope into one flat string when a character is read. */
function flat(text: string): string {
  text.charCodeAt(0);
  return text;
}
