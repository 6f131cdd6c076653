import { describe, expect, it } from 'vitest';
import { gtidSetEntry, newList } from '../../../src/shared/gtid/gtid-set';
import { parseGtidSet } from '../../../src/shared/gtid';

// Entries, lists of entries and parse results are made without literals (see `Entry` in
// gtid-set.ts); they must still behave as the plain objects and arrays they replace.

describe('objects of a GTID set', () => {
  it('newList gives a new, empty, growable array on every call', () => {
    const first = newList<number>();
    const second = newList<number>();
    expect(first).toEqual([]);
    expect(first).not.toBe(second);
    first.push(1, 2);
    expect(first).toEqual([1, 2]);
    expect(second).toEqual([]);
    expect(Array.isArray(first)).toBe(true);
  });

  it('entries expose their fields as plain properties', () => {
    const entry = gtidSetEntry('3e11fa47-71ca-11e1-9e33-c80aa9429562', 'app', [1, 5]);
    expect({ ...entry }).toEqual({
      uuid: '3e11fa47-71ca-11e1-9e33-c80aa9429562',
      tag: 'app',
      intervals: [1, 5],
    });
  });

  it('a successful parse of either reader has ok and set', () => {
    for (const text of [
      '3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5',
      ' 3e11fa47-71ca-11e1-9e33-c80aa9429562:1-5',
    ]) {
      const result = parseGtidSet(text);
      expect(result.ok).toBe(true);
      expect(Object.keys(result).sort()).toEqual(['ok', 'set']);
    }
  });
});
