import type { RowDataPacket } from 'mysql2';
import type mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTo, withConnection } from '../../servers/connect';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import type { ServerKind } from '../../servers/server-kind';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession } from '../backend/session-helpers';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { client, rowOf, snapshotWhen, start, type Client } from './processlist-helpers';

failOnUnhandledErrors();

describe.each<[string, ServerKind]>([
  ['MySQL 9.7', 'mysql'],
  ['MariaDB 10.11', 'mariadb'],
])('processlist KILL on %s names only the connection the user saw', (_name, kind) => {
  const dedicated = useDedicatedServer(kind, { name: 'kill-safety' });
  let b: BackendUnderTest;
  let sessionId: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    b = await startBackend();
    sessionId = await openSession(b, dedicated(), `kill-safety-${kind}`);
  });
  afterAll(async () => {
    for (const c of clients) c.conn.destroy();
    await b?.dispose();
  });

  async function newClient(): Promise<Client> {
    const c = await client(dedicated());
    clients.push(c);
    return c;
  }

  it('ten concurrent KILL QUERY of one statement: one killed it, nine say another KILL did', async () => {
    const sleeper = await newClient();
    const slept = start(sleeper, 'SELECT SLEEP(60) AS slept');
    const seen = await snapshotWhen(b, sessionId, (s) => rowOf(s, sleeper.id)?.command === 'Query');
    const sql = `KILL QUERY ${sleeper.id};`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        b.call('processlist.kill', {
          sessionId,
          mode: 'query',
          ids: [sleeper.id],
          seenIn: seen.serverRun,
          confirmSql: sql,
        }),
      ),
    );
    const outcomes = answers.map((a) => {
      if (!a.ok || a.value.phase !== 'done') throw new Error(JSON.stringify(a));
      return a.value.outcomes[0]!;
    });
    expect(outcomes.filter((o) => o.outcome === 'killed')).toEqual([
      { id: sleeper.id, outcome: 'killed', message: null },
    ]);
    const already = outcomes.filter((o) => o.outcome === 'already');
    expect(already).toHaveLength(9);
    for (const o of already) {
      expect(o.message).toMatch(
        new RegExp(
          `^Another KILL of #${sleeper.id} sent at \\d\\d:\\d\\d:\\d\\d UTC had already done it; this one did nothing\\.$`,
        ),
      );
    }
    await slept;
    // Later, with no statement running, KILL QUERY says so instead of "killed".
    await snapshotWhen(b, sessionId, (s) => rowOf(s, sleeper.id)?.command === 'Sleep');
    const idle = await b.call('processlist.kill', {
      sessionId,
      mode: 'query',
      ids: [sleeper.id],
      seenIn: seen.serverRun,
      confirmSql: sql,
    });
    expect(idle).toEqual({
      ok: true,
      value: {
        phase: 'done',
        sql,
        outcomes: [
          {
            id: sleeper.id,
            outcome: 'idle',
            message: `#${sleeper.id} was running no statement, so no KILL QUERY was sent.`,
          },
        ],
      },
    });
  });

  it('KILL QUERY stops only the statement shown when confirmed, not the next one', async () => {
    const busy = await newClient();
    // One client, two statements in a row: the first ends while the question is open.
    const done = start(busy, 'SELECT SLEEP(1.5) AS first_stmt').then(() =>
      start(busy, 'SELECT SLEEP(30) AS second_stmt'),
    );
    const seen = await snapshotWhen(b, sessionId, (s) =>
      (rowOf(s, busy.id)?.info ?? '').includes('first_stmt'),
    );
    const kill = (extra: object) =>
      b.call('processlist.kill', {
        sessionId,
        mode: 'query',
        ids: [busy.id],
        seenIn: seen.serverRun,
        ...extra,
      });
    const preview = await kill({});
    if (!preview.ok || preview.value.phase !== 'preview') throw new Error(JSON.stringify(preview));
    expect(preview.value.running).toEqual({
      seenAtMs: expect.any(Number) as number,
      targets: [
        {
          id: busy.id,
          info: 'SELECT SLEEP(1.5) AS first_stmt',
          key: expect.stringMatching(kind === 'mariadb' ? /^start:\d+$/ : /^event:\d+$/) as string,
        },
      ],
    });
    await snapshotWhen(b, sessionId, (s) =>
      (rowOf(s, busy.id)?.info ?? '').includes('second_stmt'),
    );
    const sql = `KILL QUERY ${busy.id};`;
    const late = await kill({ confirmSql: sql, expected: preview.value.running });
    expect(late).toEqual({
      ok: true,
      value: {
        phase: 'done',
        sql,
        outcomes: [
          {
            id: busy.id,
            outcome: 'changed',
            message: `Not killed: #${busy.id} now runs another statement: SELECT SLEEP(30) AS second_stmt.`,
          },
        ],
      },
    });
    const still = await snapshotWhen(b, sessionId, () => true);
    expect(rowOf(still, busy.id)?.info).toBe('SELECT SLEEP(30) AS second_stmt');
    // Asked again, it is the statement shown, and it is stopped.
    const again = await kill({});
    if (!again.ok || again.value.phase !== 'preview') throw new Error(JSON.stringify(again));
    const stopped = await kill({ confirmSql: sql, expected: again.value.running });
    expect(stopped.ok && stopped.value.phase === 'done' && stopped.value.outcomes[0]).toEqual({
      id: busy.id,
      outcome: 'killed',
      message: null,
    });
    await done;
  });

  it('KILL QUERY stops a procedure although the statement it runs changed since the question', async () => {
    await withConnection(dedicated(), (c) =>
      c.query(
        'CREATE DATABASE IF NOT EXISTS ks; DROP PROCEDURE IF EXISTS ks.steps; CREATE PROCEDURE ks.steps() BEGIN DO SLEEP(1.5); DO SLEEP(30); END',
      ),
    );
    const caller = await newClient();
    const done = start(caller, 'CALL ks.steps()');
    const seen = await snapshotWhen(b, sessionId, (s) =>
      (rowOf(s, caller.id)?.info ?? '').includes('SLEEP(1.5)'),
    );
    const kill = (extra: object) =>
      b.call('processlist.kill', {
        sessionId,
        mode: 'query',
        ids: [caller.id],
        seenIn: seen.serverRun,
        ...extra,
      });
    const preview = await kill({});
    if (!preview.ok || preview.value.phase !== 'preview') throw new Error(JSON.stringify(preview));
    // Inside the CALL now runs its second statement: still the statement confirmed.
    await snapshotWhen(b, sessionId, (s) =>
      (rowOf(s, caller.id)?.info ?? '').includes('SLEEP(30)'),
    );
    const stopped = await kill({
      confirmSql: `KILL QUERY ${caller.id};`,
      expected: preview.value.running,
    });
    expect(stopped.ok && stopped.value.phase === 'done' && stopped.value.outcomes[0]).toEqual({
      id: caller.id,
      outcome: 'killed',
      message: null,
    });
    await done;
  });

  it("a KILL CONNECTION of the tool's own connection says so and runs nothing for it", async () => {
    const seen = await snapshotWhen(b, sessionId, (s) => s.rows.some((r) => r.self));
    const self = seen.rows.find((r) => r.self)!.id;
    const sql = `KILL CONNECTION ${self};`;
    const r = await b.call('processlist.kill', {
      sessionId,
      mode: 'connection',
      ids: [self],
      seenIn: seen.serverRun,
      confirmSql: sql,
    });
    expect(r).toEqual({
      ok: true,
      value: {
        phase: 'done',
        sql,
        outcomes: [
          {
            id: self,
            outcome: 'failed',
            message: `Not run: #${self} is the connection this processlist reads with, and killing it would only cut the tool's own link`,
          },
        ],
      },
    });
    // Still the same connection: nothing was killed.
    const after = await snapshotWhen(b, sessionId, () => true);
    expect(after.rows.find((r) => r.self)?.id).toBe(self);
  });

  it('refuses a KILL of a session listed before a restart, even where its id now names another session', async () => {
    const server = dedicated();
    const target = await newClient();
    const seen = await snapshotWhen(b, sessionId, (s) => rowOf(s, target.id) !== undefined);
    const staleId = target.id;

    await server.kill();
    await server.start();
    // After the restart ids count again from the start: hold connections until one has the
    // listed id, and let it run another user's statement.
    const held: mysql.Connection[] = [];
    let victim: mysql.Connection | undefined;
    try {
      for (let i = 0; i < 200 && !victim; i++) {
        const c = await connectTo(server);
        const [rows] = await c.query<RowDataPacket[]>('SELECT CONNECTION_ID() AS id');
        const id = Number(rows[0]?.id);
        if (id === staleId) victim = c;
        else if (id > staleId) throw new Error(`ids passed ${staleId} (at ${id})`);
        else held.push(c);
      }
      if (!victim) throw new Error(`no connection got id ${staleId}`);
      const victimSleep = victim.query<RowDataPacket[]>('SELECT SLEEP(3) AS slept');

      const sql = `KILL CONNECTION ${staleId};`;
      for (const confirmSql of [undefined, sql]) {
        const r = await b.call('processlist.kill', {
          sessionId,
          mode: 'connection',
          ids: [staleId],
          seenIn: seen.serverRun,
          ...(confirmSql ? { confirmSql } : {}),
        });
        expect(r.ok).toBe(false);
        if (!r.ok) {
          expect(r.error.code).toBe('NOT_FOUND');
          expect(r.error.message).toMatch(
            new RegExp(
              `^Nothing was killed: (the server was restarted or replaced|the processlist's connection was opened again) since session #${staleId} was listed \\(listed on .+ up since .+; now .+\\), so the ids may now name other connections or none\\.`,
            ),
          );
        }
      }
      // The other session's statement ran its whole time on its connection.
      const [[slept]] = (await victimSleep) as unknown as [[{ slept: number }]];
      expect(Number(slept.slept)).toBe(0);
      const [[same]] = (await victim.query('SELECT CONNECTION_ID() AS id')) as unknown as [
        [{ id: number }],
      ];
      expect(Number(same.id)).toBe(staleId);
      // With the new list, the same id is the new session, and the KILL runs.
      const fresh = await snapshotWhen(
        b,
        sessionId,
        (s) => rowOf(s, staleId) !== undefined,
        20_000,
      );
      expect(fresh.serverRun).not.toEqual(seen.serverRun);
      const done = await b.call('processlist.kill', {
        sessionId,
        mode: 'connection',
        ids: [staleId],
        seenIn: fresh.serverRun,
        confirmSql: sql,
      });
      expect(done).toMatchObject({
        ok: true,
        value: { outcomes: [{ id: staleId, outcome: 'killed' }] },
      });
    } finally {
      victim?.destroy();
      for (const c of held) c.destroy();
    }
  });
});
