import { describe, expect, it } from 'vitest';
import {
  displayIdentifier,
  qualifiedName,
  quoteIdentifier,
  quoteString,
} from '../../../src/shared/sql/quote-identifier';
import { splitStatements } from '../../../src/shared/sql/split-statements';
import { significantTokens } from '../../../src/shared/sql/lexer';

describe('quoteIdentifier', () => {
  it.each([
    ['t', '`t`'],
    ['a`b', '`a``b`'],
    ['``', '``````'],
    ['odd; name', '`odd; name`'],
    ['it\'s "x"', '`it\'s "x"`'],
    ['日本 ünï', '`日本 ünï`'],
    ['select', '`select`'],
  ])('%s → %s', (name, quoted) => {
    expect(quoteIdentifier(name)).toBe(quoted);
  });

  it('refuses names no server object can have', () => {
    expect(() => quoteIdentifier('')).toThrow(/empty/);
    expect(() => quoteIdentifier('a\0b')).toThrow(/NUL/);
    expect(() => quoteIdentifier('e😀')).toThrow(/Basic Multilingual Plane/);
    expect(() => quoteIdentifier('e\ud800')).toThrow(/Basic Multilingual Plane/);
  });

  it('gives one quoted-identifier token, whatever the name', () => {
    for (const name of ['a`b', '`', 'x` FROM t; DROP TABLE y; --', 'a\\`b']) {
      const tokens = significantTokens(quoteIdentifier(name));
      expect(tokens.map((t) => t.kind)).toEqual(['quoted-identifier']);
    }
  });
});

describe('displayIdentifier', () => {
  it('quotes as quoteIdentifier does, and still shows names no object could have', () => {
    for (const name of ['t', 'a`b', 'x` FROM t; --', '日本']) {
      expect(displayIdentifier(name)).toBe(quoteIdentifier(name));
    }
    expect(displayIdentifier('e😀`')).toBe('`e😀```');
    expect(displayIdentifier('')).toBe('``');
  });
});

describe('qualifiedName', () => {
  it('joins schema and name, or gives the name alone', () => {
    expect(qualifiedName('db', 't')).toBe('`db`.`t`');
    expect(qualifiedName('my`db', 'a.b')).toBe('`my``db`.`a.b`');
    expect(qualifiedName(null, 't')).toBe('`t`');
    expect(qualifiedName(undefined, 't')).toBe('`t`');
    expect(qualifiedName('', 't')).toBe('`t`');
  });
});

describe('quoteString', () => {
  it.each([
    ['plain', "'plain'"],
    ["it's", "'it''s'"],
    ['back\\slash', "'back\\\\slash'"],
    ['ends with \\', "'ends with \\\\'"],
    ["\\'", "'\\\\'''"],
    ['line\nbreak\r\n', "'line\\nbreak\\r\\n'"],
    ['nul\0byte', "'nul\\0byte'"],
    ['ctrl-z\x1a', "'ctrl-z\\Z'"],
    ['tab\tkept', "'tab\tkept'"],
    ['"double"', '\'"double"\''],
    ['日本 😀', "'日本 😀'"],
    ['', "''"],
  ])('%j → %s', (value, literal) => {
    expect(quoteString(value)).toBe(literal);
  });

  it('doubles quotes only under NO_BACKSLASH_ESCAPES', () => {
    expect(quoteString("a'b\\c\nd", { noBackslashEscapes: true })).toBe("'a''b\\c\nd'");
  });

  it('refuses a lone surrogate, which the driver would send as U+FFFD', () => {
    expect(() => quoteString('a\ud800b')).toThrow(/surrogate/);
    expect(() => quoteString('\udc00')).toThrow(/surrogate/);
    expect(quoteString('\ud83d\ude00')).toBe("'😀'");
  });

  it('always makes exactly one string token, in the mode it was made for', () => {
    const nasty = ["'; DROP TABLE t; --", "\\'; DROP TABLE t; --", "\\\\'", "''\\", "'\0'"];
    for (const value of nasty) {
      const script = `SELECT ${quoteString(value)}; SELECT 2`;
      expect(splitStatements(script)).toHaveLength(2);
      const nbe = `SELECT ${quoteString(value, { noBackslashEscapes: true })}; SELECT 2`;
      expect(splitStatements(nbe, { noBackslashEscapes: true })).toHaveLength(2);
      // Made for backslash escapes but read without them: a wrong value, still one literal.
      expect(splitStatements(script, { noBackslashEscapes: true })).toHaveLength(2);
    }
  });
});
