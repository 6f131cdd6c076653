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
      behind: [],
      purgedButNeeded: [],
      unreadPeers: [],
    });
    expect(
      promotionOf({ id: 'r1', executed: `${SOURCE}:1-12`, purged: `${SOURCE}:1-11` }, [
        { id: 'r2', executed: `${SOURCE}:1-10` },
      ]),
    ).toEqual({
      canPromote: false,
      peers: ['r2'],
      missing: [],
      behind: [],
      purgedButNeeded: [{ peer: 'r2', gtids: `${SOURCE}:11` }],
      unreadPeers: [],
    });
    expect(
      promotionOf({ id: 'r1', executed: `${SOURCE}:1-12`, purged: '' }, [
        { id: 'r2', executed: `${SOURCE}:1-10` },
      ])?.canPromote,
    ).toBe(true);
    expect(promotionOf({ id: 'r1', executed: '', purged: '' }, [])).toBeNull();
  });

  it('tells lag from loss with the sources’ set: what they have is only not applied yet', () => {
    const candidate = { id: 'r2', executed: `${SOURCE}:1-10`, purged: '' };
    const sibling = { id: 'r1', executed: `${SOURCE}:1-14,${R1}:1` };
    expect(promotionOf(candidate, [sibling], `${SOURCE}:1-15`)).toEqual({
      canPromote: false,
      peers: ['r1'],
      missing: [{ peer: 'r1', gtids: `${R1}:1` }],
      behind: [{ peer: 'r1', gtids: `${SOURCE}:11-14` }],
      purgedButNeeded: [],
      unreadPeers: [],
    });
    // Behind only.
    expect(
      promotionOf(candidate, [{ id: 'r1', executed: `${SOURCE}:1-14` }], `${SOURCE}:1-15`),
    ).toMatchObject({ canPromote: false, missing: [], behind: [{ gtids: `${SOURCE}:11-14` }] });
    // Without the sources' set, all of it is missing, as before.
    expect(promotionOf(candidate, [sibling])).toMatchObject({
      missing: [{ gtids: `${SOURCE}:11-14,\n${R1}:1` }],
      behind: [],
    });
  });

  it('names siblings that could not be read, and gives no verdict when none was', () => {
    const candidate = { id: 'r1', executed: `${SOURCE}:1-12`, purged: '' };
    expect(
      promotionOf(candidate, [{ id: 'r2', executed: `${SOURCE}:1-10` }], undefined, ['r3']),
    ).toMatchObject({ canPromote: true, peers: ['r2'], unreadPeers: ['r3'] });
    expect(promotionOf(candidate, [], undefined, ['r2', 'r3'])).toEqual({
      canPromote: false,
      peers: [],
      missing: [],
      behind: [],
      purgedButNeeded: [],
      unreadPeers: ['r2', 'r3'],
    });
  });
});
