import type mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriftRun } from '../../../src/shared/api/drift';
import { withConnection } from '../../servers/connect';
import { useTopology } from '../../servers/dedicated-servers';
import type { RunningServer } from '../../servers/instance';
import { waitForCatchUp } from '../../servers/replication';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession, saveConnection } from '../backend/session-helpers';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import {
  createDriftTables,
  expectComparedPartWay,
  followDriftRun,
  startDriftRun,
} from './drift-run-helpers';

// A server that dies in the middle of a data drift run (SIGKILL, like a crash): the run ends at
// once with an error that names the server and says how far it got, instead of marking every
// table after it as skipped; the tables already compared keep their results, and no snapshot is
// left open on the server still up.

failOnUnhandledErrors();
const topology = useTopology('mysql', 1);
const TABLES = 40;
// Said when the replica died while the comparison held its applier (it could not be restarted).
const APPLIER_NOTE =
  "(?: The comparison was holding the replica’s applier when this happened and could not start it again: when the replica answers, check its replication status and, if the applier is stopped, run START REPLICA SQL_THREAD FOR CHANNEL ''\\.)?";

describe('data drift when a server dies during the run (MySQL 9.7)', () => {
  let b: BackendUnderTest;
  let source: RunningServer;
  let replica: RunningServer;
  let onSource: string;
  let replicaId: string;

  beforeAll(async () => {
    const t = topology();
    source = t.source;
    replica = t.replicas[0]!;
    await createDriftTables(source, replica, TABLES);
    b = await startBackend();
    onSource = await openSession(b, source, 'source');
    replicaId = await saveConnection(b, replica, 'replica');
  });
  afterAll(async () => {
    await b?.dispose();
  });

  const runAndKill = async (tablesBefore: number, kill: () => Promise<void>) => {
    return followDriftRun(
      b,
      await startDriftRun(b, onSource, replicaId, TABLES),
      tablesBefore,
      kill,
    );
  };
  const expectCompared = (run: DriftRun) => expectComparedPartWay(run, TABLES);

  it('ends the run when the replica dies, naming it, with no snapshot left on the source', async () => {
    const run = await runAndKill(2, () => replica.kill());
    expect(run.state).toBe('error');
    // Lost mid-query, refused on a new connection, or reset during a new one's TLS handshake.
    expect(['CONNECTION_LOST', 'CONNECTION_REFUSED', 'TLS_FAILED']).toContain(run.error?.code);
    expect(run.error?.message).toMatch(
      new RegExp(
        `^The replica “replica” cannot be reached: the comparison stopped \\(.+\\)\\. ${run.results.length} of ${TABLES} tables were compared; their results are kept\\.${APPLIER_NOTE}$`,
      ),
    );
    expectCompared(run);
    const open = await withConnection(source, async (c) => {
      const [rows] = await c.query<mysql.RowDataPacket[]>(
        'SELECT COUNT(*) AS n FROM information_schema.INNODB_TRX',
      );
      return Number(rows[0]!.n);
    });
    expect(open).toBe(0);
  });

  it('ends the run when the source dies, naming it', async () => {
    await replica.start();
    await waitForCatchUp(source, replica);
    const run = await runAndKill(2, () => source.kill());
    expect(run.state).toBe('error');
    expect(run.error?.message).toMatch(
      new RegExp(
        `^This session’s server \\(the source\\) cannot be reached: the comparison stopped \\(.+\\)\\. ${run.results.length} of ${TABLES} tables were compared; their results are kept\\.$`,
      ),
    );
    expectCompared(run);
  });
});
