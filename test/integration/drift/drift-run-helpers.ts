import { expect } from 'vitest';
import type { DriftRun } from '../../../src/shared/api/drift';
import { withConnection } from '../../servers/connect';
import type { RunningServer } from '../../servers/instance';
import { waitForCatchUp } from '../../servers/replication';
import type { BackendUnderTest } from '../backend/backend-harness';

/** Tables `d.t0` ... of 1,000 rows each on the source, replicated before this returns. */
export async function createDriftTables(
  source: RunningServer,
  replica: RunningServer,
  count: number,
): Promise<void> {
  await withConnection(source, async (c) => {
    await c.query('CREATE DATABASE d');
    const rows = Array.from({ length: 1000 }, (_, i) => [i + 1, `item ${i + 1}`]);
    for (let n = 0; n < count; n++) {
      await c.query(`CREATE TABLE d.t${n} (id INT PRIMARY KEY, name VARCHAR(20) NOT NULL)`);
      await c.query(`INSERT INTO d.t${n} VALUES ?`, [rows]);
    }
  });
  await waitForCatchUp(source, replica);
}

/** Starts a comparison of every table createDriftTables made, 100 rows a chunk; its id. */
export async function startDriftRun(
  b: BackendUnderTest,
  sessionId: string,
  replicaConnectionId: string,
  count: number,
): Promise<string> {
  const started = await b.call('drift.start', {
    sessionId,
    replicaConnectionId,
    tables: Array.from({ length: count }, (_, n) => ({ schema: 'd', table: `t${n}` })),
    chunkRows: 100,
    allowApplierPause: true,
  });
  if (!started.ok) throw new Error(started.error.message);
  return started.value.runId;
}

/**
 * Polls a run until it ends; once `tablesBefore` tables are compared, `act` runs (once, the
 * poll waiting for it). A run that ends before that fails the test with its own state and error,
 * so a failure says why the run ended instead of only that `act` never ran.
 */
export async function followDriftRun(
  b: BackendUnderTest,
  runId: string,
  tablesBefore: number,
  act: () => Promise<void> | void,
): Promise<DriftRun> {
  let acted = false;
  for (;;) {
    const s = await b.call('drift.status', { runId });
    if (!s.ok) throw new Error(s.error.message);
    if (s.value.state !== 'running') {
      if (!acted)
        throw new Error(
          `The run ended (${s.value.state}) after ${s.value.results.length} tables, before the test acted at ${tablesBefore}: ${JSON.stringify(s.value.error)}`,
        );
      return s.value;
    }
    if (!acted && s.value.results.length >= tablesBefore) {
      await act();
      acted = true;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A run that ended part way: at least two tables compared, all equal, not all of them. */
export function expectComparedPartWay(run: DriftRun, count: number): void {
  expect(run.results.length).toBeGreaterThanOrEqual(2);
  expect(run.results.length).toBeLessThan(count);
  for (const result of run.results) {
    expect(result).toMatchObject({ skipped: null, rows: 1000, differencesTotal: 0 });
  }
}
