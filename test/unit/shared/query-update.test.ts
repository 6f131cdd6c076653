import { describe, expect, it } from 'vitest';
import { events } from '../../../src/shared/api/contract';
import {
  statusAfterUpdate,
  type QueryStatus,
  type QueryUpdate,
  type ResultColumn,
} from '../../../src/shared/api/query';

const column: ResultColumn = {
  name: 'n',
  orgName: '',
  table: '',
  schema: '',
  typeName: 'BIGINT',
  typeCode: 8,
  flags: 0,
  charset: 63,
  length: 21,
  decimals: 0,
  binary: false,
  numeric: true,
};

const status = (patch: Partial<QueryStatus> = {}): QueryStatus => ({
  queryId: 'q1',
  sessionId: 's1',
  sql: 'SELECT n FROM t',
  state: 'running',
  columns: [column],
  rowCount: 10,
  truncated: null,
  affectedRows: null,
  info: null,
  insertId: null,
  warnings: [],
  elapsedMs: 5,
  error: null,
  inTransaction: false,
  ...patch,
});

/** A progress update: the status without its columns and statement. */
function progress(patch: Partial<QueryStatus> = {}): QueryUpdate {
  const update: QueryUpdate = status(patch);
  delete update.columns;
  delete update.sql;
  return update;
}

describe('query updates without columns', () => {
  it('keep the columns the screen already has, and take the new counts', () => {
    const held = status({ rowCount: 10 });
    const next = statusAfterUpdate(held, progress({ rowCount: 5000, elapsedMs: 400 }));
    expect(next).toEqual(status({ rowCount: 5000, elapsedMs: 400 }));
    expect(next.columns).toBe(held.columns);
  });

  it('take the columns an update carries, null included', () => {
    expect(statusAfterUpdate(status(), status({ columns: null })).columns).toBeNull();
    const other = { ...column, name: 'm' };
    expect(
      statusAfterUpdate(status({ columns: null }), status({ columns: [other] })).columns,
    ).toEqual([other]);
  });

  it('keep the statement the screen already has (a 64 MiB one is not sent again)', () => {
    const held = status({ sql: 'SELECT n FROM big' });
    expect(statusAfterUpdate(held, progress({ rowCount: 7 })).sql).toBe('SELECT n FROM big');
    expect(statusAfterUpdate(undefined, progress()).sql).toBe('');
  });

  it('give null columns when nothing was held before an update without them', () => {
    expect(statusAfterUpdate(undefined, progress()).columns).toBeNull();
  });

  it('are valid query.update events; a status with columns is one too', () => {
    expect(events['query.update'].safeParse(progress()).success).toBe(true);
    expect(events['query.update'].safeParse(status()).success).toBe(true);
    expect(events['query.update'].safeParse({ ...progress(), columns: 'all' }).success).toBe(false);
  });
});
