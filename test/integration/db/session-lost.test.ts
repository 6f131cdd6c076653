import type { RowDataPacket } from 'mysql2';
import { describe, expect, it } from 'vitest';
import { DbSession } from '../../../src/main/db/db-session';
import { openConnection } from '../../../src/main/db/open-connection';
import type { ConnectionSettings } from '../../../src/shared/api/connection';
import type { ApiError } from '../../../src/shared/api/errors';
import { withConnection } from '../../servers/connect';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import type { RunningServer } from '../../servers/instance';
import { failOnUnhandledErrors } from './no-unhandled-errors';
import { apiFailure, secretsFor, settingsFor } from './settings';

failOnUnhandledErrors();

/** Collects onLost calls, and lets a test wait for the next one. */
function lostRecorder(session: DbSession) {
  const seen: ApiError[] = [];
  let wake: (() => void) | null = null;
  session.onLost((e) => {
    seen.push(e);
    wake?.();
  });
  return {
    seen,
    /** Resolves once `count` losses were reported (fails the test after 10 s). */
    async until(count: number): Promise<void> {
      const deadline = Date.now() + 10_000;
      while (seen.length < count) {
        if (Date.now() > deadline)
          throw new Error(`expected ${count} onLost calls, saw ${seen.length}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 100);
        });
      }
    },
  };
}

async function connectionId(session: DbSession): Promise<number> {
  return session.run(async (conn) => {
    const [rows] = await conn.query<RowDataPacket[]>('SELECT CONNECTION_ID() AS id');
    return Number(rows[0]?.id);
  });
}

const variants: Array<[string, 'mariadb' | 'mysql', Partial<ConnectionSettings>]> = [
  ['MariaDB 10.11, plain TCP', 'mariadb', {}],
  ['MySQL 9.7, TLS required', 'mysql', { tls: { mode: 'required' } }],
];

describe.each(variants)('%s: a server stopped mid-session', (_name, kind, overrides) => {
  const dedicated = useDedicatedServer(kind, { name: 'lost' });
  const settings = () => settingsFor(dedicated(), { connectTimeoutMs: 3000, ...overrides });

  it('fires onLost once with CONNECTION_LOST, fails while down, then reconnects on status()', async () => {
    const server: RunningServer = dedicated();
    const session = new DbSession(settings(), secretsFor(server));
    const lost = lostRecorder(session);
    try {
      const opened = await session.open();
      if (overrides.tls) expect(opened.tlsCipher).not.toBeNull();
      const before = await connectionId(session);
      expect(before).toBe(opened.connectionId);

      await server.stop();
      await lost.until(1);
      expect(lost.seen).toHaveLength(1);
      expect(lost.seen[0]?.code).toBe('CONNECTION_LOST');
      expect(lost.seen[0]?.message).toMatch(
        new RegExp(`^The connection to 127\\.0\\.0\\.1:${server.port} was lost`),
      );

      // While the server is down, the next action tries to reconnect and says why it cannot.
      const down = await apiFailure(session.status());
      expect(down.code).toBe('CONNECTION_REFUSED');
      expect(down.message).toContain(`127.0.0.1:${server.port}`);

      await server.start();
      const after = await session.status();
      expect(after.reconnected).toBe(true);
      expect(after.server.flavor).toBe(kind);
      if (overrides.tls) expect(after.server.tlsCipher).not.toBeNull();
      // A fresh server session: the restarted server numbers connections anew, so compare to
      // what it says now rather than expecting a particular id.
      expect(after.server.connectionId).toBe(await connectionId(session));

      // Reported once: the next status is about a healthy, unchanged session.
      const again = await session.status();
      expect(again.reconnected).toBe(false);
      expect(again.server.connectionId).toBe(after.server.connectionId);
      expect(lost.seen).toHaveLength(1);
    } finally {
      await session.close();
    }
  });
});

describe('MariaDB 10.11: other ways a session breaks', () => {
  const dedicated = useDedicatedServer('mariadb', { name: 'lost-2' });

  it('a query running when the server is killed fails with CONNECTION_LOST; run() reconnects after', async () => {
    const server = dedicated();
    const session = new DbSession(
      settingsFor(server, { connectTimeoutMs: 3000 }),
      secretsFor(server),
    );
    const lost = lostRecorder(session);
    try {
      await session.open();
      // Observed from the start: it fails while the test is busy killing the server.
      const failure = apiFailure(session.run((conn) => conn.query('SELECT SLEEP(30)')));
      // Let the query reach the server before killing it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await server.kill();
      const e = await failure;
      expect(e.code).toBe('CONNECTION_LOST');
      await lost.until(1);
      expect(lost.seen).toHaveLength(1);

      await server.start();
      const rows = await session.run(
        async (conn) => (await conn.query<RowDataPacket[]>('SELECT 1 AS one'))[0],
      );
      expect(rows).toEqual([{ one: 1 }]);
      expect((await session.status()).reconnected).toBe(true);
    } finally {
      await session.close();
    }
  });

  it('KILL of an idle session from elsewhere fires onLost; concurrent callers share one reconnect', async () => {
    const server = dedicated();
    let opens = 0;
    const session = new DbSession(settingsFor(server), secretsFor(server), (s, secrets) => {
      opens++;
      return openConnection(s, secrets);
    });
    const lost = lostRecorder(session);
    try {
      const { connectionId: id } = await session.open();
      await withConnection(server, (c) => c.query(`KILL ${id}`));
      await lost.until(1);
      expect(lost.seen[0]?.code).toBe('CONNECTION_LOST');

      const ids = await Promise.all([
        connectionId(session),
        connectionId(session),
        connectionId(session),
      ]);
      expect(new Set(ids).size).toBe(1);
      expect(ids[0]).not.toBe(id);
      expect(opens).toBe(2);
    } finally {
      await session.close();
    }
  });

  it('close() ends the session on the server and a later run() opens a new one', async () => {
    const server = dedicated();
    const session = new DbSession(settingsFor(server), secretsFor(server));
    const { connectionId: id } = await session.open();
    await session.close();
    const stillThere = async () =>
      withConnection(server, async (c) => {
        const [rows] = await c.query<RowDataPacket[]>(
          'SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE ID = ?',
          [id],
        );
        return Number(rows[0]?.n);
      });
    await expect.poll(stillThere, { timeout: 3000 }).toBe(0);
    const next = await connectionId(session);
    expect(next).not.toBe(id);
    await session.close();
  });
});
