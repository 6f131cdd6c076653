import { describe, expect, it } from 'vitest';
import { slowLogSources, slowLogVariables } from '../../../src/main/services/slowlog-sources';
import { serverSlowLogPath } from '../../../src/main/services/slowlog-server-file';

describe('slow log sources of a connection', () => {
  it('reads the variables as MySQL and MariaDB send them', () => {
    expect(slowLogVariables([1, 'FILE', '/var/lib/mysql/slow.log', '/var/lib/mysql/'])).toEqual({
      slowQueryLog: true,
      logOutput: 'FILE',
      file: '/var/lib/mysql/slow.log',
      datadir: '/var/lib/mysql/',
    });
    expect(slowLogVariables(['OFF', Buffer.from('TABLE'), null, null])).toEqual({
      slowQueryLog: false,
      logOutput: 'TABLE',
      file: null,
      datadir: null,
    });
    expect(slowLogVariables(undefined)).toEqual({
      slowQueryLog: null,
      logOutput: null,
      file: null,
      datadir: null,
    });
  });

  it('finds a relative slow log file in the data directory', () => {
    expect(serverSlowLogPath('slow.log', '/var/lib/mysql/')).toBe('/var/lib/mysql/slow.log');
    expect(serverSlowLogPath('/var/log/mysql//slow.log', '/x')).toBe('/var/log/mysql/slow.log');
    expect(serverSlowLogPath('slow.log', null)).toBeNull();
    expect(serverSlowLogPath(null, '/x')).toBeNull();
  });

  it('offers a local file always and says why the others are not available', () => {
    const variables = {
      slowQueryLog: true,
      logOutput: 'FILE,TABLE',
      file: '/var/log/slow.log',
      datadir: '/var/lib/mysql/',
    };
    const [file, ssh, table] = slowLogSources(true, variables, {
      readable: false,
      reason: '/var/log/slow.log: not readable by the SSH user',
    });
    expect(file).toMatchObject({ kind: 'file', available: true, reason: null });
    expect(ssh).toMatchObject({
      available: false,
      reason: '/var/log/slow.log: not readable by the SSH user',
    });
    expect(table).toMatchObject({ kind: 'table', available: true, reason: null });
    expect(
      slowLogSources(true, variables, { readable: true, path: '/var/log/slow.log' })[1],
    ).toMatchObject({ available: true, reason: '/var/log/slow.log over SFTP, read-only.' });
    expect(slowLogSources(true, { ...variables, logOutput: 'TABLE', file: null })[1]).toMatchObject(
      { available: false, reason: 'log_output is TABLE: the server writes no file.' },
    );
    expect(
      slowLogSources(false, {
        slowQueryLog: false,
        logOutput: 'TABLE',
        file: null,
        datadir: null,
      })[2],
    ).toMatchObject({
      available: true,
      reason:
        'The slow query log is off (slow_query_log=OFF). The rows already in the table can still be read.',
    });
    expect(slowLogSources(false, null).map((s) => s.reason)).toEqual([
      null,
      'This connection has no SSH tunnel.',
      'The server did not say where it logs (log_output could not be read).',
    ]);
  });
});
