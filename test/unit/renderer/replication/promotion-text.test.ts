import { describe, expect, it } from 'vitest';
import { promotionText } from '../../../../src/renderer/replication/promotion-text';
import type { Promotion } from '../../../../src/shared/replication/promotion';

const verdict = (over: Partial<Promotion>): Promotion => ({
  canPromote: true,
  peers: ['127.0.0.1:3307'],
  missing: [],
  behind: [],
  purgedButNeeded: [],
  unreadPeers: [],
  ...over,
});

describe('promotionText', () => {
  it('says yes for the siblings compared, and names the ones that could not be read', () => {
    expect(promotionText(verdict({}))).toEqual({
      kind: 'yes',
      text: '✔ Can replace its source for 127.0.0.1:3307: it lacks nothing they have and keeps what they would need.',
    });
    expect(promotionText(verdict({ unreadPeers: ['127.0.0.1:3308'] })).text).toBe(
      '✔ Can replace its source for 127.0.0.1:3307: it lacks nothing they have and keeps what they would need. Not compared with 127.0.0.1:3308, which could not be read.',
    );
  });

  it('cannot tell when no sibling could be read', () => {
    expect(
      promotionText(verdict({ canPromote: false, peers: [], unreadPeers: ['127.0.0.1:3308'] })),
    ).toEqual({
      kind: 'unknown',
      text: '? Cannot tell whether it can replace its source: its other replica 127.0.0.1:3308 could not be read.',
    });
  });

  it('tells lag from loss, as before', () => {
    const behind = [{ peer: '127.0.0.1:3307', gtids: 'u:5-6' }];
    expect(promotionText(verdict({ canPromote: false, behind }))).toEqual({
      kind: 'behind',
      text: '◷ Can replace its source once it has caught up: it lacks u:5-6 that 127.0.0.1:3307 has, which its source has too (lag, not divergence).',
    });
    expect(
      promotionText(
        verdict({ canPromote: false, missing: [{ peer: '127.0.0.1:3307', gtids: 'v:1' }], behind }),
      ),
    ).toEqual({
      kind: 'no',
      text: '✖ Cannot replace its source yet: lacks v:1 that 127.0.0.1:3307 has; is behind 127.0.0.1:3307 by u:5-6.',
    });
  });
});
