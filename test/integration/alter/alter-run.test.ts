import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect, type Socket } from 'node:net';
import type { Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlterPreflight, AlterRunStatus } from '../../../src/shared/api/alter';
import { connectTo } from '../../servers/connect';
import { useDedicatedServer } from '../../servers/dedicated-servers';
import { endpointOf } from '../../servers/endpoint';
import type { RunningServer } from '../../servers/instance';
import { startTcpRelay } from '../../servers/tcp-relay';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession, runStatement } from '../backend/session-helpers';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';

failOnUnhandledErrors();

/**
 * Runs of real ALTERs on a generated table, on servers of their own (the runs switch global
 * performance_schema settings and kill sessions). 2^21 rows (2,097,152, the size the issue
 * asks for): INSERT ... SELECT doubling takes under a minute per server on a 2-core machine,
 * and a rebuild long enough for many progress readings.
 */
const DOUBLINGS = 21;
const ROWS = 2 ** DOUBLINGS;
// Faster generation; the ALTERs themselves are unaffected. A temp folder of their own: MariaDB's
// INSERT ... SELECT from the same table goes through a temporary table there.
const TMP = mkdtempSync(path.join(os.tmpdir(), 'sl-alter-runs-'));
const serverArgs = (kind: string) => {
  const tmpdir = path.join(TMP, kind);
  mkdirSync(tmpdir);
  return [
    '--innodb-buffer-pool-size=256M',
    '--innodb-flush-log-at-trx-commit=0',
    `--tmpdir=${tmpdir}`,
  ];
};

const mysqlServer = useDedicatedServer('mysql', {
  name: 'alter-runs',
  extraArgs: serverArgs('mysql'),
});
const mariadbServer = useDedicatedServer('mariadb', {
  name: 'alter-runs',
  extraArgs: serverArgs('mariadb'),
});
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

async function generate(server: RunningServer): Promise<void> {
  const c = await connectTo(server);
  try {
    await c.query(`SET SESSION sql_log_bin = 0;
      CREATE DATABASE sl_alter_runs; USE sl_alter_runs;
      CREATE TABLE big (id BIGINT AUTO_INCREMENT PRIMARY KEY, a INT NOT NULL,
        b VARCHAR(40) NOT NULL, c INT) ENGINE=InnoDB;
      INSERT INTO big (a, b, c) VALUES (1, 'a row of text to copy around', 1);`);
    for (let i = 0; i < DOUBLINGS; i++) {
      await c.query('INSERT INTO big (a, b, c) SELECT a + id, b, c FROM big');
    }
    await c.query('ANALYZE TABLE big');
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  await Promise.all([generate(mysqlServer()), generate(mariadbServer())]);
}, 240_000);

async function until<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  ms = 60_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

for (const [kind, server] of [
  ['mysql', mysqlServer],
  ['mariadb', mariadbServer],
] as const) {
  describe(`ALTER runs on ${kind}`, () => {
    let b: BackendUnderTest;
    let sessionId: string;
    let direct: Connection;

    beforeAll(async () => {
      b = await startBackend();
      sessionId = await openSession(b, endpointOf(server()), `alter-${kind}`);
      direct = await connectTo(server(), { database: 'sl_alter_runs' });
      await runStatement(b, sessionId, 'USE sl_alter_runs');
    });
    afterAll(async () => {
      await direct?.end();
      await b?.dispose();
    });

    async function call<M extends Parameters<BackendUnderTest['call']>[0]>(
      method: M,
      params: Parameters<BackendUnderTest['call']>[1] & object,
    ) {
      const r = await b.call(method, params as never);
      if (!r.ok) throw new Error(`${method}: ${r.error.code} ${r.error.message}`);
      return r.value as never;
    }

    function updates(runId: string): AlterRunStatus[] {
      return b.events
        .filter((e) => e.name === 'alter.update')
        .map((e) => e.payload as AlterRunStatus)
        .filter((s) => s.runId === runId);
    }

    async function ended(runId: string): Promise<AlterRunStatus> {
      return until(
        `run ${runId} to end`,
        async () => {
          const s: AlterRunStatus = await call('alter.status', { runId });
          return s.endedAt !== null && s;
        },
        120_000,
      );
    }

    async function createTable(): Promise<string> {
      const [rows] = await direct.query('SHOW CREATE TABLE big');
      return String((rows as Array<Record<string, unknown>>)[0]?.['Create Table']);
    }

    async function tableId(): Promise<string> {
      const view =
        kind === 'mariadb'
          ? 'information_schema.INNODB_SYS_TABLES'
          : 'information_schema.INNODB_TABLES';
      const [rows] = await direct.query(`SELECT TABLE_ID FROM ${view} WHERE NAME = ?`, [
        'sl_alter_runs/big',
      ]);
      return String((rows as Array<{ TABLE_ID: unknown }>)[0]?.TABLE_ID);
    }

    it('preflights a rebuild with the table facts and the plan', async () => {
      const p: AlterPreflight = await call('alter.preflight', {
        sessionId,
        sql: 'ALTER TABLE big FORCE',
      });
      expect(p.facts.table).toBe('big');
      expect(p.facts.schema).toBe('sl_alter_runs');
      expect(p.facts.hasPrimaryKey).toBe(true);
      expect(p.facts.columns.map((c) => c.name)).toEqual(['id', 'a', 'b', 'c']);
      // The engine's estimate: within 20 % of the real count.
      expect(p.facts.rows).toBeGreaterThan(ROWS * 0.8);
      expect(p.facts.rows).toBeLessThan(ROWS * 1.2);
      expect(p.plan.algorithm).toBe('inplace-rebuild');
      expect(p.plan.proposedSql).toBe('ALTER TABLE big ALGORITHM=INPLACE, LOCK=NONE, FORCE');
      expect(p.blockers).toEqual([]);
      expect(p.binlogOn).toBe(true);
      expect(p.spaceNeededBytes).toBe((p.facts.dataBytes ?? 0) + (p.facts.indexBytes ?? 0));
      expect(p.progressSource).toBe(kind === 'mysql' ? 'stages' : 'processlist');
      // MySQL ships with the stages consumer off: progress needs the user's consent.
      expect(p.stageInstrumentsOff).toBe(kind === 'mysql');
      expect(p.toolCommands).toEqual([]);
      expect(p.estimateSeconds).toBeGreaterThan(0);
    });

    // MariaDB reports progress only for ALTERs that copy; MySQL for in-place ones too.
    const rebuild =
      kind === 'mysql'
        ? 'ALTER TABLE big ALGORITHM=INPLACE, LOCK=NONE, FORCE'
        : 'ALTER TABLE big ALGORITHM=COPY, LOCK=SHARED, FORCE';

    it('a rebuild reports progress from near 0 to 100 % monotonically, with an ETA', async () => {
      const before = await tableId();
      const started: AlterRunStatus = await call('alter.run', {
        sessionId,
        sql: rebuild,
        lockWaitTimeoutSeconds: 10,
        enableStageInstruments: true,
      });
      expect(started.state).toBe('running');
      expect(started.instrumentsEnabled).toBe(kind === 'mysql');
      const done = await ended(started.runId);
      expect(done.state).toBe('done');
      expect(done.outcome).toMatch(/^Done in /);
      expect(done.progress?.percent).toBe(100);
      const percents = updates(started.runId).flatMap((s) =>
        s.progress ? [s.progress.percent] : [],
      );
      expect(percents.length).toBeGreaterThanOrEqual(3);
      expect(percents[0]).toBeLessThan(50);
      expect(percents.at(-1)).toBe(100);
      for (let i = 1; i < percents.length; i++) {
        expect(percents[i]).toBeGreaterThanOrEqual(percents[i - 1] ?? 0);
      }
      const etas = updates(started.runId).flatMap((s) =>
        s.state === 'running' && s.progress?.etaSeconds ? [s.progress.etaSeconds] : [],
      );
      expect(etas.length).toBeGreaterThan(0);
      expect(done.stages.length).toBeGreaterThan(0);
      if (kind === 'mysql') {
        expect(done.stages[0]).toMatch(/^stage\/innodb\/alter table/);
        // The consent was for this run only: the consumer is off again.
        const [rows] = await direct.query(
          "SELECT ENABLED FROM performance_schema.setup_consumers WHERE NAME = 'events_stages_current'",
        );
        expect(rows).toEqual([{ ENABLED: 'NO' }]);
      } else {
        expect(done.stages[0]).toMatch(/^stage 1 of \d/);
      }
      expect(await tableId()).not.toBe(before);
      const history: Array<{ runId: string; state: string; algorithm: string }> = await call(
        'alter.history',
        {},
      );
      expect(history[0]).toMatchObject({
        runId: started.runId,
        state: 'done',
        algorithm: kind === 'mysql' ? 'inplace-rebuild' : 'copy',
      });
    });

    it('cancel stops the ALTER with KILL QUERY and the table is unchanged', async () => {
      const definition = await createTable();
      const started: AlterRunStatus = await call('alter.run', {
        sessionId,
        sql: rebuild,
        lockWaitTimeoutSeconds: 10,
        enableStageInstruments: true,
      });
      await until('some progress', async () =>
        updates(started.runId).some((s) => (s.progress?.percent ?? 0) > 0),
      );
      const cancelled: AlterRunStatus = await call('alter.cancel', { runId: started.runId });
      expect(cancelled.state).toBe('cancelled');
      expect(cancelled.tableUnchanged).toBe(true);
      expect(cancelled.outcome).toMatch(/^Cancelled after .+\. The table is unchanged\.$/);
      expect(await createTable()).toBe(definition);
    });

    it('an open transaction makes the ALTER wait, names the blocker, and can be killed', async () => {
      const holder = await connectTo(server(), { database: 'sl_alter_runs' });
      try {
        await holder.query('BEGIN');
        await holder.query('SELECT id FROM big WHERE id = 1');
        const [idRows] = await holder.query('SELECT CONNECTION_ID() AS id');
        const holderId = Number((idRows as Array<{ id: number }>)[0]?.id);

        const p: AlterPreflight = await call('alter.preflight', {
          sessionId,
          sql: 'ALTER TABLE big ADD COLUMN e INT',
        });
        const named = p.blockers.find((x) => x.processId === holderId);
        expect(named).toMatchObject({
          relation: kind === 'mysql' ? 'holds' : 'open-transaction',
          lockType: kind === 'mysql' ? 'SHARED_READ' : null,
          user: 'root',
        });
        expect(named?.trxStarted).not.toBeNull();
        expect(p.risks[0]?.severity).toBe('danger');
        expect(p.risks[0]?.text).toContain(`(${holderId} (root,`);

        // With a short lock_wait_timeout it gives up, naming the session in the way.
        const first: AlterRunStatus = await call('alter.run', {
          sessionId,
          sql: 'ALTER TABLE big ADD COLUMN e INT',
          lockWaitTimeoutSeconds: 2,
          enableStageInstruments: false,
        });
        const waiting = await until('waiting-lock', async () =>
          updates(first.runId).find((s) => s.state === 'waiting-lock' && s.blockers.length > 0),
        );
        expect(waiting.blockers.map((x) => x.processId)).toContain(holderId);
        const gaveUp = await ended(first.runId);
        expect(gaveUp.state).toBe('failed');
        expect(gaveUp.error?.serverCode).toBe(1205);
        expect(gaveUp.error?.message).toContain(`In the way: ${holderId} (root@`);
        expect(gaveUp.tableUnchanged).toBe(true);

        // Killing the blocker (what the screen offers after confirming `KILL id`) lets it run.
        const second: AlterRunStatus = await call('alter.run', {
          sessionId,
          sql: 'ALTER TABLE big ADD COLUMN e INT',
          lockWaitTimeoutSeconds: 60,
          enableStageInstruments: false,
        });
        await until('waiting-lock', async () =>
          updates(second.runId).some((s) => s.state === 'waiting-lock' && s.blockers.length > 0),
        );
        expect(
          await call('alter.killBlocker', { runId: second.runId, processId: holderId }),
        ).toEqual({ killed: true });
        expect((await ended(second.runId)).state).toBe('done');
      } finally {
        await holder.end().catch(() => undefined);
        holder.destroy();
      }
    });

    // MariaDB's WAIT n, written in the statement, wins over the run's lock_wait_timeout.
    const endWaits = [
      {
        sql: rebuild,
        seconds: 1,
        words: 'lock_wait_timeout \\(1 s\\)',
        longer: 'allow a longer wait',
      },
      ...(kind === 'mariadb'
        ? [
            {
              sql: rebuild.replace('big ', 'big WAIT 1 '),
              seconds: 60,
              words: 'its WAIT 1 \\(1 s\\)',
              longer: "write a longer WAIT (the statement's WAIT 1 wins over lock_wait_timeout)",
            },
          ]
        : []),
    ];
    it.each(endWaits)(
      'a transaction open at the end makes $sql give up after its work, and says so',
      async ({ sql, seconds, words, longer }) => {
        const definition = await createTable();
        const started: AlterRunStatus = await call('alter.run', {
          sessionId,
          sql,
          lockWaitTimeoutSeconds: seconds,
          enableStageInstruments: true,
        });
        await until('some progress', async () =>
          updates(started.runId).some((s) => (s.progress?.percent ?? 0) > 0),
        );
        // Reading a row while the ALTER works is allowed; the open transaction keeps the
        // table's metadata lock until it ends, past the ALTER's end.
        const holder = await connectTo(server(), { database: 'sl_alter_runs' });
        try {
          await holder.query('BEGIN');
          await holder.query('SELECT id FROM big WHERE id = 1');
          const [idRows] = await holder.query('SELECT CONNECTION_ID() AS id');
          const holderId = Number((idRows as Array<{ id: number }>)[0]?.id);
          const gaveUp = await ended(started.runId);
          expect(gaveUp.state).toBe('failed');
          expect(gaveUp.error?.serverCode).toBe(1205);
          expect(gaveUp.error?.message).toMatch(
            new RegExp(
              `^The ALTER did its work, then waited ${words} for the exclusive metadata lock it needs to finish, and gave up \\(server error 1205: .*\\): all of its work is rolled back\\.`,
            ),
          );
          expect(gaveUp.error?.message).toContain(`or ${longer}.`);
          expect(gaveUp.error?.message).toContain(`In the way: ${holderId} (root@`);
          expect(gaveUp.tableUnchanged).toBe(true);
          expect(await createTable()).toBe(definition);
        } finally {
          await holder.end().catch(() => undefined);
          holder.destroy();
        }
      },
    );

    it('records the algorithm the preflight planned, from all the table facts', async () => {
      // A dropped FULLTEXT index leaves a hidden FTS_DOC_ID: ADD COLUMN rebuilds the table.
      await direct.query(`DROP TABLE IF EXISTS ft_was;
        CREATE TABLE ft_was (id INT PRIMARY KEY, body TEXT, FULLTEXT KEY fb (body)) ENGINE=InnoDB;
        ALTER TABLE ft_was DROP INDEX fb`);
      const sql = 'ALTER TABLE ft_was ADD COLUMN x INT';
      const p: AlterPreflight = await call('alter.preflight', { sessionId, sql });
      expect(p.plan.algorithm).toBe('inplace-rebuild');
      const started: AlterRunStatus = await call('alter.run', {
        sessionId,
        sql,
        lockWaitTimeoutSeconds: 10,
        enableStageInstruments: false,
      });
      expect((await ended(started.runId)).state).toBe('done');
      const history: Array<{ runId: string; algorithm: string; lock: string }> = await call(
        'alter.history',
        {},
      );
      expect(history.find((h) => h.runId === started.runId)).toMatchObject({
        algorithm: 'inplace-rebuild',
        lock: 'none',
      });
      await direct.query('DROP TABLE ft_was');
    });

    it('is not stopped by a statement time limit of the session (MariaDB applies it to ALTER)', async () => {
      // What a server or account default against runaway queries gives every session (MySQL's
      // limit is for SELECT only).
      const limit = kind === 'mariadb' ? 'max_statement_time' : 'max_execution_time';
      await runStatement(b, sessionId, `SET SESSION ${limit} = ${kind === 'mariadb' ? 0.3 : 300}`);
      try {
        const started: AlterRunStatus = await call('alter.run', {
          sessionId,
          sql: rebuild,
          lockWaitTimeoutSeconds: 10,
          enableStageInstruments: false,
        });
        const done = await ended(started.runId);
        expect([done.state, done.error?.serverCode ?? null]).toEqual(['done', null]);
      } finally {
        await runStatement(b, sessionId, `SET SESSION ${limit} = 0`);
      }
    });

    it('refuses on a read-only connection unless confirmed a second time', async () => {
      const readOnly = await openSession(b, endpointOf(server()), `ro-${kind}`, { readOnly: true });
      await runStatement(b, readOnly, 'USE sl_alter_runs');
      const refused = await b.call('alter.run', {
        sessionId: readOnly,
        sql: 'ALTER TABLE big ALTER COLUMN c SET DEFAULT 3',
        lockWaitTimeoutSeconds: 10,
        enableStageInstruments: false,
      });
      expect(refused).toEqual({
        ok: false,
        error: {
          code: 'INVALID_REQUEST',
          message: `“ro-${kind}” is marked read-only and an ALTER changes the table: confirm a second time to run it anyway.`,
        },
      });
      expect(await createTable()).not.toContain('DEFAULT 3');
      const started: AlterRunStatus = await call('alter.run', {
        sessionId: readOnly,
        sql: 'ALTER TABLE big ALTER COLUMN c SET DEFAULT 3',
        lockWaitTimeoutSeconds: 10,
        enableStageInstruments: false,
        confirmedReadOnly: true,
      });
      await until('the run to end', async () => {
        const s: AlterRunStatus = await call('alter.status', { runId: started.runId });
        return s.state === 'done';
      });
      expect(await createTable()).toContain(
        kind === 'mysql' ? "`c` int DEFAULT '3'," : '`c` int(11) DEFAULT 3,',
      );
    });

    it('an INSTANT change finishes without a copy', async () => {
      const before = await tableId();
      const p: AlterPreflight = await call('alter.preflight', {
        sessionId,
        sql: 'ALTER TABLE big ADD COLUMN note VARCHAR(10)',
      });
      expect(p.plan.algorithm).toBe('instant');
      expect(p.plan.proposedSql).toBe(
        'ALTER TABLE big ALGORITHM=INSTANT, ADD COLUMN note VARCHAR(10)',
      );
      expect(p.estimateSeconds).toBe(0);
      expect(p.spaceNeededBytes).toBe(0);
      const started: AlterRunStatus = await call('alter.run', {
        sessionId,
        sql: p.plan.proposedSql,
        lockWaitTimeoutSeconds: 10,
        enableStageInstruments: true,
      });
      const done = await ended(started.runId);
      expect(done.state).toBe('done');
      expect(done.stages).toEqual([]);
      expect(await tableId()).toBe(before);
    });

    it('lists an ALTER another session runs', async () => {
      const other = await connectTo(server(), { database: 'sl_alter_runs' });
      try {
        const [idRows] = await other.query('SELECT CONNECTION_ID() AS id');
        const otherId = Number((idRows as Array<{ id: number }>)[0]?.id);
        const running = other.query('ALTER TABLE big FORCE');
        type External = Array<{ processId: number; user: string; sql: string; progress: unknown }>;
        const seen = await until('the other ALTER', async () => {
          const list: External = await call('alter.external', { sessionId });
          return list.find((x) => x.processId === otherId);
        });
        const { progress, ...listed } = seen!;
        expect(listed).toEqual({
          processId: otherId,
          user: 'root',
          sql: 'ALTER TABLE big FORCE',
          timeSeconds: expect.any(Number),
          state: expect.any(String),
        });
        // MariaDB reports no progress for an in-place ALTER. MySQL 9.7 fills
        // events_stages_current for it even with that consumer off (seen): its stage is there
        // once the ALTER has entered one, not before.
        if (kind === 'mariadb') expect(progress).toBeNull();
        else if (progress !== null)
          expect(progress).toMatchObject({
            stage: expect.stringMatching(/^stage\/innodb\/alter table/),
          });
        await running;
      } finally {
        await other.end();
      }
    });

    it('an ALTER outlives its tab: closing the session lets it finish on the server', async () => {
      // A closed session stops its running statement (a reloaded page's query must not run on
      // unseen), but not an ALTER hours in: that goes on, as it would from the mysql client.
      const own = await openSession(b, endpointOf(server()), `alter-close-${kind}`);
      await runStatement(b, own, 'USE sl_alter_runs');
      const before = await tableId();
      const started: AlterRunStatus = await call('alter.run', {
        sessionId: own,
        sql: 'ALTER TABLE big FORCE',
        lockWaitTimeoutSeconds: 10,
        enableStageInstruments: false,
      });
      const running = async () => {
        const [rows] = await direct.query(
          "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE ID = ? AND INFO LIKE 'ALTER%'",
          [started.processId],
        );
        return Number((rows as Array<{ n: number }>)[0]?.n) === 1;
      };
      await until('the ALTER to be under way', running);
      expect(await b.call('session.close', { sessionId: own })).toEqual({
        ok: true,
        value: { closed: true },
      });
      await until('the ALTER to end', async () => !(await running()), 120_000);
      // Rebuilt: the table has a new InnoDB id (a stopped rebuild keeps the old one).
      expect(await tableId()).not.toBe(before);
    });

    it('a lost connection makes the outcome unknown, then the definition tells', async () => {
      const definition = await createTable();
      const started: AlterRunStatus = await call('alter.run', {
        sessionId,
        sql: 'ALTER TABLE big FORCE',
        lockWaitTimeoutSeconds: 10,
        enableStageInstruments: false,
      });
      await until('the ALTER to be under way', async () => {
        const [rows] = await direct.query(
          "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE ID = ? AND INFO LIKE 'ALTER%'",
          [started.processId],
        );
        return Number((rows as Array<{ n: number }>)[0]?.n) === 1;
      });
      await direct.query(`KILL ${Number(started.processId)}`);
      const lost = await ended(started.runId);
      expect(lost.state).toBe('unknown');
      expect(lost.error?.code).toBe('CONNECTION_LOST');
      const checked = await until('the definition check', async () => {
        const s: AlterRunStatus = await call('alter.verify', { runId: started.runId });
        return s.applied !== null && s;
      });
      expect(checked.applied).toBe(false);
      // FORCE leaves the definition as it was: the table ids tell that it was not rebuilt.
      expect(checked.outcome).toBe(
        'The connection was lost during the ALTER; on reconnecting, the table has not been rebuilt (same InnoDB table ids), which this statement always does: the change was not applied.',
      );
      expect(await createTable()).toBe(definition);
    });

    it('after a lost connection: still running on that very connection, then applied by its rebuild', async () => {
      // The backend reaches the server through a relay; the ALTER's own connection is cut on
      // the backend's side only, so the server keeps it and goes on with the ALTER.
      const links: Array<{ client: Socket; upstream: Socket }> = [];
      const relay = await startTcpRelay((client, track) => {
        const upstream = connect(server().port, '127.0.0.1');
        track(upstream);
        links.push({ client, upstream });
        client.pipe(upstream);
        upstream.pipe(client);
        client.on('error', () => undefined);
        upstream.on('error', () => client.destroy());
        upstream.on('close', () => client.destroy());
      });
      const holder = await connectTo(server(), { database: 'sl_alter_runs' });
      try {
        const own = await openSession(
          b,
          { ...endpointOf(server()), port: relay.port },
          `alter-cut-${kind}`,
        );
        await runStatement(b, own, 'USE sl_alter_runs');
        const definition = await createTable();
        const before = await tableId();
        // The ALTER waits behind this transaction's metadata lock until it commits.
        await holder.query('BEGIN');
        await holder.query('SELECT id FROM big LIMIT 1');
        const started: AlterRunStatus = await call('alter.run', {
          sessionId: own,
          sql: 'ALTER TABLE big FORCE',
          lockWaitTimeoutSeconds: 120,
          enableStageInstruments: false,
        });
        const [hostRows] = await direct.query(
          'SELECT HOST FROM information_schema.PROCESSLIST WHERE ID = ?',
          [started.processId],
        );
        const port = Number(String((hostRows as Array<{ HOST: string }>)[0]?.HOST).split(':')[1]);
        const link = links.find((l) => l.upstream.localPort === port);
        expect(link).toBeDefined();
        link!.client.unpipe(link!.upstream);
        link!.client.destroy();

        const lost = await ended(started.runId);
        expect(lost.state).toBe('unknown');
        const running = await until('the check after the loss', async () => {
          const s: AlterRunStatus = await call('alter.status', { runId: started.runId });
          return s.outcome?.includes('still running') && s;
        });
        expect(running.outcome).toBe(
          `The connection was lost, but the server is still running the ALTER on it (connection ${started.processId}, checked to be the same connection). Check again when it ends.`,
        );
        expect(running.applied).toBeNull();

        await holder.query('COMMIT');
        await until(
          'the ALTER to end on the server',
          async () => {
            const [rows] = await direct.query(
              "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE ID = ? AND INFO LIKE 'ALTER%'",
              [started.processId],
            );
            return Number((rows as Array<{ n: number }>)[0]?.n) === 0;
          },
          120_000,
        );
        expect(await tableId()).not.toBe(before);
        expect(await createTable()).toBe(definition);
        const checked: AlterRunStatus = await call('alter.verify', { runId: started.runId });
        expect(checked.applied).toBe(true);
        expect(checked.outcome).toBe(
          "The connection was lost during the ALTER; on reconnecting, the table's definition is as before, but the table has been rebuilt since the run started (new InnoDB table ids): the change was applied, unless another session rebuilt the table meanwhile.",
        );
        await b.call('session.close', { sessionId: own });
      } finally {
        await holder.query('ROLLBACK').catch(() => undefined);
        await holder.end();
        await relay.close();
      }
    });
  });
}
