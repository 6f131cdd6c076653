import { describe, expect, it } from 'vitest';
import { fingerprint, SlowLogReader } from '../../../src/shared/slowlog';
import { literalFreeKey } from '../../../src/shared/slowlog/fingerprint-cache';
import { referenceFingerprint } from './fingerprint-reference';
import { variedSlowLog } from './varied-slowlog';

function statementsOf(log: string): string[] {
  const statements: string[] = [];
  const reader = new SlowLogReader((entry) => statements.push(entry.statement));
  reader.pushLatin1(log);
  reader.end();
  return statements;
}

/** Texts around the fast paths' guards: IN/VALUES lists and CALL, matching and not. */
const EDGES = [
  'SELECT a FROM t WHERE b IN (1, 2, 3)',
  'SELECT a FROM t WHERE b in(1)',
  'SELECT a FROM t WHERE b IN\n(1,\t2) AND c IN ((3))',
  'SELECT a FROM t WHERE b IN , (1)',
  'SELECT a FROM t WHERE b NOT IN (SELECT c FROM u)',
  'SELECT MIN(1), join(2), xin (3), in_(4), _in (5), 1in (6) FROM t',
  'INSERT INTO t VALUES (1), (2)',
  'INSERT INTO t VALUE (1)',
  'INSERT INTO t (a) VALUES(1),(2) ON DUPLICATE KEY UPDATE a = VALUES(a)',
  'insert into t values ( ? , ? )',
  'SELECT values(1), values (2), valuesx (3), xvalues (4) FROM t',
  'SELECT a FROM t WHERE b IN (\'x\', "y", 0x1f, -1.5e3, NULL, TRUE)',
  'SELECT a FROM t WHERE b IN (?)',
  'SELECT a FROM t WHERE b IN ()',
  'SELECT a FROM t WHERE b IN (,)',
  'SELECT a FROM t WHERE (b) IN ((1, 2), (3, 4))',
  'CALL p(1)',
  '  call   p(1, 2)',
  '\n\tCaLl db.p (1)',
  'CALL p',
  'call(1)',
  'cancel(1)',
  'COMMIT',
  ' c',
  '',
  'in (1)',
  '(1) in (2)',
];

describe('fingerprint: the same as before its fast paths', () => {
  it('on the guards edge cases', () => {
    for (const statement of EDGES)
      expect(fingerprint(statement), statement).toBe(referenceFingerprint(statement));
  });

  it('on every statement of the varied log', () => {
    const statements = statementsOf(variedSlowLog(2_000_000));
    expect(statements.length).toBeGreaterThan(4000);
    const differ = statements.filter((s) => fingerprint(s) !== referenceFingerprint(s));
    expect(differ).toEqual([]);
  });

  it('on statements of every byte around the list and call rules', () => {
    // Each byte 0-255 in the places the guards look at: before, inside and after a list.
    const differ: string[] = [];
    for (let code = 0; code < 256; code += 1) {
      const c = String.fromCharCode(code);
      for (const statement of [
        `SELECT a FROM t WHERE b${c}in (1)`,
        `SELECT a FROM t WHERE b in${c}(1)`,
        `SELECT a FROM t WHERE b in (1${c})`,
        `SELECT a FROM t WHERE b in (${c}1)`,
        `insert into t values${c}(1),(2)`,
        `${c}call p(1)`,
        `${c}CALL p(1)`,
      ])
        if (fingerprint(statement) !== referenceFingerprint(statement)) differ.push(statement);
    }
    expect(differ).toEqual([]);
  });

  it('on random texts of comment and multi-row INSERT pieces', () => {
    // The comment and INSERT rules are scanned by hand (a regex was quadratic on hostile
    // text): every way their pieces can meet must give what the regexes give.
    const pieces = [
      '/*',
      '*/',
      '/*!',
      '/**/',
      '/*/',
      '*',
      '/',
      '!',
      'x',
      ' ',
      '\n',
      '\v',
      ',',
      '(',
      ')',
      '),(',
      ') , (',
      "'",
      'INSERT INTO t ',
      'insert ignore into t',
      'REPLACE\tINTO t ',
      'INSERT  IGNORE INTO ',
      'insert into',
      'INTO',
      'VALUES',
      'values (',
      'VALUES\n(',
      'value(',
    ];
    let seed = 5;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return seed % n;
    };
    const texts: string[] = [];
    for (let k = 0; k < 40_000; k += 1) {
      let text = k % 2 === 0 ? pieces[18 + random(5)]! : '';
      for (let j = random(12); j >= 0; j -= 1) text += pieces[random(pieces.length)];
      texts.push(text);
    }
    const differ = texts.filter((text) => fingerprint(text) !== referenceFingerprint(text));
    expect(differ).toEqual([]);
    // The rules did act on many of them.
    expect(texts.filter((text) => fingerprint(text).length < text.length / 2).length).toBe(
      texts.filter((text) => referenceFingerprint(text).length < text.length / 2).length,
    );
  });

  it('gives every text the fingerprint of its digit-free cache key', () => {
    // Pieces that meet each rule (quotes, comments, numbers, CALL, USE, INSERT cuts, unions,
    // lists, limits, booleans, administrator commands), joined at random (fixed seed).
    const pieces = [
      "'",
      '"',
      '\\',
      '?',
      ' ',
      '  ',
      '\n',
      '\t',
      '\r',
      '\v',
      'x',
      'b',
      '.',
      'e',
      '1',
      '22',
      '0',
      '007',
      '0x1f',
      '-',
      '+',
      '1.5e3',
      'a',
      'SELECT',
      ' IN ',
      'IN (',
      '(',
      ')',
      ',',
      'null',
      'LIMIT 5',
      ' union ',
      'select a from t1 ',
      'ORDER BY ',
      ' ASC',
      'VALUES',
      'insert into t values (1),(2)',
      '\xc0',
      'tab1',
      'c.id',
      '/*',
      '*/',
      '/*!40001 ',
      '#',
      '--',
      'use ',
      'use db1',
      'call ',
      'CALL p1(',
      'true',
      '1true',
      'false2',
      'administrator command: ',
      '/*a.b:1/2*/',
      'SELECT /*!40001 SQL_NO_CACHE */ * FROM `',
    ];
    let seed = 7;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return seed % n;
    };
    const texts = [...EDGES, ...statementsOf(variedSlowLog(500_000))];
    for (let k = 0; k < 30_000; k += 1) {
      let text = '';
      for (let j = random(12); j >= 0; j -= 1) text += pieces[random(pieces.length)];
      texts.push(text);
    }
    const differ = texts.filter((text) => fingerprint(literalFreeKey(text)) !== fingerprint(text));
    expect(differ).toEqual([]);
    // The keys do merge texts: most of the generated ones had digits to drop.
    expect(texts.filter((text) => literalFreeKey(text) !== text).length).toBeGreaterThan(10_000);
  });
  it('gives every text with comments the fingerprint of its digit-free cache key', () => {
    // Comments are where digits once made texts their own key: pt's own `/*a.b:1/2*/`,
    // mysqldump's `SELECT /*!40001`, version comments and hints, next to other rules' text.
    const pieces = [
      '/*',
      '*/',
      '/*!',
      '/*+',
      'SELECT ',
      'SELECT /*!',
      'SELECT /*!40001 SQL_NO_CACHE */ * FROM `',
      '40001',
      '4',
      '0',
      '12',
      'a',
      'a1',
      'b',
      '.',
      ':',
      '/',
      '*',
      '!',
      ' ',
      '\n',
      "'",
      '"',
      '#',
      '--',
      'call p1(',
      'administrator command: ',
      'use db1',
      'IN (1, 2)',
      'values (3),(4)',
    ];
    let seed = 11;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return seed % n;
    };
    const texts: string[] = [];
    for (let k = 0; k < 40_000; k += 1) {
      let text = '';
      for (let j = random(14); j >= 0; j -= 1) text += pieces[random(pieces.length)];
      texts.push(text);
    }
    const differ = texts.filter((text) => fingerprint(literalFreeKey(text)) !== fingerprint(text));
    expect(differ).toEqual([]);
    const withComments = texts.filter((text) => text.includes('/*'));
    expect(withComments.filter((text) => literalFreeKey(text) !== text).length).toBeGreaterThan(
      5_000,
    );
  });
});
