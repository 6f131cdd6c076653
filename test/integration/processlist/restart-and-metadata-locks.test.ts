import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../../servers/connect';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import { endpointOf } from '../../servers/endpoint';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession } from '../backend/session-helpers';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { client, rowOf, snapshotWhen, start, type Client } from './processlist-helpers';

failOnUnhandledErrors();

/**
 * A MariaDB of this file's own, with the metadata-lock instrument on (MariaDB ships it off), so
 * metadata-lock blockers can be named; and one the test may restart.
 */
describe('processlist on a dedicated MariaDB 10.11', () => {
  const server = useDedicatedServer('mariadb', {
    extraArgs: ['--performance-schema-instrument=wait/lock/metadata/sql/mdl=ON'],
  });
  let b: BackendUnderTest;
  let sessionId: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    await withConnection(server(), (c) =>
      c.query(
        'CREATE DATABASE sl_proc_mdl; CREATE TABLE sl_proc_mdl.m (id INT PRIMARY KEY) ENGINE=InnoDB; INSERT INTO sl_proc_mdl.m VALUES (1)',
      ),
    );
    b = await startBackend();
    sessionId = await openSession(b, endpointOf(server()), 'dedicated');
  });
  afterAll(async () => {
    for (const c of clients) c.conn.destroy();
    await b?.dispose();
  });

  it('names the holder of a metadata lock, and the chain of a reader queued behind the ALTER', async () => {
    const holder = await client(server());
    const alter = await client(server());
    const reader = await client(server());
    clients.push(holder, alter, reader);
    await holder.conn.query('BEGIN');
    await holder.conn.query('SELECT * FROM sl_proc_mdl.m');
    void start(alter, 'ALTER TABLE sl_proc_mdl.m ADD COLUMN w INT');
    await snapshotWhen(
      b,
      sessionId,
      (s) => rowOf(s, alter.id)?.state === 'Waiting for table metadata lock',
    );
    void start(reader, 'SELECT * FROM sl_proc_mdl.m');
    const snap = await snapshotWhen(
      b,
      sessionId,
      (s) => s.waits.filter((w) => w.kind === 'metadata').length === 2,
    );
    expect(snap.notices).toEqual([]);
    expect(rowOf(snap, reader.id)?.state).toBe('Waiting for table metadata lock');
    expect(snap.waits).toEqual([
      {
        kind: 'metadata',
        waitingId: alter.id,
        blockingId: holder.id,
        schema: 'sl_proc_mdl',
        object: 'm',
        index: null,
        waitingMode: 'EXCLUSIVE',
        blockingMode: 'SHARED_READ',
        granted: true,
      },
      {
        kind: 'metadata',
        waitingId: reader.id,
        blockingId: alter.id,
        schema: 'sl_proc_mdl',
        object: 'm',
        index: null,
        waitingMode: 'SHARED_READ',
        blockingMode: 'EXCLUSIVE',
        granted: false,
      },
    ]);
    await holder.conn.query('ROLLBACK');
    await snapshotWhen(b, sessionId, (s) => s.waits.length === 0);
  });

  it('fails calmly while the server restarts mid-poll, then resumes on the same session', async () => {
    const polls: Array<Promise<{ ok: boolean; code?: string }>> = [];
    // Polls in flight while the server goes down, as the screen's timer would make them.
    for (let i = 0; i < 3; i++) {
      polls.push(
        b
          .call('processlist.snapshot', { sessionId })
          .then((r) => (r.ok ? { ok: true } : { ok: false, code: r.error.code })),
      );
    }
    await server().kill();
    const down = await b.call('processlist.snapshot', { sessionId });
    expect(down.ok).toBe(false);
    if (!down.ok) expect(['CONNECTION_LOST', 'CONNECTION_REFUSED']).toContain(down.error.code);
    for (const p of await Promise.all(polls)) {
      if (!p.ok) expect(['CONNECTION_LOST', 'CONNECTION_REFUSED']).toContain(p.code);
    }
    await server().start();
    const back = await snapshotWhen(b, sessionId, () => true, 20_000);
    const self = back.rows.filter((r) => r.self);
    expect(self).toHaveLength(1);
    expect(back.source).toBe('information_schema');
    // A fresh server: only the poll's own connection is a client now.
    expect(back.rows.filter((r) => r.kind === 'client').map((r) => r.id)).toEqual([self[0]!.id]);
  });
});
