// `npm run bench -- gtid` (issue 20, section 5): subtracting two 1.2 MB GTID sets text to text
// against MySQL's own `SELECT GTID_SUBTRACT(?, ?)` round trip; target <= 0.15x on every run.
//
// Session 18 (Node.js 24.14.1, the app's runtime, MySQL 9.7; whole runs alternated, 3 pairs,
// load 1.4-2.5). Text to text, untagged: 9.98-10.05 ms (ratio 0.140-0.144) at the start, 8.50-
// 9.30 ms (0.116-0.130) after; half tagged 10.49-10.90 (0.148-0.154) -> 8.78-8.91 (0.120-0.121).
// Parsing one set 3.13-3.50 -> 2.65-2.96 ms, formatting the difference 1.97-2.37 -> 1.47-1.75 ms.
// Kept: digits read two per step (halves the chain of dependent multiply-adds); UUID hex digits
// through a table (digit-or-letter branches mispredicted on random UUIDs); unordered runs put in
// order by a radix sort (V8's Float64Array sort calls a comparator: 123 us for 2,000 runs);
// digit groups stored as 32-bit words through a DataView, a separator folded into the first;
// intervals printed in blocks sized to fit, with no room or type test per interval; the
// subtract loop reads lengths once. Two more pairs at the end (load 1.2-2.0): start 11.18-11.60
// ms untagged (0.146-0.151), 10.83-11.15 tagged (0.123-0.140); after 8.55-8.63 (0.111-0.118),
// tagged 8.93 (0.114) and once 14.70 (0.186), a run in which every Sightline figure, parsed
// subtract included, was 1.5x slower: a busy neighbour on this 2-core machine, but it shows the
// margin is not enough for "every run" here.
// Tried and dropped: four digits per DataView load with SWAR tests (reading 40% slower); a
// Float64Array scratch copied into arrays (holey arrays slowed subtract and format); printing
// into a buffer sized to the text, held in a variable (1.45 against 1.22 ms: the chunk buffer is
// a module constant the compiler builds in, which bundlers that turn `const` into `var` undo);
// JSON.parse, split or regex replace over the text (3.4-10 ms for the numbers alone); decoding
// the output in pieces below Node's 1 MB external-string threshold (2.8 against 1.7 ms);
// encoding and reading the text in 32 KB blocks to keep its bytes in cache (no change; touching
// 8 MB before each parse did not slow it either); 3 digits per step; a function per run of
// intervals; reusing the last tag's string (each slower or no better).
// Left: TextEncoder.encodeInto takes 0.5 ns a byte, 0.6 ms of each parse (Node's Buffer latin1
// write is 7x faster, but src/shared may not use Node APIs), the byte loop about 1.5 ns a byte;
// and in a fresh process the first 20-50 calls run slower (parse 3.1 against 2.4 ms, format 2.2
// against 1.7 ms until V8's first mark-compact). Warming up with 25 runs instead of 5 barely
// moved the headline (8.36-8.44 ms untagged; not kept): here a parse takes 2.7-3.0 ms against
// 2.4 in a loop of its own. The session's ~8 ms aim (ratio ~0.11) was not reached.
import mysql from 'mysql2/promise';
import { formatGtidSet, gtidSubtract, isGtidSubset, requireGtidSet } from '../../src/shared/gtid';
import { startServer } from '../servers/instance';
import { median, timeEach, type Bench } from './bench';

const UUIDS = 1000;
const INTERVALS = 100;

/** A set of UUIDS × INTERVALS: interval i of each UUID is `i*1000+from .. i*1000+to`. */
function setText(uuids: string[], from: number, to: number, tag: string | null): string {
  const ranges = (count: number, offset: number) =>
    Array.from(
      { length: count },
      (_, i) => `${(offset + i) * 1000 + from}-${(offset + i) * 1000 + to}`,
    ).join(':');
  return uuids
    .map((uuid) =>
      tag === null
        ? `${uuid}:${ranges(INTERVALS, 0)}`
        : // Half the intervals untagged, half under the tag.
          `${uuid}:${ranges(INTERVALS / 2, 0)}:${tag}:${ranges(INTERVALS / 2, INTERVALS / 2)}`,
    )
    .join(',\n');
}

function uuidList(): string[] {
  let state = 12345;
  const hex = (digits: number) => {
    let text = '';
    for (let i = 0; i < digits; i++) {
      state = (state * 1103515245 + 12345) >>> 0;
      text += (state >>> 16).toString(16).slice(-1);
    }
    return text;
  };
  return Array.from({ length: UUIDS }, () => `${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}`);
}

/**
 * GTID_SUBTRACT and GTID_SUBSET of two sets of 1,000 UUIDs × 100 intervals (untagged, and half
 * tagged): Sightline against a `SELECT GTID_SUBTRACT(?, ?)` round trip to a local MySQL 9.7 in
 * the same run. Sightline is timed on parsed sets (what the replication screens hold) and from
 * text to text (parse both, operate, format: the same work the server does), the headline;
 * parsing one set and formatting the difference are also timed alone, to show where it goes.
 */
export const gtidAlgebra: Bench = {
  name: 'gtid',
  async run() {
    const server = await startServer('mysql', { name: 'bench' });
    const connection = await mysql.createConnection({
      host: server.host,
      port: server.port,
      user: server.user,
    });
    try {
      const uuids = uuidList();
      const lines = [
        `gtid algebra (MySQL 9.7, ${UUIDS} UUIDs x ${INTERVALS} intervals per set, medians)`,
      ];
      for (const tag of [null, 'app']) {
        // subtract: B overlaps half of each interval of A; subset: A within a wider C (true,
        // so the whole set is walked).
        const a = setText(uuids, 1, 500, tag);
        const b = setText(uuids, 251, 750, tag);
        const c = setText(uuids, 1, 600, tag);
        const [setA, setB, setC] = [a, b, c].map(requireGtidSet) as [
          ReturnType<typeof requireGtidSet>,
          ReturnType<typeof requireGtidSet>,
          ReturnType<typeof requireGtidSet>,
        ];
        const serverSubtract = async () => {
          const [rows] = await connection.query<mysql.RowDataPacket[]>(
            'SELECT GTID_SUBTRACT(?, ?) AS r',
            [a, b],
          );
          return String(rows[0]!.r);
        };
        const serverSubset = async () => {
          const [rows] = await connection.query<mysql.RowDataPacket[]>(
            'SELECT GTID_SUBSET(?, ?) AS r',
            [a, c],
          );
          return Number(rows[0]!.r);
        };
        if (formatGtidSet(gtidSubtract(setA, setB)) !== (await serverSubtract())) {
          throw new Error('Sightline and MySQL disagree on the benchmark subtraction');
        }
        if (!isGtidSubset(setA, setC) || (await serverSubset()) !== 1) {
          throw new Error('Sightline and MySQL disagree on the benchmark subset');
        }
        const difference = gtidSubtract(setA, setB);
        // The server's code is compiled ahead of time and its query path was just warmed by
        // the checks above; V8 compiles the text paths only after a few runs (the first one
        // measured up to 20x slower). Warm them alike, so the medians compare steady states.
        for (let w = 0; w < 5; w++) {
          formatGtidSet(gtidSubtract(requireGtidSet(a), requireGtidSet(b))).charCodeAt(0);
        }
        const round = {
          serverSubtract: [] as number[],
          serverSubset: [] as number[],
          subtract: [] as number[],
          subset: [] as number[],
          textSubtract: [] as number[],
          parse: [] as number[],
          format: [] as number[],
        };
        for (let r = 0; r < 5; r++) {
          round.serverSubtract.push(
            ...(await timeEach(3, async () => void (await serverSubtract()))),
          );
          round.serverSubset.push(...(await timeEach(3, async () => void (await serverSubset()))));
          round.subtract.push(...(await timeEach(40, () => void gtidSubtract(setA, setB))));
          round.subset.push(...(await timeEach(40, () => void isGtidSubset(setA, setC))));
          round.textSubtract.push(
            ...(await timeEach(3, () => {
              formatGtidSet(gtidSubtract(requireGtidSet(a), requireGtidSet(b))).charCodeAt(0);
            })),
          );
          round.parse.push(...(await timeEach(3, () => void requireGtidSet(a))));
          round.format.push(
            ...(await timeEach(3, () => void formatGtidSet(difference).charCodeAt(0))),
          );
        }
        const m = Object.fromEntries(
          Object.entries(round).map(([k, v]) => [k, median(v)]),
        ) as Record<keyof typeof round, number>;
        const ms = (x: number) => `${x.toFixed(2)} ms`;
        lines.push(
          `  ${tag === null ? 'untagged' : `tagged (half under "${tag}")`}, ${(a.length / 1e6).toFixed(1)} MB of text per set`,
          `    MySQL SELECT GTID_SUBTRACT round trip : ${ms(m.serverSubtract)}`,
          `    MySQL SELECT GTID_SUBSET round trip   : ${ms(m.serverSubset)}`,
          `    sightline subtract (parsed sets)      : ${ms(m.subtract)}   ratio ${(m.subtract / m.serverSubtract).toFixed(3)}`,
          `    sightline subset (parsed sets)        : ${ms(m.subset)}   ratio ${(m.subset / m.serverSubset).toFixed(3)}`,
          `    sightline subtract text to text       : ${ms(m.textSubtract)}   ratio ${(m.textSubtract / m.serverSubtract).toFixed(3)}`,
          `      of which parse, one set             : ${ms(m.parse)}`,
          `      of which format, the difference     : ${ms(m.format)}`,
        );
      }
      return lines.join('\n');
    } finally {
      await connection.end().catch(() => undefined);
      await server.destroy();
    }
  },
};
