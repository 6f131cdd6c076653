import { describe, expect, it } from 'vitest';
import { channelProblems } from '../../../src/shared/replication/channel-health';
import { nodeProblems } from '../../../src/shared/replication/node-health';
import { worstOf } from '../../../src/shared/severity';
import { channelFromStatusRow } from '../../../src/shared/replication/status-columns';
import { MARIADB_1011_ALL_SLAVES_STATUS, MYSQL_97_REPLICA_STATUS } from './captured-status-rows';

const mysql = (row: Record<string, unknown> = {}) =>
  channelFromStatusRow({ ...MYSQL_97_REPLICA_STATUS, ...row });
const codes = (row: Record<string, unknown> = {}) =>
  channelProblems(mysql(row)).map((p) => `${p.severity}:${p.code}`);

describe('channelProblems', () => {
  it('a healthy MySQL 9.7 replica has none; MariaDB without TLS gets a note', () => {
    expect(codes()).toEqual([]);
    expect(
      channelProblems(channelFromStatusRow(MARIADB_1011_ALL_SLAVES_STATUS), 'mariadb'),
    ).toEqual([
      {
        severity: 'info',
        code: 'no-ssl',
        channel: '',
        title: 'Replication traffic is not encrypted',
        detail:
          'The channel does not use TLS: CHANGE MASTER TO MASTER_SSL = 1 (replication stopped) turns it on.',
      },
    ]);
  });

  it("gives the flavor's own statements, and both only when the flavor is not known", () => {
    const plain = mysql({ Auto_Position: 0, Source_SSL_Allowed: 'No' });
    const details = (flavor: 'mysql' | 'mariadb' | null) =>
      channelProblems(plain, flavor)
        .filter((p) => p.code === 'no-ssl' || p.code === 'no-auto-position')
        .map((p) => p.detail);
    expect(details('mysql')).toEqual([
      'The replica follows binary log file and position: a failover must compute positions by hand. CHANGE REPLICATION SOURCE TO SOURCE_AUTO_POSITION = 1 (replication stopped) positions it by GTID.',
      'The channel does not use TLS: CHANGE REPLICATION SOURCE TO SOURCE_SSL = 1 (replication stopped) turns it on.',
    ]);
    expect(details('mariadb')).toEqual([
      'The replica follows binary log file and position: a failover must compute positions by hand. CHANGE MASTER TO MASTER_USE_GTID = slave_pos (replication stopped) positions it by GTID.',
      'The channel does not use TLS: CHANGE MASTER TO MASTER_SSL = 1 (replication stopped) turns it on.',
    ]);
    expect(details(null)[1]).toBe(
      'The channel does not use TLS: MySQL: CHANGE REPLICATION SOURCE TO SOURCE_SSL = 1; MariaDB: CHANGE MASTER TO MASTER_SSL = 1 (replication stopped) turns it on.',
    );
  });

  it('puts a stopped applier with its error first, with number and text', () => {
    const problems = channelProblems(
      mysql({
        Replica_SQL_Running: 'No',
        Last_SQL_Errno: 1062,
        Last_SQL_Error: "Duplicate entry '1' for key 't.PRIMARY'",
        Auto_Position: 0,
      }),
    );
    expect(problems.map((p) => `${p.severity}:${p.code}`)).toEqual([
      'danger:sql-error',
      'info:no-auto-position',
    ]);
    expect(problems[0]!.title).toBe('Applier (SQL thread) error 1062');
    expect(problems[0]!.detail).toContain("Duplicate entry '1' for key 't.PRIMARY'");
  });

  it('grades lag: 29 s nothing, 30 s warning, 300 s danger', () => {
    expect(codes({ Seconds_Behind_Source: 29 })).toEqual([]);
    expect(codes({ Seconds_Behind_Source: 30 })).toEqual(['warning:lag']);
    expect(codes({ Seconds_Behind_Source: 300 })).toEqual(['danger:lag']);
  });

  it('says lag and a delay in minutes and hours as the channel card does, not in raw seconds', () => {
    const titles = (row: Record<string, unknown>) =>
      channelProblems(mysql(row)).map((p) => p.title);
    expect(titles({ Seconds_Behind_Source: 45 })).toEqual(['Behind the source by 45 s']);
    expect(titles({ Seconds_Behind_Source: 1150 })).toEqual(['Behind the source by 19 min 10 s']);
    expect(titles({ SQL_Delay: 3600 })).toEqual(['Delayed replica: 1 h on purpose']);
  });

  it('an IO error while the receiver runs again is a warning; stopped threads without error too', () => {
    expect(codes({ Last_IO_Errno: 2003, Last_IO_Error: 'x' })).toEqual(['warning:io-error']);
    expect(
      codes({ Last_IO_Errno: 2003, Last_IO_Error: 'x', Replica_IO_Running: 'Connecting' }),
    ).toEqual(['danger:io-error']);
    expect(codes({ Replica_IO_Running: 'No', Replica_SQL_Running: 'No' })).toEqual([
      'warning:io-stopped',
      'warning:sql-stopped',
    ]);
    expect(codes({ SQL_Delay: 3600 })).toEqual(['info:delayed']);
  });
});

describe('nodeProblems', () => {
  it('puts errant transactions and a writable replica around channel problems, worst first', () => {
    const { problems, health } = nodeProblems({
      error: null,
      server: {
        flavor: 'mysql',
        versionText: '9.7.4-2',
        serverId: 2,
        serverUuid: '13fd8aa7-e61a-11f1-a84d-02fc00000001',
        hostname: 'h',
        readOnly: false,
        superReadOnly: false,
        gtidExecuted: '',
        gtidPurged: '',
      },
      channels: [mysql({ Seconds_Behind_Source: 45 })],
      errant: {
        method: 'source',
        gtids: '13fd8aa7-e61a-11f1-a84d-02fc00000001:1',
        count: '1',
        inBinlogs: '13fd8aa7-e61a-11f1-a84d-02fc00000001:1',
        purged: '',
        comparedWith: ['127.0.0.1:1'],
        localWrites: [],
        consequence: 'c',
      },
    });
    expect(problems.map((p) => `${p.severity}:${p.code}`)).toEqual([
      'danger:errant',
      'warning:lag',
      'warning:writable-replica',
    ]);
    expect(problems[0]!.title).toBe('1 errant transaction: 13fd8aa7-e61a-11f1-a84d-02fc00000001:1');
    expect(health).toBe('danger');
    expect(worstOf([])).toBe('ok');
  });

  it('tells a writable replica the statement of its own flavor', () => {
    const server = {
      versionText: '',
      serverId: 2,
      serverUuid: '',
      hostname: 'h',
      readOnly: false,
      superReadOnly: false,
      gtidExecuted: '',
      gtidPurged: '',
    };
    const detail = (flavor: 'mysql' | 'mariadb') =>
      nodeProblems({
        error: null,
        server: { ...server, flavor },
        channels: [mysql()],
        errant: null,
      }).problems.find((p) => p.code === 'writable-replica')?.detail;
    expect(detail('mysql')).toBe(
      'read_only is OFF: anyone with write privileges can create errant transactions here. SET PERSIST super_read_only = ON (it sets read_only too).',
    );
    expect(detail('mariadb')).toBe(
      'read_only is OFF: anyone with write privileges can create errant transactions here. SET GLOBAL read_only = ON (and read_only = ON in the option file).',
    );
  });

  it('notes a MySQL replica that administrators can still write to, not a MariaDB one', () => {
    const server = {
      versionText: '',
      serverId: 2,
      serverUuid: null,
      hostname: 'h',
      gtidExecuted: '',
      gtidPurged: '',
    };
    const codesOf = (
      flavor: 'mysql' | 'percona' | 'mariadb',
      readOnly: boolean,
      superReadOnly: boolean,
      channels = [mysql()],
    ) =>
      nodeProblems({
        error: null,
        server: { ...server, flavor, readOnly, superReadOnly },
        channels,
        errant: null,
      }).problems.map((p) => `${p.severity}:${p.code}`);
    expect(codesOf('mysql', true, false)).toEqual(['info:admin-writable-replica']);
    expect(codesOf('percona', true, false)).toEqual(['info:admin-writable-replica']);
    expect(codesOf('mysql', true, true)).toEqual([]);
    // Not a replica: a source is meant to be written.
    expect(codesOf('mysql', true, false, [])).toEqual([]);
    // MariaDB has no super_read_only (READ_ONLY ADMIN is a privilege, not a switch).
    expect(codesOf('mariadb', true, false)).toEqual([]);
    expect(codesOf('mysql', false, false)).toEqual(['warning:writable-replica']);
    const detail = nodeProblems({
      error: null,
      server: { ...server, flavor: 'mysql', readOnly: true, superReadOnly: false },
      channels: [mysql()],
      errant: null,
    }).problems[0]!.detail;
    expect(detail).toBe(
      'read_only is ON but super_read_only is OFF: accounts with SUPER or CONNECTION_ADMIN (a DBA running a fix, a migration tool) still write, and each such write is an errant transaction. SET PERSIST super_read_only = ON closes that.',
    );
  });

  it('says when errant transactions could not be checked, and why', () => {
    const why = 'Its source 127.0.0.1:1 does not answer.';
    const server = {
      flavor: 'mysql' as const,
      versionText: '9.7.4-2',
      serverId: 2,
      serverUuid: '13fd8aa7-e61a-11f1-a84d-02fc00000001',
      hostname: 'h',
      readOnly: true,
      superReadOnly: true,
      gtidExecuted: '',
      gtidPurged: '',
    };
    const unchecked = nodeProblems({
      error: null,
      server,
      channels: [],
      errant: null,
      errantUnchecked: why,
    });
    expect(unchecked).toEqual({
      problems: [
        {
          severity: 'warning',
          code: 'errant-unchecked',
          channel: null,
          title: 'Errant transactions not checked',
          detail: why,
        },
      ],
      health: 'warning',
    });
    expect(nodeProblems({ error: null, server, channels: [], errant: null })).toEqual({
      problems: [],
      health: 'ok',
    });
  });
});
