import type { Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlterHistoryEntry, AlterRunStatus } from '../../../src/shared/api/alter';
import { defaultConnectionSettings } from '../../../src/shared/api/connection';
import { AlterHistoryStore } from '../../../src/main/store/alter-history-store';
import { connectTo } from '../../servers/connect';
import { testServers, type ServerEndpoint } from '../../servers/provided';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { runStatement } from '../backend/session-helpers';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';

failOnUnhandledErrors();

const DB = 'sl_alter_outcome';
const USER = 'sl_alter_outcome_u';
const PASSWORD = 'Outcome-Pw-1';

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * An ALTER whose connection is lost while the check of its outcome cannot reconnect either (the
 * account is locked for that moment): it ends "unknown", and so does its history entry. The
 * check the user asks for later finds out, and the history entry must say what it found, in
 * the file too.
 */
for (const kind of ['mysql', 'mariadb'] as const) {
  describe(`an ALTER with an unknown outcome on ${kind}`, () => {
    let server: ServerEndpoint;
    let root: Connection;
    let holder: Connection;
    let b: BackendUnderTest;
    let sessionId: string;

    beforeAll(async () => {
      server = testServers()[kind];
      root = await connectTo(server);
      await root.query(`DROP DATABASE IF EXISTS ${DB}; DROP USER IF EXISTS '${USER}'@'%';
        CREATE DATABASE ${DB}; CREATE TABLE ${DB}.t (a INT PRIMARY KEY); INSERT INTO ${DB}.t VALUES (1);
        CREATE USER '${USER}'@'%' IDENTIFIED BY '${PASSWORD}';
        GRANT ALL ON ${DB}.* TO '${USER}'@'%';
        GRANT SELECT ON performance_schema.* TO '${USER}'@'%';
        GRANT PROCESS ON *.* TO '${USER}'@'%';`);
      holder = await connectTo(server);
      b = await startBackend();
      const saved = await b.call('connections.save', {
        settings: {
          ...defaultConnectionSettings(),
          // MariaDB here has no TLS.
          tls: { mode: 'preferred' },
          name: `Outcome ${kind}`,
          endpoint: { kind: 'tcp', host: server.host, port: server.port },
          user: USER,
          passwordMode: 'saved',
        },
        secrets: { password: PASSWORD },
      });
      if (!saved.ok) throw new Error(saved.error.message);
      const opened = await b.call('session.open', { connectionId: saved.value.id });
      if (!opened.ok) throw new Error(opened.error.message);
      sessionId = opened.value.sessionId;
      await runStatement(b, sessionId, `USE ${DB}`);
    });
    afterAll(async () => {
      await holder?.end();
      await root?.query(`DROP DATABASE IF EXISTS ${DB}; DROP USER IF EXISTS '${USER}'@'%'`);
      await root?.end();
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

    it('records what the later check found, replacing "unknown" in its history', async () => {
      // An open transaction that read the table holds its metadata lock: the ALTER waits.
      await holder.query(`START TRANSACTION; SELECT * FROM ${DB}.t`);
      const started: AlterRunStatus = await call('alter.run', {
        sessionId,
        sql: 'ALTER TABLE t ADD COLUMN b INT',
        lockWaitTimeoutSeconds: 60,
        enableStageInstruments: false,
      });
      await until('the ALTER to wait for the metadata lock', async () => {
        const [rows] = await root.query(
          'SELECT STATE FROM information_schema.PROCESSLIST WHERE ID = ?',
          [started.processId],
        );
        return /metadata lock/i.test(String((rows as Array<{ STATE: unknown }>)[0]?.STATE));
      });
      // No connection of the account can be made now; then every one it has is cut.
      await root.query(`ALTER USER '${USER}'@'%' ACCOUNT LOCK`);
      const [threads] = await root.query(
        'SELECT ID FROM information_schema.PROCESSLIST WHERE USER = ? AND ID <> ?',
        [USER, started.processId],
      );
      for (const { ID } of threads as Array<{ ID: number }>) {
        await root.query(`KILL ${Number(ID)}`).catch(() => undefined);
      }
      await root.query(`KILL ${Number(started.processId)}`);

      const lost = await until('the run to end', async () => {
        const s: AlterRunStatus = await call('alter.status', { runId: started.runId });
        return s.endedAt !== null && s;
      });
      expect(lost.state).toBe('unknown');
      expect(lost.applied).toBeNull();
      const unknownOutcome =
        'The connection was lost during the ALTER: its outcome is unknown until the table is checked.';
      expect(lost.outcome).toBe(unknownOutcome);
      const recorded = await until('the run in the ALTER history', async () => {
        const list: AlterHistoryEntry[] = await call('alter.history', {});
        return list.find((e) => e.runId === started.runId);
      });
      expect(recorded).toMatchObject({ state: 'unknown', outcome: unknownOutcome });

      await root.query(`ALTER USER '${USER}'@'%' ACCOUNT UNLOCK`);
      await holder.query('COMMIT');
      const checked: AlterRunStatus = await call('alter.verify', { runId: started.runId });
      expect(checked.applied).toBe(false);
      const found =
        "The connection was lost during the ALTER; on reconnecting, the table's definition is as before: the change was not applied.";
      expect(checked.outcome).toBe(found);

      const list: AlterHistoryEntry[] = await call('alter.history', {});
      expect(list.filter((e) => e.runId === started.runId)).toEqual([
        expect.objectContaining({ state: 'unknown', applied: false, outcome: found }),
      ]);
      // In the file: what a restart reads.
      const reread = await new AlterHistoryStore(b.dataDir).list();
      expect(reread.filter((e) => e.runId === started.runId)).toEqual([
        expect.objectContaining({ applied: false, outcome: found }),
      ]);
    });
  });
}
