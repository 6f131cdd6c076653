import { describe, expect, it } from 'vitest';
import { recheckGap } from '../../../src/shared/replication/recheck-gap';
import type { TopologyNode } from '../../../src/shared/replication/topology-model';

const node = (over: Partial<TopologyNode>): TopologyNode => ({
  id: '127.0.0.1:3307',
  host: '127.0.0.1',
  port: 3307,
  aliases: [],
  start: false,
  reachable: true,
  error: null,
  server: null,
  channels: [],
  sourceIds: [],
  replicaIds: [],
  unlistedReplicaHosts: [],
  lagSeconds: null,
  errant: null,
  errantUnchecked: null,
  promotion: null,
  problems: [],
  health: 'ok',
  ...over,
});

describe('recheckGap', () => {
  it('is null only where the node was read and compared again', () => {
    expect(recheckGap('127.0.0.1:3307', node({}))).toBeNull();
  });

  it('says why "no errant transactions left" cannot be said', () => {
    expect(recheckGap('127.0.0.1:3307', undefined)).toBe(
      '127.0.0.1:3307 was not reached by the new discovery.',
    );
    expect(
      recheckGap(
        '127.0.0.1:3307',
        node({
          reachable: false,
          error: { code: 'CONNECTION_REFUSED', message: 'Nothing listens on 127.0.0.1:3307.' },
        }),
      ),
    ).toBe('127.0.0.1:3307 could not be read: Nothing listens on 127.0.0.1:3307.');
    expect(recheckGap('127.0.0.1:3307', node({ errantUnchecked: 'Its source is down.' }))).toBe(
      'Its source is down.',
    );
  });
});
