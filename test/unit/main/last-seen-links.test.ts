import { describe, expect, it } from 'vitest';
import { LastSeenLinks } from '../../../src/main/services/replication/last-seen-links';

const a = { host: '10.0.0.1', port: 3306 };

describe('LastSeenLinks', () => {
  it('keeps what a server said while it is down, per start server', () => {
    const memory = new LastSeenLinks();
    memory.record('start-1', new Map([['b', { sources: [a], uuid: 'u-b' }]]));
    // A later discovery where b did not answer: b keeps its last-seen sources.
    memory.record('start-1', new Map([['c', { sources: [], uuid: 'u-c' }]]));
    expect(memory.of('start-1').get('b')).toEqual({ sources: [a], uuid: 'u-b' });
    expect(memory.of('start-1').get('c')).toEqual({ sources: [], uuid: 'u-c' });
    // Another start server sees its own world.
    expect(memory.of('start-2').size).toBe(0);
  });

  it('forgets the least recently recorded start server first', () => {
    const memory = new LastSeenLinks(2);
    memory.record('s1', new Map([['x', { sources: [], uuid: null }]]));
    memory.record('s2', new Map([['x', { sources: [], uuid: null }]]));
    memory.record('s1', new Map([['y', { sources: [], uuid: null }]]));
    memory.record('s3', new Map([['x', { sources: [], uuid: null }]]));
    expect([memory.of('s1').size, memory.of('s2').size, memory.of('s3').size]).toEqual([2, 0, 1]);
  });
});
