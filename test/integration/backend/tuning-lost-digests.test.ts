// Statements that got no digest row because the digest table was full: Performance_schema_digest_lost
// counts them from the server's start, and a TRUNCATE of the digest table does not reset it. The
// top statements must count them over the span of their own figures (the window), and never say
// the table is full when this window lost nothing.
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTo } from '../../servers/connect';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import type { ServerKind } from '../../servers/server-kind';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';
import { openSession } from './session-helpers';

failOnUnhandledErrors();

/** Room for the shapes of the backend's reads and this test's own, and not many more. */
const DIGESTS = 40;

describe.each([
  ['MySQL 9.7', 'mysql'],
  ['MariaDB 10.11', 'mariadb'],
] as Array<[string, ServerKind]>)('lost digests on %s', (_name, kind) => {
  const server = useDedicatedServer(kind, {
    name: 'lost-digests',
    extraArgs: ['--performance-schema=ON', `--performance-schema-digests-size=${DIGESTS}`],
  });
  let b: BackendUnderTest;
  let c: mysql.Connection;
  beforeAll(async () => {
    b = await startBackend();
    c = await connectTo(server());
  });
  afterAll(async () => {
    await c?.end();
    await b?.dispose();
  });

  const lostNow = async () => {
    const [rows] = await c.query("SHOW GLOBAL STATUS LIKE 'Performance_schema_digest_lost'");
    return Number((rows as Array<{ Value: string }>)[0]!.Value);
  };
  /** `n` statements, each of a shape of its own, never run before. */
  let shapes = 0;
  const newShapes = async (n: number) => {
    for (let i = 0; i < n; i += 1, shapes += 1) await c.query(`SELECT 1 AS lost_${shapes}`);
  };

  it('counts the statements lost in the window, and says none were when the table had room', async () => {
    const sessionId = await openSession(b, server(), 'lost-digests');
    const statements = async (baselineId: string | null) => {
      const r = await b.call('tuning.statements', { sessionId, schema: null, baselineId });
      if (!r.ok) throw new Error(r.error.message);
      if (!r.value.available) throw new Error(r.value.reason);
      return r.value;
    };
    // The backend's reads and this test's status read get their rows first; then the table
    // fills up and every new shape is lost.
    await statements(null);
    await lostNow();
    await newShapes(DIGESTS);
    const before = await lostNow();
    expect(before).toBeGreaterThan(0);
    const first = await statements(null);
    // Since the server started: the counter itself.
    expect([first.lostDigests, first.lostDigestsSinceStart]).toEqual([before, before]);

    await newShapes(7);
    const window = await statements(first.snapshotId);
    expect(await lostNow()).toBe(before + 7);
    expect([window.lostDigests, window.lostDigestsSinceStart]).toEqual([7, before + 7]);

    // A TRUNCATE empties the table (room again) but not the counter.
    await c.query('TRUNCATE performance_schema.events_statements_summary_by_digest');
    const afterTruncate = await statements(null);
    await newShapes(3);
    const roomy = await statements(afterTruncate.snapshotId);
    expect(await lostNow()).toBe(before + 7);
    expect([roomy.lostDigests, roomy.lostDigestsSinceStart]).toEqual([0, before + 7]);
  });
});
