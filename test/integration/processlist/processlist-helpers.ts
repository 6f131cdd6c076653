import type mysql from 'mysql2/promise';
import type { ProcesslistSnapshot } from '../../../src/shared/processlist/snapshot';
import { snapshotFromWire } from '../../../src/shared/processlist/snapshot-wire';
import type { ServerRun } from '../../../src/shared/server/server-run';
import type { LoginTarget } from '../../servers/connect';
import { connectTo } from '../../servers/connect';
import type { BackendUnderTest } from '../backend/backend-harness';

/** A connection the test holds open, with its processlist id. */
export interface Client {
  conn: mysql.Connection;
  id: number;
}

/** Opens a connection as a client application would (no multi-statements). */
export async function client(target: LoginTarget): Promise<Client> {
  const conn = await connectTo(target, { multipleStatements: false });
  // Statements the test leaves running end with an error when it kills them; that is expected.
  conn.on('error', () => undefined);
  return { conn, id: conn.threadId! };
}

/** Starts a statement without waiting for it (it blocks or sleeps on purpose). */
export function start(c: Client, sql: string): Promise<unknown> {
  return c.conn.query(sql).then(
    ([rows]) => rows,
    (e: unknown) => e,
  );
}

/** Polls `processlist.snapshot` until `ready` holds (10 s at most), returning that snapshot. */
export async function snapshotWhen(
  b: BackendUnderTest,
  sessionId: string,
  ready: (s: ProcesslistSnapshot) => boolean,
  timeoutMs = 10_000,
): Promise<ProcesslistSnapshot> {
  const deadline = Date.now() + timeoutMs;
  let last: ProcesslistSnapshot | null = null;
  for (;;) {
    const r = await b.call('processlist.snapshot', { sessionId });
    if (r.ok) {
      last = snapshotFromWire(r.value);
      if (ready(last)) return last;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `snapshot not ready in ${timeoutMs} ms; last: ${r.ok ? JSON.stringify(last?.rows.map((x) => [x.id, x.state, x.info])) : JSON.stringify(r.error)}`,
      );
    }
    await new Promise((res) => setTimeout(res, 100));
  }
}

/** The row of session `id` in a snapshot. */
export function rowOf(s: ProcesslistSnapshot, id: number) {
  return s.rows.find((r) => r.id === id);
}

/** The server run a fresh snapshot names: what a screen sends back with a KILL. */
export async function serverRunOf(b: BackendUnderTest, sessionId: string): Promise<ServerRun> {
  return (await snapshotWhen(b, sessionId, () => true)).serverRun;
}
