import { describe, expect, it } from 'vitest';
import { slowLogSources, slowLogVariables } from '../../../src/main/services/slowlog-sources';

describe('slow log sources of a connection', () => {
  it('reads the variables as MySQL and MariaDB send them', () => {
    expect(slowLogVariables([1, 'FILE', '/var/lib/mysql/slow.log'])).toEqual({
      slowQueryLog: true,
      logOutput: 'FILE',
      file: '/var/lib/mysql/slow.log',
    });
    expect(slowLogVariables(['OFF', Buffer.from('TABLE'), null])).toEqual({
      slowQueryLog: false,
      logOutput: 'TABLE',
      file: null,
    });
    expect(slowLogVariables(undefined)).toEqual({
      slowQueryLog: null,
      logOutput: null,
      file: null,
    });
  });

  it('offers a local file always and says why the others are not available', () => {
    const [file, ssh, table] = slowLogSources(true, {
      slowQueryLog: true,
      logOutput: 'FILE,TABLE',
      file: '/var/log/slow.log',
    });
    expect(file).toMatchObject({ kind: 'file', available: true, reason: null });
    expect(ssh!.reason).toBe(
      "Coming later: reading /var/log/slow.log over this connection's SSH tunnel is not built yet.",
    );
    expect(table).toMatchObject({ kind: 'table', available: true, reason: null });
    expect(
      slowLogSources(false, { slowQueryLog: false, logOutput: 'TABLE', file: null })[2],
    ).toMatchObject({
      available: true,
      reason:
        'The slow query log is off (slow_query_log=OFF). The rows already in the table can still be read.',
    });
    expect(slowLogSources(false, null).map((s) => s.reason)).toEqual([
      null,
      'This connection has no SSH tunnel. (Coming later for connections that have one.)',
      'The server did not say where it logs (log_output could not be read).',
    ]);
  });
});
