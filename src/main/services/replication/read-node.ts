import type { Connection, RowDataPacket } from 'mysql2/promise';
import { normalizeServerUuid } from '../../../shared/gtid/server-uuid';
import type { ReplicationChannel } from '../../../shared/replication/replication-channel';
import type { NodeServer } from '../../../shared/replication/topology-model';
import type { ServerInfo } from '../../../shared/server/server-info';
import { readChannels } from './read-channels';
import { readGtidState, type GtidState } from './read-gtid-state';

/** A replica a server knows of: from SHOW REPLICAS / SHOW SLAVE HOSTS (its report_host). */
export interface ListedReplica {
  host: string;
  port: number;
  serverId: number;
}

/** What one server says about itself and its replication, read in a few statements. */
export interface NodeState {
  server: NodeServer;
  channels: ReplicationChannel[];
  replicas: ListedReplica[];
  /** Client hosts of binlog dump threads (`host` without the client port). */
  dumpClients: string[];
  /** UUIDs whose transactions are legitimately local (Group Replication). */
  localUuids: string[];
  /** MariaDB GTID positions (null on MySQL). */
  mariadb: { binlogState: string; currentPos: string; slavePos: string; domainId: number } | null;
}

// Short values only: SHOW VARIABLES cuts long ones (see read-gtid-state).
const VARIABLES = [
  'server_id',
  'server_uuid',
  'hostname',
  'read_only',
  'super_read_only',
  'group_replication_group_name',
  'group_replication_view_change_uuid',
  'gtid_domain_id',
];

/**
 * Reads a server's identity, GTID state, channels, listed replicas and binlog dump clients.
 * SHOW GLOBAL VARIABLES with a name list works on every flavor and simply omits the variables
 * a server does not have; the GTID variables are read whole and checked by readGtidState.
 */
export async function readNode(conn: Connection, info: ServerInfo): Promise<NodeState> {
  const variables = await readVariables(conn);
  const gtids = await readGtidState(conn, info);
  const server = nodeServer(info, variables, gtids);
  const channels = await readChannels(conn, info);
  // Listing replicas needs REPLICATION SLAVE: without it, the replicas are still found from
  // their own status when reached another way, so a refusal here is not a failure.
  const replicas = await readReplicas(conn, info).catch(() => []);
  const [dumps] = await conn.query<RowDataPacket[]>(
    "SELECT HOST AS host FROM information_schema.PROCESSLIST WHERE COMMAND LIKE 'Binlog Dump%'",
  );
  const localUuids = ['group_replication_group_name', 'group_replication_view_change_uuid']
    .map((name) => normalizeServerUuid(variables.get(name) ?? ''))
    .filter((u): u is string => u !== null);
  return {
    server,
    channels,
    replicas,
    dumpClients: dumps.map((d) => clientHost(String(d.host ?? ''))),
    localUuids,
    mariadb: gtids.mariadb && {
      ...gtids.mariadb,
      domainId: Number(variables.get('gtid_domain_id') ?? 0),
    },
  };
}

async function readVariables(conn: Connection): Promise<Map<string, string>> {
  const [rows] = await conn.query<RowDataPacket[]>(
    `SHOW GLOBAL VARIABLES WHERE Variable_name IN (${VARIABLES.map(() => '?').join(', ')})`,
    VARIABLES,
  );
  return new Map(rows.map((r) => [String(r.Variable_name).toLowerCase(), String(r.Value ?? '')]));
}

function nodeServer(info: ServerInfo, v: Map<string, string>, gtids: GtidState): NodeServer {
  const on = (name: string) => ['on', '1'].includes((v.get(name) ?? '').toLowerCase());
  const mariadb = info.flavor === 'mariadb';
  const serverId = Number(v.get('server_id'));
  if (!Number.isInteger(serverId) || serverId < 0) {
    throw new Error(`The server reported server_id '${v.get('server_id')}', not a number.`);
  }
  return {
    flavor: info.flavor,
    versionText: info.versionText,
    serverId,
    serverUuid: mariadb ? null : normalizeServerUuid(v.get('server_uuid') ?? ''),
    hostname: v.get('hostname') ?? info.hostname,
    readOnly: on('read_only'),
    superReadOnly: on('super_read_only'),
    gtidExecuted: gtids.executed,
    gtidPurged: gtids.purged,
  };
}

async function readReplicas(conn: Connection, info: ServerInfo): Promise<ListedReplica[]> {
  const [rows] = await conn.query<RowDataPacket[]>(
    info.capabilities.showReplicas ? 'SHOW REPLICAS' : 'SHOW SLAVE HOSTS',
  );
  return rows
    .map((r) => ({
      host: String(r.Host ?? ''),
      port: Number(r.Port ?? 0),
      serverId: Number(r.Server_Id ?? r.Server_id ?? 0),
    }))
    .filter((r) => r.host !== '' && r.port > 0);
}

/** `10.0.0.5:51234` → `10.0.0.5`; `[::1]:5123` → `::1`. */
function clientHost(host: string): string {
  const bracketed = /^\[(.*)\]:\d+$/.exec(host);
  if (bracketed) return bracketed[1]!;
  const colon = host.lastIndexOf(':');
  return colon > 0 && host.indexOf(':') === colon ? host.slice(0, colon) : host;
}
