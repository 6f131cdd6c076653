import { describe, expect, it } from 'vitest';
import { slowLogTableEntry } from '../../../src/main/services/slowlog-table';

describe('a mysql.slow_log row as a slow-log entry', () => {
  it('keeps the statement as bytes and splits User@Host as the file reader does', () => {
    const entry = slowLogTableEntry(
      [
        '2026-11-25T10:00:00',
        'app[app] @ localhost [127.0.0.1]',
        '0.001352',
        '0.000007',
        '5',
        '30',
        'shop',
        Buffer.from("SELECT 'café' FROM t;", 'utf8'),
      ],
      4,
    );
    expect(entry).toEqual({
      statement: "SELECT 'caf\xc3\xa9' FROM t",
      command: 'Query',
      time: '2026-11-25T10:00:00',
      user: 'app',
      host: 'localhost',
      ip: '127.0.0.1',
      db: 'shop',
      attributes: new Map([
        ['Query_time', '0.001352'],
        ['Lock_time', '0.000007'],
        ['Rows_sent', '5'],
        ['Rows_examined', '30'],
      ]),
      offset: 4,
    });
  });

  it('writes a time read as seconds since the epoch in UTC, whole seconds, as the file has it', () => {
    const row = (time: string) => [time, '', '0', '0', '0', '0', '', 'SELECT 1'];
    expect(slowLogTableEntry(row('1795600000.987654'), 0).time).toBe('2026-11-25T09:46:40');
    expect(slowLogTableEntry(row('1795600000'), 0).time).toBe('2026-11-25T09:46:40');
  });

  it('reads a bare command name as the administrator command the file writes', () => {
    const row = (sql: string) => [null, '', '0', '0', '0', '0', '', Buffer.from(sql)];
    expect(slowLogTableEntry(row('Quit'), 0)).toMatchObject({
      statement: 'administrator command: Quit',
      command: 'Admin',
    });
    expect(slowLogTableEntry(row('Change user'), 0).statement).toBe(
      'administrator command: Change user',
    );
    // Statements stay statements, even those named like a command.
    for (const sql of ['SHUTDOWN', 'KILL 12', 'quit'])
      expect(slowLogTableEntry(row(sql), 0)).toMatchObject({ statement: sql, command: 'Query' });
  });

  it('leaves out what the row does not have', () => {
    const entry = slowLogTableEntry([null, '', null, null, null, null, '', null], 0);
    expect(entry.statement).toBe('');
    expect(entry.time).toBeUndefined();
    expect(entry.user).toBeUndefined();
    expect(entry.db).toBeUndefined();
    expect(entry.attributes.get('Query_time')).toBe('0.000000');
  });
});
