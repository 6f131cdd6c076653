// The slow-log reader as it was before it read entries in place in the chunk (session 15):
// every line cut into a string and an object, records held as arrays of them. Kept unchanged
// (but for its name and imports, and the look-ahead's `User@Host:` of session 22, which the
// reader shares) as the reference the reader's differential test compares with; not used by the
// app.
// A streaming slow-log reader that splits and reads entries the way pt-query-digest 3.2.1's
// SlowLogParser does (records end at ";\n#", `#`/`use `/`SET timestamp` lines are metadata, the
// first other line starts the statement), so that counts match it exactly. On purpose it differs
// where pt-query-digest is wrong or unbounded: MariaDB's `mariadbd, Version:` banner lines are
// dropped (pt only knows `mysqld, Version:` and glues the banner and the next entry onto the
// previous statement); text with no `#` line before it is reported, not counted; a statement
// over the size limit is cut and reported instead of held whole.
import type { SlowLogEntry, SlowLogProblem } from '../../../src/shared/slowlog/entry';
import { SlowLogAttributes } from '../../../src/shared/slowlog/entry-attributes';
import { isAttributeLine, timeOf } from '../../../src/shared/slowlog/slowlog-line-shapes';

/** Lines a server writes when it opens the log (start, restart, FLUSH SLOW LOGS). */
const BANNER =
  /^(?:T[cC][pP][\t\n\v\f\r ][pP]ort:[\t\n\v\f\r ]+\d+|[/A-Z][^\n]*(?:mysqld|mariadbd|mysqld\.exe|mariadbd\.exe), Version[^\n]*(?:started with:|embedded library)|Time[\t\n\v\f\r ]+Id[\t\n\v\f\r ]+Command)/;
const USER_HOST =
  /# User@Host: ([^[]+|\[[^[]+\])[^\n]*?@ ([^\t\n\v\f\r ]*) \[([^\n]*)\][\t\n\v\f\r ]*(?:Id:[\t\n\v\f\r ]*(\d+))?/;
const EMPTY_SCHEMA = /Schema:[\t\n\v\f\r ]+(?=\w+: )/;
const USE_DB = /^use ([^;]+)/;
const SET = /^SET[\t\n\v\f\r ]+([^;]*)/;
/**
 * What, read on after an entry with no statement, means it had none (see lookAhead): pt's
 * `Time: ` and the like, and (where pt is wrong) `User@Host: `, which MariaDB's next entry
 * starts with when it shares the second (MariaDB writes `# Time:` only when the second changes).
 */
const NULL_QUERY_START = /^[\t\n\v\f\r ]*(?:[A-Z][a-z_]+|User@Host): /;

/** Options of {@link SlowLogReader}. */
export interface SlowLogReaderOptions {
  /** Longest line kept whole, in bytes; longer statements are cut there and reported. Default 16 MiB. */
  maxLineBytes?: number;
  /** Longest statement kept, in bytes; the rest is skipped and reported. Default 16 MiB. */
  maxStatementBytes?: number;
  /** Byte offset in the whole log of the first byte pushed (reading a part of it). Default 0. */
  startOffset?: number;
}

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
export class ReferenceSlowLogReader {
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
  /** Problems met so far, in order; never fatal. */
  readonly problems: SlowLogProblem[] = [];
  /** How many problems there were, including ones beyond the kept list. */
  problemCount = 0;
  /** Entries read. */
  entries = 0;
  /** Lines that looked like a slow log's (`# Time:`, `# Query_time:`, `# User@Host:`). */
  private slowLogLines = 0;

  constructor(
    private readonly onEntry: (entry: SlowLogEntry) => void,
    options: SlowLogReaderOptions = {},
  ) {
    this.maxLine = options.maxLineBytes ?? 16 * 1024 * 1024;
    this.maxStatement = options.maxStatementBytes ?? 16 * 1024 * 1024;
    this.position = options.startOffset ?? 0;
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
    let start = 0;
    if (this.skippingLongLine) {
      const newline = text.indexOf('\n');
      if (newline < 0) return;
      this.skippingLongLine = false;
      start = newline + 1;
    }
    for (;;) {
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
      if (
        this.slowLogLines === 0 &&
        (text.startsWith('# Time:') ||
          text.startsWith('# Query_time:') ||
          text.startsWith('# User@Host:'))
      )
        this.slowLogLines += 1;
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
      this.emit(waiting, '/* No query */', 'Query', waiting[0]!.offset);
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
      if (!hash && !isMeta(text)) {
        statementAt = i;
        break;
      }
      if (hash) sawHashLine = true;
      if (adminLine === undefined && isAdministratorLine(text)) {
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

  /** `meta`'s first `metaLines` lines (default: all) are the entry's metadata. */
  private emit(
    meta: Line[],
    statement: string,
    command: 'Query' | 'Admin',
    offset: number,
    metaLines = meta.length,
  ): void {
    const attributes = new SlowLogAttributes();
    // pt keeps the last `arg` it met: a statement line after an administrator-command line wins.
    // Every field set from the start: one object shape for all entries keeps readers fast.
    const entry: SlowLogEntry = {
      statement,
      command,
      time: undefined,
      user: undefined,
      host: undefined,
      ip: undefined,
      db: undefined,
      attributes,
      offset,
      explain: undefined,
    };
    let gotTime = false;
    let gotUserHost = false;
    let gotDb = false;
    let gotSet = false;
    for (let i = 0; i < metaLines; i += 1) {
      const metaLine = meta[i]!;
      let text = metaLine.text;
      // Every line here is metadata (readRecord stops at the first that is not).
      if (i === 0 && text.charCodeAt(0) !== 35) text = `#${text}`;
      const time = gotTime || text.charCodeAt(2) !== 84 /* T */ ? undefined : timeOf(text);
      if (time !== undefined) {
        entry.time = time;
        gotTime = true;
        if (!gotUserHost && this.userHost(text, entry, attributes)) gotUserHost = true;
        continue;
      }
      if (!gotUserHost && this.userHost(text, entry, attributes)) {
        gotUserHost = true;
        continue;
      }
      if (isAdministratorLine(text)) continue;
      if (isAttributeLine(text)) {
        if (containsAt(text, 'Schema:', 0) && EMPTY_SCHEMA.test(text))
          attributes.readLine(text.replace(EMPTY_SCHEMA, ''));
        else if (text === metaLine.text)
          attributes.readLineAt(metaLine.source, metaLine.start, metaLine.start + text.length);
        else attributes.readLine(text);
        continue;
      }
      if (text.charCodeAt(2) === 101 /* e */ && text.startsWith('# explain: ')) {
        (entry.explain ??= []).push(text.slice('# explain: '.length));
        continue;
      }
      if (!gotDb && text.charCodeAt(0) === 117 /* u */) {
        const use = USE_DB.exec(text);
        if (use) {
          entry.db = use[1]!;
          gotDb = true;
          continue;
        }
      }
      if (!gotSet && text.charCodeAt(0) === 83 /* S */) {
        const equals = text.indexOf('=');
        if (
          equals > 4 &&
          text.indexOf(';') === text.length - 1 &&
          text.indexOf('=', equals + 1) < 0 &&
          text.indexOf(',') < 0 &&
          text.indexOf(' ', 4) < 0 &&
          text.charCodeAt(4) !== 32
        ) {
          // The usual `SET timestamp=1795600000;`: what the general rule below gives, cheaply.
          attributes.setAt(text, 4, equals, equals + 1, text.length - 1);
          gotSet = true;
          continue;
        }
        const set = SET.exec(text);
        if (set) {
          const parts = set[1]!.split(/,|[\t\n\v\f\r ]*=[\t\n\v\f\r ]*/);
          for (let p = 0; p + 1 < parts.length; p += 2) attributes.set(parts[p]!, parts[p + 1]!);
          gotSet = true;
        }
      }
    }
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

  private userHost(text: string, entry: SlowLogEntry, attributes: SlowLogAttributes): boolean {
    if (!containsAt(text, '# User@Host: ', 6 /* @ */)) return false;
    const match = USER_HOST.exec(text);
    if (!match) return false;
    entry.user = match[1]!;
    entry.ip = match[3]!;
    entry.host = match[2] || match[3]!;
    if (match[4]) attributes.setThreadId(match[4]);
    return true;
  }

  private problem(kind: SlowLogProblem['kind'], offset: number, detail: string): void {
    this.problemCount += 1;
    if (this.problems.length < 1000) this.problems.push({ kind, offset, detail });
  }
}

// Many lines are tested for text that few have: a look at one char first (or a search for one
// char) is much cheaper than startsWith, endsWith or includes on every line.

/** `text.endsWith(';')` */
function endsWithSemicolon(text: string): boolean {
  return text.charCodeAt(text.length - 1) === 59;
}

/** `text.startsWith('# administrator command:')` */
function isAdministratorLine(text: string): boolean {
  return text.charCodeAt(2) === 97 /* a */ && text.startsWith('# administrator command:');
}

/** `text.includes(needle)`, found by a search for its char at `anchor` (a rare one). */
function containsAt(text: string, needle: string, anchor: number): boolean {
  const char = needle[anchor]!;
  for (let at = text.indexOf(char, anchor); at >= 0; at = text.indexOf(char, at + 1))
    if (text.startsWith(needle, at - anchor)) return true;
  return false;
}

/** pt's metadata lines: `#...`, `use ...`, `SET timestamp|insert_id|last_insert_id...`. */
function isMeta(text: string): boolean {
  const first = text.charCodeAt(0);
  if (first === 35 /* # */) return true;
  if (first === 117 /* u */) return text.startsWith('use ');
  if (first === 83 /* S */) {
    // Most statement lines start with S (SELECT, SHOW): `SET ` is told apart by its T first.
    if (text.charCodeAt(2) !== 84 /* T */) return false;
    return (
      text.startsWith('SET timestamp') ||
      text.startsWith('SET insert_id') ||
      text.startsWith('SET last_insert_id')
    );
  }
  return false;
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

/** Bytes as a string of char codes 0-255 (Latin-1 read of any bytes; never fails). */
function bytesToLatin1(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192)
    out += String.fromCharCode(...bytes.subarray(i, Math.min(i + 8192, bytes.length)));
  return out;
}
