import type { Connection } from 'mysql2/promise';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../../src/main/services/schema/metadata-query';

/** A server error as mysql2 reports it. */
function serverError(errno: number, message: string): Error {
  return Object.assign(new Error(message), { errno });
}

/** A connection that fails with `failures` in turn, then answers `rows`. */
function connectionFailing(failures: Error[], rows: unknown[]): Connection & { calls: number } {
  const conn = {
    calls: 0,
    query: () => {
      const failure = failures[conn.calls++];
      return failure ? Promise.reject(failure) : Promise.resolve([rows, []]);
    },
  };
  return conn as unknown as Connection & { calls: number };
}

const deadlock = () =>
  serverError(1213, 'Deadlock found when trying to get lock; try restarting transaction');

describe('metadata reads chosen as deadlock victims', () => {
  it('are tried again and return the rows of the try that worked', async () => {
    const conn = connectionFailing([deadlock(), deadlock()], [{ N: 3 }]);
    await expect(selectRows(conn, 'SELECT 1', [], [0, 0, 0])).resolves.toEqual([{ N: 3 }]);
    expect(conn.calls).toBe(3);
  });

  it('give the deadlock to the caller once every retry was used', async () => {
    const conn = connectionFailing([deadlock(), deadlock(), deadlock(), deadlock()], []);
    await expect(selectRows(conn, 'SELECT 1', [], [0, 0, 0])).rejects.toThrow(/Deadlock found/);
    expect(conn.calls).toBe(4);
  });

  it('never repeat a read that failed for another reason', async () => {
    const conn = connectionFailing([serverError(1146, "Table 'x.y' doesn't exist")], []);
    await expect(selectRows(conn, 'SELECT 1', [], [0, 0, 0])).rejects.toThrow(/doesn't exist/);
    expect(conn.calls).toBe(1);
  });
});
