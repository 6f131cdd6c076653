import { describe, expect, it } from 'vitest';
import { requireGtidSet } from '../../../src/shared/gtid';
import { errantBySeed } from '../../../src/shared/replication/errant-finding';
import {
  downSourceReferences,
  downstreamOf,
  feedsItsSources,
  type ReferenceNode,
} from '../../../src/shared/replication/errant-references';

const A = '3e11fa47-71ca-11e1-9e33-c80aa9429562';
const B = '8a94f357-aab4-11df-86ab-c80aa9429562';
const C = 'b5f3c0de-0000-11ee-8000-000000000003';

const graph = (...nodes: Array<[string, boolean, string[], string | null]>) =>
  new Map<string, ReferenceNode>(
    nodes.map(([id, reachable, sourceIds, uuid]) => [id, { id, reachable, sourceIds, uuid }]),
  );

describe('downSourceReferences', () => {
  it('stands the top in for a stopped middle server, leaving out the middle’s UUID', () => {
    const g = graph(['a', true, [], A], ['b', false, ['a'], B], ['c', true, ['b'], C]);
    expect(downSourceReferences(g, 'c', 'b')).toEqual({
      referenceIds: ['a'],
      legitimateUuids: [B],
    });
  });

  it('adds the down server’s other replicas, never the replica nor what is below it', () => {
    const g = graph(
      ['a', true, [], A],
      ['b', false, ['a'], B],
      ['c', true, ['b'], C],
      ['d', true, ['b'], null],
      ['e', true, ['c'], null],
    );
    expect(downSourceReferences(g, 'c', 'b').referenceIds).toEqual(['a', 'd']);
  });

  it('walks up through several down servers', () => {
    const g = graph(
      ['top', true, [], null],
      ['a', false, ['top'], A],
      ['b', false, ['a'], B],
      ['c', true, ['b'], C],
    );
    expect(downSourceReferences(g, 'c', 'b')).toEqual({
      referenceIds: ['top'],
      legitimateUuids: [A, B],
    });
  });

  it('has nothing to offer for a co-master whose peer is down', () => {
    const g = graph(['a', true, ['b'], A], ['b', false, ['a'], B], ['c', true, ['a'], C]);
    expect(downSourceReferences(g, 'a', 'b').referenceIds).toEqual([]);
  });

  it('with the top standing in, finds the errant transaction the seed method alone missed', () => {
    // c replicates from b (down) which replicated from a; c alone has C:1 and nobody else
    // replicates from b: the seed method had no sibling to compare with and said nothing.
    const cExecuted = requireGtidSet(`${A}:1-10,${B}:1-2,${C}:1`);
    const g = graph(['a', true, [], A], ['b', false, ['a'], B], ['c', true, ['b'], C]);
    const stand = downSourceReferences(g, 'c', 'b');
    const finding = errantBySeed({
      replicaExecuted: cExecuted,
      replicaPurged: requireGtidSet(''),
      siblings: [{ id: 'a', executed: requireGtidSet(`${A}:1-12`) }],
      sourceUuid: stand.legitimateUuids[0]!,
    });
    expect(finding).toMatchObject({ method: 'seed', gtids: `${C}:1`, comparedWith: ['a'] });
  });
});

describe('feedsItsSources and downstreamOf', () => {
  it('tells co-masters and longer cycles from a chain', () => {
    const coMasters = graph(['a', true, ['b'], A], ['b', true, ['a'], B], ['c', true, ['a'], C]);
    expect(['a', 'b', 'c'].map((id) => feedsItsSources(coMasters, id))).toEqual([
      true,
      true,
      false,
    ]);
    const ring = graph(['a', true, ['c'], A], ['b', true, ['a'], B], ['c', true, ['b'], C]);
    expect(feedsItsSources(ring, 'b')).toBe(true);
    const chain = graph(['a', true, [], A], ['b', true, ['a'], B], ['c', true, ['b'], C]);
    expect(['a', 'b', 'c'].map((id) => feedsItsSources(chain, id))).toEqual([false, false, false]);
  });

  it('lists everything below a server, through every tier', () => {
    const g = graph(
      ['a', true, [], A],
      ['b', true, ['a'], B],
      ['c', false, ['b'], C],
      ['d', true, ['c'], null],
      ['e', true, ['a'], null],
    );
    expect([...downstreamOf(g, 'b')].sort()).toEqual(['c', 'd']);
    expect([...downstreamOf(g, 'd')]).toEqual([]);
  });
});
