import { describe, expect, it } from 'vitest';
import { messageShapeProblem } from '../../../src/shared/api/message-shape';

/** `[[[ ... ]]]` `depth` levels deep, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = [];
  for (let i = 1; i < depth; i++) value = [value];
  return value;
}

describe('message shape limits', () => {
  it('passes the calls the contract has, and a 64 MiB statement', () => {
    expect(messageShapeProblem({ t: 'call', id: 1, method: 'app.info', params: {} })).toBeNull();
    expect(
      messageShapeProblem({
        t: 'call',
        id: 2,
        method: 'query.start',
        params: { sql: 'x'.repeat(64 * 1024 * 1024) },
      }),
    ).toBeNull();
    expect(messageShapeProblem(nested(64))).toBeNull();
  });

  it('refuses 10,000 nested arrays (20 KB of JSON) without overflowing its own stack', () => {
    expect(messageShapeProblem(nested(65))).toBe(
      'The message is nested more than 64 levels deep; nothing was run.',
    );
    expect(messageShapeProblem({ t: 'call', id: 3, params: nested(10_000) })).toBe(
      'The message is nested more than 64 levels deep; nothing was run.',
    );
  });

  // A million keys take seconds to build on a busy machine: a longer test timeout, not a limit.
  it('refuses a message of more values than any call has', { timeout: 60_000 }, () => {
    const keys = Object.fromEntries(Array.from({ length: 1_000_001 }, (_, i) => [`k${i}`, i]));
    expect(messageShapeProblem({ params: keys })).toBe(
      'The message holds more than 1,000,000 values; nothing was run.',
    );
    expect(
      messageShapeProblem({ params: keys }, { maxDepth: 64, maxValues: 2_000_000 }),
    ).toBeNull();
  });
});
