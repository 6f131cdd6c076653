// pt-query-digest's fingerprint (Percona Toolkit 3.2.1, QueryRewriter::fingerprint), rule for
// rule, so class IDs match its reports and PMM. Input and output are byte strings (one char per
// byte, as Perl sees a slow log read without an encoding layer); that is why every class below is
// spelled out in ASCII: Perl's \s, \w, lc and `.` on such strings never touch bytes over 0x7F,
// and JavaScript's \s and `.` differ from Perl's (NBSP, \r, U+2028).
import { md5Hex } from './md5';
import { isSpaceCode, isWordCode } from './perl-char-classes';
import { collapseRepeatedUnions } from './repeated-unions';

/** Perl's \s on a byte string: space, \t, \n, \v, \f, \r. */
const S = '[\\t\\n\\v\\f\\r ]';
const NS = '[^\\t\\n\\v\\f\\r ]';

const MYSQLDUMP = /^SELECT \/\*!40001 SQL_NO_CACHE \*\/ \* FROM `/;
const PERCONA_TOOLKIT = /\/\*\w+\.\w+:[0-9]\/[0-9]\*\//;
const CALL = new RegExp(`^${S}*(call${S}+${NS}+)\\(`, 'i');
// pt-query-digest's `^((?:INSERT|REPLACE)(?: IGNORE)?\s+INTO.+?VALUES\s*\(.*?\))\s*,\s*\(`/is
// in three steps (see firstRowOfInsert).
const INSERT_HEAD = new RegExp(`^(?:INSERT|REPLACE)(?: IGNORE)?${S}+INTO`, 'i');
const VALUES_OPEN = new RegExp(`VALUES${S}*\\(`, 'gi');
const ROW_SEPARATOR = new RegExp(`\\)${S}*,${S}*\\(`, 'g');
const ONE_LINE_COMMENT = /(?:--|#)[^'"\r\n]*(?=[\r\n]|$)/g;
const USE = new RegExp(`^use ${NS}+(?=\\n?$)`, 'i');
const ESCAPED_QUOTE = /\\["']/g;
const DOUBLE_QUOTED = /"[^]*?"/g;
const SINGLE_QUOTED = /'[^]*?'/g;
const BOOLEAN = /\bfalse\b|\btrue\b/gi;
const NUMBER = /[0-9+-][0-9a-f.xb+-]*/g;
const NUMBER_PREFIX = /[xb.+-]\?/g;
const TRUE_OR_FALSE = /true|false/i;
const PREFIXED = /[xb.+-]\?/;
const LEADING_SPACE = new RegExp(`^${S}+`);
const WHITESPACE_RUN = /[ \n\t\r\f]{2,}|[\n\t\r\f]/g;
const UPPER = /[A-Z]+/g;
const LATIN1_UPPER = /[\xc0-\xde]/;
const NULL_WORD = /\bnull\b/g;
const LIST = new RegExp(`\\b(in|values?)(?:[\\t\\n\\v\\f\\r ,]*\\([\\t\\n\\v\\f\\r ?,]*\\))+`, 'g');
const LIMIT = /\blimit \?(?:, ?\?| offset \?)?/;
const ORDER_BY = /\bORDER BY /i;
const ASC = new RegExp(`([^\\n]+?)${S}+ASC`, 'iy');

/**
 * The abstract form of a statement that pt-query-digest groups by: literals become `?`, IN and
 * VALUES lists `(?+)`, comments and repeated UNIONs go, whitespace collapses, lower case.
 * `query` is a byte string (char codes 0-255); so is the result.
 */
export function fingerprint(query: string): string {
  // Each rule runs only when the text it needs is there: the same result, much less work.
  const hasComment = query.includes('/*');
  if (query.charCodeAt(0) === 83 /* S */ && MYSQLDUMP.test(query)) return 'mysqldump';
  if (hasComment && PERCONA_TOOLKIT.test(query)) return 'percona-toolkit';
  if (query.startsWith('administrator command: ')) return query;
  const call = startsWithC(query) ? CALL.exec(query) : null;
  if (call) return asciiLower(call[1]!);
  const first = query.charCodeAt(0) | 0x20;
  if (first === 105 /* i */ || first === 114 /* r */) {
    const firstRow = firstRowOfInsert(query);
    if (firstRow !== null) query = firstRow;
  }

  if (hasComment) query = dropBlockComments(query);
  if (query.includes('--') || query.includes('#')) query = query.replace(ONE_LINE_COMMENT, '');
  if (USE.test(query)) return query.replace(USE, 'use ?');

  if (query.includes('\\')) query = query.replace(ESCAPED_QUOTE, '');
  if (query.includes('"')) query = query.replace(DOUBLE_QUOTED, '?');
  if (query.includes("'")) query = query.replace(SINGLE_QUOTED, '?');
  if (TRUE_OR_FALSE.test(query)) query = query.replace(BOOLEAN, '?');
  query = query.replace(NUMBER, '?');
  if (PREFIXED.test(query)) query = query.replace(NUMBER_PREFIX, '?');
  query = query.replace(LEADING_SPACE, '');
  if (query.endsWith('\n')) query = query.slice(0, -1); // Perl's chomp
  query = asciiLower(query.replace(WHITESPACE_RUN, ' '));
  if (query.includes('null')) query = query.replace(NULL_WORD, '?');
  if (hasListCandidate(query)) query = query.replace(LIST, '$1(?+)');
  if (query.includes('union')) query = collapseRepeatedUnions(query);
  if (query.includes('limit ?')) query = query.replace(LIMIT, 'limit ?');
  return query.includes('order by ') ? dropAscInOrderBy(query) : query;
}

/**
 * The statement up to the end of its first row when it is an INSERT or REPLACE of several rows
 * (pt-query-digest's rule quoted above), else null. As one regex, each `VALUES (` was tried
 * against every `)` after it: quadratic in a statement holding many of them (in a string, say),
 * which a slow-log entry can be. Here the first `VALUES (` after INTO decides, because a later
 * one could only find a row separator the first one finds too.
 */
function firstRowOfInsert(query: string): string | null {
  const head = INSERT_HEAD.exec(query);
  if (!head) return null;
  VALUES_OPEN.lastIndex = head[0].length + 1; // `.+?`: at least one character after INTO
  if (!VALUES_OPEN.exec(query)) return null;
  ROW_SEPARATOR.lastIndex = VALUES_OPEN.lastIndex;
  const separator = ROW_SEPARATOR.exec(query);
  return separator ? query.slice(0, separator.index + 1) : null;
}

/**
 * MULTI_LINE_COMMENT of pt-query-digest: every comment but the `/*!` kind removed, each from
 * `/*` and the character after it to the first end-of-comment mark past them. As a regex, each
 * `/*` with no end after it scanned to the end of the text: quadratic in a statement holding
 * many (a 600 KB one took 40 s), which any client can get into the slow log inside a string.
 */
function dropBlockComments(query: string): string {
  let out = '';
  let copied = 0;
  let at = query.indexOf('/*');
  while (at >= 0 && at + 2 < query.length) {
    if (query.charCodeAt(at + 2) === 33 /* ! */) {
      at = query.indexOf('/*', at + 1);
      continue;
    }
    // `[^!]` takes the character after `/*`, so the end is looked for past it.
    const end = query.indexOf('*/', at + 3);
    if (end < 0) break; // no later `/*` has an end either
    out += query.slice(copied, at);
    copied = end + 2;
    at = query.indexOf('/*', copied);
  }
  return copied === 0 ? query : out + query.slice(copied);
}

/** Whether CALL can match: its `^\s*call` needs a `c` as the first character after white space. */
function startsWithC(query: string): boolean {
  let i = 0;
  while (i < query.length && isSpaceCode(query.charCodeAt(i))) i += 1;
  return (query.charCodeAt(i) | 0x20) === 99; /* c */
}

/**
 * Whether LIST can match, checked by index (the pattern itself is slow to try at every `in`):
 * it needs a `(` followed by only `?`, `,` and white space up to a `)`, and before it, past
 * white space and commas, the word end `in`, `value` or `values` with no word character before.
 */
function hasListCandidate(query: string): boolean {
  for (let open = query.indexOf('('); open >= 0; open = query.indexOf('(', open + 1)) {
    let after = open + 1;
    for (;;) {
      const code = query.charCodeAt(after);
      if (code !== 63 /* ? */ && code !== 44 /* , */ && !isSpaceCode(code)) break;
      after += 1;
    }
    if (query.charCodeAt(after) !== 41 /* ) */) continue;
    let before = open;
    while (before > 0) {
      const code = query.charCodeAt(before - 1);
      if (code !== 44 && !isSpaceCode(code)) break;
      before -= 1;
    }
    if (
      endsWordAt(query, before, 'in') ||
      endsWordAt(query, before, 'value') ||
      endsWordAt(query, before, 'values')
    )
      return true;
  }
  return false;
}

/** Whether `word` ends at `end` in `text` with no word character just before it (`\b`). */
function endsWordAt(text: string, end: number, word: string): boolean {
  const start = end - word.length;
  return start >= 0 && text.startsWith(word, start) && !isWordCode(text.charCodeAt(start - 1));
}

/**
 * Perl's `1 while s/\G(.+?)\s+ASC/$1/gi && pos` after `m/\bORDER BY /gi`: one substitution pass
 * from just after the first ORDER BY, each match anchored where the previous one ended.
 */
function dropAscInOrderBy(query: string): string {
  const orderBy = ORDER_BY.exec(query);
  if (!orderBy) return query;
  let position = orderBy.index + orderBy[0].length;
  let out = query.slice(0, position);
  for (;;) {
    ASC.lastIndex = position;
    const match = ASC.exec(query);
    if (!match) break;
    out += match[1];
    position = ASC.lastIndex;
  }
  return out + query.slice(position);
}

/** Perl's lc on a byte string: only A-Z change. */
function asciiLower(text: string): string {
  // toLowerCase also changes À-Þ; only then go letter run by letter run.
  return LATIN1_UPPER.test(text)
    ? text.replace(UPPER, (letters) => letters.toLowerCase())
    : text.toLowerCase();
}

/** pt-query-digest's class ID: the upper-case MD5 of the fingerprint's bytes (32 hex digits). */
export function classChecksum(fingerprintBytes: string): string {
  return md5Hex(fingerprintBytes).toUpperCase();
}
