// User@Host lines are read by pt's pattern once per distinct text up to their last `]` and then
// recognised (see user-host-lines): lines that share that text or much of it, or differ only
// past it, must still give what the pattern gives each, as the reference reader reads them.
import { describe, expect, it } from 'vitest';
import { IGNORED_ATTRIBUTES, SlowLogReader, type SlowLogEntry } from '../../../src/shared/slowlog';
import { ReferenceSlowLogReader } from './reference-slowlog-reader';

/** Lines that look alike where the cache's hash looks (first user chars, last ip chars). */
const USER_HOSTS = [
  '# User@Host: app0[app0] @ app-0.internal [10.0.0.1]  Id: 1000',
  '# User@Host: app0[app0] @ app-0.internal [10.0.0.1]  Id: 7',
  '# User@Host: app0[app0] @ app-0.internal [10.0.0.1]',
  '# User@Host: app0[app0] @ app-0.internal [10.0.0.1] trailing words',
  '# User@Host: app0[app0] @ app-1.internal [10.0.0.1]  Id: 1000',
  '# User@Host: app0[app0] @ app-9.internal [10.0.0.1]  Id: 1000',
  '# User@Host: app0[appX] @ app-0.internal [10.0.0.1]  Id: 1000',
  '# User@Host: app0[app0] @  [10.0.0.1]  Id: 1000',
  '# User@Host: app0[app0] @ app-0.internal []  Id: 1000',
  '# User@Host: app0[app0] @ app-0.internal [10.0.0.1] ]  Id: 1000',
  '# User@Host: app0[app0] @ app-0.internal [10.0.0.1] [x]  Id: 1000',
  '# User@Host: [app0] @ app-0.internal [10.0.0.1]  Id: 1000',
  '# User@Host: app0 @ app-0.internal [10.0.0.1]  Id: 1000',
  '# User@Host: app0[app0] @ app-0.internal 10.0.0.1]  Id: 1000',
  '# User@Host: app0[app0] app-0.internal [10.0.0.1]  Id: 1000',
  'x # User@Host: app0[app0] @ app-0.internal [10.0.0.1]  Id: 1000',
  '# User@Host: app0[app0] @ app-0.internal [10.0.0.1]\tId:\t12',
];

function log(seed: number, count: number): string {
  let state = seed;
  let text = '';
  for (let n = 0; n < count; n += 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const userHost = USER_HOSTS[state % USER_HOSTS.length]!;
    text += `# Time: 2026-11-25T10:00:00.000000Z\n${userHost}\n# Query_time: 0.1  Lock_time: 0 Rows_sent: 1  Rows_examined: 1\nSET timestamp=1;\nSELECT ${n};\n`;
  }
  return text;
}

/** The entries' fields, and their attributes but for the two a digest's reader skips. */
function fields(entries: SlowLogEntry[]): unknown[] {
  return entries.map((e) => ({
    ...e,
    attributes: [...e.attributes].filter(([name]) => name !== 'Thread_id' && name !== 'timestamp'),
  }));
}

describe('User@Host lines read by a reader that skips Thread_id', () => {
  it('give what the pattern gives, however alike the lines are', () => {
    for (const seed of [1, 2, 3]) {
      const text = log(seed, 400);
      const ours: SlowLogEntry[] = [];
      const reader = new SlowLogReader((e) => ours.push(e), {
        skipAttributes: IGNORED_ATTRIBUTES,
      });
      // Chunks of a few entries: lines are read both in place and on the general path.
      for (let at = 0; at < text.length; at += 997) reader.pushLatin1(text.slice(at, at + 997));
      reader.end();
      const expected: SlowLogEntry[] = [];
      const reference = new ReferenceSlowLogReader((e) => expected.push(e));
      reference.pushLatin1(text);
      reference.end();
      expect(ours.length).toBe(400);
      expect(fields(ours)).toEqual(fields(expected));
      // The lines do differ in what they give.
      expect(new Set(ours.map((e) => `${e.user}|${e.host}|${e.ip}`)).size).toBeGreaterThan(8);
    }
  });
});
