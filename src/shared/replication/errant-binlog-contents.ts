import { z } from 'zod';
import type { GtidSet } from '../gtid/gtid-set';
import { gtidIntersection, gtidSubtract, isGtidSubset } from '../gtid/gtid-set-algebra';
import { parseGtidSet } from '../gtid/parse-gtid-set';

/** One errant transaction as its binary log shows it. */
export const ErrantTransactionSchema = z.object({
  gtid: z.string(),
  /** `binlog.000012:4711`: where its GTID event starts. */
  at: z.string(),
  /**
   * What it did, in order: statements as logged (DDL, or the original statement of a row
   * change where binlog_rows_query_log_events was on) and row changes per table
   * (`rows inserted into shop.orders`), repeated ones counted.
   */
  actions: z.array(z.string()),
  /** Actions left out past the ones listed. */
  moreActions: z.number().int().nonnegative(),
});
export type ErrantTransaction = z.infer<typeof ErrantTransactionSchema>;

/** What a replica's errant transactions did, read from its binary logs. */
export const ErrantContentsSchema = z.object({
  /** The first transactions found, in binary log order. */
  transactions: z.array(ErrantTransactionSchema),
  /** Errant transactions found past those listed. */
  moreTransactions: z.number().int().nonnegative(),
  /**
   * How many errant transactions still in the binary logs were not reached: the reading
   * stopped at its limit first (a decimal string: sets can hold more than 2^53). '0' when all
   * were read.
   */
  notRead: z.string(),
  /** Binary log files and events read. */
  filesRead: z.number().int().nonnegative(),
  eventsRead: z.number().int().nonnegative(),
  /** Why nothing could be read (no privilege, binary logging off...), else null. */
  unavailable: z.string().nullable(),
});
export type ErrantContents = z.infer<typeof ErrantContentsSchema>;

/** A row of SHOW BINLOG EVENTS, as the reader needs it. */
export interface BinlogEvent {
  logName: string;
  pos: number;
  type: string;
  info: string;
}

/**
 * The binary log files that hold errant GTIDs, from each file's Previous_gtids (the GTIDs of
 * all files before it): file i holds `previous(i+1) − previous(i)`, the last file everything
 * after `previous(last)`. `files` oldest first, as SHOW BINARY LOGS lists them. A file whose
 * Previous_gtids could not be read is kept (read rather than guessed past).
 */
export function filesWithErrant(
  files: ReadonlyArray<{ name: string; previous: GtidSet | null }>,
  errant: GtidSet,
): string[] {
  const out: string[] = [];
  for (let i = 0; i < files.length; i++) {
    const here = files[i]!.previous;
    const last = i + 1 === files.length;
    const next = last ? null : files[i + 1]!.previous;
    if (here === null || (!last && next === null)) {
      out.push(files[i]!.name);
      continue;
    }
    const notBefore = gtidSubtract(errant, here);
    if (last ? !notBefore.isEmpty : !gtidIntersection(notBefore, next!).isEmpty)
      out.push(files[i]!.name);
  }
  return out;
}

/**
 * The binary log files (by index, oldest first) that hold errant GTIDs, reading as few
 * Previous_gtids as it can: a server keeps thousands of binary logs, and each Previous_gtids is
 * a round trip. Previous_gtids only grow from file to file, so a run of files holds no errant
 * GTID when none is past the run's first Previous_gtids and within the next one's: such runs
 * are passed over whole, halving the rest (a few reads per file that holds errant GTIDs, times
 * the logarithm of the count). A run whose halving meets a Previous_gtids that cannot be read
 * has every head read and is judged as filesWithErrant does; the files found are always among
 * those filesWithErrant would pick. `previousOf` is asked at most once per file.
 */
export async function findErrantFiles(
  count: number,
  errant: GtidSet,
  previousOf: (index: number) => Promise<GtidSet | null>,
): Promise<number[]> {
  const known = new Map<number, GtidSet | null>();
  const previous = async (i: number) => {
    if (!known.has(i)) known.set(i, await previousOf(i));
    return known.get(i)!;
  };
  const out: number[] = [];
  // Files lo..hi-1, where hi === count means "to the end" (everything after the last file).
  const visit = async (lo: number, hi: number): Promise<void> => {
    if (lo >= hi) return;
    const first = await previous(lo);
    const after = hi === count ? null : await previous(hi);
    if (first !== null && (hi === count || after !== null)) {
      const past = gtidSubtract(errant, first);
      const within = hi === count ? past : gtidIntersection(past, after!);
      if (within.isEmpty) return;
      if (hi - lo === 1) {
        out.push(lo);
        return;
      }
      const mid = lo + Math.floor((hi - lo) / 2);
      if ((await previous(mid)) !== null) {
        await visit(lo, mid);
        await visit(mid, hi);
        return;
      }
    }
    const files: Array<{ name: string; previous: GtidSet | null }> = [];
    for (let i = lo; i < hi; i++) files.push({ name: String(i), previous: await previous(i) });
    // The file after the run decides its last file; past the end, nothing does.
    if (hi < count) files.push({ name: 'next', previous: await previous(hi) });
    out.push(
      ...filesWithErrant(files, errant)
        .filter((n) => n !== 'next')
        .map(Number),
    );
  };
  await visit(0, count);
  return out.sort((a, b) => a - b);
}

const GTID_NEXT = /GTID_NEXT\s*=\s*'([^']+)'/i;
const TABLE_MAP = /^table_id: (\d+) \((.*)\)$/s;
const ROW_EVENT_TABLE = /^table_id: (\d+)/;
const XID_COMMENT = /\s*\/\* xid=\d+ \*\/\s*$/;
/** The longest statement text kept per action. */
const STATEMENT_CHARS = 300;

const ROW_CHANGE: ReadonlyArray<[RegExp, string, string]> = [
  [/^Write_rows/, 'rows inserted into', 'insert'],
  [/^Update_rows/, 'rows updated in', 'update'],
  [/^Delete_rows/, 'rows deleted from', 'delete'],
];

/** Events that carry no action of their own (framing, or what the actions already say). */
const FRAMING = new Set([
  'Format_desc',
  'Previous_gtids',
  'Rotate',
  'Stop',
  'Table_map',
  'Xid',
  'Transaction_payload',
  'Anonymous_Gtid',
]);

interface Open {
  tx: ErrantTransaction;
  tables: Map<string, string>;
  /** The last action's text, and how many times it repeated. */
  last: string | null;
  repeats: number;
}

/**
 * Reads SHOW BINLOG EVENTS rows, in order, and keeps a summary of each transaction whose GTID
 * is in `errant`: at most `maxTransactions` listed, each with at most `maxActions` actions.
 * GTID events (tagged ones included) open a transaction; everything up to the next one
 * belongs to it.
 */
export class ErrantBinlogReader {
  readonly transactions: ErrantTransaction[] = [];
  moreTransactions = 0;
  /** Errant GTIDs met so far. */
  found = 0;
  #open: Open | null = null;
  #counting = false;

  constructor(
    private readonly errant: GtidSet,
    private readonly maxTransactions = 20,
    private readonly maxActions = 8,
  ) {}

  /** One event, in binary log order. */
  feed(e: BinlogEvent): void {
    const gtid = /Gtid/i.test(e.type) ? GTID_NEXT.exec(e.info)?.[1] : undefined;
    if (gtid !== undefined) {
      this.#close();
      this.#counting = false;
      const one = parseGtidSet(gtid);
      if (!one.ok || one.set.isEmpty || !isGtidSubset(one.set, this.errant)) return;
      this.found++;
      if (this.transactions.length >= this.maxTransactions) {
        this.moreTransactions++;
        this.#counting = true;
        return;
      }
      this.#open = {
        tx: { gtid, at: `${e.logName}:${e.pos}`, actions: [], moreActions: 0 },
        tables: new Map(),
        last: null,
        repeats: 0,
      };
      return;
    }
    const open = this.#open;
    if (open === null || this.#counting) return;
    if (e.type === 'Table_map') {
      const m = TABLE_MAP.exec(e.info);
      if (m) open.tables.set(m[1]!, m[2]!);
      return;
    }
    if (FRAMING.has(e.type)) return;
    const row = ROW_CHANGE.find(([type]) => type.test(e.type));
    if (row) {
      const id = ROW_EVENT_TABLE.exec(e.info)?.[1];
      const table = (id !== undefined && open.tables.get(id)) || 'a table';
      this.#act(open, `${row[1]} ${table}`);
      return;
    }
    if (e.type === 'Query') {
      const text = e.info.replace(XID_COMMENT, '').trim();
      if (/^(BEGIN|COMMIT|ROLLBACK|XA (START|END|PREPARE|COMMIT)\b.*)$/i.test(text)) return;
      this.#act(open, cut(text));
      return;
    }
    if (e.type === 'Rows_query') {
      this.#act(open, cut(e.info.replace(/^# ?/, '')));
      return;
    }
    // An event this does not know is still named.
    this.#act(open, `${e.type} event${e.info ? `: ${cut(e.info)}` : ''}`);
  }

  /** Ends the reading: the last transaction is complete as far as it was read. */
  finish(): void {
    this.#close();
  }

  #act(open: Open, text: string): void {
    if (open.last === text) {
      open.repeats++;
      return;
    }
    this.#flush(open);
    open.last = text;
    open.repeats = 1;
  }

  #flush(open: Open): void {
    if (open.last === null) return;
    const text = open.repeats > 1 ? `${open.last} (${open.repeats} events)` : open.last;
    if (open.tx.actions.length < this.maxActions) open.tx.actions.push(text);
    else open.tx.moreActions++;
    open.last = null;
    open.repeats = 0;
  }

  #close(): void {
    const open = this.#open;
    if (open === null) return;
    this.#flush(open);
    this.transactions.push(open.tx);
    this.#open = null;
  }
}

function cut(text: string): string {
  return text.length > STATEMENT_CHARS ? `${text.slice(0, STATEMENT_CHARS)}…` : text;
}
