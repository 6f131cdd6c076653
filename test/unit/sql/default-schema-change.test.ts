import { describe, expect, it } from 'vitest';
import { defaultSchemaAfter } from '../../../src/shared/sql/default-schema-change';

describe('defaultSchemaAfter', () => {
  it.each([
    ['USE shop', null, 'shop'],
    ['use Shop;', 'x', 'Shop'],
    ['USE `my db`', null, 'my db'],
    ['USE `a``b`', null, 'a`b'],
    ['/* pick */ USE shop -- now', null, 'shop'],
    ['/*!40000 USE shop */', null, 'shop'],
    ['DROP DATABASE shop', 'shop', null],
    ['drop schema if exists `shop`', 'shop', null],
    ['DROP DATABASE other', 'shop', 'shop'],
    ['DROP DATABASE Shop', 'shop', 'shop'],
    ['SELECT * FROM other.t', 'shop', 'shop'],
    ["SELECT 'USE x'", 'shop', 'shop'],
    ['USE', 'shop', 'shop'],
    ['CREATE DATABASE x', null, null],
  ])('%s (from %s) → %s', (sql, before, after) => {
    expect(defaultSchemaAfter(sql, before)).toBe(after);
  });

  it('reads "x" as a name under ANSI_QUOTES', () => {
    expect(defaultSchemaAfter('USE "my ""db"""', null, { ansiQuotes: true })).toBe('my "db"');
  });
});
