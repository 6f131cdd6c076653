// Two windows of slow log compared (before and after a deploy): each window a digest with its
// own filter, fed from one file read once or from two files, and the core's comparison of the
// two, Sightline's own classes left out.
import {
  SLOWLOG_TOP_CLASSES,
  type SlowLogComparison,
  type SlowLogRun,
  type SlowLogWindow,
} from '../../shared/api/slowlog';
import {
  byteStringToText,
  isOwnClass,
  ptTimestamp,
  SlowLogDigest,
  type QueryClass,
  type SlowLogEntry,
} from '../../shared/slowlog';
import { digestFilterOf, isFilterEmpty } from '../../shared/slowlog/filter-text';
import { compareDigests } from '../../shared/slowlog/slowlog-compare';

interface Split {
  all: QueryClass[];
  /** Without Sightline's own classes. */
  theirs: QueryClass[];
}

function timeRange(classes: readonly QueryClass[]): { first: string; last: string } | null {
  let first: { seconds: number; time: string } | undefined;
  let last: { seconds: number; time: string } | undefined;
  for (const c of classes) {
    if (c.firstSeen && (!first || c.firstSeen.seconds < first.seconds)) first = c.firstSeen;
    if (c.lastSeen && (!last || c.lastSeen.seconds > last.seconds)) last = c.lastSeen;
  }
  return first && last ? { first: ptTimestamp(first.time), last: ptTimestamp(last.time) } : null;
}

/**
 * The sink of a comparison run: `sameFile` when both windows are of one file (every entry goes
 * to both digests), else entries of source 0 go to before's and of source 1 to after's.
 */
export function slowLogComparison(
  windows: readonly [SlowLogWindow, SlowLogWindow],
  sameFile: boolean,
): {
  add(entry: SlowLogEntry, source: number): void;
  finish(): Partial<SlowLogRun>;
} {
  const filters = windows.map((w) => (w.filter && !isFilterEmpty(w.filter) ? w.filter : null));
  const digests = filters.map((f) => new SlowLogDigest(f ? digestFilterOf(f) : {})) as [
    SlowLogDigest,
    SlowLogDigest,
  ];
  return {
    add(entry, source) {
      if (sameFile) {
        digests[0].add(entry);
        digests[1].add(entry);
      } else {
        digests[source === 0 ? 0 : 1].add(entry);
      }
    },
    finish() {
      const ownPrints = new Set<string>();
      const [before, after] = digests.map((d) => {
        const all = d.results();
        const theirs = all.filter((c) => {
          const own = isOwnClass(c);
          if (own) ownPrints.add(c.fingerprint);
          return !own;
        });
        return { all, theirs };
      }) as [Split, Split];
      const compared = compareDigests(before.theirs, after.theirs);
      const counts = { new: 0, gone: 0, slower: 0, faster: 0, same: 0 };
      for (const c of compared) counts[c.change] += 1;
      const summary = (i: 0 | 1): SlowLogComparison['before'] => ({
        path: windows[i].path,
        filter: filters[i] ?? null,
        entries: digests[i].count,
        filteredOut: digests[i].filteredOut,
        classesTotal: (i === 0 ? before : after).all.length,
        timeRange: timeRange((i === 0 ? before : after).all),
      });
      const comparison: SlowLogComparison = {
        before: summary(0),
        after: summary(1),
        classes: compared.slice(0, SLOWLOG_TOP_CLASSES).map((c) => ({
          ...c,
          fingerprint: byteStringToText(c.fingerprint),
        })),
        counts,
        ownLeftOut: ownPrints.size,
      };
      return { comparison };
    },
  };
}
