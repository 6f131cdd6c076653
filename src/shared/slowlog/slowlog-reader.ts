// A streaming slow-log reader that splits and reads entries the way pt-query-digest 3.2.1's
// SlowLogParser does (records end at ";\n#", `#`/`use `/`SET timestamp` lines are metadata, the
// first other line starts the statement), so that counts match it exactly. On purpose it differs
// where pt-query-digest is wrong or unbounded: MariaDB's `mariadbd, Version:` banner lines are
// dropped (pt only knows `mysqld, Version:` and glues the banner and the next entry onto the
// previous statement); text with no `#` line before it is reported, not counted; a statement
// over the size limit is cut and reported instead of held whole; an entry without a statement
// (the user's own `SET timestamp = ...`) followed by a MariaDB entry without `# Time:` is
// `/* No query */`, where pt takes the next entry's header as its statement and loses that entry.
import type { SlowLogEntry, SlowLogProblem } from './entry';
import { detachedText } from './detached-text';
import { SlowLogAttributes } from './entry-attributes';
import { KNOWN_ATTRIBUTE_NAMES, KNOWN_INDEX, knownAttributeIndex } from './attribute-names';
import { isAttributeLine, isoZoneAt, timeOf } from './slowlog-line-shapes';
import { UserHostLines } from './user-host-lines';

/** Lines a server writes when it opens the log (start, restart, FLUSH SLOW LOGS). */
const BANNER =
  /^(?:T[cC][pP][\t\n\v\f\r ][pP]ort:[\t\n\v\f\r ]+\d+|[/A-Z][^\n]*(?:mysqld|mariadbd|mysqld\.exe|mariadbd\.exe), Version[^\n]*(?:started with:|embedded library)|Time[\t\n\v\f\r ]+Id[\t\n\v\f\r ]+Command)/;
const EMPTY_SCHEMA = /Schema:[\t\n\v\f\r ]+(?=\w+: )/;
const SET = /^SET[\t\n\v\f\r ]+([^;]*)/;
/**
 * What, read on after an entry with no statement, means it had none (see lookAhead): pt's
 * `Time: ` and the like, and (where pt is wrong) `User@Host: `, which MariaDB's next entry
 * starts with when it shares the second (MariaDB writes `# Time:` only when the second changes).
 */
const NULL_QUERY_START = /^[\t\n\v\f\r ]*(?:[A-Z][a-z_]+|User@Host): /;

/** The statement of an entry that had none (pt-query-digest's words). */
export const NO_QUERY = '/* No query */';

/** Options of {@link SlowLogReader}. */
export interface SlowLogReaderOptions {
  /** Longest line kept whole, in bytes; longer statements are cut there and reported. Default 16 MiB. */
  maxLineBytes?: number;
  /** Longest statement kept, in bytes; the rest is skipped and reported. Default 16 MiB. */
  maxStatementBytes?: number;
  /** Byte offset in the whole log of the first byte pushed (reading a part of it). Default 0. */
  startOffset?: number;
  /**
   * Attributes the consumer never reads (a digest: pt-query-digest's ignored ones), which the
   * reader may then leave out of entries: it does for the `SET` line's name (`timestamp`) and the
   * User@Host line's `Id:` (Thread_id), parsed on every entry for nothing otherwise.
   */
  skipAttributes?: Iterable<string>;
}

const THREAD_ID = KNOWN_INDEX.get('Thread_id')!;
const TIMESTAMP = KNOWN_INDEX.get('timestamp')!;

interface Line {
  text: string;
  offset: number;
  /** Whether a "\n" ended it (false only for the last line of the stream). */
  ended: boolean;
  /** `text` is `source.slice(start, start + text.length)`: the chunk it was cut from, or itself. */
  source: string;
  start: number;
}

/**
 * Reads a slow log given in chunks of any size and calls `onEntry` for each statement in order.
 * Keeps only the current entry in memory. Bytes are kept as they are (a string of char codes
 * 0-255), so non-UTF-8 text never breaks reading or fingerprints.
 */
export class SlowLogReader {
  private carry = '';
  private carryOffset = 0;
  private position = 0;
  private record: Line[] = [];
  private recordBytes = 0;
  private previousEndsWithSemicolon = true;
  /** A record that had metadata but no statement, waiting for the next one (pt's look-ahead). */
  private statementless: Line[] | undefined;
  private skippingLongLine = false;
  private recordCut = false;
  private readonly maxLine: number;
  private readonly maxStatement: number;
  /** By index in KNOWN_ATTRIBUTE_NAMES: 1 for a name left out (see skipAttributes). */
  private readonly skipped = new Uint8Array(KNOWN_ATTRIBUTE_NAMES.length);
  /** Problems met so far, in order; never fatal. */
  readonly problems: SlowLogProblem[] = [];
  /** How many problems there were, including ones beyond the kept list. */
  problemCount = 0;
  /** Entries read. */
  entries = 0;
  /** Lines that looked like a slow log's (`# Time:`, `# Query_time:`, `# User@Host:`). */
  private slowLogLines = 0;
  /** The entry being built (startEntry → metaLine → finishEntry) and what it has read. */
  private building: SlowLogEntry | undefined;
  private gotTime = false;
  private gotUserHost = false;
  private gotDb = false;
  private gotSet = false;
  /**
   * The time the last `# Time:` line gave, as a string of its own: most entries of a busy log
   * share their second with the one before (see timeAt).
   */
  private lastTime: string | undefined;
  /** lastTime's captured characters (pt's 15 or 19), their count, and the offset after them. */
  private lastTimeChars = '';
  private lastTimeWidth = 0;
  private lastTimeZone = '';
  /** Rare text that decides how a line reads, found once per chunk, not looked for per line. */
  private readonly schemaMarks = new Marks('Schema:', 0);
  private readonly userHostMarks = new Marks('# User@Host: ', 6 /* @ */);
  private readonly versionMarks = new Marks(', Version', 2 /* V */);
  private readonly userHostLines = new UserHostLines();

  constructor(
    private readonly onEntry: (entry: SlowLogEntry) => void,
    options: SlowLogReaderOptions = {},
  ) {
    this.maxLine = options.maxLineBytes ?? 16 * 1024 * 1024;
    this.maxStatement = options.maxStatementBytes ?? 16 * 1024 * 1024;
    this.position = options.startOffset ?? 0;
    for (const name of options.skipAttributes ?? []) {
      const index = KNOWN_INDEX.get(name);
      if (index !== undefined) this.skipped[index] = 1;
    }
  }

  /** Bytes read so far (plus the start offset). */
  get bytesRead(): number {
    return this.position;
  }

  /** Whether anything so far looked like a slow log. */
  get looksLikeSlowLog(): boolean {
    return this.slowLogLines > 0;
  }

  /** Feeds raw bytes. */
  push(chunk: Uint8Array): void {
    this.pushLatin1(bytesToLatin1(chunk));
  }

  /** Feeds bytes already turned into a string of char codes 0-255 (Node: `buffer.toString('latin1')`). */
  pushLatin1(text: string): void {
    const chunkOffset = this.position;
    this.position += text.length;
    this.schemaMarks.reset(text);
    this.userHostMarks.reset(text);
    this.versionMarks.reset(text);
    let start = 0;
    if (this.skippingLongLine) {
      const newline = text.indexOf('\n');
      if (newline < 0) return;
      this.skippingLongLine = false;
      start = newline + 1;
    }
    for (;;) {
      if (
        this.previousEndsWithSemicolon &&
        text.charCodeAt(start) === 35 /* # */ &&
        this.carry.length === 0
      ) {
        // What line() does first with this `#` line; then, with nothing pending, whole entries
        // are read in place in the chunk (see readInPlace).
        this.flushRecord(false);
        if (this.statementless === undefined) start = this.readInPlace(text, start, chunkOffset);
      }
      const newline = text.indexOf('\n', start);
      if (newline < 0) break;
      if (this.carry.length > 0) {
        const lineText = this.carry + text.slice(start, newline);
        this.carry = '';
        this.line({
          text: lineText,
          offset: this.carryOffset,
          ended: true,
          source: lineText,
          start: 0,
        });
      } else {
        this.line({
          text: text.slice(start, newline),
          offset: chunkOffset + start,
          ended: true,
          source: text,
          start,
        });
      }
      start = newline + 1;
    }
    if (start < text.length) {
      if (this.carry.length === 0) this.carryOffset = chunkOffset + start;
      this.carry += text.slice(start);
      if (this.carry.length > this.maxLine) {
        this.problem('oversized', this.carryOffset, `a line over ${this.maxLine} bytes was cut`);
        const cut = this.carry.slice(0, this.maxLine);
        this.line({ text: cut, offset: this.carryOffset, ended: true, source: cut, start: 0 });
        // What follows the cut is skipped up to the newline; the next `#` line starts an entry.
        this.previousEndsWithSemicolon = true;
        this.carry = '';
        this.skippingLongLine = true;
      }
    }
  }

  /** Ends the stream: the last entry is read even without a final newline. */
  end(): void {
    // The marks hold the last chunk: a reader kept for its figures must not keep it alive.
    this.schemaMarks.reset('');
    this.userHostMarks.reset('');
    this.versionMarks.reset('');
    if (this.carry.length > 0) {
      const text = this.carry;
      this.line({ text, offset: this.carryOffset, ended: false, source: text, start: 0 });
      this.carry = '';
    }
    this.flushRecord(true);
    if (this.statementless) {
      const first = this.statementless[0]!;
      this.problem(
        'truncated',
        first.offset,
        'the last entry has no statement (the log ends there)',
      );
      this.statementless = undefined;
    }
  }

  private line(line: Line): void {
    const { text } = line;
    if (mayBeBanner(text) && BANNER.test(text)) return;
    if (text.charCodeAt(0) === 35 /* # */) {
      if (this.slowLogLines === 0 && isSlowLogLine(text, 0)) this.slowLogLines += 1;
      if (this.previousEndsWithSemicolon) this.flushRecord(false);
    }
    const budget = this.maxStatement - this.recordBytes;
    if (text.length + 1 > budget) {
      if (!this.recordCut) {
        // Keep the entry with its statement cut short; report it once.
        this.recordCut = true;
        if (text.length < this.maxLine)
          this.problem(
            'oversized',
            line.offset,
            `an entry over ${this.maxStatement} bytes was cut`,
          );
        if (budget > 0) this.record.push({ ...line, text: text.slice(0, budget) });
        this.recordBytes = this.maxStatement;
      }
    } else {
      this.record.push(line);
      this.recordBytes += text.length + 1;
    }
    this.previousEndsWithSemicolon = endsWithSemicolon(text) && line.ended;
  }

  private flushRecord(last: boolean): void {
    const lines = this.record;
    if (lines.length === 0) return;
    this.record = [];
    this.recordBytes = 0;
    this.recordCut = false;
    if (this.statementless) {
      const waiting = this.statementless;
      this.statementless = undefined;
      if (this.lookAhead(waiting, lines, last)) return;
    }
    this.readRecord(lines, last);
  }

  /**
   * pt-query-digest, on a record with metadata and no statement, reads on to the next ";\n":
   * text like `Time: ...` means the entry had no query (`/* No query *\/`); anything else (MySQL's
   * `# administrator command: Quit;` after `SET timestamp=...;`) is that entry's statement.
   * Unlike pt, `User@Host: ...` (the next entry's header, on MariaDB) means no query too: pt
   * takes that header as the statement and loses the entry it starts. Returns whether `next`
   * was used up.
   */
  private lookAhead(waiting: Line[], next: Line[], last: boolean): boolean {
    let upTo = next.findIndex((line) => line.text.endsWith(';') && line.ended);
    if (upTo < 0) upTo = next.length - 1;
    const head = next
      .slice(0, upTo + 1)
      .map((line) => line.text)
      .join('\n')
      .slice(1);
    if (NULL_QUERY_START.test(head)) {
      this.emit(waiting, NO_QUERY, 'Query', waiting[0]!.offset);
      return false;
    }
    let statement = head.replace(/^[\t\n\v\f\r ]+/, '');
    if (statement.endsWith(';') && next[upTo]!.ended) statement = statement.slice(0, -1);
    this.emit(waiting, statement, 'Admin', waiting[0]!.offset);
    const rest = next.slice(upTo + 1);
    if (rest.length > 0) this.readRecord(rest, last);
    return true;
  }

  private readRecord(lines: Line[], last: boolean): void {
    let statementAt = -1;
    let adminLine: string | undefined;
    let sawHashLine = false;
    for (let i = 0; i < lines.length; i += 1) {
      const text = lines[i]!.text;
      const hash = text.charCodeAt(0) === 35; /* # */
      // pt prepends "#" to a record that does not start with one: its first line is metadata.
      if (i === 0 && !hash) continue;
      if (!hash && !isMetaAt(text, 0, text.length)) {
        statementAt = i;
        break;
      }
      if (hash) sawHashLine = true;
      if (adminLine === undefined && isAdministratorLineAt(text, 0, text.length)) {
        adminLine = stripFinalSemicolon(text.slice(2), lines, i);
      }
    }
    if (statementAt >= 0 && !sawHashLine) {
      // Text with no `#` line before it: not an entry (pt-query-digest would take it as one).
      this.problem(
        'no-statement',
        lines[0]!.offset,
        'text that is not a slow-log entry was skipped',
      );
      return;
    }
    if (statementAt >= 0) {
      const statement =
        statementAt === lines.length - 1
          ? lines[statementAt]!.text
          : lines
              .slice(statementAt)
              .map((line) => line.text)
              .join('\n');
      const lastLine = lines[lines.length - 1]!;
      const trimmed =
        lastLine.ended && endsWithSemicolon(statement) ? statement.slice(0, -1) : statement;
      this.emit(lines, trimmed, adminLine ? 'Admin' : 'Query', lines[0]!.offset, statementAt);
      return;
    }
    if (adminLine !== undefined) {
      this.emit(lines, adminLine, 'Admin', lines[0]!.offset);
      return;
    }
    if (!lines.some((line) => line.text.startsWith('# ') || line.text.startsWith('SET '))) {
      this.problem(
        'no-statement',
        lines[0]!.offset,
        'text that is not a slow-log entry was skipped',
      );
      return;
    }
    if (last) {
      this.problem(
        'truncated',
        lines[0]!.offset,
        'the last entry has no statement (the log ends there)',
      );
      return;
    }
    this.statementless = lines;
  }

  /**
   * Reads whole entries in place in `text` from `start` (a `#` line with nothing pending before
   * it) while they are plain: each entry's lines are found by offsets, its metadata lines read
   * where they are, and strings made only for what an entry keeps (its statement, time, names).
   * Returns where it stopped: the first line of an entry that needs the general path (line()):
   * one that ends past the chunk, has no statement of its own, holds a server's banner lines or
   * is over the size limit. Reading it there gives the same entries as line() by line().
   */
  private readInPlace(text: string, start: number, chunkOffset: number): number {
    while (text.charCodeAt(start) === 35 /* # */) {
      const end = this.entryInPlace(text, start, chunkOffset);
      if (end < 0) break;
      start = end;
    }
    return start;
  }

  /**
   * Reads the entry whose first line starts at `first` (a `#` line) as line() and readRecord()
   * would and returns where the next entry starts, or -1 (nothing read) when it is not plain.
   */
  private entryInPlace(text: string, first: number, chunkOffset: number): number {
    const length = text.length;
    let lineStart = first;
    let lineIndex = 0;
    let statementStart = -1;
    let adminStart = -1;
    let adminEnd = -1;
    let lastLineStart = first;
    let bytes = 0;
    let endsWithSemicolon = false;
    for (;;) {
      const newline = text.indexOf('\n', lineStart);
      if (newline < 0) return -1;
      const code = text.charCodeAt(lineStart);
      if (code === 35 /* # */) {
        // A `#` line after a line ending in `;` starts the next entry (line()'s flush).
        if (lineIndex > 0 && endsWithSemicolon) break;
        if (this.slowLogLines === 0 && isSlowLogLine(text, lineStart)) this.slowLogLines += 1;
      } else if (this.mayBeBannerAt(text, lineStart, newline)) return -1;
      bytes += newline - lineStart + 1;
      if (bytes > this.maxStatement) return -1;
      if (statementStart < 0) {
        if (code !== 35 && !isMetaAt(text, lineStart, newline)) statementStart = lineStart;
        else if (adminStart < 0 && isAdministratorLineAt(text, lineStart, newline)) {
          adminStart = lineStart;
          adminEnd = newline;
        }
      }
      endsWithSemicolon = newline > lineStart && text.charCodeAt(newline - 1) === 59; /* ; */
      lastLineStart = lineStart;
      lineStart = newline + 1;
      lineIndex += 1;
      // The next line's first character decides whether the entry goes on.
      if (lineStart >= length) return -1;
    }
    const offset = chunkOffset + first;
    if (statementStart >= 0) {
      // The statement's lines, joined by their newlines as they are, without the final `;`.
      this.startEntry(
        text.slice(statementStart, lineStart - 2),
        adminStart >= 0 ? 'Admin' : 'Query',
        offset,
      );
      this.metaLinesInPlace(text, first, statementStart);
    } else if (adminStart >= 0) {
      let end = adminEnd;
      if (adminStart === lastLineStart && text.charCodeAt(end - 1) === 59 /* ; */) end -= 1;
      this.startEntry(text.slice(adminStart + 2, end), 'Admin', offset);
      this.metaLinesInPlace(text, first, lineStart);
    } else {
      // No statement: pt reads on into the next entry (lookAhead), which line() does.
      return -1;
    }
    this.finishEntry();
    return lineStart;
  }

  /**
   * Whether the chunk's line `text[start, end)` may be a banner line (mayBeBanner, or a little
   * more: any `Ti`, `Tc`, `TC` start), to leave to line().
   */
  private mayBeBannerAt(text: string, start: number, end: number): boolean {
    const first = text.charCodeAt(start);
    if (first === 84 /* T */) {
      const second = end - start > 1 ? text.charCodeAt(start + 1) : 0;
      return second === 105 /* i */ || second === 99 /* c */ || second === 67; /* C */
    }
    if (first === 47 /* / */ || (first >= 65 && first <= 90))
      return this.versionMarks.within(start, end);
    return false;
  }

  /** Reads the metadata lines of `text[from, to)` (whole lines) into the entry being built. */
  private metaLinesInPlace(text: string, from: number, to: number): void {
    while (from < to) {
      const newline = text.indexOf('\n', from);
      this.metaLine(text, from, newline);
      from = newline + 1;
    }
  }

  /** `meta`'s first `metaLines` lines (default: all) are the entry's metadata. */
  private emit(
    meta: Line[],
    statement: string,
    command: 'Query' | 'Admin',
    offset: number,
    metaLines = meta.length,
  ): void {
    this.startEntry(statement, command, offset);
    for (let i = 0; i < metaLines; i += 1) {
      const line = meta[i]!;
      // Every line here is metadata (readRecord stops at the first that is not).
      if (i === 0 && line.text.charCodeAt(0) !== 35 /* # */) {
        const text = `#${line.text}`;
        this.metaLine(text, 0, text.length, text);
      } else this.metaLine(line.source, line.start, line.start + line.text.length, line.text);
    }
    this.finishEntry();
  }

  /** Starts the entry that metaLine() fills and finishEntry() hands out. */
  private startEntry(statement: string, command: 'Query' | 'Admin', offset: number): void {
    // pt keeps the last `arg` it met: a statement line after an administrator-command line wins.
    // Every field set from the start: one object shape for all entries keeps readers fast.
    this.building = {
      statement,
      command,
      time: undefined,
      user: undefined,
      host: undefined,
      ip: undefined,
      db: undefined,
      attributes: new SlowLogAttributes(),
      offset,
      explain: undefined,
    };
    this.gotTime = false;
    this.gotUserHost = false;
    this.gotDb = false;
    this.gotSet = false;
  }

  /**
   * Reads the metadata line `text[start, end)` into the entry being built, as pt does. `line` is
   * that line as a string of its own when the caller has one; without it, `text` is the chunk
   * being pushed (its marks are searched once for the whole chunk).
   */
  private metaLine(text: string, start: number, end: number, line?: string): void {
    const entry = this.building!;
    const attributes = entry.attributes as SlowLogAttributes;
    const length = end - start;
    if (length === 0) return;
    const third = length > 2 ? text.charCodeAt(start + 2) : NaN;
    if (!this.gotTime && third === 84 /* T */) {
      const time = this.timeAt(text, start, end);
      if (time !== undefined) {
        entry.time = time;
        this.gotTime = true;
        if (!this.gotUserHost && this.userHost(text, start, end, line, entry))
          this.gotUserHost = true;
        return;
      }
    }
    if (!this.gotUserHost && this.userHost(text, start, end, line, entry)) {
      this.gotUserHost = true;
      return;
    }
    if (third === 97 /* a */ && isAdministratorLineAt(text, start, end)) return;
    if (isAttributeLine(text, start, end)) {
      if (line === undefined ? this.schemaMarks.within(start, end) : line.includes('Schema:')) {
        const own = line ?? text.slice(start, end);
        if (EMPTY_SCHEMA.test(own)) {
          attributes.readLine(own.replace(EMPTY_SCHEMA, ''));
          return;
        }
      }
      attributes.readLineAt(text, start, end);
      return;
    }
    if (third === 101 /* e */ && length >= 11 && text.startsWith('# explain: ', start)) {
      (entry.explain ??= []).push(text.slice(start + 11, end));
      return;
    }
    const first = text.charCodeAt(start);
    if (!this.gotDb && first === 117 /* u */) {
      // `^use ([^;]+)`
      if (length > 4 && text.startsWith('use ', start) && text.charCodeAt(start + 4) !== 59) {
        let dbEnd = start + 5;
        while (dbEnd < end && text.charCodeAt(dbEnd) !== 59 /* ; */) dbEnd += 1;
        entry.db = text.slice(start + 4, dbEnd);
        this.gotDb = true;
        return;
      }
    }
    if (!this.gotSet && first === 83 /* S */) {
      if (this.skipped[TIMESTAMP] === 1 && isPlainSetTimestamp(text, start, end)) {
        // What the plain form below does with a skipped name, for the line every entry has.
        this.gotSet = true;
        return;
      }
      const equals = plainSetEquals(text, start, end);
      if (equals >= 0) {
        // The usual `SET timestamp=1795600000;`: what the general rule below gives, cheaply.
        this.gotSet = true;
        const index = knownAttributeIndex(text, start + 4, equals);
        if (index >= 0 && this.skipped[index] === 1) return;
        attributes.setKnownAt(index, text, start + 4, equals, equals + 1, end - 1);
        return;
      }
      const set = SET.exec(line ?? text.slice(start, end));
      if (set) {
        const parts = set[1]!.split(/,|[\t\n\v\f\r ]*=[\t\n\v\f\r ]*/);
        for (let p = 0; p + 1 < parts.length; p += 2) attributes.set(parts[p]!, parts[p + 1]!);
        this.gotSet = true;
      }
    }
  }

  /**
   * timeOf() of the line `text[start, end)`, without reading it again when it starts with the
   * last line's time: that time's characters decide both forms alike (the short one is tried on
   * its first 15), so the answer is the same.
   */
  private timeAt(text: string, start: number, end: number): string | undefined {
    const last = this.lastTime;
    const width = this.lastTimeWidth;
    if (
      last !== undefined &&
      end - start >= 8 + width &&
      text.slice(start + 8, start + 8 + width) === this.lastTimeChars &&
      text.slice(start, start + 8) === '# Time: ' &&
      // The offset after the seconds (and any fraction) is read each time: it is not in the 19.
      (width !== 19 || isoZoneAt(text, start + 27, end) === this.lastTimeZone)
    )
      return last;
    const time = timeOf(text, start, end);
    if (time === undefined) return undefined;
    const width19 = time.length >= 19;
    this.lastTimeWidth = width19 ? 19 : time.length;
    this.lastTimeChars = detachedText(time.slice(0, this.lastTimeWidth));
    this.lastTimeZone = width19 ? time.slice(19) : '';
    return (this.lastTime = detachedText(time));
  }

  /** Hands out the entry being built, with what pt derives from its metadata. */
  private finishEntry(): void {
    const entry = this.building!;
    this.building = undefined;
    const attributes = entry.attributes as SlowLogAttributes;
    const statement = entry.statement;
    const schema = attributes.takeSchema();
    if (entry.db === undefined && schema !== undefined) entry.db = schema;
    if (entry.db !== undefined && entry.db.includes('`'))
      entry.db = entry.db.replace(/^`/, '').replace(/`$/, '');
    if (statement.charCodeAt(0) === 97 /* a */ && statement.startsWith('administrator')) {
      // pt-query-digest's "zero admin": an administrator command examines and sends no rows.
      for (const name of ['Rows_sent', 'Rows_examined', 'Rows_read', 'Rows_affected'])
        if (attributes.has(name)) attributes.set(name, '0');
    }
    this.entries += 1;
    this.onEntry(entry);
  }

  /** Reads the line `text[start, end)` (`line`, if given) as a User@Host line if it is one. */
  private userHost(
    text: string,
    start: number,
    end: number,
    line: string | undefined,
    entry: SlowLogEntry,
  ): boolean {
    if (
      line === undefined ? !this.userHostMarks.within(start, end) : !line.includes('# User@Host: ')
    )
      return false;
    return this.userHostLines.read(text, start, end, line, entry, this.skipped[THREAD_ID] === 1);
  }

  /**
   * Counts a problem its feeder found about the text (a file that shrank while it was read),
   * with the others, in order.
   */
  reportProblem(kind: SlowLogProblem['kind'], offset: number, detail: string): void {
    this.problem(kind, offset, detail);
  }

  private problem(kind: SlowLogProblem['kind'], offset: number, detail: string): void {
    this.problemCount += 1;
    if (this.problems.length < 1000) this.problems.push({ kind, offset, detail });
  }
}

/**
 * Where a needle occurs in the chunk being read: found by a search for one of its characters (a
 * rare one, at `anchor` in it; a one-character search is much cheaper than a longer one), whose
 * next place is remembered between lines.
 */
class Marks {
  private text = '';
  private readonly char: string;
  /** The next `char` at or after `from`: -1 none, -2 not searched yet. */
  private from = 0;
  private at = -2;

  constructor(
    private readonly needle: string,
    private readonly anchor: number,
  ) {
    this.char = needle[anchor]!;
  }

  /** Starts on a new chunk. */
  reset(text: string): void {
    this.text = text;
    this.from = 0;
    this.at = -2;
  }

  /** Whether the needle occurs in `text[start, end)` of the chunk. */
  within(start: number, end: number): boolean {
    const { needle, anchor } = this;
    for (let at = this.next(start + anchor); at >= 0 && at < end; at = this.next(at + 1)) {
      const begin = at - anchor;
      if (begin + needle.length > end) return false;
      if (this.text.startsWith(needle, begin)) return true;
    }
    return false;
  }

  /** The first `char` at or after `position`, or -1. */
  private next(position: number): number {
    if (this.at === -2 || position < this.from || (this.at >= 0 && this.at < position)) {
      this.from = position;
      this.at = this.text.indexOf(this.char, position);
    }
    return this.at;
  }
}

// Many lines are tested for text that few have: a look at one char first (or a search for one
// char) is much cheaper than startsWith, endsWith or includes on every line.

/** `text.endsWith(';')` */
function endsWithSemicolon(text: string): boolean {
  return text.charCodeAt(text.length - 1) === 59;
}

/** `text.startsWith('# administrator command:')` */
/** `text.includes(needle)`, found by a search for its char at `anchor` (a rare one). */
function containsAt(text: string, needle: string, anchor: number): boolean {
  const char = needle[anchor]!;
  for (let at = text.indexOf(char, anchor); at >= 0; at = text.indexOf(char, at + 1))
    if (text.startsWith(needle, at - anchor)) return true;
  return false;
}

/** Whether the line at `at` is one that only slow logs have (`# Time:`, ...); see looksLikeSlowLog. */
function isSlowLogLine(text: string, at: number): boolean {
  return (
    text.startsWith('# Time:', at) ||
    text.startsWith('# Query_time:', at) ||
    text.startsWith('# User@Host:', at)
  );
}

/**
 * Whether the line `text[start, end)` is one of pt's metadata lines: `#...`, `use ...`,
 * `SET timestamp|insert_id|last_insert_id...`.
 */
function isMetaAt(text: string, start: number, end: number): boolean {
  const first = text.charCodeAt(start);
  if (first === 35 /* # */) return true;
  const length = end - start;
  if (first === 117 /* u */) return length >= 4 && text.startsWith('use ', start);
  if (first === 83 /* S */) {
    // Most statement lines start with S (SELECT, SHOW): `SET ` is told apart by its T first.
    if (length < 13 || text.charCodeAt(start + 2) !== 84 /* T */) return false;
    // Slices compared: String#startsWith compares a match a character at a time, slowly.
    const head = text.slice(start, start + 13);
    return (
      head === 'SET timestamp' ||
      head === 'SET insert_id' ||
      (length >= 18 && text.slice(start, start + 18) === 'SET last_insert_id')
    );
  }
  return false;
}

/** Whether the line `text[start, end)` is `# administrator command: ...`. */
function isAdministratorLineAt(text: string, start: number, end: number): boolean {
  return (
    end - start >= 24 &&
    text.charCodeAt(start + 2) === 97 /* a */ &&
    text.startsWith('# administrator command:', start)
  );
}

/**
 * Whether the line `text[start, end)` is `SET timestamp=` digits `;`: a plain one to
 * plainSetEquals, found without its loop over the whole line (a slice compared is cheaper).
 */
function isPlainSetTimestamp(text: string, start: number, end: number): boolean {
  if (end - start < 16 || text.charCodeAt(end - 1) !== 59 /* ; */) return false;
  if (text.slice(start, start + 14) !== 'SET timestamp=') return false;
  for (let at = start + 14; at < end - 1; at += 1) {
    const code = text.charCodeAt(at);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/**
 * For a `SET name=value;` line `text[start, end)` of the plainest form (one `=` past its 5th
 * character, one `;` at its end, no `,` and no space after `SET `), the position of its `=`;
 * else -1. Such a line reads the same by the general rule (SET and its split) and by setAt.
 */
function plainSetEquals(text: string, start: number, end: number): number {
  let equals = -1;
  for (let at = start; at < end; at += 1) {
    const code = text.charCodeAt(at);
    if (code === 61 /* = */) {
      if (equals >= 0) return -1;
      equals = at;
    } else if (code === 59 /* ; */) {
      if (at !== end - 1) return -1;
    } else if (code === 44 /* , */ || (code === 32 && at >= start + 4)) return -1;
  }
  return equals > start + 4 && text.charCodeAt(end - 1) === 59 ? equals : -1;
}

/** A cheap test before the banner pattern: which first characters and words it needs. */
function mayBeBanner(text: string): boolean {
  const first = text.charCodeAt(0);
  if (first === 84 /* T */) return text.startsWith('Time') || /^T[cC][pP]/.test(text);
  if (first === 47 /* / */ || (first >= 65 && first <= 90)) return containsAt(text, ', Version', 2);
  return false;
}

function stripFinalSemicolon(text: string, lines: Line[], index: number): string {
  return index === lines.length - 1 && lines[index]!.ended && text.endsWith(';')
    ? text.slice(0, -1)
    : text;
}

/**
 * Where a log can be cut so that reading each side alone gives exactly the entries and
 * problems of reading it whole: the first line start at or after `from` in `text` (a byte string)
 * of a `#` line that follows a whole statement line ending in `;` (the reader ends an entry there
 * and has nothing pending). Returns its index in `text`, or -1 when the text has none. Lines
 * longer than `maxLineBytes` are never used, nor a line whose start `text` does not show.
 */
export function nextEntryBoundary(text: string, from: number, maxLineBytes = 64 * 1024): number {
  let at = text.indexOf('\n#', from > 0 ? from - 1 : 0);
  while (at >= 0) {
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    if (lineStart > 0 && at - lineStart < maxLineBytes && at + 1 >= from) {
      const previous = text.slice(lineStart, at);
      // A statement line (not metadata, a banner or a SET that could read as metadata) that
      // ends the entry: the reader flushes before the `#` line with no statementless entry.
      if (
        previous.endsWith(';') &&
        !isMetaAt(previous, 0, previous.length) &&
        !previous.startsWith('SET ') &&
        !(mayBeBanner(previous) && BANNER.test(previous))
      )
        return at + 1;
    }
    at = text.indexOf('\n#', at + 1);
  }
  return -1;
}

/** Bytes as a string of char codes 0-255 (Latin-1 read of any bytes; never fails). */
export function bytesToLatin1(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192)
    out += String.fromCharCode(...bytes.subarray(i, Math.min(i + 8192, bytes.length)));
  return out;
}
