import { describe, expect, it } from 'vitest';
import { slowLogTableEntry } from '../../../src/main/services/slowlog-table';

describe('a mysql.slow_log row as a slow-log entry', () => {
  it('keeps the statement as bytes and splits User@Host as the file reader does', () => {
    const entry = slowLogTableEntry(
      [
        '2026-11-25T10:00:00.123456',
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
      time: '2026-11-25T10:00:00.123456',
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

  it('leaves out what the row does not have', () => {
    const entry = slowLogTableEntry([null, '', null, null, null, null, '', null], 0);
    expect(entry.statement).toBe('');
    expect(entry.time).toBeUndefined();
    expect(entry.user).toBeUndefined();
    expect(entry.db).toBeUndefined();
    expect(entry.attributes.get('Query_time')).toBe('0.000000');
  });
});
