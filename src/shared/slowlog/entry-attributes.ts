// An entry's `# Name: value` attributes, kept the way the reader meets them and the digest reads
// them: in one flat array in the order first written, a name the servers write taken from a table
// of constants instead of cut from the line, and a plain decimal value (Query_time: 0.012345,
// Rows_sent: 20, all but a few of the values in a log) kept as its digits and decimal count
// instead of as a string. Reading a log is dominated by these small values: a string and a Map
// entry per value cost more than parsing them. Any other name or value is kept as written, so
// nothing is dropped and each value reads back exactly as the log has it.

/**
 * Attribute names MySQL, Percona Server and MariaDB write (and the `SET` ones): met in a line,
 * these constants are used instead of a new string. Others are kept all the same.
 */
export const KNOWN_ATTRIBUTE_NAMES: readonly string[] = [
  'Query_time',
  'Lock_time',
  'Rows_sent',
  'Rows_examined',
  'Rows_affected',
  'Rows_read',
  'Thread_id',
  'Schema',
  'Last_errno',
  'Killed',
  'Errno',
  'Bytes_received',
  'Bytes_sent',
  'Read_first',
  'Read_last',
  'Read_key',
  'Read_next',
  'Read_prev',
  'Read_rnd',
  'Read_rnd_next',
  'Sort_merge_passes',
  'Sort_range_count',
  'Sort_rows',
  'Sort_scan_count',
  'Created_tmp_disk_tables',
  'Created_tmp_tables',
  'Count_hit_tmp_table_size',
  'Start',
  'End',
  'QC_hit',
  'Full_scan',
  'Full_join',
  'Tmp_table',
  'Tmp_table_on_disk',
  'Tmp_tables',
  'Tmp_disk_tables',
  'Tmp_table_sizes',
  'Filesort',
  'Filesort_on_disk',
  'Merge_passes',
  'Priority_queue',
  'Pages_accessed',
  'Pages_read',
  'Pages_updated',
  'Pages_prefetched',
  'Old_rows_read',
  'Pages_read_time',
  'Undo_records_read',
  'Engine_time',
  'InnoDB_IO_r_ops',
  'InnoDB_IO_r_bytes',
  'InnoDB_IO_r_wait',
  'InnoDB_rec_lock_wait',
  'InnoDB_queue_wait',
  'InnoDB_pages_distinct',
  'InnoDB_trx_id',
  'Log_slow_rate_type',
  'Log_slow_rate_limit',
  'Id',
  'timestamp',
  'insert_id',
  'last_insert_id',
];

/** Known names by (length, first char): `length * 128 + code`. */
const NAMES_BY_SHAPE: (string[] | undefined)[] = [];
for (const name of KNOWN_ATTRIBUTE_NAMES) {
  const key = name.length * 128 + (name.charCodeAt(0) & 127);
  (NAMES_BY_SHAPE[key] ??= []).push(name);
}

/** Digits kept in a plain decimal: below 2^53, so its digits are one exact integer. */
const MAX_DIGITS = 15;
/** 10^0 .. 10^15, all exact doubles. */
const POWERS_OF_TEN = Array.from({ length: MAX_DIGITS + 1 }, (_, i) => 10 ** i);

/**
 * The constant for the attribute name `text[start, end)` when it is a known one, else undefined
 * (no string is made either way).
 */
export function knownAttributeName(text: string, start: number, end: number): string | undefined {
  const length = end - start;
  const names = NAMES_BY_SHAPE[length * 128 + (text.charCodeAt(start) & 127)];
  if (names === undefined) return undefined;
  for (let i = 0; i < names.length; i += 1) {
    const name = names[i]!;
    if (text.startsWith(name, start)) return name;
  }
  return undefined;
}

/** Decimals of the last {@link plainDecimalDigits} answer (a module slot: no object per call). */
let lastDecimals = 0;

/**
 * `text[start, end)` read as a plain decimal (`0`, `12`, `0.012345`: no sign, exponent or
 * leading zero, at most 15 digits): its digits as one integer (`12345` for `0.012345`, see
 * {@link plainDecimalPlaces} for where its point was), or -1 when the text is anything else.
 */
export function plainDecimalDigits(text: string, start: number, end: number): number {
  if (start >= end || end - start > MAX_DIGITS + 1) return -1;
  let digits = 0;
  let value = 0;
  let point = -1;
  for (let i = start; i < end; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      // A leading zero only alone or before the point (`0`, `0.5`; not `007`).
      if (digits === 1 && value === 0 && point < 0) return -1;
      value = value * 10 + (code - 48);
      digits += 1;
    } else if (code === 46 /* . */ && point < 0 && digits > 0) {
      point = i;
    } else return -1;
  }
  if (digits > MAX_DIGITS || point === end - 1) return -1;
  lastDecimals = point < 0 ? 0 : end - point - 1;
  return value;
}

/** Digits after the point of the last number {@link plainDecimalDigits} read. */
export function plainDecimalPlaces(): number {
  return lastDecimals;
}

/**
 * The number `digits / 10^decimals`: the same double as parseFloat of the text it was read from
 * (both exact, so the one division is correctly rounded, as parseFloat is).
 */
export function plainDecimalValue(digits: number, decimals: number): number {
  return decimals === 0 ? digits : digits / POWERS_OF_TEN[decimals]!;
}

/** The text a plain decimal was read from. */
export function plainDecimalText(digits: number, decimals: number): string {
  if (decimals === 0) return String(digits);
  const padded = String(digits).padStart(decimals + 1, '0');
  return `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
}

/** A value written as text: a marker in the decimals place. */
const TEXT = -1;

/**
 * An entry's attributes: a read-only Map of name → value as written, in the order each name was
 * first written (a later value of a name replaces the earlier one in its place, as Map#set does).
 * The digest reads {@link SlowLogAttributes.items} directly.
 */
export class SlowLogAttributes implements ReadonlyMap<string, string> {
  /**
   * Three slots per attribute: its name, then either the digits of a plain decimal and its
   * decimal places (see {@link plainDecimalDigits}), or its text and -1.
   */
  readonly items: (string | number)[] = [];

  /** Sets `name` to the value written at `text[start, end)`. */
  setFrom(name: string, text: string, start: number, end: number): void {
    const digits = plainDecimalDigits(text, start, end);
    if (digits >= 0) this.put(name, digits, lastDecimals);
    else this.put(name, end - start === text.length ? text : slicedValue(text, start, end), TEXT);
  }

  /** Sets `name` to `value` (text as written). */
  set(name: string, value: string): void {
    this.setFrom(name, value, 0, value.length);
  }

  get(name: string): string | undefined {
    const at = this.indexOf(name);
    return at < 0 ? undefined : this.valueAt(at);
  }

  has(name: string): boolean {
    return this.indexOf(name) >= 0;
  }

  delete(name: string): boolean {
    const at = this.indexOf(name);
    if (at < 0) return false;
    this.items.splice(at, 3);
    return true;
  }

  get size(): number {
    return this.items.length / 3;
  }

  forEach(
    callback: (value: string, name: string, map: ReadonlyMap<string, string>) => void,
    thisArg?: unknown,
  ): void {
    for (let i = 0; i < this.items.length; i += 3)
      callback.call(thisArg, this.valueAt(i), this.items[i] as string, this);
  }

  *entries(): MapIterator<[string, string]> {
    for (let i = 0; i < this.items.length; i += 3)
      yield [this.items[i] as string, this.valueAt(i)];
  }

  *keys(): MapIterator<string> {
    for (let i = 0; i < this.items.length; i += 3) yield this.items[i] as string;
  }

  *values(): MapIterator<string> {
    for (let i = 0; i < this.items.length; i += 3) yield this.valueAt(i);
  }

  [Symbol.iterator](): MapIterator<[string, string]> {
    return this.entries();
  }

  private put(name: string, value: string | number, decimals: number): void {
    const items = this.items;
    const at = this.indexOf(name);
    if (at < 0) items.push(name, value, decimals);
    else {
      items[at + 1] = value;
      items[at + 2] = decimals;
    }
  }

  private indexOf(name: string): number {
    const items = this.items;
    for (let i = 0; i < items.length; i += 3) if (items[i] === name) return i;
    return -1;
  }

  /** The value of the attribute at `at` as written. */
  private valueAt(at: number): string {
    const value = this.items[at + 1]!;
    const decimals = this.items[at + 2] as number;
    return decimals === TEXT ? (value as string) : plainDecimalText(value as number, decimals);
  }
}

/** Yes and No, the most common text values, without a new string each. */
function slicedValue(text: string, start: number, end: number): string {
  const length = end - start;
  if (length === 3 && text.startsWith('Yes', start)) return 'Yes';
  if (length === 2 && text.startsWith('No', start)) return 'No';
  return text.slice(start, end);
}
