// Groups slow-log entries into classes by fingerprint and keeps, per class, what
// pt-query-digest reports: counts, sums, minima, maxima and bucketed percentiles of every numeric
// attribute, Yes counts of Yes/No ones, the values of user/host/db, first and last seen, and the
// example with the largest Query_time. Memory grows with the number of classes, not entries.
import type { SlowLogEntry } from './entry';
import { detachedText } from './detached-text';
import { KNOWN_ATTRIBUTE_NAMES } from './attribute-names';
import { ATTRIBUTE_SLOTS, SlowLogAttributes } from './entry-attributes';
import { plainDecimalText, plainDecimalValue } from './plain-decimal';
import { classChecksum } from './fingerprint';
import { FingerprintCache } from './fingerprint-cache';
import { BUCKET_COUNT, bucketIndex } from './pt-buckets';
import { isOwnStatementText } from '../tuning/own-statement-tag';
import { slowLogSeconds } from './timestamp';
import { NO_QUERY } from './slowlog-reader';

/**
 * Attributes pt-query-digest does not aggregate (its --ignore-attributes default), nor does a
 * digest: a reader that feeds only digests can leave them out (see
 * SlowLogReaderOptions.skipAttributes).
 */
export const IGNORED_ATTRIBUTES: ReadonlySet<string> = new Set([
  'arg',
  'cmd',
  'insert_id',
  'ip',
  'port',
  'Thread_id',
  'timestamp',
  'exptime',
  'flags',
  'key',
  'res',
  'val',
  'server_id',
  'offset',
  'end_log_pos',
  'Xid',
]);
/** Types pt-query-digest sets before reading (so `Killed: 0` is a Yes/No, `Last_errno` text). */
const PRESET_TYPES: [string, AttributeType][] = [
  ['Query_time', 'num'],
  ['val', 'string'],
  ['key_print', 'string'],
  ['Status_code', 'string'],
  ['Statement_id', 'string'],
  ['Error_no', 'string'],
  ['Last_errno', 'string'],
  ['Thread_id', 'string'],
  ['InnoDB_trx_id', 'string'],
  ['host', 'string'],
  ['ip', 'string'],
  ['port', 'string'],
  ['Killed', 'bool'],
  ['rate_limit', 'string'],
];
const FLOAT = /^(?:\d+|[+-]?(?:(?=\d|[.])\d+(?:[.])\d*)(?:E[+-]?\d+)?)$/i;
/** Distinct user/host/db values kept per class; past it, values are counted but not named. */
const MAX_DISTINCT = 1000;
/**
 * Values of an aggregate after which its bucket counts are kept in an array (see DenseCounts),
 * and how many such arrays one digest holds at most (4 KB each): the busy classes get them.
 */
const DENSE_AFTER = 32;
const MAX_DENSE = 1024;
/** Recent values of user, host or db counted per class without a Map look-up (see RecentValues). */
const RECENT_VALUES = 8;

/** How an attribute is aggregated, decided from its first value as pt-query-digest does. */
export type AttributeType = 'num' | 'bool' | 'string';

/** Count, sum, extremes and the pt-query-digest buckets of one numeric attribute. */
export interface NumericAggregate {
  count: number;
  /**
   * `whole + micro / 1e6 + inexact`. Values with at most six decimals (all a server writes) are
   * added exactly, as whole units and millionths, so the sum does not depend on the order they
   * were added in (parts of a log digested apart merge to the same bits).
   */
  sum: number;
  /** Integer parts of the values with at most six decimals. */
  whole: number;
  /** Their fractional parts, in millionths. */
  micro: number;
  /** Values with more decimals or an exponent, added as floating point. */
  inexact: number;
  min: number;
  max: number;
  /** Bucket index → how many values fell in it (see pt-buckets). */
  buckets: Map<number, number>;
}

/** The statement of a class that took longest (pt-query-digest's "example"). */
export interface ClassExample {
  statement: string;
  queryTime: number;
  time?: string;
  db?: string;
  offset: number;
}

/** One class of statements sharing a fingerprint. */
export interface QueryClass {
  fingerprint: string;
  /** pt-query-digest's class ID (32 upper-case hex digits). */
  checksum: string;
  count: number;
  /** Of `count`, the statements that carry Sightline's own tag (see own-statement-tag). */
  ownCount: number;
  numeric: Map<string, NumericAggregate>;
  /** Yes/No attributes: how many were Yes, of how many. */
  flags: Map<string, { yes: number; count: number }>;
  /** Other text attributes: each value and how often it was seen (bounded). */
  values: Map<string, Map<string, number>>;
  firstSeen?: { seconds: number; time: string };
  lastSeen?: { seconds: number; time: string };
  example?: ClassExample;
}

/** Whether every statement of a class carried Sightline's own tag: a class of its own. */
export function isOwnClass(queryClass: QueryClass): boolean {
  return queryClass.count > 0 && queryClass.ownCount === queryClass.count;
}

/** Which entries count. Times are wall-clock seconds (see {@link slowLogSeconds}). */
export interface DigestFilter {
  since?: number;
  until?: number;
  user?: string;
  host?: string;
  db?: string;
}

/**
 * The `db` and `# Time:` that pt-query-digest carries forward to later entries without them: what
 * a digest of the part of a log before some point hands to the digest of the part after it.
 */
export interface DigestCarry {
  db?: string;
  time?: string;
}

/**
 * Moves `carry` past `entry` as {@link SlowLogDigest.add} does (entries without a statement do
 * not count). Returns whether the entry counted.
 */
export function carryPast(carry: DigestCarry, entry: SlowLogEntry): boolean {
  if (!entry.statement) return false;
  if (entry.db !== undefined) carry.db = entry.db;
  if (entry.time !== undefined) carry.time = entry.time;
  return true;
}

/**
 * A class and what add() has found in its maps before, so that each entry reaches its class's
 * aggregates with one look-up (the class's) instead of one per attribute: the maps were among the
 * largest costs of a digest. Only references into the class's own maps are kept, which merge()
 * never replaces, so a class merged into stays right; a missing one is looked up again.
 */
interface ClassSlots {
  queryClass: QueryClass;
  /** By index in KNOWN_ATTRIBUTE_NAMES: the numeric aggregate of that attribute. */
  known: (NumericAggregate | undefined)[];
  /** By the same index: that aggregate's bucket counts in an array, once it has one. */
  knownCounts: (Uint32Array | undefined)[];
  queryLength: NumericAggregate | undefined;
  queryLengthCounts: Uint32Array | undefined;
  users: RecentValues | undefined;
  hosts: RecentValues | undefined;
  dbs: RecentValues | undefined;
}

/**
 * A busy aggregate's bucket counts as an array indexed by bucket (one store per value, where its
 * Map took a look-up and a store: bucket counts were among the largest costs of a digest). They
 * are added to the aggregate's Map, and zeroed, when the digest is read (see settle()).
 */
interface DenseCounts {
  aggregate: NumericAggregate;
  counts: Uint32Array;
}

/**
 * The first few distinct values of user, host or db met in a class, each with how often it was
 * met since last added to the class's Map (values repeat within a class: a string comparison
 * is cheaper than the Map look-ups). Only values the Map holds are listed, so the Map's order
 * and its bound (MAX_DISTINCT) are the same as without the list.
 */
class RecentValues {
  private readonly recent: string[] = [];
  private readonly pending: number[] = [];

  constructor(readonly values: Map<string, number>) {}

  add(value: string): void {
    const recent = this.recent;
    for (let i = 0; i < recent.length; i += 1)
      if (recent[i] === value) {
        this.pending[i]! += 1;
        return;
      }
    addValueTo(this.values, value);
    if (recent.length < RECENT_VALUES && this.values.has(value)) {
      recent.push(detachedText(value));
      this.pending.push(0);
    }
  }

  /** Adds the pending counts to the Map. */
  settle(): void {
    const { recent, pending, values } = this;
    for (let i = 0; i < recent.length; i += 1) {
      if (pending[i] === 0) continue;
      values.set(recent[i]!, values.get(recent[i]!)! + pending[i]!);
      pending[i] = 0;
    }
  }
}

/** A digest as plain data (structured-clone safe), for handing it between threads. */
export interface SlowLogDigestState {
  classes: Map<string, QueryClass>;
  types: Map<string, AttributeType>;
  count: number;
  filteredOut: number;
  carry: DigestCarry;
}

/** Aggregates entries into classes; feed it from a {@link SlowLogReader}. */
export class SlowLogDigest {
  readonly classes = new Map<string, QueryClass>();
  readonly types = new Map<string, AttributeType>(PRESET_TYPES);
  /** Entries aggregated (after filters). */
  count = 0;
  /** Entries left out by the filters. */
  filteredOut = 0;
  private lastDb: string | undefined;
  private lastTime: string | undefined;
  private lastSeconds: number | undefined;
  /** `types` and IGNORED in one map (null: ignored); cleared when `types` is seeded. */
  private readonly kinds = new Map<string, AttributeType | null>();
  /** `kinds` of the known attribute names, by index in KNOWN_ATTRIBUTE_NAMES (undefined: not yet). */
  private knownKinds: (AttributeType | null | undefined)[] = [];
  /** By fingerprint: the class and its state met so far (see ClassSlots). */
  private readonly slots = new Map<string, ClassSlots>();
  /** Aggregates whose bucket counts are kept in arrays (see DenseCounts). */
  private readonly dense: DenseCounts[] = [];
  /** The class and Query_time of the entry being added (see addAttribute). */
  private current: QueryClass | undefined;
  private queryTime = 0;
  /** Fingerprints, each key noting its class's slots (one Map look-up less per entry). */
  private readonly fingerprints = new FingerprintCache<ClassSlots>();

  /** @param filter which entries count (see {@link DigestFilter}). */
  constructor(readonly filter: DigestFilter = {}) {}

  /** What the next entry inherits when it has no `db` or `# Time:` of its own. */
  get carry(): DigestCarry {
    return { db: this.lastDb, time: this.lastTime };
  }

  /**
   * Starts this digest where an earlier part of the log left off: its carried `db` and time,
   * and the attribute types it had already decided (types are fixed by the first value seen).
   */
  continueFrom(carry: DigestCarry, types?: ReadonlyMap<string, AttributeType>): void {
    this.lastDb = carry.db;
    this.lastTime = carry.time;
    this.lastSeconds = carry.time === undefined ? undefined : slowLogSeconds(carry.time);
    if (types) {
      for (const [name, type] of types) this.types.set(name, type);
      this.kinds.clear();
      this.knownKinds = [];
    }
  }

  /** This digest as plain data (see {@link SlowLogDigest.merge}). */
  state(): SlowLogDigestState {
    this.settle();
    const { classes, types, count, filteredOut, carry } = this;
    return { classes, types, count, filteredOut, carry };
  }

  /**
   * Attributes whose type `later` decided differently from this digest: merging is exact only
   * when there are none (else digest that part again after {@link SlowLogDigest.continueFrom}).
   */
  typeConflicts(later: SlowLogDigestState): string[] {
    const conflicts: string[] = [];
    for (const [name, type] of later.types) {
      const mine = this.types.get(name);
      if (mine !== undefined && mine !== type) conflicts.push(name);
    }
    return conflicts;
  }

  /**
   * Adds the digest of the part of the log that follows this one's (started with
   * {@link SlowLogDigest.continueFrom} this digest's carry): the result is what one digest of
   * both parts gives, class order included. Two limits: a class's numeric sums are added part
   * by part, so fractional sums may differ from one pass in the last bits; and past
   * MAX_DISTINCT values of one attribute in a class, a value named by this digest that comes
   * again in `later` only after `later` filled its own list is not counted there. `later` is
   * taken over, not copied.
   */
  merge(later: SlowLogDigestState): void {
    this.settle();
    for (const [print, theirs] of later.classes) {
      const mine = this.classes.get(print);
      if (mine) mergeClass(mine, theirs);
      else this.classes.set(print, theirs);
    }
    for (const [name, type] of later.types) if (!this.types.has(name)) this.types.set(name, type);
    this.count += later.count;
    this.filteredOut += later.filteredOut;
    this.continueFrom(later.carry);
  }

  /** Adds one entry (pt-query-digest carries `db` and the time forward to entries without them). */
  add(entry: SlowLogEntry): void {
    if (!entry.statement) return;
    // What is kept past this entry is a copy, not a view into the reader's chunk (see
    // detached-text): the carried db and time, new map keys, examples, new class names.
    if (entry.db !== undefined && entry.db !== this.lastDb) this.lastDb = detachedText(entry.db);
    if (entry.time !== undefined && entry.time !== this.lastTime) {
      this.lastTime = detachedText(entry.time);
      this.lastSeconds = slowLogSeconds(entry.time);
    }
    const db = this.lastDb;
    const time = this.lastTime;
    const seconds = this.lastSeconds;
    if (!this.passes(entry, db, seconds)) {
      this.filteredOut += 1;
      return;
    }
    const print = this.fingerprints.of(entry.statement);
    let slots = this.fingerprints.note();
    if (slots === undefined) {
      slots = this.slots.get(print) ?? this.newSlots(print);
      this.fingerprints.setNote(slots);
    }
    const queryClass = slots.queryClass;
    this.count += 1;
    queryClass.count += 1;
    // Fingerprints drop comments: the tag is seen here or never.
    if (isOwnStatementText(entry.statement)) queryClass.ownCount += 1;
    this.current = queryClass;
    if (time !== undefined && seconds !== undefined) {
      if (!queryClass.firstSeen || seconds < queryClass.firstSeen.seconds)
        queryClass.firstSeen = { seconds, time };
      const last = queryClass.lastSeen;
      if (!last) queryClass.lastSeen = { seconds, time };
      else if (seconds >= last.seconds && (seconds !== last.seconds || time !== last.time)) {
        // Changed in place: the class is its only holder (merge() takes classes over).
        last.seconds = seconds;
        last.time = time;
      }
    }
    if (entry.user !== undefined)
      (slots.users ??= new RecentValues(this.valuesOf(queryClass, 'user'))).add(entry.user);
    if (entry.host !== undefined)
      (slots.hosts ??= new RecentValues(this.valuesOf(queryClass, 'host'))).add(entry.host);
    if (db !== undefined) (slots.dbs ??= new RecentValues(this.valuesOf(queryClass, 'db'))).add(db);
    // pt-query-digest counts no bytes for an entry without a statement (and so the same text
    // typed as a statement, which no one does).
    const length = entry.statement === NO_QUERY ? 0 : entry.statement.length;
    const lengths = slots.queryLengthCounts;
    if (lengths !== undefined) addToDense(slots.queryLength!, length, false, lengths);
    else {
      const aggregate = (slots.queryLength ??= numericOf(queryClass, 'Query_length', length));
      addToAggregate(aggregate, length);
      slots.queryLengthCounts = this.denseCountsOf(aggregate);
    }
    this.queryTime = 0;
    const attributes = entry.attributes;
    if (attributes instanceof SlowLogAttributes) this.addItems(slots, attributes.items);
    else attributes.forEach(this.addAttribute, this);
    const queryTime = this.queryTime;
    // pt-query-digest keeps the last of equally slow statements.
    const example = queryClass.example;
    if (!example || queryTime >= example.queryTime) {
      queryClass.example = {
        // Equally slow statements often have the same text: keep the copy already made.
        statement:
          example?.statement === entry.statement
            ? example.statement
            : detachedText(entry.statement),
        queryTime,
        time,
        db,
        offset: entry.offset,
      };
    }
  }

  /**
   * The attributes of the entry being added, as the reader keeps them (see SlowLogAttributes):
   * a plain decimal is added as the number it reads as, with no string made for it; the rest
   * as {@link SlowLogDigest.addAttribute} adds them.
   */
  private addItems(slots: ClassSlots, items: readonly (string | number)[]): void {
    for (let i = 0; i < items.length; i += ATTRIBUTE_SLOTS) {
      const name = items[i] as string;
      const decimals = items[i + 2] as number;
      if (decimals < 0) {
        this.addAttribute(items[i + 1] as string, name);
        continue;
      }
      const digits = items[i + 1] as number;
      const known = items[i + 3] as number;
      let type = known >= 0 ? this.knownKinds[known] : undefined;
      if (type === undefined) {
        // A plain decimal matches FLOAT: as its first value it makes the attribute numeric.
        type = this.kindOf(name, undefined);
        if (known >= 0) this.knownKinds[known] = type;
      }
      if (type === null) continue;
      if (type !== 'num') {
        this.addAttribute(plainDecimalText(digits, decimals), name);
        continue;
      }
      const value = plainDecimalValue(digits, decimals);
      if (known === QUERY_TIME) this.queryTime = value;
      const sixDecimalsAtMost = decimals > 0 && decimals <= 6;
      if (known < 0) {
        addToAggregate(numericOf(slots.queryClass, name, value), value, sixDecimalsAtMost);
        continue;
      }
      const counts = slots.knownCounts[known];
      if (counts !== undefined) {
        addToDense(slots.known[known]!, value, sixDecimalsAtMost, counts);
        continue;
      }
      const aggregate = (slots.known[known] ??= numericOf(slots.queryClass, name, value));
      addToAggregate(aggregate, value, sixDecimalsAtMost);
      slots.knownCounts[known] = this.denseCountsOf(aggregate);
    }
  }

  /** The slots of the class of fingerprint `print`, which has none yet (nor, maybe, a class). */
  private newSlots(print: string): ClassSlots {
    let queryClass = this.classes.get(print);
    if (!queryClass) {
      print = detachedText(print);
      queryClass = {
        fingerprint: print,
        checksum: '',
        count: 0,
        ownCount: 0,
        numeric: new Map(),
        flags: new Map(),
        values: new Map(),
      };
      this.classes.set(print, queryClass);
    }
    const slots: ClassSlots = {
      queryClass,
      known: [],
      knownCounts: [],
      queryLength: undefined,
      queryLengthCounts: undefined,
      users: undefined,
      hosts: undefined,
      dbs: undefined,
    };
    this.slots.set(queryClass.fingerprint, slots);
    return slots;
  }

  /**
   * An array for the bucket counts of `aggregate` once it is busy enough (and this digest has
   * arrays left), else undefined (see DenseCounts).
   */
  private denseCountsOf(aggregate: NumericAggregate): Uint32Array | undefined {
    if (aggregate.count < DENSE_AFTER || this.dense.length >= MAX_DENSE) return undefined;
    const counts = new Uint32Array(BUCKET_COUNT);
    this.dense.push({ aggregate, counts });
    return counts;
  }

  /** Adds what add() counted apart (bucket arrays, recent values) to the classes' Maps. */
  private settle(): void {
    for (const { aggregate, counts } of this.dense) {
      const buckets = aggregate.buckets;
      for (let bucket = 0; bucket < BUCKET_COUNT; bucket += 1) {
        const n = counts[bucket]!;
        if (n === 0) continue;
        buckets.set(bucket, (buckets.get(bucket) ?? 0) + n);
        counts[bucket] = 0;
      }
    }
    for (const slots of this.slots.values()) {
      slots.users?.settle();
      slots.hosts?.settle();
      slots.dbs?.settle();
    }
  }

  /** One attribute of the entry being added to `this.current` (a forEach callback: no garbage). */
  private addAttribute(raw: string, name: string): void {
    const queryClass = this.current!;
    const type = this.kindOf(name, raw);
    if (type === null) return;
    if (type === 'num') {
      // Perl's numification: leading number, else 0 (Query_time keeps only its number).
      const value = parseFloat(raw) || 0;
      this.addNumber(
        queryClass,
        name,
        value,
        !Number.isInteger(value) && hasSixDecimalsAtMost(raw),
      );
      if (name === 'Query_time') this.queryTime = value;
    } else if (type === 'bool') {
      let flag = queryClass.flags.get(name);
      if (!flag) queryClass.flags.set(detachedText(name), (flag = { yes: 0, count: 0 }));
      flag.count += 1;
      if (raw === 'Yes') flag.yes += 1;
    } else {
      this.addValue(queryClass, name, raw);
    }
  }

  /**
   * How attribute `name` is aggregated (null: not at all), in one lookup once known; the first
   * time, its type is decided as pt-query-digest does, from its first value (`raw`; undefined
   * for a plain decimal, which is a number).
   */
  private kindOf(name: string, raw: string | undefined): AttributeType | null {
    const kind = this.kinds.get(name);
    if (kind !== undefined) return kind;
    name = detachedText(name);
    if (IGNORED_ATTRIBUTES.has(name)) {
      this.kinds.set(name, null);
      return null;
    }
    let type = this.types.get(name);
    if (!type) {
      type =
        raw === undefined || FLOAT.test(raw)
          ? 'num'
          : raw === 'Yes' || raw === 'No'
            ? 'bool'
            : 'string';
      this.types.set(name, type);
    }
    this.kinds.set(name, type);
    return type;
  }

  /** The classes with their checksums filled in. */
  results(): QueryClass[] {
    this.settle();
    const out = [...this.classes.values()];
    for (const queryClass of out)
      if (!queryClass.checksum) queryClass.checksum = classChecksum(queryClass.fingerprint);
    return out;
  }

  private passes(
    entry: SlowLogEntry,
    db: string | undefined,
    seconds: number | undefined,
  ): boolean {
    const { since, until, user, host } = this.filter;
    if (since !== undefined && (seconds === undefined || seconds < since)) return false;
    if (until !== undefined && (seconds === undefined || seconds > until)) return false;
    if (user !== undefined && entry.user !== user) return false;
    if (host !== undefined && entry.host !== host && entry.ip !== host) return false;
    if (this.filter.db !== undefined && db !== this.filter.db) return false;
    return true;
  }

  /** `sixDecimalsAtMost`: the value was written with a point and at most six digits after it. */
  private addNumber(
    queryClass: QueryClass,
    name: string,
    value: number,
    sixDecimalsAtMost = false,
  ): void {
    addToAggregate(numericOf(queryClass, name, value), value, sixDecimalsAtMost);
  }

  private addValue(queryClass: QueryClass, name: string, value: string): void {
    addValueTo(this.valuesOf(queryClass, name), value);
  }

  /** The values of text attribute `name` in `queryClass`, made empty when it has none. */
  private valuesOf(queryClass: QueryClass, name: string): Map<string, number> {
    let values = queryClass.values.get(name);
    if (!values) queryClass.values.set(detachedText(name), (values = new Map()));
    return values;
  }
}

const QUERY_TIME = KNOWN_ATTRIBUTE_NAMES.indexOf('Query_time');

/** The aggregate of numeric attribute `name` in `queryClass`, made (from `value`) when it has none. */
function numericOf(queryClass: QueryClass, name: string, value: number): NumericAggregate {
  let aggregate = queryClass.numeric.get(name);
  if (!aggregate) {
    aggregate = {
      count: 0,
      sum: 0,
      whole: 0,
      micro: 0,
      inexact: 0,
      min: value,
      max: value,
      buckets: new Map(),
    };
    queryClass.numeric.set(detachedText(name), aggregate);
  }
  return aggregate;
}

/** `sixDecimalsAtMost`: the value was written with a point and at most six digits after it. */
function addToAggregate(
  aggregate: NumericAggregate,
  value: number,
  sixDecimalsAtMost = false,
): void {
  aggregate.count += 1;
  addToSum(aggregate, value, sixDecimalsAtMost);
  if (value < aggregate.min) aggregate.min = value;
  if (value > aggregate.max) aggregate.max = value;
  const bucket = bucketIndex(value);
  aggregate.buckets.set(bucket, (aggregate.buckets.get(bucket) ?? 0) + 1);
}

/** addToAggregate, the bucket counted in `counts` (see DenseCounts). */
function addToDense(
  aggregate: NumericAggregate,
  value: number,
  sixDecimalsAtMost: boolean,
  counts: Uint32Array,
): void {
  aggregate.count += 1;
  addToSum(aggregate, value, sixDecimalsAtMost);
  if (value < aggregate.min) aggregate.min = value;
  if (value > aggregate.max) aggregate.max = value;
  counts[bucketIndex(value)]! += 1;
}

/** Counts one more `value` (bounded: past MAX_DISTINCT values, new ones are not named). */
function addValueTo(values: Map<string, number>, value: string): void {
  const seen = values.get(value);
  if (seen !== undefined) values.set(value, seen + 1);
  else if (values.size < MAX_DISTINCT) values.set(detachedText(value), 1);
}

/** Whole units below which a fraction read back from a double is still exact to 1e-6. */
const EXACT_WHOLE_LIMIT = 1e8;

/**
 * Adds `value` to a sum kept exactly when it can be: integers as they are, fractions written
 * with at most six decimals as whole units and millionths.
 */
function addToSum(aggregate: NumericAggregate, value: number, sixDecimalsAtMost: boolean): void {
  if (Number.isInteger(value)) aggregate.whole += value;
  else if (sixDecimalsAtMost && Math.abs(value) < EXACT_WHOLE_LIMIT) {
    const whole = Math.trunc(value);
    aggregate.whole += whole;
    aggregate.micro += Math.round((value - whole) * 1e6);
  } else aggregate.inexact += value;
  aggregate.sum = sumOf(aggregate);
}

function sumOf(aggregate: NumericAggregate): number {
  return aggregate.whole + aggregate.micro / 1e6 + aggregate.inexact;
}

/** Whether a number as written has no exponent and at most six digits after its point. */
function hasSixDecimalsAtMost(raw: string): boolean {
  const point = raw.indexOf('.');
  if (point < 0 || raw.length - point - 1 > 6) return false;
  for (let i = point + 1; i < raw.length; i += 1) {
    const code = raw.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

function mergeClass(mine: QueryClass, theirs: QueryClass): void {
  mine.count += theirs.count;
  mine.ownCount += theirs.ownCount;
  for (const [name, aggregate] of theirs.numeric) {
    const into = mine.numeric.get(name);
    if (!into) {
      mine.numeric.set(name, aggregate);
      continue;
    }
    into.count += aggregate.count;
    into.whole += aggregate.whole;
    into.micro += aggregate.micro;
    into.inexact += aggregate.inexact;
    into.sum = sumOf(into);
    if (aggregate.min < into.min) into.min = aggregate.min;
    if (aggregate.max > into.max) into.max = aggregate.max;
    for (const [bucket, n] of aggregate.buckets)
      into.buckets.set(bucket, (into.buckets.get(bucket) ?? 0) + n);
  }
  for (const [name, flag] of theirs.flags) {
    const into = mine.flags.get(name);
    if (!into) mine.flags.set(name, flag);
    else {
      into.yes += flag.yes;
      into.count += flag.count;
    }
  }
  for (const [name, values] of theirs.values) {
    const into = mine.values.get(name);
    if (!into) {
      mine.values.set(name, values);
      continue;
    }
    for (const [value, n] of values) {
      const seen = into.get(value);
      if (seen !== undefined) into.set(value, seen + n);
      else if (into.size < MAX_DISTINCT) into.set(value, n);
    }
  }
  // The same tie rules as one pass: the earliest first, the latest last, the later slowest.
  if (theirs.firstSeen && (!mine.firstSeen || theirs.firstSeen.seconds < mine.firstSeen.seconds))
    mine.firstSeen = theirs.firstSeen;
  if (theirs.lastSeen && (!mine.lastSeen || theirs.lastSeen.seconds >= mine.lastSeen.seconds))
    mine.lastSeen = theirs.lastSeen;
  if (theirs.example && (!mine.example || theirs.example.queryTime >= mine.example.queryTime))
    mine.example = theirs.example;
}

/** How classes can be ranked. */
export type ClassRanking =
  'time' | 'count' | 'avg' | 'rows-examined' | 'rows-sent' | 'examined-per-sent';

/** Classes in ranking order (largest first); ties keep the order the log first showed them. */
export function rankClasses(classes: QueryClass[], by: ClassRanking = 'time'): QueryClass[] {
  const sum = (c: QueryClass, name: string) => c.numeric.get(name)?.sum ?? 0;
  const key: (c: QueryClass) => number = {
    time: (c: QueryClass) => sum(c, 'Query_time'),
    count: (c: QueryClass) => c.count,
    avg: (c: QueryClass) => sum(c, 'Query_time') / c.count,
    'rows-examined': (c: QueryClass) => sum(c, 'Rows_examined'),
    'rows-sent': (c: QueryClass) => sum(c, 'Rows_sent'),
    'examined-per-sent': (c: QueryClass) =>
      sum(c, 'Rows_examined') / Math.max(1, sum(c, 'Rows_sent')),
  }[by];
  return classes
    .map((c, index) => ({ c, index, k: key(c) }))
    .sort((a, b) => b.k - a.k || a.index - b.index)
    .map(({ c }) => c);
}
