import { describe, expect, it } from 'vitest';
import type { CallContext } from '../../../src/main/backend/handlers';
import {
  indexExperiment,
  type ExperimentDeps,
} from '../../../src/main/services/tuning/index-experiment-run';

const NOT_IDENTIFIED =
  'This session’s connection could not be identified on the server, so no KILL was sent.';

/**
 * The index experiment's Cancel where no server can be made to show it on cue: a Cancel that
 * comes between two statements, where a KILL QUERY stops nothing, or that no KILL could follow.
 */
describe('an index experiment cancelled between two statements', () => {
  it.each([
    ['the KILL reached an idle connection', { killed: true }, { cancelled: true }],
    [
      'no KILL could be sent',
      { killed: false, reason: NOT_IDENTIFIED },
      { cancelled: false, reason: NOT_IDENTIFIED },
    ],
  ])('stops before its next statement when %s', async (_case, killOutcome, answer) => {
    const sent: string[] = [];
    const conn = {
      query: async (sql: string) => {
        sent.push(sql);
        return [sql.startsWith('SELECT @@SESSION.lock_wait_timeout') ? [{ w: 31536000 }] : []];
      },
    };
    let kills = 0;
    const session = {
      threadId: 7,
      run: <T>(fn: (c: typeof conn) => Promise<T>) => fn(conn),
      status: async () => ({
        server: { flavor: 'mysql', capabilities: { invisibleIndexes: true } },
      }),
      // A server answers a KILL QUERY of an idle connection without error, and stops nothing.
      killQuery: async () => {
        kills++;
        return killOutcome;
      },
      close: async () => undefined,
    };
    let release = () => {};
    const schemaSet = new Promise<void>((resolve) => (release = resolve));
    let useSchemaCalled = false;
    const explains: string[] = [];
    const deps = {
      sessions: { owned: () => ({ connectionId: 'c1', session }), has: () => true },
      store: { get: () => ({ name: 'scratch', scratch: true, readOnly: false }) },
      explain: async ({ sql }: { sql: string }) => {
        explains.push(sql);
        throw new Error('no explain should run');
      },
      run: <T>(_s: string, _c: CallContext, fn: (c: typeof conn) => Promise<T>) => fn(conn),
      useSchema: async () => {
        useSchemaCalled = true;
        await schemaSet;
      },
    } as unknown as ExperimentDeps;
    const ctx = { peerId: 'p1' } as CallContext;
    const { experiment, cancel } = indexExperiment(deps);
    expect(await cancel({ sessionId: 's1' }, ctx)).toEqual({ cancelled: false });

    const running = experiment(
      {
        sessionId: 's1',
        schema: 'shop',
        sql: 'SELECT * FROM orders WHERE total = 5',
        candidate: { schema: 'shop', table: 'orders', columns: ['total'] },
        readOnlyConfirmed: false,
      },
      ctx,
    );
    await expect.poll(() => useSchemaCalled).toBe(true);
    expect(await cancel({ sessionId: 's1' }, ctx)).toEqual(answer);
    expect(kills).toBe(1);
    release();
    await expect(running).rejects.toMatchObject({
      code: 'CANCELLED',
      message:
        'Cancelled by user (KILL QUERY): sl_try_orders_total was not built, and the table is as it was.',
    });
    expect(explains).toEqual([]);
    // The session's lock wait set and put back; no CREATE INDEX, no DROP.
    expect(sent).toEqual([
      'SELECT @@SESSION.lock_wait_timeout AS w',
      'SET SESSION lock_wait_timeout = 10',
      'SET SESSION lock_wait_timeout = 31536000',
    ]);
    expect(await cancel({ sessionId: 's1' }, ctx)).toEqual({ cancelled: false });
  });
});
