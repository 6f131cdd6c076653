import { describe, expect, it } from 'vitest';
import { Lexer, tokenize, type LexerOptions } from '../../../src/shared/sql/lexer';

/** `kind:text` of every token but whitespace. */
const lex = (sql: string, options: LexerOptions = {}) =>
  tokenize(sql, options)
    .filter((t) => t.kind !== 'whitespace')
    .map((t) => `${t.kind}:${sql.slice(t.start, t.end)}${t.unterminated ? ' (open)' : ''}`);

describe('Lexer', () => {
  it('tells -- comments from two minuses', () => {
    expect(lex('1 --x')).toEqual(['word:1', 'punctuation:-', 'punctuation:-', 'word:x']);
    expect(lex('1 -- x\n2')).toEqual(['word:1', 'comment:-- x', 'word:2']);
    expect(lex('1 --\tx')).toEqual(['word:1', 'comment:--\tx']);
    expect(lex('1 --\x7fx')).toEqual(['word:1', 'comment:--\x7fx']);
    expect(lex('1 --\u00a0x')).toEqual([
      'word:1',
      'punctuation:-',
      'punctuation:-',
      'word:\u00a0x',
    ]);
    expect(lex('1 --')).toEqual(['word:1', 'comment:--']);
    expect(lex('1 # x\r\n2')).toEqual(['word:1', 'comment:# x\r', 'word:2']);
  });

  it('reads executable comments as SQL between two markers', () => {
    expect(lex("/*!50003 CREATE */ /*! 'a*/' /* x */ */ */")).toEqual([
      'conditional-start:/*!50003',
      'word:CREATE',
      'conditional-end:*/',
      'conditional-start:/*!',
      "string:'a*/'",
      'comment:/* x */',
      'conditional-end:*/',
      'punctuation:*',
      'punctuation:/',
    ]);
    expect(lex('/*!100100 1 */')[0]).toBe('conditional-start:/*!100100');
  });

  it('reads /*M! as SQL only on MariaDB, and hints as comments', () => {
    expect(lex('/*M!100100 1 */')).toEqual(['comment:/*M!100100 1 */']);
    expect(lex('/*M!100100 1 */', { flavor: 'mariadb' })).toEqual([
      'conditional-start:/*M!100100',
      'word:1',
      'conditional-end:*/',
    ]);
    expect(lex('/*+ BKA(t) */')).toEqual(['comment:/*+ BKA(t) */']);
    expect(lex('/* open')).toEqual(['comment:/* open (open)']);
  });

  it('reads strings, prefixed strings and quoted names', () => {
    expect(lex(`'a''b\\'c' "d""e" \`f\`\`g\` N'n' x'3B' B'01' _utf8mb4'u'`)).toEqual([
      "string:'a''b\\'c'",
      'string:"d""e"',
      'quoted-identifier:`f``g`',
      "string:N'n'",
      "string:x'3B'",
      "string:B'01'",
      'word:_utf8mb4',
      "string:'u'",
    ]);
    expect(lex("'a\\' 'b'", { noBackslashEscapes: true })).toEqual(["string:'a\\'", "string:'b'"]);
    expect(lex('"a\\" "b"', { ansiQuotes: true })).toEqual([
      'quoted-identifier:"a\\"',
      'quoted-identifier:"b"',
    ]);
    expect(lex("'open")).toEqual(["string:'open (open)"]);
  });

  it('reads variables with scopes and quoted names', () => {
    expect(lex("@a @@global.max_connections @'x y' @`q` 'u'@'h' @")).toEqual([
      'variable:@a',
      'variable:@@global.max_connections',
      "variable:@'x y'",
      'variable:@`q`',
      "string:'u'",
      "variable:@'h'",
      'variable:@',
    ]);
  });

  it('reads MySQL dollar quotes, not inside names and not on MariaDB', () => {
    expect(lex('$$ a; $$ $js$ b $js$ a$$ $1')).toEqual([
      'string:$$ a; $$',
      'string:$js$ b $js$',
      'word:a$$',
      'word:$1',
    ]);
    expect(lex('$$ a', { flavor: 'mariadb' })).toEqual(['word:$$', 'word:a']);
  });

  it('reads words beyond ASCII and two-character operators', () => {
    expect(lex('日本語 := <= <=> ->> a.b')).toEqual([
      'word:日本語',
      'punctuation::=',
      'punctuation:<=',
      'punctuation:<=',
      'punctuation:>',
      'punctuation:->',
      'punctuation:>',
      'word:a',
      'punctuation:.',
      'word:b',
    ]);
  });

  it('finds the delimiter it is given, even glued to a word', () => {
    const lexer = new Lexer('SELECT a$$b', {});
    lexer.delimiter = '$$';
    const kinds = [];
    for (let t = lexer.next(); t; t = lexer.next()) kinds.push(t.kind);
    expect(kinds).toEqual(['word', 'whitespace', 'word', 'delimiter', 'word']);
  });
});
