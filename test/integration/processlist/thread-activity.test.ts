import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import { endpointOf } from '../../servers/endpoint';
import { testServers } from '../../servers/provided';
import {
  ENABLE_STAGES_CONSUMER,
  STAGES_CONSUMER_NOTICE,
} from '../../../src/shared/processlist/processlist-source';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession } from '../backend/session-helpers';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { client, rowOf, snapshotWhen, start, type Client } from './processlist-helpers';
import { snapshotFromWire } from '../../../src/shared/processlist/snapshot-wire';

failOnUnhandledErrors();

const MB = 1024 * 1024;

describe('session memory on MySQL 9.7 (performance_schema.threads)', () => {
  const server = testServers().mysql;
  let b: BackendUnderTest;
  let sessionId: string;
  let hog: Client;
  let idle: Client;

  beforeAll(async () => {
    hog = await client(server);
    idle = await client(server);
    // A 16 MB user variable lives in the session's memory until the session ends.
    await hog.conn.query(`SET @hog = REPEAT('x', ${16 * MB})`);
    b = await startBackend();
    sessionId = await openSession(b, server, 'processlist');
  });

  afterAll(async () => {
    hog?.conn.destroy();
    idle?.conn.destroy();
    await b?.dispose();
  });

  it('shows the memory a session holds now and at most, and little for an idle one', async () => {
    const snap = await snapshotWhen(b, sessionId, (s) => rowOf(s, hog.id) !== undefined);
    const hogRow = rowOf(snap, hog.id)!;
    const idleRow = rowOf(snap, idle.id)!;
    expect(hogRow.command).toBe('Sleep');
    expect(hogRow.memoryBytes).toBeGreaterThan(16 * MB);
    expect(hogRow.memoryBytes).toBeLessThan(40 * MB);
    expect(hogRow.memoryPeakBytes).toBeGreaterThanOrEqual(hogRow.memoryBytes!);
    expect(idleRow.memoryBytes).toBeGreaterThan(0);
    expect(idleRow.memoryBytes).toBeLessThan(MB);
    // The default server has the stage consumer off: no progress, and nothing else made up.
    expect(hogRow.progress).toBeNull();
    expect(hogRow.progressStage).toBeNull();
    expect(hogRow.extra).toEqual({ EXECUTION_ENGINE: 'PRIMARY' });

    await hog.conn.query('SET @hog = NULL');
    const after = await snapshotWhen(b, sessionId, (s) => rowOf(s, hog.id)!.memoryBytes! < MB);
    expect(rowOf(after, hog.id)!.memoryPeakBytes).toBeGreaterThan(16 * MB);
  });
});

describe('stage progress on MySQL 9.7 with the events_stages_current consumer on', () => {
  const dedicated = useDedicatedServer('mysql', {
    extraArgs: ['--performance-schema-consumer-events-stages-current=ON'],
  });
  let b: BackendUnderTest;
  let sessionId: string;
  let alterer: Client;

  beforeAll(async () => {
    const server = endpointOf(dedicated());
    const setup = await client(server);
    await setup.conn.query('CREATE DATABASE sl_proc_stage');
    await setup.conn.query(
      'CREATE TABLE sl_proc_stage.big (id INT PRIMARY KEY, pad CHAR(200) NOT NULL) ENGINE=InnoDB',
    );
    await setup.conn.query('SET SESSION cte_max_recursion_depth = 1000000');
    await setup.conn.query(
      `INSERT INTO sl_proc_stage.big
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000)
       SELECT i, REPEAT('p', 200) FROM n`,
    );
    await setup.conn.query('ANALYZE TABLE sl_proc_stage.big');
    setup.conn.destroy();
    alterer = await client(server);
    b = await startBackend();
    sessionId = await openSession(b, server, 'processlist');
  });

  afterAll(async () => {
    alterer?.conn.destroy();
    await b?.dispose();
  });

  it('shows how far a copying ALTER is, by its stage’s estimated work', async () => {
    // A copy of 300,000 rows takes long enough to be seen; if a poll misses it, copy again.
    let seen: { progress: number | null; progressStage: string | null } | undefined;
    for (let attempt = 0; attempt < 5 && !seen; attempt++) {
      const done = start(alterer, 'ALTER TABLE sl_proc_stage.big ENGINE=InnoDB, ALGORITHM=COPY');
      let finished = false;
      void done.then(() => (finished = true));
      while (!finished && !seen) {
        const r = await b.call('processlist.snapshot', { sessionId });
        if (r.ok) {
          const row = rowOf(snapshotFromWire(r.value), alterer.id);
          if (row?.progressStage) seen = row;
        }
      }
      await done;
    }
    expect(seen?.progressStage).toBe('copy to tmp table');
    expect(seen!.progress).toBeGreaterThanOrEqual(0);
    expect(seen!.progress).toBeLessThanOrEqual(100);
    // With the consumer on, nothing to say about it.
    const r = await b.call('processlist.snapshot', { sessionId });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.notices.map((n) => n.key)).not.toContain(STAGES_CONSUMER_NOTICE);
  });

  it('says once that stage progress is off, with the statement that turns it on', async () => {
    const server = endpointOf(dedicated());
    const admin = await client(server);
    try {
      await admin.conn.query(
        "UPDATE performance_schema.setup_consumers SET ENABLED = 'NO' WHERE NAME = 'events_stages_current'",
      );
      // The consumer is read once per connection: a new processlist session reads it off.
      const offSession = await openSession(b, server, 'processlist off');
      const r = await b.call('processlist.snapshot', { sessionId: offSession });
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value.source).toBe('performance_schema');
      expect(r.value.notices).toEqual([
        {
          key: 'stages-consumer',
          missing: "the performance_schema consumer 'events_stages_current' (it is off)",
          shownInstead: `no stage progress in the Progress column. To turn it on: ${ENABLE_STAGES_CONSUMER}`,
        },
      ]);
      expect(ENABLE_STAGES_CONSUMER).toBe(
        "UPDATE performance_schema.setup_consumers SET ENABLED = 'YES' WHERE NAME = 'events_stages_current';",
      );
      // The statement the notice gives does turn it on.
      await admin.conn.query(ENABLE_STAGES_CONSUMER);
      const onSession = await openSession(b, server, 'processlist on');
      const on = await b.call('processlist.snapshot', { sessionId: onSession });
      if (!on.ok) throw new Error(on.error.message);
      expect(on.value.notices).toEqual([]);
    } finally {
      admin.conn.destroy();
    }
  });
});
