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

/** Longest known name (and a bound on the lengths the shape table covers). */
const MAX_NAME = 31;
/**
 * Known names by shape (length * 128 + first char code): the first index with that shape, and
 * for each index the next one with its shape (-1: none). Typed arrays: a dense, fast table.
 */
const FIRST_BY_SHAPE = new Int16Array((MAX_NAME + 1) * 128).fill(-1);
const NEXT_WITH_SHAPE = new Int16Array(KNOWN_ATTRIBUTE_NAMES.length).fill(-1);
for (let index = KNOWN_ATTRIBUTE_NAMES.length - 1; index >= 0; index -= 1) {
  const name = KNOWN_ATTRIBUTE_NAMES[index]!;
  const shape = name.length * 128 + (name.charCodeAt(0) & 127);
  NEXT_WITH_SHAPE[index] = FIRST_BY_SHAPE[shape]!;
  FIRST_BY_SHAPE[shape] = index;
}
/** For each known name (and LINE_START), the known name that followed it last (-1: none yet). */
const LINE_START = KNOWN_ATTRIBUTE_NAMES.length;
const FOLLOWS = new Int16Array(LINE_START + 1).fill(-1);
const KNOWN_INDEX = new Map(KNOWN_ATTRIBUTE_NAMES.map((name, index) => [name, index]));

/** Digits kept in a plain decimal: below 2^53, so its digits are one exact integer. */
const MAX_DIGITS = 15;
/** 10^0 .. 10^15, all exact doubles. */
const POWERS_OF_TEN = Array.from({ length: MAX_DIGITS + 1 }, (_, i) => 10 ** i);

/**
 * The index in KNOWN_ATTRIBUTE_NAMES of the attribute name `text[start, end)`, or -1 when it is
 * not a known one (no string is made either way).
 */
export function knownAttributeIndex(text: string, start: number, end: number): number {
  const length = end - start;
  const first = text.charCodeAt(start);
  if (length > MAX_NAME || !(first < 128)) return -1;
  for (
    let index = FIRST_BY_SHAPE[length * 128 + first]!;
    index >= 0;
    index = NEXT_WITH_SHAPE[index]!
  ) {
    const name = KNOWN_ATTRIBUTE_NAMES[index]!;
    let i = 1;
    while (i < length && name.charCodeAt(i) === text.charCodeAt(start + i)) i += 1;
    if (i === length) return index;
  }
  return -1;
}

/** The name `text[start, end)`: the known constant, else a new string. */
export function attributeName(text: string, start: number, end: number): string {
  const index = knownAttributeIndex(text, start, end);
  return index < 0 ? text.slice(start, end) : KNOWN_ATTRIBUTE_NAMES[index]!;
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
  /** Bit i: KNOWN_ATTRIBUTE_NAMES[i] is in `items` (i < 31; higher ones are looked for). */
  private knownHere = 0;

  /** Sets `name` to the value written at `text[start, end)`. */
  setFrom(name: string, text: string, start: number, end: number): void {
    this.setKnownFrom(KNOWN_INDEX.get(name) ?? -1, name, text, start, end);
  }

  /**
   * Reads every `Name: value` of a `# ` attribute line as pt-query-digest does, with
   * `m/(\w+):\s+(\S+|\Z)/g`: each match is the first `:` that has word characters before it
   * and white space after it; the value runs to the next white space.
   */
  readLine(line: string): void {
    const length = line.length;
    let from = 0;
    let previous = LINE_START;
    while (from < length) {
      const colon = line.indexOf(':', from);
      if (colon < 0) return;
      // Lines repeat their names in the same order: try the name that followed the previous
      // one last time, checked char by char, before the general look-up.
      let index = FOLLOWS[previous]!;
      let start = index >= 0 ? colon - KNOWN_ATTRIBUTE_NAMES[index]!.length : -1;
      if (
        start < from ||
        (start > from && isWordCode(line.charCodeAt(start - 1))) ||
        !sameText(KNOWN_ATTRIBUTE_NAMES[index]!, line, start)
      ) {
        start = colon;
        while (start > from && isWordCode(line.charCodeAt(start - 1))) start -= 1;
        index = -2;
      }
      if (start === colon || colon + 1 >= length || !isSpaceCode(line.charCodeAt(colon + 1))) {
        from = colon + 1;
        continue;
      }
      if (index === -2) {
        index = knownAttributeIndex(line, start, colon);
        if (index >= 0) FOLLOWS[previous] = index;
      }
      if (index >= 0) previous = index;
      let valueStart = colon + 2;
      while (valueStart < length && isSpaceCode(line.charCodeAt(valueStart))) valueStart += 1;
      // The value up to white space, read as a plain decimal on the way (see plainDecimalDigits).
      let valueEnd = valueStart;
      let digits = 0;
      let number = 0;
      let point = -1;
      let plain = true;
      while (valueEnd < length) {
        const code = line.charCodeAt(valueEnd);
        if (code >= 48 && code <= 57) {
          if (digits === 1 && number === 0 && point < 0) plain = false;
          number = number * 10 + (code - 48);
          digits += 1;
        } else if (code === 46 /* . */ && point < 0 && digits > 0) point = valueEnd;
        else if (code === 32 || (code >= 9 && code <= 13)) break;
        else plain = false;
        valueEnd += 1;
      }
      const name = index < 0 ? line.slice(start, colon) : KNOWN_ATTRIBUTE_NAMES[index]!;
      if (plain && digits > 0 && digits <= MAX_DIGITS && point !== valueEnd - 1)
        this.putKnown(index, name, number, point < 0 ? 0 : valueEnd - point - 1);
      else this.putKnown(index, name, slicedValue(line, valueStart, valueEnd), TEXT);
      from = valueEnd;
    }
  }

  /** setFrom, `index` being the name's in KNOWN_ATTRIBUTE_NAMES or -1. */
  private setKnownFrom(
    index: number,
    name: string,
    text: string,
    start: number,
    end: number,
  ): void {
    const digits = plainDecimalDigits(text, start, end);
    if (digits >= 0) this.putKnown(index, name, digits, lastDecimals);
    else
      this.putKnown(
        index,
        name,
        end - start === text.length ? text : slicedValue(text, start, end),
        TEXT,
      );
  }

  /** Sets a value (see `items`), `index` being the name's in KNOWN_ATTRIBUTE_NAMES or -1. */
  private putKnown(index: number, name: string, value: string | number, decimals: number): void {
    if (index >= 0 && index < 31) {
      const bit = 1 << index;
      if ((this.knownHere & bit) === 0) {
        // A known name not met yet in this entry: no need to look for it.
        this.knownHere |= bit;
        this.items.push(name, value, decimals);
        return;
      }
    }
    this.put(name, value, decimals);
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
    const index = KNOWN_INDEX.get(name) ?? -1;
    if (index >= 0 && index < 31) this.knownHere &= ~(1 << index);
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
    for (let i = 0; i < this.items.length; i += 3) yield [this.items[i] as string, this.valueAt(i)];
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
    const index = KNOWN_INDEX.get(name);
    // A known name's bit says whether to look at all (most look-ups are for absent ones).
    if (index !== undefined && index < 31 && (this.knownHere & (1 << index)) === 0) return -1;
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

/** Whether `text` holds `name` at `start`. */
function sameText(name: string, text: string, start: number): boolean {
  for (let i = 0; i < name.length; i += 1)
    if (name.charCodeAt(i) !== text.charCodeAt(start + i)) return false;
  return true;
}

/** Perl's \w on a byte string. */
function isWordCode(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 95
  );
}

/** Perl's \s on a byte string. */
function isSpaceCode(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

/** Yes and No, the most common text values, without a new string each. */
function slicedValue(text: string, start: number, end: number): string {
  const length = end - start;
  if (length === 3 && text.startsWith('Yes', start)) return 'Yes';
  if (length === 2 && text.startsWith('No', start)) return 'No';
  return text.slice(start, end);
}
