import { describe, expect, it } from 'vitest';
import {
  classifyErrant,
  errantOf,
  formatGtidSet,
  normalizeServerUuid,
  requireGtidSet,
  seedErrantOf,
} from '../../../src/shared/gtid';

const SOURCE = '3e11fa47-71ca-11e1-9e33-c80aa9429562';
const REPLICA = '8a94f357-aab4-11df-86ab-c80aa9429562';
const OTHER = '4d9ca6e2-0a1b-4c3d-9e8f-a1b2c3d4e5f6';
const set = requireGtidSet;
const text = formatGtidSet;

describe('errantOf', () => {
  it('is what the replica executed beyond its source', () => {
    const replica = set(`${SOURCE}:1-100,${REPLICA}:1-2:ops:1`);
    const source = set(`${SOURCE}:1-120`);
    expect(text(errantOf(replica, source))).toBe(`${REPLICA}:1-2:ops:1`);
  });

  it('leaves out legitimate local UUIDs, in any spelling', () => {
    const replica = set(`${SOURCE}:1-100,${REPLICA}:1-2,${OTHER}:1-5`);
    const source = set(`${SOURCE}:1-100`);
    expect(text(errantOf(replica, source, [OTHER.toUpperCase().replace(/-/g, '')]))).toBe(
      `${REPLICA}:1-2`,
    );
  });

  it('is empty for a replica behind its source', () => {
    expect(errantOf(set(`${SOURCE}:1-5`), set(`${SOURCE}:1-9`)).isEmpty).toBe(true);
  });

  it('refuses a local UUID that is not a UUID', () => {
    expect(() => errantOf(set(''), set(''), ['nope'])).toThrow(/not a server UUID/);
  });
});

describe('seedErrantOf (source down)', () => {
  it('is what no other replica has, not counting the source UUID', () => {
    // This replica got further in the source's stream (SOURCE:101-110) than the others: not errant.
    const replica = set(`${SOURCE}:1-110,${REPLICA}:1`);
    const others = [set(`${SOURCE}:1-100`), set(`${SOURCE}:1-105,${OTHER}:1-3`)];
    expect(text(seedErrantOf(replica, others, SOURCE))).toBe(`${REPLICA}:1`);
  });

  it('counts a transaction another replica also has as not errant', () => {
    const replica = set(`${SOURCE}:1-10,${OTHER}:1-3`);
    expect(seedErrantOf(replica, [set(`${OTHER}:1-3`)], SOURCE).isEmpty).toBe(true);
  });

  it('with no other replica, is everything outside the source UUID', () => {
    expect(text(seedErrantOf(set(`${SOURCE}:1-10,${REPLICA}:4`), [], SOURCE))).toBe(`${REPLICA}:4`);
  });
});

describe('classifyErrant', () => {
  it('splits by gtid_purged', () => {
    const errant = set(`${REPLICA}:1-10:t:1-2`);
    const purged = set(`${SOURCE}:1-50,${REPLICA}:1-4`);
    const classes = classifyErrant(errant, purged);
    expect(text(classes.inBinlogs)).toBe(`${REPLICA}:5-10:t:1-2`);
    expect(text(classes.purged)).toBe(`${REPLICA}:1-4`);
  });
});

describe('normalizeServerUuid', () => {
  it('accepts the spellings MySQL accepts', () => {
    expect(normalizeServerUuid(SOURCE.toUpperCase())).toBe(SOURCE);
    expect(normalizeServerUuid(SOURCE.replace(/-/g, ''))).toBe(SOURCE);
    expect(normalizeServerUuid(` {${SOURCE}} `)).toBe(SOURCE);
    expect(normalizeServerUuid(`{${SOURCE.replace(/-/g, '')}}`)).toBeNull();
    expect(normalizeServerUuid(SOURCE.slice(1))).toBeNull();
  });
});
