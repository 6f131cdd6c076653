import { describe, expect, it } from 'vitest';
import { checkPromotion, formatGtidSet, requireGtidSet } from '../../../src/shared/gtid';

const SOURCE = '3e11fa47-71ca-11e1-9e33-c80aa9429562';
const R1 = '8a94f357-aab4-11df-86ab-c80aa9429562';
const set = requireGtidSet;

describe('checkPromotion', () => {
  it('allows the most advanced replica with its binary logs intact', () => {
    const check = checkPromotion(
      { name: 'r1', executed: set(`${SOURCE}:1-100`), purged: set(`${SOURCE}:1-50`) },
      [
        { name: 'r2', executed: set(`${SOURCE}:1-90`) },
        { name: 'r3', executed: set(`${SOURCE}:1-100`) },
      ],
    );
    expect(check).toEqual({ canPromote: true, missing: [], behind: [], purgedButNeeded: [] });
  });

  it('refuses a candidate that lacks what a peer has', () => {
    const check = checkPromotion({ name: 'r1', executed: set(`${SOURCE}:1-90`), purged: set('') }, [
      { name: 'r2', executed: set(`${SOURCE}:1-100`) },
    ]);
    expect(check.canPromote).toBe(false);
    expect(check.missing.map((m) => [m.peer, formatGtidSet(m.gtids)])).toEqual([
      ['r2', `${SOURCE}:91-100`],
    ]);
  });

  it('counts what a peer has and the candidate lacks as lag when the sources have it', () => {
    const check = checkPromotion(
      { name: 'r1', executed: set(`${SOURCE}:1-90`), purged: set('') },
      [{ name: 'r2', executed: set(`${SOURCE}:1-100,${R1}:1`) }],
      set(`${SOURCE}:1-101`),
    );
    expect(check.canPromote).toBe(false);
    expect(check.behind.map((m) => [m.peer, formatGtidSet(m.gtids)])).toEqual([
      ['r2', `${SOURCE}:91-100`],
    ]);
    expect(check.missing.map((m) => [m.peer, formatGtidSet(m.gtids)])).toEqual([['r2', `${R1}:1`]]);
  });

  it('refuses a candidate that purged what a peer still needs', () => {
    const check = checkPromotion(
      {
        name: 'r1',
        executed: set(`${SOURCE}:1-100,${R1}:1-3`),
        purged: set(`${SOURCE}:1-95,${R1}:1-2`),
      },
      [{ name: 'r2', executed: set(`${SOURCE}:1-90`) }],
    );
    expect(check.canPromote).toBe(false);
    expect(check.missing).toEqual([]);
    expect(check.purgedButNeeded.map((m) => [m.peer, formatGtidSet(m.gtids)])).toEqual([
      ['r2', `${SOURCE}:91-95,\n${R1}:1-2`],
    ]);
  });
});
