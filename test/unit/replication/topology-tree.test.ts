import { describe, expect, it } from 'vitest';
import { topologyTree } from '../../../src/shared/replication/topology-tree';

const node = (id: string, sourceIds: string[] = [], start = false) => ({ id, sourceIds, start });

describe('topologyTree', () => {
  it('hangs replicas under their source, the start node’s tree first', () => {
    expect(
      topologyTree([
        node('r2', ['s']),
        node('other'),
        node('s'),
        node('r1', ['s'], true),
        node('r1a', ['r1']),
      ]),
    ).toEqual([
      {
        id: 's',
        children: [
          { id: 'r1', children: [{ id: 'r1a', children: [] }] },
          { id: 'r2', children: [] },
        ],
      },
      { id: 'other', children: [] },
    ]);
  });

  it('cuts a source-source loop so every node appears once', () => {
    expect(topologyTree([node('b', ['a']), node('a', ['b']), node('c', ['b'])])).toEqual([
      { id: 'a', children: [{ id: 'b', children: [{ id: 'c', children: [] }] }] },
    ]);
  });

  it('an unresolved source id leaves the replica at the top', () => {
    expect(topologyTree([node('r', [''])])).toEqual([{ id: 'r', children: [] }]);
  });
});
