import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { fingerprint, SlowLogReader } from '../../../src/shared/slowlog';
import { FingerprintCache } from '../../../src/shared/slowlog/fingerprint-cache';
import { variedSlowLog } from './varied-slowlog';

function statementsOf(log: string): string[] {
  const statements: string[] = [];
  const reader = new SlowLogReader((entry) => statements.push(entry.statement));
  reader.pushLatin1(log);
  reader.end();
  return statements;
}

/** `n` spelled in letters (a, b, ..., z, ba, bb, ...): texts that differ in more than digits. */
function letters(n: number): string {
  let text = '';
  do {
    text = String.fromCharCode(97 + (n % 26)) + text;
    n = Math.floor(n / 26);
  } while (n > 0);
  return text;
}

/** `count` distinct statements of a few shapes, differing in letters (not only in digits). */
function distinct(count: number, from = 0): string[] {
  return Array.from({ length: count }, (_, i) =>
    i % 2
      ? `SELECT * FROM t WHERE name = '${letters(from + i)}'`
      : `UPDATE u SET a = 'x${letters(from + i)}' WHERE b IN (1, 2)`,
  );
}

describe('FingerprintCache', () => {
  it('gives fingerprint() on every statement of the varied log, seen once and again', () => {
    const statements = statementsOf(variedSlowLog(1_000_000));
    expect(statements.length).toBeGreaterThan(2000);
    const cache = new FingerprintCache();
    // Twice through, then each text many times in a row: misses, hits and stand-asides alike.
    const sequence = [...statements, ...statements];
    for (const statement of statements.slice(0, 300))
      for (let k = 0; k < 20; k += 1) sequence.push(statement);
    const wrong = sequence.filter((statement) => cache.of(statement) !== fingerprint(statement));
    expect(wrong).toEqual([]);
    expect(cache.hits).toBeGreaterThan(0);
  });

  it('answers repeated texts from the cache', () => {
    const cache = new FingerprintCache();
    const texts = distinct(20);
    for (let round = 0; round < 100; round += 1) for (const text of texts) cache.of(text);
    expect(cache.hits).toBe(20 * 100 - 20);
  });

  it('answers texts that its table cannot tell apart by their hash (they are compared whole)', () => {
    // The table hashes 16 of a long key's characters (here every tenth from the end, which
    // leaves out the 8th and 9th): texts that differ only there share a hash.
    const cache = new FingerprintCache();
    const texts = Array.from(
      { length: 40 },
      (_, i) => `SELECT ${letters(26 + i)} ${'a'.repeat(150)}`,
    );
    expect(new Set(texts.map((text) => text.length))).toEqual(new Set([160]));
    for (let round = 0; round < 5; round += 1)
      for (const text of texts) expect(cache.of(text)).toBe(fingerprint(text));
    expect(cache.hits).toBe(40 * 5 - 40);
  });

  it('answers texts that differ only in digits from one entry', () => {
    const cache = new FingerprintCache();
    const texts = Array.from({ length: 1000 }, (_, i) =>
      i % 2
        ? `SELECT * FROM t${i % 7} WHERE id = ${i} AND d > '2026-11-${i % 28}'`
        : `select a from t where b in (${i}, ${i * 31}) limit ${i}`,
    );
    for (const text of texts) expect(cache.of(text)).toBe(fingerprint(text));
    // t0..t6 make 7 shapes of the first kind (a run of digits is one key digit, `t1` = `t6`).
    expect(cache.hits).toBe(1000 - 2);
  });

  it('answers texts with comments that differ only in digits from one entry', () => {
    const cache = new FingerprintCache();
    const texts = Array.from({ length: 1000 }, (_, i) =>
      i % 2
        ? `/* app:checkout v${i % 3} */ SELECT stock FROM items WHERE sku = 'SKU-${i}' FOR UPDATE`
        : `SELECT /*+ MAX_EXECUTION_TIME(${i}) */ a FROM t WHERE b = ${i} /*!50001 AND c > ${i} */`,
    );
    for (const text of texts) expect(cache.of(text)).toBe(fingerprint(text));
    expect(cache.hits).toBe(1000 - 2);
  });

  it('keeps the digits of texts whose fingerprint keeps them', () => {
    const cache = new FingerprintCache();
    for (const text of [
      'CALL p1(1)',
      'CALL p2(1)',
      'administrator command: Binlog Dump GTID 1',
      'administrator command: Binlog Dump GTID 2',
      '/*a.b:1/2*/ SELECT 1',
      '/*a.b:12/2*/ SELECT 1',
      '/*a.b:2/1*/ SELECT 1',
      'SELECT 1 /*a1.b:3/4*/',
      'SELECT 1 /*a2.b:3/4*/',
      'SELECT /*!40001 SQL_NO_CACHE */ * FROM `t`',
      'SELECT /*!40002 SQL_NO_CACHE */ * FROM `t`',
      'SELECT /*!4 SQL_NO_CACHE */ * FROM `t`',
    ])
      expect(cache.of(text)).toBe(fingerprint(text));
  });

  it('stands aside while texts do not repeat, and comes back', () => {
    const cache = new FingerprintCache();
    for (const text of distinct(5000)) expect(cache.of(text)).toBe(fingerprint(text));
    expect(cache.hits).toBe(0);
    const texts = distinct(20, 10_000);
    const lookups = 40_000;
    for (let i = 0; i < lookups; i += 1) cache.of(texts[i % texts.length]!);
    // Some lookups went straight to fingerprint() (no hits there), later ones hit again.
    expect(cache.hits).toBeGreaterThan(0);
    expect(cache.hits).toBeLessThan(lookups - texts.length);
  });

  it('gives back what was noted with a key, for every text of that key, while it is kept', () => {
    const cache = new FingerprintCache<string>();
    cache.of('SELECT * FROM t WHERE id = 1');
    expect(cache.note()).toBeUndefined();
    cache.setNote('t by id');
    cache.of("SELECT name FROM u WHERE name = 'x'");
    expect(cache.note()).toBeUndefined();
    cache.setNote('u by name');
    cache.of('SELECT * FROM t WHERE id = 22');
    expect(cache.note()).toBe('t by id');
    cache.of("SELECT name FROM u WHERE name = 'x'");
    expect(cache.note()).toBe('u by name');
    // A long text is not kept: nothing is noted with it, nor given back.
    const long = `SELECT ${'a, '.repeat(400)}b FROM t`;
    cache.of(long);
    cache.setNote('long');
    cache.of(long);
    expect(cache.note()).toBeUndefined();
    // The table fills and starts again (a hot text keeps its hit rate up): the notes go with
    // the keys, and new keys have none.
    const hot = 'SELECT * FROM t WHERE id = 1';
    const fresh = distinct(8200);
    let forgotten = 0;
    for (const text of fresh) {
      cache.of(text);
      expect(cache.note()).toBeUndefined();
      cache.setNote(text);
      cache.of(hot);
      if (cache.note() === undefined) {
        forgotten += 1;
        cache.setNote('t by id');
      } else expect(cache.note()).toBe('t by id');
    }
    expect(forgotten).toBe(1);
    cache.of(fresh[8199]!);
    expect(cache.note()).toBe(fresh[8199]);
  });

  it('does not keep long statements', () => {
    const cache = new FingerprintCache();
    const long = `SELECT ${'a, '.repeat(400)}b FROM t WHERE c = 1`;
    expect(cache.of(long)).toBe(fingerprint(long));
    expect(cache.of(long)).toBe(fingerprint(long));
    expect(cache.hits).toBe(0);
  });

  it('does not keep alive the chunks its statements were cut from', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const cache = new FingerprintCache();
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let c = 0; c < 100; c += 1) {
      // A statement cut from a 1 MB chunk, as the reader cuts them, seen a few times.
      // With digits (the key is made new) and without (the statement is its own key).
      const chunk = `SELECT * FROM t WHERE id = ${c % 2 ? 7 : 'y'} AND x = '${letters(c)}';${'z'.repeat(1 << 20)}${c}`;
      const statement = chunk.slice(0, chunk.indexOf(';'));
      for (let k = 0; k < 4; k += 1) cache.of(statement);
    }
    expect(cache.hits).toBe(300);
    gc();
    // Kept chunks would be 100 MB; the statements and fingerprints themselves are a few kB.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(20e6);
  });
});
