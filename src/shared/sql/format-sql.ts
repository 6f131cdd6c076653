import { format } from 'sql-formatter';
import { tokenize, type Token } from './lexer';
import { splitStatements, type SplitOptions, type Statement } from './split-statements';

/** The flavor picks sql-formatter's dialect; the sql_mode flags say how to read quotes. */
export interface FormatSqlOptions extends SplitOptions {
  /** Spaces per indent level; default 2 (the editor's tab size). */
  indent?: number;
}

export interface FormatSqlResult {
  text: string;
  /** Statements laid out anew. */
  formatted: number;
  /**
   * Statements left exactly as written: compound bodies, executable comments, statements run
   * under another delimiter, and any the formatter could not lay out without changing a token.
   */
  kept: number;
}

/**
 * Lays out a script statement by statement with sql-formatter, never changing what it means:
 * the script is split with the project's splitter, so `DELIMITER` lines, delimiters and the
 * comments between statements stay where they are, and each statement is formatted on its own.
 * A statement is kept as written when sql-formatter cannot be trusted with it (a compound body,
 * an executable comment, a custom delimiter) or when its tokens after formatting differ from its
 * tokens before (whitespace aside): formatting changes layout only. Where the server reads two
 * tokens differently with or without space between them (`count (*)`, `1.5e-3`), the space is
 * kept as written (keepGlue).
 */
export function formatSql(text: string, options: FormatSqlOptions = {}): FormatSqlResult {
  const lexing: SplitOptions = {
    flavor: options.flavor ?? 'mysql',
    noBackslashEscapes: options.noBackslashEscapes,
    ansiQuotes: options.ansiQuotes,
  };
  const statements = splitStatements(text, lexing);
  let out = '';
  let at = 0;
  let formatted = 0;
  let kept = 0;
  statements.forEach((statement, i) => {
    out += gapText(text.slice(at, statement.start), i === 0);
    const laidOut = formatStatement(statement, lexing, options.indent ?? 2);
    if (laidOut === null) {
      kept++;
      out += statement.text;
    } else {
      formatted++;
      out += laidOut;
    }
    at = statement.end;
  });
  out += gapText(text.slice(at), false, true);
  return { text: out, formatted, kept };
}

/**
 * What stands between two statements: kept as written when it holds anything but a delimiter
 * and whitespace (comments, DELIMITER commands); else the delimiter ends its statement's line
 * and a blank line comes before the next statement.
 */
function gapText(gap: string, first: boolean, last = false): string {
  if (first) return gap;
  const match = /^(\s*)(;?)(\s*)$/.exec(gap);
  if (!match) return gap;
  const delimiter = match[2] ?? '';
  if (last) return delimiter + (gap.endsWith('\n') ? '\n' : '');
  return `${delimiter}\n\n`;
}

function formatStatement(
  statement: Statement,
  lexing: SplitOptions,
  indent: number,
): string | null {
  // Under a custom delimiter the statement is usually a compound body: sql-formatter splits
  // those at their inner `;`.
  if (statement.delimiter !== null && statement.delimiter !== ';') return null;
  const before = tokenize(statement.text, lexing);
  if (before.some(untrusted)) return null;
  let after: string;
  try {
    after = format(statement.text, {
      language: lexing.flavor === 'mariadb' ? 'mariadb' : 'mysql',
      tabWidth: indent,
      keywordCase: 'preserve',
      linesBetweenQueries: 1,
    });
  } catch {
    return null;
  }
  after = after.trim();
  if (!sameTokens(statement.text, before, after, lexing)) return null;
  after = keepGlue(statement.text, before, after, lexing);
  return sameTokens(statement.text, before, after, lexing) ? after : null;
}

/**
 * `after` with the space between two tokens put back as written wherever the server reads the
 * pair differently with or without it (see gluedMatters): sql-formatter writes `count (*)` as
 * `count(*)`, which turns a syntax error into a query that runs (without IGNORE_SPACE a
 * built-in name followed by a space is an identifier), and `1.2.3` as `1.2 .3`. Where the
 * original had the tokens glued, the formatter's whitespace between them goes; where it had
 * them apart and the formatter glued them, one space comes back. `after` must have the same
 * tokens as the original (sameTokens).
 */
function keepGlue(original: string, before: Token[], after: string, lexing: SplitOptions): string {
  const a = before.filter((t) => t.kind !== 'whitespace');
  const b = tokenize(after, lexing).filter((t) => t.kind !== 'whitespace');
  let out = '';
  let at = 0;
  for (let i = 0; i + 1 < a.length; i++) {
    if (!gluedMatters(original, a[i]!, a[i + 1]!)) continue;
    const glued = a[i]!.end === a[i + 1]!.start;
    const gap = { start: b[i]!.end, end: b[i + 1]!.start };
    if (glued === (gap.start === gap.end)) continue;
    out += after.slice(at, gap.start) + (glued ? '' : ' ');
    at = gap.end;
  }
  return out + after.slice(at);
}

/**
 * Whether the server may read tokens `x` then `y` differently with whitespace between them
 * than without: a name and its `(` (function-name parsing), anything and a `.` (qualified
 * names, `1.5`, `.5`), a number and the `+` / `-` after it and what follows (`1e-3`, `1.5e+2`),
 * and two operator characters (`<=` `>` is `<=>`, `->` `>` is `->>`).
 */
function gluedMatters(text: string, x: Token, y: Token): boolean {
  const xs = text.slice(x.start, x.end);
  const ys = text.slice(y.start, y.end);
  if (x.kind === 'comment' || y.kind === 'comment') return false;
  if (ys === '(' && x.kind !== 'punctuation') return true;
  if (xs === '.' || ys === '.') return true;
  const exponent = (s: string) => /^[0-9.]*[0-9][eE]$/.test(s);
  if (x.kind === 'word' && exponent(xs) && (ys === '+' || ys === '-')) return true;
  if (x.kind === 'punctuation' && y.kind === 'punctuation') {
    return !BRACKETS.has(xs) && !BRACKETS.has(ys);
  }
  return false;
}

const BRACKETS = new Set(['(', ')', ',', ';']);

const COMPOUND_WORDS = new Set(['begin', 'end', 'declare', 'loop', 'repeat', 'while', 'case']);

/** Tokens sql-formatter lays out wrongly or that make a statement not worth the risk. */
function untrusted(token: Token): boolean {
  if (token.unterminated) return true;
  if (token.kind === 'conditional-start' || token.kind === 'conditional-end') return true;
  return false;
}

/**
 * Whether `after` reads as the same tokens as `original` (tokens `before`): whitespace ignored,
 * comments compared without their trailing spaces, words compared as written (the keyword case
 * is preserved). A compound statement, whose `;` inside would be cut by the formatter, fails
 * here too because the token count of `after` then differs, but it is refused up front anyway.
 */
function sameTokens(
  original: string,
  before: Token[],
  after: string,
  lexing: SplitOptions,
): boolean {
  const words = before.filter((t) => t.kind === 'word').map((t) => lower(original, t));
  if (words.includes('begin') && words.some((w) => COMPOUND_WORDS.has(w) && w !== 'begin'))
    return false;
  const a = comparable(original, before);
  const b = comparable(after, tokenize(after, lexing));
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

const lower = (text: string, t: Token) => text.slice(t.start, t.end).toLowerCase();

function comparable(text: string, tokens: Token[]): string[] {
  return tokens
    .filter((t) => t.kind !== 'whitespace')
    .map((t) => {
      const s = text.slice(t.start, t.end);
      return `${t.kind}:${t.kind === 'comment' ? s.trimEnd() : s}`;
    });
}
