/**
 * The one tokenizer behind the splitter, the read-only classifier and secret masking. It knows
 * only what decides where things start and end (quotes, comments, executable comments, the
 * current delimiter); it does not parse SQL.
 *
 * Rules checked against MySQL 9.7 and MariaDB 10.11/11.8 (test/integration/sql):
 * - `--` starts a comment only when followed by a space, a control character or the end of the
 *   text: `SELECT 1 --x` is `1 - (-x)`.
 * - The content of an executable comment (`/*! ... *\/`, `/*!50003 ... *\/`, and on MariaDB
 *   `/*M! ... *\/`) is SQL: it is tokenized like any other text, comments and strings inside it
 *   included, and its `*\/` is a token of its own. MySQL treats `/*M!` as a plain comment.
 * - `/*+ ... *\/` optimizer hints are comments here.
 * - On MySQL, `$$ ... $$` and `$tag$ ... $tag$` are quoted text (JavaScript routine bodies); the
 *   mysql 9.7 client keeps a `;` inside them. MariaDB has no such quoting.
 * - When splitting (a delimiter is set), `\g` and `\G` outside quotes and plain comments end a
 *   statement whatever the delimiter, as in both command-line clients (the mysql 9.7 client
 *   needs `--commands` in batch mode; interactively and in mariadb it is always on). Inside an
 *   executable comment they end it too, as in both clients.
 */

/** Which server's lexical rules apply where MySQL and MariaDB differ. */
export type SqlFlavor = 'mysql' | 'mariadb';

export type TokenKind =
  | 'whitespace'
  /** `-- x`, `# x`, `/* x *\/`, `/*+ hint *\/`; on MySQL also `/*M! x *\/`. */
  | 'comment'
  /** `/*!`, `/*!80000`, `/*M!`, `/*M!100100`: what follows up to `conditional-end` is SQL. */
  | 'conditional-start'
  /** The `*\/` closing an executable comment. */
  | 'conditional-end'
  /** `'x'`, `"x"` (unless ANSI_QUOTES), `N'x'`, `X'ff'`, `B'01'`, MySQL `$$x$$`. */
  | 'string'
  /** `` `x` ``, and `"x"` under ANSI_QUOTES. */
  | 'quoted-identifier'
  /** `@x`, `@'x'`, `@@global.x`. */
  | 'variable'
  /** Keywords, names and numbers: a run of letters, digits, `_`, `$` and non-ASCII. */
  | 'word'
  | 'punctuation'
  /** The current statement delimiter, or `\g` / `\G` (only when the lexer was given one). */
  | 'delimiter';

export interface Token {
  kind: TokenKind;
  /** Offset of the first character (UTF-16 code units, like JavaScript strings). */
  start: number;
  /** Offset just past the last character. */
  end: number;
  /** A string, quoted identifier or comment that the text ends inside of. */
  unterminated?: boolean;
}

export interface LexerOptions {
  /** Default `mysql`. */
  flavor?: SqlFlavor;
  /** sql_mode NO_BACKSLASH_ESCAPES: a backslash in a string is an ordinary character. */
  noBackslashEscapes?: boolean;
  /** sql_mode ANSI_QUOTES: `"x"` is an identifier, not a string. */
  ansiQuotes?: boolean;
}

const BACKSLASH = 0x5c;
const TWO_CHAR_PUNCTUATION = new Set([':=', '<=', '>=', '<>', '!=', '||', '&&', '<<', '>>', '->']);

/** Letters, digits, `_`, `$` and everything outside ASCII, as in unquoted MySQL names. */
function isWordChar(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x5f ||
    code === 0x24 ||
    code >= 0x80
  );
}

/** Space and the ASCII control characters, which both servers skip between tokens. */
function isSpaceOrControl(code: number): boolean {
  return code <= 0x20 || code === 0x7f;
}

/**
 * Reads tokens one at a time so a caller can change the delimiter between them (the mysql
 * client's `DELIMITER` command) or skip ahead (`pos`).
 */
export class Lexer {
  /** Where the next token starts. */
  pos = 0;
  /** Text that ends a statement, matched case-sensitively anywhere outside quotes and comments. */
  delimiter: string | null = null;
  /** Inside an executable comment, whose `*\/` becomes a `conditional-end` token. */
  inConditional = false;
  private readonly flavor: SqlFlavor;
  private readonly backslashEscapes: boolean;
  private readonly ansiQuotes: boolean;

  constructor(
    private readonly text: string,
    options: LexerOptions = {},
  ) {
    this.flavor = options.flavor ?? 'mysql';
    this.backslashEscapes = !options.noBackslashEscapes;
    this.ansiQuotes = options.ansiQuotes ?? false;
  }

  /** The next token, or null at the end of the text. */
  next(): Token | null {
    const { text } = this;
    const start = this.pos;
    if (start >= text.length) return null;
    if (this.delimiter !== null && text.startsWith(this.delimiter, start)) {
      return this.emit('delimiter', start, start + this.delimiter.length);
    }
    const code = text.charCodeAt(start);
    const nextCode = text.charCodeAt(start + 1);
    if (code === BACKSLASH && (nextCode === 0x67 || nextCode === 0x47) && this.delimiter !== null) {
      // `\g` and `\G`: the clients' "go" commands end a statement under any delimiter.
      return this.emit('delimiter', start, start + 2);
    }
    if (isSpaceOrControl(code)) return this.whitespace(start);
    if (code === 0x2d && nextCode === 0x2d) {
      // `--` then a space, a control character or the end: a comment. `--x` is two minuses.
      const after = text.charCodeAt(start + 2);
      if (Number.isNaN(after) || isSpaceOrControl(after)) return this.lineComment(start);
    }
    if (code === 0x23) return this.lineComment(start);
    if (code === 0x2f && nextCode === 0x2a) return this.blockComment(start);
    if (code === 0x2a && nextCode === 0x2f && this.inConditional) {
      this.inConditional = false;
      return this.emit('conditional-end', start, start + 2);
    }
    if (code === 0x27) return this.quoted('string', start, start, true);
    if (code === 0x22) {
      return this.ansiQuotes
        ? this.quoted('quoted-identifier', start, start, false)
        : this.quoted('string', start, start, true);
    }
    if (code === 0x60) return this.quoted('quoted-identifier', start, start, false);
    if (code === 0x40) return this.variable(start);
    if (isWordChar(code)) {
      // N'x', X'ff', B'01': one string token, prefix included.
      if (nextCode === 0x27 && /[nNxXbB]/.test(text[start] ?? '')) {
        return this.quoted('string', start, start + 1, true);
      }
      if (code === 0x24 && this.flavor === 'mysql') {
        const dollar = this.dollarQuoted(start);
        if (dollar) return dollar;
      }
      return this.word(start);
    }
    const pair = text.slice(start, start + 2);
    if (TWO_CHAR_PUNCTUATION.has(pair) && !this.delimiterAt(start + 1)) {
      return this.emit('punctuation', start, start + 2);
    }
    return this.emit('punctuation', start, start + 1);
  }

  private emit(kind: TokenKind, start: number, end: number, unterminated = false): Token {
    this.pos = end;
    return unterminated ? { kind, start, end, unterminated } : { kind, start, end };
  }

  private delimiterAt(offset: number): boolean {
    return this.delimiter !== null && this.text.startsWith(this.delimiter, offset);
  }

  private whitespace(start: number): Token {
    let end = start + 1;
    while (end < this.text.length && isSpaceOrControl(this.text.charCodeAt(end))) {
      if (this.delimiterAt(end)) break;
      end++;
    }
    return this.emit('whitespace', start, end);
  }

  private lineComment(start: number): Token {
    const newline = this.text.indexOf('\n', start);
    return this.emit('comment', start, newline === -1 ? this.text.length : newline);
  }

  private blockComment(start: number): Token {
    const { text } = this;
    const third = text[start + 2];
    // A comment inside an executable comment is a plain one (both servers accept
    // `/*! 1 /* x *\/ *\/`); an executable comment does not nest.
    if (!this.inConditional) {
      let marker = 0;
      if (third === '!') marker = 3;
      else if (third === 'M' && text[start + 3] === '!' && this.flavor === 'mariadb') marker = 4;
      if (marker > 0) {
        const version = /^\d{5,6}/.exec(text.slice(start + marker, start + marker + 6));
        this.inConditional = true;
        return this.emit('conditional-start', start, start + marker + (version?.[0].length ?? 0));
      }
    }
    const close = text.indexOf('*/', start + 2);
    if (close === -1) return this.emit('comment', start, text.length, true);
    return this.emit('comment', start, close + 2);
  }

  /**
   * A quoted run starting at `quoteAt`: doubled quotes stand for one, and in strings (unless
   * NO_BACKSLASH_ESCAPES) a backslash escapes the next character.
   */
  private quoted(kind: TokenKind, start: number, quoteAt: number, escapes: boolean): Token {
    const { text } = this;
    const quote = text.charCodeAt(quoteAt);
    const useBackslash = escapes && this.backslashEscapes;
    let i = quoteAt + 1;
    while (i < text.length) {
      const code = text.charCodeAt(i);
      if (code === BACKSLASH && useBackslash) {
        i += 2;
      } else if (code === quote) {
        if (text.charCodeAt(i + 1) === quote) i += 2;
        else return this.emit(kind, start, i + 1);
      } else {
        i++;
      }
    }
    return this.emit(kind, start, text.length, true);
  }

  private variable(start: number): Token {
    const { text } = this;
    let i = start + 1;
    if (text.charCodeAt(i) === 0x40) i++;
    const code = text.charCodeAt(i);
    if (code === 0x27 || code === 0x22 || code === 0x60) {
      const quotedName = this.quoted('variable', start, i, code !== 0x60);
      return quotedName;
    }
    // System variables carry their scope with a dot (`@@global.x`); user variables may too.
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (!(isWordChar(c) || c === 0x2e) || this.delimiterAt(i)) break;
      i++;
    }
    return this.emit('variable', start, i);
  }

  private word(start: number): Token {
    const { text } = this;
    // A delimiter such as `$$` or `ab` ends a word it is glued to, as in the mysql client.
    const checkDelimiter =
      this.delimiter !== null && this.delimiter !== '' && isWordChar(this.delimiter.charCodeAt(0));
    let i = start + 1;
    while (i < text.length && isWordChar(text.charCodeAt(i))) {
      if (checkDelimiter && this.delimiterAt(i)) break;
      i++;
    }
    return this.emit('word', start, i);
  }

  /** MySQL's `$tag$ ... $tag$`; null when the text at `start` is not an opening tag. */
  private dollarQuoted(start: number): Token | null {
    const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(this.text.slice(start, start + 66));
    if (!tag) return null;
    const close = this.text.indexOf(tag[0], start + tag[0].length);
    if (close === -1) return this.emit('string', start, this.text.length, true);
    return this.emit('string', start, close + tag[0].length);
  }
}

/** Every token of `text`, whitespace and comments included (no delimiter: `;` is punctuation). */
export function tokenize(text: string, options: LexerOptions = {}): Token[] {
  const lexer = new Lexer(text, options);
  const tokens: Token[] = [];
  for (let token = lexer.next(); token; token = lexer.next()) tokens.push(token);
  return tokens;
}

/** Whether a token carries SQL: not whitespace and not a plain comment. */
export function isSignificant(token: Token): boolean {
  return token.kind !== 'whitespace' && token.kind !== 'comment';
}

/** The tokens of `text` that carry SQL, in order. */
export function significantTokens(text: string, options: LexerOptions = {}): Token[] {
  return tokenize(text, options).filter(isSignificant);
}
