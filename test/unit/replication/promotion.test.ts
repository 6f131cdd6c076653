import { describe, expect, it } from 'vitest';
import { promotionOf } from '../../../src/shared/replication/promotion';

const SOURCE = '3e11fa47-71ca-11e1-9e33-c80aa9429562';
const R1 = '8a94f357-aab4-11df-86ab-c80aa9429562';

describe('promotionOf', () => {
  it('a replica lacking what a sibling has cannot be promoted; one that purged what it needs neither', () => {
    expect(
      promotionOf({ id: 'r2', executed: `${SOURCE}:1-10`, purged: '' }, [
        { id: 'r1', executed: `${SOURCE}:1-10,${R1}:1` },
      ]),
    ).toEqual({
      canPromote: false,
      peers: ['r1'],
      missing: [{ peer: 'r1', gtids: `${R1}:1` }],
      purgedButNeeded: [],
    });
    expect(
      promotionOf({ id: 'r1', executed: `${SOURCE}:1-12`, purged: `${SOURCE}:1-11` }, [
        { id: 'r2', executed: `${SOURCE}:1-10` },
      ]),
    ).toEqual({
      canPromote: false,
      peers: ['r2'],
      missing: [],
      purgedButNeeded: [{ peer: 'r2', gtids: `${SOURCE}:11` }],
    });
    expect(
      promotionOf({ id: 'r1', executed: `${SOURCE}:1-12`, purged: '' }, [
        { id: 'r2', executed: `${SOURCE}:1-10` },
      ])?.canPromote,
    ).toBe(true);
    expect(promotionOf({ id: 'r1', executed: '', purged: '' }, [])).toBeNull();
  });
});
