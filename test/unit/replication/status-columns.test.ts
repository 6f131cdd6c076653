import { replicationErrorTime } from '../../../src/shared/replication/error-time';
import { describe, expect, it } from 'vitest';
import {
  channelFromStatusRow,
  STATUS_COLUMN_ALIASES,
} from '../../../src/shared/replication/status-columns';
import {
  MARIADB_1011_ALL_SLAVES_STATUS,
  MARIADB_1011_SLAVE_STATUS,
  MYSQL_97_REPLICA_STATUS,
} from './captured-status-rows';

describe('channelFromStatusRow on captured rows', () => {
  it('maps MySQL 9.7 SHOW REPLICA STATUS, keeping unknown columns in extra', () => {
    const c = channelFromStatusRow(MYSQL_97_REPLICA_STATUS);
    expect(c).toMatchObject({
      name: '',
      sourceHost: '127.0.0.1',
      sourcePort: 34445,
      sourceUser: 'root',
      sourceServerId: 1,
      sourceUuid: '13e742ee-e61a-11f1-afe1-02fc00000001',
      ioState: 'running',
      sqlState: 'running',
      ioActivity: 'Waiting for source to send event',
      sqlActivity: 'Replica has read all relay log; waiting for more updates',
      ioError: null,
      sqlError: null,
      workerErrors: [],
      lag: { seconds: 0, source: 'seconds-behind', secondsBehind: 0 },
      delaySeconds: 0,
      remainingDelaySeconds: null,
      retrievedGtids: '13e742ee-e61a-11f1-afe1-02fc00000001:1-2',
      executedGtids: '13e742ee-e61a-11f1-afe1-02fc00000001:1-2',
      autoPosition: true,
      usingGtid: null,
      ssl: true,
      sslVerifyServerCert: false,
      sourceLogFile: 'binlog.000001',
      readSourceLogPos: 644,
      relaySourceLogFile: 'binlog.000001',
      execSourceLogPos: 158,
    });
    expect(c.extra).toEqual({
      Relay_Log_File: 'relay-bin.000002',
      Relay_Log_Pos: '369',
      Connect_Retry: '60',
      Replicate_Do_DB: '',
      Replicate_Ignore_DB: '',
      Replicate_Do_Table: '',
      Replicate_Ignore_Table: '',
      Replicate_Wild_Do_Table: '',
      Replicate_Wild_Ignore_Table: '',
      Skip_Counter: '0',
      Relay_Log_Space: '1060',
      Until_Condition: 'None',
      Until_Log_File: '',
      Until_Log_Pos: '0',
      Source_SSL_CA_File: '',
      Source_SSL_CA_Path: '',
      Source_SSL_Cert: '',
      Source_SSL_Cipher: '',
      Source_SSL_Key: '',
      Replicate_Ignore_Server_Ids: '',
      Source_Info_File: 'mysql.slave_master_info',
      Source_Retry_Count: '10',
      Source_Bind: '',
      Source_SSL_Crl: '',
      Source_SSL_Crlpath: '',
      Replicate_Rewrite_DB: '',
      Source_TLS_Version: '',
      Source_public_key_path: '',
      Get_Source_public_key: '1',
      Network_Namespace: '',
    });
  });

  it('maps MariaDB 10.11 SHOW ALL SLAVES STATUS (Slave_/Master_ names, Using_Gtid)', () => {
    const c = channelFromStatusRow(MARIADB_1011_ALL_SLAVES_STATUS);
    expect(c).toMatchObject({
      name: '',
      sourceHost: '127.0.0.1',
      sourcePort: 33407,
      sourceServerId: 1,
      sourceUuid: null,
      ioState: 'running',
      sqlState: 'running',
      ioActivity: 'Waiting for master to send event',
      sqlActivity: 'Slave has read all relay log; waiting for more updates',
      lag: { seconds: 0, source: 'seconds-behind', secondsBehind: 0 },
      retrievedGtids: '0-1-2',
      executedGtids: '0-1-2',
      autoPosition: true,
      usingGtid: 'Slave_Pos',
      ssl: false,
      readSourceLogPos: 670,
      execSourceLogPos: 670,
    });
    expect(c.extra).toMatchObject({
      Slave_SQL_State: 'Slave has read all relay log; waiting for more updates',
      Parallel_Mode: 'optimistic',
      Retried_transactions: '0',
      Slave_heartbeat_period: '30',
      Replicate_Do_Domain_Ids: '',
    });
    // Nothing the model reads is left in extra.
    const mapped = Object.values(STATUS_COLUMN_ALIASES)
      .flat()
      .map((n) => n.toLowerCase());
    expect(Object.keys(c.extra).filter((k) => mapped.includes(k.toLowerCase()))).toEqual([]);
  });

  it('maps MariaDB SHOW SLAVE STATUS the same way, minus the Gtid_Slave_Pos column', () => {
    const all = channelFromStatusRow(MARIADB_1011_ALL_SLAVES_STATUS);
    const single = channelFromStatusRow(MARIADB_1011_SLAVE_STATUS);
    expect({ ...single, extra: {}, executedGtids: '' }).toEqual({
      ...all,
      extra: {},
      executedGtids: '',
    });
    expect(single.executedGtids).toBe('');
  });

  it('maps the pre-8.0.22 SHOW SLAVE STATUS names of MySQL', () => {
    const old = Object.fromEntries(
      Object.entries(MYSQL_97_REPLICA_STATUS).map(([k, v]) => [
        k
          .replace('Replica_IO_State', 'Slave_IO_State')
          .replace(/^Replica_/, 'Slave_')
          .replace(/^Source_/, 'Master_')
          .replace('Seconds_Behind_Source', 'Seconds_Behind_Master')
          .replace('Read_Source', 'Read_Master')
          .replace('Relay_Source', 'Relay_Master')
          .replace('Exec_Source', 'Exec_Master'),
        v,
      ]),
    );
    const c = channelFromStatusRow(old);
    const now = channelFromStatusRow(MYSQL_97_REPLICA_STATUS);
    expect({ ...c, extra: {} }).toEqual({ ...now, extra: {} });
  });

  it('reads stopped threads, errors with numbers and text, NULL lag and a named channel', () => {
    const c = channelFromStatusRow({
      ...MYSQL_97_REPLICA_STATUS,
      Channel_Name: 'ch2',
      Replica_IO_Running: 'Connecting',
      Replica_SQL_Running: 'No',
      Seconds_Behind_Source: null,
      Last_IO_Errno: 2003,
      Last_IO_Error:
        "error connecting to source 'root@127.0.0.1:34445' - retry-time: 60 retries: 1",
      Last_IO_Error_Timestamp: '261122 02:20:01',
      Last_Errno: 1062,
      Last_Error: 'dup',
      Last_SQL_Errno: 1062,
      Last_SQL_Error: 'dup',
      Last_SQL_Error_Timestamp: '261122 02:20:02',
      Auto_Position: 0,
      SQL_Delay: 3600,
      SQL_Remaining_Delay: 3599,
    });
    expect(c.name).toBe('ch2');
    expect(c.ioState).toBe('connecting');
    expect(c.sqlState).toBe('stopped');
    expect(c.ioError).toEqual({
      number: 2003,
      message: "error connecting to source 'root@127.0.0.1:34445' - retry-time: 60 retries: 1",
      timestamp: '2026-11-22 02:20:01',
    });
    expect(c.sqlError).toEqual({
      number: 1062,
      message: 'dup',
      timestamp: '2026-11-22 02:20:02',
    });
    expect(c.lag).toEqual({ seconds: null, source: 'none', secondsBehind: null });
    expect(c.autoPosition).toBe(false);
    expect(c.delaySeconds).toBe(3600);
    expect(c.remainingDelaySeconds).toBe(3599);
  });

  it('MariaDB Using_Gtid No means no auto-positioning', () => {
    expect(
      channelFromStatusRow({ ...MARIADB_1011_ALL_SLAVES_STATUS, Using_Gtid: 'No' }).autoPosition,
    ).toBe(false);
  });
});

describe('replicationErrorTime', () => {
  it('writes SHOW REPLICA STATUS times as dates and keeps other forms as printed', () => {
    expect(replicationErrorTime('261122 02:20:01')).toBe('2026-11-22 02:20:01');
    expect(replicationErrorTime('2026-11-22 02:20:01.123456')).toBe('2026-11-22 02:20:01.123456');
    expect(replicationErrorTime('0000-00-00 00:00:00.000000')).toBe('');
    expect(replicationErrorTime('0000-00-00 00:00:00')).toBe('');
    expect(replicationErrorTime('')).toBe('');
    expect(replicationErrorTime('yesterday')).toBe('yesterday');
  });
});
