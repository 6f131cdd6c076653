// An entry's `# Name: value` attributes, kept the way the reader meets them and the digest reads
// them: in one flat array in the order first written, a name the servers write taken from a table
// of constants instead of cut from the line, and a plain decimal value (Query_time: 0.012345,
// Rows_sent: 20, all but a few of the values in a log) kept as its digits and decimal count
// instead of as a string (a string and a Map entry per value were among the largest costs of
// reading a log). Any other name or value is kept as written, so nothing is dropped and each
// value reads back exactly as the log has it.

import { KNOWN_ATTRIBUTE_NAMES, KNOWN_INDEX, knownAttributeIndex } from './attribute-names';
import {
  MAX_DIGITS,
  plainDecimalDigits,
  plainDecimalPlaces,
  plainDecimalText,
} from './plain-decimal';
import { isSpaceCode, isWordCode } from './perl-char-classes';

/** For each known name (and LINE_START), the known name that followed it last (-1: none yet). */
const LINE_START = KNOWN_ATTRIBUTE_NAMES.length;
const FOLLOWS = new Int16Array(LINE_START + 1).fill(-1);

const THREAD_ID = KNOWN_INDEX.get('Thread_id')!;
/** Below 31: its presence is a bit of `knownHere`. */
const SCHEMA = KNOWN_INDEX.get('Schema')!;
/** A value written as text: a marker in the decimals place. */
const TEXT = -1;
/** Slots per attribute in {@link SlowLogAttributes.items}. */
export const ATTRIBUTE_SLOTS = 4;

/**
 * An entry's attributes: a read-only Map of name → value as written, in the order each name was
 * first written (a later value of a name replaces the earlier one in its place, as Map#set does).
 * The digest reads {@link SlowLogAttributes.items} directly.
 */
export class SlowLogAttributes implements ReadonlyMap<string, string> {
  /**
   * ATTRIBUTE_SLOTS slots per attribute: its name, then either the digits of a plain decimal and
   * its decimal places (see {@link plainDecimalDigits}) or its text and -1, then the name's index
   * in KNOWN_ATTRIBUTE_NAMES or -1 (so the digest finds a known name's state without a look-up).
   */
  readonly items: (string | number)[] = [];
  /** Bit i: KNOWN_ATTRIBUTE_NAMES[i] is in `items` (i < 31; higher ones are looked for). */
  private knownHere = 0;

  /** Sets `name` to the value written at `text[start, end)`. */
  setFrom(name: string, text: string, start: number, end: number): void {
    this.setKnownFrom(KNOWN_INDEX.get(name) ?? -1, name, text, start, end);
  }

  /**
   * Sets the attribute named `text[nameStart, nameEnd)` to the value written at
   * `text[start, end)`, finding a known name by its characters (no string or Map look-up).
   */
  setAt(text: string, nameStart: number, nameEnd: number, start: number, end: number): void {
    this.setKnownAt(
      knownAttributeIndex(text, nameStart, nameEnd),
      text,
      nameStart,
      nameEnd,
      start,
      end,
    );
  }

  /** setAt, `index` being knownAttributeIndex of the name (found by the caller). */
  setKnownAt(
    index: number,
    text: string,
    nameStart: number,
    nameEnd: number,
    start: number,
    end: number,
  ): void {
    const name = index < 0 ? text.slice(nameStart, nameEnd) : KNOWN_ATTRIBUTE_NAMES[index]!;
    this.setKnownFrom(index, name, text, start, end);
  }

  /**
   * Removes Schema and gives its value as written (pt reads it as the entry's db): most entries
   * have none, told by a bit.
   */
  takeSchema(): string | undefined {
    if ((this.knownHere & (1 << SCHEMA)) === 0) return undefined;
    const at = this.indexOf('Schema');
    const value = this.valueAt(at);
    this.items.splice(at, ATTRIBUTE_SLOTS);
    this.knownHere &= ~(1 << SCHEMA);
    return value;
  }

  /** Sets Thread_id (the User@Host line's `Id:`) to `value`. */
  setThreadId(value: string): void {
    this.setKnownFrom(THREAD_ID, 'Thread_id', value, 0, value.length);
  }

  /**
   * Reads every `Name: value` of a `# ` attribute line as pt-query-digest does, with
   * `m/(\w+):\s+(\S+|\Z)/g`: each match is the first `:` that has word characters before it
   * and white space after it; the value runs to the next white space.
   */
  readLine(line: string): void {
    this.readLineAt(line, 0, line.length);
  }

  /**
   * {@link SlowLogAttributes.readLine} of the line `text[start, end)`: the reader passes the
   * chunk a line is in rather than the line cut from it, whose characters V8 reads about a
   * third slower (a cut is a view that each charCodeAt goes through).
   */
  readLineAt(line: string, start: number, end: number): void {
    const length = end;
    let from = start;
    let previous = LINE_START;
    while (from < length) {
      const colon = line.indexOf(':', from);
      if (colon < 0 || colon >= length) return;
      // Lines repeat their names in the same order: try the name that followed the previous
      // one last time before the general look-up (startsWith: a char loop here cost 5 %).
      let index = FOLLOWS[previous]!;
      let nameStart = index >= 0 ? colon - KNOWN_ATTRIBUTE_NAMES[index]!.length : -1;
      if (
        nameStart < from ||
        (nameStart > from && isWordCode(line.charCodeAt(nameStart - 1))) ||
        !line.startsWith(KNOWN_ATTRIBUTE_NAMES[index]!, nameStart)
      ) {
        nameStart = colon;
        while (nameStart > from && isWordCode(line.charCodeAt(nameStart - 1))) nameStart -= 1;
        index = -2;
      }
      if (nameStart === colon || colon + 1 >= length || !isSpaceCode(line.charCodeAt(colon + 1))) {
        from = colon + 1;
        continue;
      }
      if (index === -2) {
        index = knownAttributeIndex(line, nameStart, colon);
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
        else if (isSpaceCode(code)) break;
        else plain = false;
        valueEnd += 1;
      }
      const name = index < 0 ? line.slice(nameStart, colon) : KNOWN_ATTRIBUTE_NAMES[index]!;
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
    if (digits >= 0) this.putKnown(index, name, digits, plainDecimalPlaces());
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
        this.items.push(name, value, decimals, index);
        return;
      }
    }
    this.put(index, name, value, decimals);
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
    this.items.splice(at, ATTRIBUTE_SLOTS);
    const index = KNOWN_INDEX.get(name) ?? -1;
    if (index >= 0 && index < 31) this.knownHere &= ~(1 << index);
    return true;
  }

  get size(): number {
    return this.items.length / ATTRIBUTE_SLOTS;
  }

  forEach(
    callback: (value: string, name: string, map: ReadonlyMap<string, string>) => void,
    thisArg?: unknown,
  ): void {
    for (let i = 0; i < this.items.length; i += ATTRIBUTE_SLOTS)
      callback.call(thisArg, this.valueAt(i), this.items[i] as string, this);
  }

  *entries(): MapIterator<[string, string]> {
    for (let i = 0; i < this.items.length; i += ATTRIBUTE_SLOTS)
      yield [this.items[i] as string, this.valueAt(i)];
  }

  *keys(): MapIterator<string> {
    for (let i = 0; i < this.items.length; i += ATTRIBUTE_SLOTS) yield this.items[i] as string;
  }

  *values(): MapIterator<string> {
    for (let i = 0; i < this.items.length; i += ATTRIBUTE_SLOTS) yield this.valueAt(i);
  }

  [Symbol.iterator](): MapIterator<[string, string]> {
    return this.entries();
  }

  private put(index: number, name: string, value: string | number, decimals: number): void {
    const items = this.items;
    const at = this.indexOf(name);
    if (at < 0) items.push(name, value, decimals, index);
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
    for (let i = 0; i < items.length; i += ATTRIBUTE_SLOTS) if (items[i] === name) return i;
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
