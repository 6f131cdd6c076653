import type { ReplicationChannel, ReplicationError, ThreadState } from './replication-channel';
import { replicationErrorTime } from './error-time';

/**
 * The columns of SHOW REPLICA STATUS (MySQL 8.0.22+), SHOW SLAVE STATUS (older MySQL, MariaDB)
 * and MariaDB SHOW ALL SLAVES STATUS that the channel model reads, each under every name a
 * server uses for it. MariaDB keeps the Slave_/Master_ names even for SHOW REPLICA STATUS.
 */
export const STATUS_COLUMN_ALIASES = {
  channel: ['Channel_Name', 'Connection_name'],
  sourceHost: ['Source_Host', 'Master_Host'],
  sourcePort: ['Source_Port', 'Master_Port'],
  sourceUser: ['Source_User', 'Master_User'],
  sourceServerId: ['Source_Server_Id', 'Master_Server_Id'],
  sourceUuid: ['Source_UUID', 'Master_UUID'],
  ioRunning: ['Replica_IO_Running', 'Slave_IO_Running'],
  sqlRunning: ['Replica_SQL_Running', 'Slave_SQL_Running'],
  ioActivity: ['Replica_IO_State', 'Slave_IO_State'],
  sqlActivity: ['Replica_SQL_Running_State', 'Slave_SQL_Running_State'],
  lastIoErrno: ['Last_IO_Errno'],
  lastIoError: ['Last_IO_Error'],
  lastIoErrorTimestamp: ['Last_IO_Error_Timestamp'],
  lastSqlErrno: ['Last_SQL_Errno'],
  lastSqlError: ['Last_SQL_Error'],
  lastSqlErrorTimestamp: ['Last_SQL_Error_Timestamp'],
  // Last_Errno/Last_Error repeat the SQL thread's error: read so that they do not land in extra.
  lastErrno: ['Last_Errno'],
  lastError: ['Last_Error'],
  secondsBehind: ['Seconds_Behind_Source', 'Seconds_Behind_Master'],
  sqlDelay: ['SQL_Delay'],
  sqlRemainingDelay: ['SQL_Remaining_Delay'],
  retrievedGtids: ['Retrieved_Gtid_Set', 'Gtid_IO_Pos'],
  executedGtids: ['Executed_Gtid_Set', 'Gtid_Slave_Pos'],
  autoPosition: ['Auto_Position'],
  usingGtid: ['Using_Gtid'],
  sslAllowed: ['Source_SSL_Allowed', 'Master_SSL_Allowed'],
  sslVerify: ['Source_SSL_Verify_Server_Cert', 'Master_SSL_Verify_Server_Cert'],
  sourceLogFile: ['Source_Log_File', 'Master_Log_File'],
  readSourceLogPos: ['Read_Source_Log_Pos', 'Read_Master_Log_Pos'],
  relaySourceLogFile: ['Relay_Source_Log_File', 'Relay_Master_Log_File'],
  execSourceLogPos: ['Exec_Source_Log_Pos', 'Exec_Master_Log_Pos'],
} as const satisfies Record<string, readonly string[]>;

type Field = keyof typeof STATUS_COLUMN_ALIASES;

/** The server column name each alias stands for, lower-cased (servers differ in case). */
const FIELD_OF_COLUMN = new Map<string, Field>(
  Object.entries(STATUS_COLUMN_ALIASES).flatMap(([field, names]) =>
    names.map((name) => [name.toLowerCase(), field as Field] as const),
  ),
);

/** A status row as a driver returns it: column name → value (string, number, null, ...). */
export type StatusRow = Readonly<Record<string, unknown>>;

/**
 * One channel from one row of a replica status statement. Every column is mapped by name (any
 * flavor, any version); columns it does not know go to `extra` as text. The lag here is
 * Seconds_Behind_*: `withTrueLag` refines it from performance_schema.
 */
export function channelFromStatusRow(row: StatusRow): ReplicationChannel {
  const values: Partial<Record<Field, unknown>> = {};
  const extra: Record<string, string | null> = {};
  for (const [column, value] of Object.entries(row)) {
    const field = FIELD_OF_COLUMN.get(column.toLowerCase());
    if (field) values[field] = value;
    else extra[column] = value === null || value === undefined ? null : textOf(value);
  }
  const text = (f: Field) =>
    values[f] === null || values[f] === undefined ? '' : textOf(values[f]);
  const int = (f: Field): number | null => {
    const raw = values[f];
    if (raw === null || raw === undefined || raw === '') return null;
    const n = Number(raw);
    return Number.isFinite(n) ? n : null;
  };
  const usingGtid = values.usingGtid === undefined ? null : text('usingGtid');
  const secondsBehind = int('secondsBehind');
  const uuid = text('sourceUuid');
  return {
    name: text('channel'),
    sourceHost: text('sourceHost'),
    sourcePort: int('sourcePort') ?? 0,
    sourceUser: text('sourceUser'),
    sourceServerId: int('sourceServerId') ?? 0,
    sourceUuid: uuid === '' ? null : uuid,
    ioState: threadState(text('ioRunning')),
    sqlState: threadState(text('sqlRunning')),
    ioActivity: text('ioActivity'),
    sqlActivity: text('sqlActivity'),
    ioError: errorOf(int('lastIoErrno'), text('lastIoError'), text('lastIoErrorTimestamp')),
    sqlError:
      errorOf(int('lastSqlErrno'), text('lastSqlError'), text('lastSqlErrorTimestamp')) ??
      errorOf(int('lastErrno'), text('lastError'), ''),
    workerErrors: [],
    lag: {
      seconds: secondsBehind,
      source: secondsBehind === null ? 'none' : 'seconds-behind',
      secondsBehind,
    },
    delaySeconds: int('sqlDelay') ?? 0,
    remainingDelaySeconds: int('sqlRemainingDelay'),
    retrievedGtids: text('retrievedGtids'),
    executedGtids: text('executedGtids'),
    autoPosition:
      usingGtid !== null
        ? usingGtid !== '' && usingGtid.toLowerCase() !== 'no'
        : int('autoPosition') === 1,
    usingGtid,
    ssl: text('sslAllowed').toLowerCase() === 'yes',
    sslVerifyServerCert: text('sslVerify').toLowerCase() === 'yes',
    sourceLogFile: text('sourceLogFile'),
    readSourceLogPos: int('readSourceLogPos') ?? 0,
    relaySourceLogFile: text('relaySourceLogFile'),
    execSourceLogPos: int('execSourceLogPos') ?? 0,
    extra,
  };
}

function threadState(value: string): ThreadState {
  switch (value.toLowerCase()) {
    case 'yes':
      return 'running';
    case 'no':
      return 'stopped';
    case 'connecting':
      return 'connecting';
    default:
      return 'unknown';
  }
}

function errorOf(
  number: number | null,
  message: string,
  timestamp: string,
): ReplicationError | null {
  if (number === null || number <= 0) return null;
  return { number, message, timestamp: replicationErrorTime(timestamp) };
}

function textOf(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return String(value);
}
