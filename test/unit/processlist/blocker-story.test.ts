import { describe, expect, it } from 'vitest';
import {
  connectAttributesFrom,
  historyConsumersFrom,
  historyPlan,
  pastStatementsFrom,
} from '../../../src/shared/processlist/blocker-story';
import { killPlan } from '../../../src/shared/processlist/kill-plan';

const ALL_ON = historyConsumersFrom([
  { NAME: 'global_instrumentation', ENABLED: 'YES' },
  { NAME: 'thread_instrumentation', ENABLED: 'YES' },
  { NAME: 'events_statements_current', ENABLED: 'YES' },
  { NAME: 'events_statements_history', ENABLED: 'YES' },
  { NAME: 'events_statements_history_long', ENABLED: 'NO' },
]);

describe('where a blocker’s statements can be read', () => {
  it('reads the per-thread history when its consumers are on, and the long one too when on', () => {
    expect(historyPlan('mysql', true, ALL_ON)).toEqual({
      state: 'read',
      sources: ['events_statements_history'],
    });
    expect(
      historyPlan('mysql', true, {
        ...ALL_ON,
        events_statements_history: false,
        events_statements_history_long: true,
      }),
    ).toEqual({ state: 'read', sources: ['events_statements_history_long'] });
    expect(historyPlan('mysql', true, { ...ALL_ON, events_statements_history_long: true })).toEqual(
      {
        state: 'read',
        sources: ['events_statements_history', 'events_statements_history_long'],
      },
    );
  });

  it('names the exact UPDATE that enables what is off', () => {
    const off = historyPlan('mysql', true, { ...ALL_ON, events_statements_history: false });
    expect(off).toMatchObject({
      state: 'unavailable',
      enableSql:
        "UPDATE performance_schema.setup_consumers SET ENABLED='YES' WHERE NAME='events_statements_history';",
    });
    // MariaDB's defaults with performance_schema on: both statement consumers off.
    const mariadb = historyPlan('mariadb', true, {
      ...ALL_ON,
      events_statements_current: false,
      events_statements_history: false,
    });
    expect(mariadb).toMatchObject({
      reason:
        'The performance_schema consumers events_statements_current, events_statements_history are off, so no statement history is kept.',
      enableSql:
        "UPDATE performance_schema.setup_consumers SET ENABLED='YES' WHERE NAME IN ('events_statements_current', 'events_statements_history');",
    });
    // A consumer above the history being off is enough to keep nothing, the long one included.
    expect(
      historyPlan('mysql', true, {
        ...ALL_ON,
        thread_instrumentation: false,
        events_statements_history_long: true,
      }),
    ).toMatchObject({
      enableSql:
        "UPDATE performance_schema.setup_consumers SET ENABLED='YES' WHERE NAME='thread_instrumentation';",
    });
  });

  it('says performance_schema off takes a restart, in the flavor’s option-file section', () => {
    const mariadb = historyPlan('mariadb', false, 'denied');
    expect(mariadb).toMatchObject({ state: 'unavailable', enableSql: null });
    if (mariadb.state !== 'unavailable') throw new Error();
    expect(mariadb.reason).toContain('MariaDB ships it off');
    expect(mariadb.more).toContain('performance_schema=ON under [mariadb]');
    const mysql = historyPlan('mysql', false, 'denied');
    if (mysql.state !== 'unavailable') throw new Error();
    expect(mysql.more).toContain('under [mysqld]');
  });

  it('says when the account may not read performance_schema, or the server lists no consumer', () => {
    expect(historyPlan('mysql', true, 'denied')).toEqual({
      state: 'unavailable',
      reason: 'This account may not read performance_schema.',
      enableSql: null,
      more: 'Statement history needs SELECT on performance_schema.*.',
    });
    expect(historyPlan('mysql', true, historyConsumersFrom([]))).toMatchObject({
      state: 'unavailable',
      enableSql: null,
    });
  });
});

describe('a blocker’s past statements', () => {
  const ps = (ms: number) => ms * 1e9;
  const rows = [
    {
      EVENT_ID: 12,
      SQL_TEXT: 'UPDATE t SET v = 1',
      TIMER_START: ps(1000),
      TIMER_WAIT: ps(2),
      ROWS_AFFECTED: 1,
      ROWS_EXAMINED: 1,
      MYSQL_ERRNO: 0,
      NESTING_EVENT_ID: 11,
    },
    {
      EVENT_ID: 10,
      SQL_TEXT: 'BEGIN',
      TIMER_START: ps(900),
      TIMER_WAIT: ps(0.1),
      ROWS_AFFECTED: 0,
      ROWS_EXAMINED: 0,
      MYSQL_ERRNO: 0,
      NESTING_EVENT_ID: null,
    },
    // The same event from the long history: kept once.
    {
      EVENT_ID: 12,
      SQL_TEXT: 'UPDATE t SET v = 1',
      TIMER_START: ps(1000),
      TIMER_WAIT: ps(2),
      ROWS_AFFECTED: 1,
      ROWS_EXAMINED: 1,
      MYSQL_ERRNO: 0,
      NESTING_EVENT_ID: 11,
    },
    {
      EVENT_ID: 13,
      SQL_TEXT: 'INSERT INTO t VALUES (1)',
      TIMER_START: '1100000000000',
      TIMER_WAIT: '1000000000',
      ROWS_AFFECTED: '0',
      ROWS_EXAMINED: '0',
      MYSQL_ERRNO: '1062',
      MESSAGE_TEXT: "Duplicate entry '1' for key 't.PRIMARY'",
      NESTING_EVENT_ID: '11',
    },
  ];

  it('are each kept once, oldest first, with times, rows, errors and the transaction they ran in', () => {
    expect(pastStatementsFrom(rows, ps(1500), 11)).toEqual([
      {
        eventId: 10,
        sql: 'BEGIN',
        startedAgoMs: 600,
        durationMs: 0.1,
        rowsAffected: 0,
        rowsExamined: 0,
        error: null,
        inTransaction: false,
      },
      {
        eventId: 12,
        sql: 'UPDATE t SET v = 1',
        startedAgoMs: 500,
        durationMs: 2,
        rowsAffected: 1,
        rowsExamined: 1,
        error: null,
        inTransaction: true,
      },
      {
        eventId: 13,
        sql: 'INSERT INTO t VALUES (1)',
        startedAgoMs: 400,
        durationMs: 1,
        rowsAffected: 0,
        rowsExamined: 0,
        error: "1062: Duplicate entry '1' for key 't.PRIMARY'",
        inTransaction: true,
      },
    ]);
  });

  it('keep the last ones only, and no "ago" without a clock or a transaction without its event', () => {
    const last = pastStatementsFrom(rows, null, null, 2);
    expect(last.map((s) => [s.eventId, s.startedAgoMs, s.inTransaction])).toEqual([
      [12, null, false],
      [13, null, false],
    ]);
  });

  it('connection attributes pick out program_name', () => {
    expect(
      connectAttributesFrom([
        { ATTR_NAME: '_client_name', ATTR_VALUE: 'libmysql' },
        { ATTR_NAME: 'program_name', ATTR_VALUE: 'billing-worker' },
        { ATTR_NAME: '_pid', ATTR_VALUE: null },
      ]),
    ).toEqual({
      attributes: { _client_name: 'libmysql', program_name: 'billing-worker' },
      programName: 'billing-worker',
    });
    expect(connectAttributesFrom([]).programName).toBeNull();
  });
});

describe('KILL through the server’s kill procedure', () => {
  it('calls mysql.rds_kill for a connection and mysql.rds_kill_query for a statement', () => {
    expect(killPlan('connection', [12, 3, 12], 'procedure')).toEqual({
      mode: 'connection',
      ids: [3, 12],
      statements: ['CALL mysql.rds_kill(3);', 'CALL mysql.rds_kill(12);'],
      sql: 'CALL mysql.rds_kill(3);\nCALL mysql.rds_kill(12);',
    });
    expect(killPlan('query', [7], 'procedure').sql).toBe('CALL mysql.rds_kill_query(7);');
    expect(killPlan('query', [7]).sql).toBe('KILL QUERY 7;');
    expect(() => killPlan('query', [-1], 'procedure')).toThrow('not a processlist id: -1');
  });
});
