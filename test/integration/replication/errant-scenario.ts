import type mysql from 'mysql2/promise';
import type { ReplicationTopology } from '../../../src/shared/replication';
import { withConnection } from '../../servers/connect';
import type { RunningServer } from '../../servers/instance';
import { programOf } from '../../servers/server-kind';
import type { TopologyShape } from '../../servers/topology-shapes';
import { seededRandom as floatsFrom } from '../../seeded-random';

// The randomized part of the errant-transaction tests on generated topologies: a seeded
// generator, the writes that may or may not be errant, and the oracles that say which are,
// computed from each server's own GTID variables (MySQL: the server's GTID_SUBTRACT; MariaDB:
// each server's gtid_binlog_state against its sources'), never from Sightline's algebra.

/** The seed of this run: SIGHTLINE_TOPOLOGY_SEED, or a fresh one (printed by the caller). */
export function topologySeed(): number {
  const given = process.env.SIGHTLINE_TOPOLOGY_SEED;
  if (given !== undefined && given !== '') {
    const n = Number(given);
    if (!Number.isInteger(n) || n < 0) throw new Error(`SIGHTLINE_TOPOLOGY_SEED=${given}`);
    return n;
  }
  return Math.floor(Math.random() * 2 ** 31);
}

/** The seeded sequence (see test/seeded-random.ts), with whole numbers below `n` from it. */
export function seededRandom(seed: number): { next(): number; int(n: number): number } {
  const next = floatsFrom(seed);
  return { next, int: (n) => Math.floor(next() * n) };
}

export type Injection =
  /** An ordinary logged write (a source's own traffic, or errant on a replica). */
  | 'write'
  /** A logged write under a GTID tag (MySQL). */
  | 'tagged'
  /** `sql_log_bin=0` with an explicit GTID (MySQL): executed, never sent to replicas. */
  | 'unlogged-gtid'
  /** `sql_log_bin=0` alone: data only, no GTID on either flavor. */
  | 'unlogged'
  /** A logged write in another gtid_domain_id (MariaDB). */
  | 'other-domain'
  /** FLUSH + PURGE BINARY LOGS on that server (after the shape has settled). */
  | 'purge';

export const MYSQL_INJECTIONS: Injection[] = [
  'write',
  'write',
  'tagged',
  'unlogged-gtid',
  'unlogged',
  'purge',
];
export const MARIADB_INJECTIONS: Injection[] = [
  'write',
  'write',
  'other-domain',
  'unlogged',
  'purge',
];

/** Runs one injection on `server`; `label` makes the database name unique. */
export async function inject(
  server: RunningServer,
  what: Injection,
  label: string,
  random: { int(n: number): number },
): Promise<void> {
  const db = `topo_${label}`;
  await withConnection(server, async (c) => {
    switch (what) {
      case 'write':
        await c.query(`CREATE DATABASE ${db}`);
        return;
      case 'tagged':
        await c.query(`SET gtid_next = 'AUTOMATIC:tag_${label}'`);
        await c.query(`CREATE DATABASE ${db}`);
        await c.query("SET gtid_next = 'AUTOMATIC'");
        return;
      case 'unlogged-gtid': {
        const uuid = randomUuid(random);
        await c.query('SET sql_log_bin = 0');
        await c.query(`SET gtid_next = '${uuid}:${1 + random.int(50)}'`);
        await c.query(`CREATE DATABASE ${db}`);
        await c.query("SET gtid_next = 'AUTOMATIC'");
        await c.query('SET sql_log_bin = 1');
        return;
      }
      case 'unlogged':
        await c.query('SET sql_log_bin = 0');
        await c.query(`CREATE DATABASE ${db}`);
        await c.query('SET sql_log_bin = 1');
        return;
      case 'other-domain':
        await c.query(`SET SESSION gtid_domain_id = ${7 + random.int(2)}`);
        await c.query(`CREATE DATABASE ${db}`);
        return;
      case 'purge': {
        await c.query('FLUSH BINARY LOGS');
        const [logs] = await c.query<mysql.RowDataPacket[]>('SHOW BINARY LOGS');
        await c.query(`PURGE BINARY LOGS TO '${String(logs[logs.length - 1]!.Log_name)}'`);
        return;
      }
    }
  });
}

function randomUuid(random: { int(n: number): number }): string {
  const hex = Array.from({ length: 32 }, () => random.int(16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Each server's GTID variables, read at one moment (or kept from before it was stopped). */
export interface GtidVariables {
  executed: string;
  purged: string;
  binlogState: string;
  slavePos: string;
  serverId: number;
}

export async function readGtidVariables(server: RunningServer): Promise<GtidVariables> {
  return withConnection(server, async (c) => {
    const mysqlFlavor = programOf(server.kind) === 'mysql';
    const [rows] = await c.query<mysql.RowDataPacket[]>(
      mysqlFlavor
        ? 'SELECT @@GLOBAL.gtid_executed AS e, @@GLOBAL.gtid_purged AS p, @@server_id AS id'
        : 'SELECT @@GLOBAL.gtid_binlog_pos AS e, @@GLOBAL.gtid_binlog_state AS s, @@GLOBAL.gtid_slave_pos AS sp, @@server_id AS id',
    );
    const r = rows[0]!;
    return {
      executed: String(r.e ?? ''),
      purged: String(r.p ?? ''),
      binlogState: String(r.s ?? ''),
      slavePos: String(r.sp ?? ''),
      serverId: Number(r.id),
    };
  });
}

/** What one replica's finding must be: the errant GTIDs ('' for none) and, MySQL, the purged ones. */
export interface Expected {
  gtids: string;
  purged: string;
}

/**
 * MySQL: replica − (union of its sources' gtid_executed), by the server's own GTID_SUBTRACT,
 * and the part of it in the replica's gtid_purged. Sets are normalized by the server too.
 */
export async function mysqlOracle(
  evaluator: RunningServer,
  replica: GtidVariables,
  sources: readonly GtidVariables[],
): Promise<Expected> {
  return withConnection(evaluator, async (c) => {
    let expression = '?';
    const values: string[] = [replica.executed];
    for (const s of sources) {
      expression = `GTID_SUBTRACT(${expression}, ?)`;
      values.push(s.executed);
    }
    const [rows] = await c.query<mysql.RowDataPacket[]>(`SELECT ${expression} AS e`, values);
    const gtids = String(rows[0]!.e);
    const [split] = await c.query<mysql.RowDataPacket[]>(
      'SELECT GTID_SUBTRACT(?, GTID_SUBTRACT(?, ?)) AS p',
      [gtids, gtids, replica.purged],
    );
    return { gtids, purged: String(split[0]!.p) };
  });
}

/** A MySQL set as the server normalizes it (so two spellings of one set compare equal). */
export async function normalizedByServer(evaluator: RunningServer, set: string): Promise<string> {
  return withConnection(evaluator, async (c) => {
    const [rows] = await c.query<mysql.RowDataPacket[]>("SELECT GTID_SUBTRACT(?, '') AS s", [set]);
    return String(rows[0]!.s);
  });
}

/**
 * MariaDB: the replica's own transactions (its server_id in its gtid_binlog_state) in domains it
 * replicates (present in its gtid_slave_pos) that none of its sources has logged (no source's
 * gtid_binlog_state holds that domain and server_id at that sequence number or later). Sorted
 * `domain-server-seq` list.
 */
export function mariadbOracle(replica: GtidVariables, sources: readonly GtidVariables[]): Expected {
  const parse = (text: string) =>
    text
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t !== '')
      .map((t) => t.split('-').map(Number) as [number, number, number]);
  const replicated = new Set(parse(replica.slavePos).map(([d]) => d));
  const errant = parse(replica.binlogState).filter(
    ([d, s, n]) =>
      s === replica.serverId &&
      replicated.has(d) &&
      !sources.some((src) =>
        parse(src.binlogState).some(([d2, s2, n2]) => d2 === d && s2 === s && n2 >= n),
      ),
  );
  return {
    gtids: errant
      .map((g) => g.join('-'))
      .sort()
      .join(','),
    purged: '',
  };
}

/** The ids of the servers a node replicates from in `shape`. */
export function sourcesIn(shape: TopologyShape, index: number): number[] {
  return shape.links.filter((l) => l.replica === index).map((l) => l.source);
}

/** `127.0.0.1:port`, as discovery names nodes. */
export const nodeId = (server: RunningServer) => `127.0.0.1:${server.port}`;

/** The node of `server` in a topology, or a clear error listing what was found instead. */
export function nodeIn(t: ReplicationTopology, server: RunningServer) {
  const n = t.nodes.find((x) => x.id === nodeId(server));
  if (!n) throw new Error(`no node ${nodeId(server)} in ${t.nodes.map((x) => x.id).join(', ')}`);
  return n;
}
