import { CompoundStatementTracker } from './compound-statement';
import { readDelimiterCommand } from './delimiter-command';
import { isSignificant, Lexer, type SqlFlavor, type Token } from './lexer';

/** One statement of a script, as the server is to receive it. */
export interface Statement {
  /**
   * The statement without its delimiter, from its first to its last token that carries SQL:
   * leading and trailing whitespace and plain comments are left out (executable comments are
   * SQL and stay).
   */
  text: string;
  /** Offset of `text` in the script (UTF-16 code units, like JavaScript strings and Monaco). */
  start: number;
  /** Offset just past `text`: `script.slice(start, end) === text`. */
  end: number;
  /** 1-based line of `start`; lines end at `\n` (so CRLF counts once). */
  line: number;
  /** 1-based column of `start`, in UTF-16 code units. */
  column: number;
  /**
   * What ended the statement as written: the delimiter (`;`, `$$`, ...), the clients' `\g` or
   * `\G`, or null when the script ended.
   */
  delimiter: string | null;
}

export interface SplitOptions {
  /** Default `mysql`: decides whether `/*M! ... *\/` is SQL (MariaDB) or a comment (MySQL). */
  flavor?: SqlFlavor;
  /** sql_mode NO_BACKSLASH_ESCAPES: a backslash does not escape a quote. */
  noBackslashEscapes?: boolean;
  /** sql_mode ANSI_QUOTES: `"x"` is an identifier. */
  ansiQuotes?: boolean;
}

/**
 * Splits a script into statements the way the mysql command-line client does, so each piece can
 * be sent to the server on its own:
 * - the delimiter (`;` at first) ends a statement anywhere outside strings, quoted names and
 *   comments - also inside an executable comment `/*! ... *\/`, as both clients and the server
 *   do (a `;` there cannot be run anywhere: the server rejects `SELECT 1 /*! ; *\/` too);
 * - so do the clients' `\g` and `\G` (run, run showing rows vertically), whatever the
 *   delimiter: `SELECT 1\G` sends `SELECT 1`;
 * - `DELIMITER x` (any case) as the first thing on a line, with no statement pending, changes
 *   the delimiter; it is a client command, never sent (see readDelimiterCommand);
 * - statements with nothing but whitespace and comments are skipped.
 * One deliberate difference: while the delimiter is `;`, a compound statement (a procedure,
 * function, trigger or event with a `BEGIN ... END` body, or MariaDB's `BEGIN NOT ATOMIC ...
 * END`) is kept whole instead of being cut at its first `;` (see CompoundStatementTracker).
 * Linear in the length of the text.
 */
export function splitStatements(text: string, options: SplitOptions = {}): Statement[] {
  const lexer = new Lexer(text, options);
  lexer.delimiter = ';';
  const tracker = new CompoundStatementTracker(text);
  const positions = new LinePositions(text);
  const statements: Statement[] = [];
  let first: Token | null = null;
  let last: Token | null = null;

  const finish = (delimiter: string | null) => {
    if (first && last) {
      const { line, column } = positions.at(first.start);
      statements.push({
        text: text.slice(first.start, last.end),
        start: first.start,
        end: last.end,
        line,
        column,
        delimiter,
      });
    }
    first = null;
    last = null;
    tracker.reset();
  };

  for (let token = lexer.next(); token; token = lexer.next()) {
    if (token.kind === 'delimiter') {
      const ending = text.slice(token.start, token.end);
      // `\g` / `\G` end the statement even inside a block, as in the clients.
      if (ending === ';' && lexer.delimiter === ';' && tracker.insideBlock) {
        tracker.feed(token);
        last = token;
      } else {
        finish(ending);
      }
      continue;
    }
    if (!isSignificant(token)) continue;
    if (
      first === null &&
      token.kind === 'word' &&
      !lexer.inConditional &&
      token.end - token.start === 9 &&
      text.slice(token.start, token.end).toLowerCase() === 'delimiter' &&
      startsLine(text, token.start)
    ) {
      const command = readDelimiterCommand(text, token.start);
      if (command) {
        lexer.delimiter = command.delimiter;
        lexer.pos = command.end;
        continue;
      }
    }
    first ??= token;
    last = token;
    // The content of an executable comment is SQL; its markers are not words of it.
    const marker = token.kind === 'conditional-start' || token.kind === 'conditional-end';
    if (lexer.delimiter === ';' && !marker) tracker.feed(token);
  }
  finish(null);
  return statements;
}

/** Whether only spaces and tabs stand between the line's start and `offset`. */
function startsLine(text: string, offset: number): boolean {
  for (let i = offset - 1; i >= 0; i--) {
    const c = text[i];
    if (c === '\n') return true;
    if (c !== ' ' && c !== '\t') return false;
  }
  return true;
}

/** Line and column of increasing offsets, counted incrementally. */
class LinePositions {
  private offset = 0;
  private line = 1;
  private lineStart = 0;

  constructor(private readonly text: string) {}

  at(offset: number): { line: number; column: number } {
    for (let i = this.text.indexOf('\n', this.offset); i !== -1 && i < offset;) {
      this.line++;
      this.lineStart = i + 1;
      i = this.text.indexOf('\n', i + 1);
    }
    this.offset = offset;
    return { line: this.line, column: offset - this.lineStart + 1 };
  }
}
