import type mysql from 'mysql2/promise';
import { afterAll, beforeAll } from 'vitest';
import { withConnection } from './connect';
import { startServer, type RunningServer, type StartServerOptions } from './instance';
import { replicaThreads } from './replication';
import { programOf, type ServerKind } from './server-kind';

/** One replication link: `replica` (an index into the server set) applies `source`'s binlog. */
export interface ShapeLink {
  replica: number;
  source: number;
  /** Channel (MySQL) / connection (MariaDB) name; '' is the default channel. */
  channel?: string;
  /** SOURCE_DELAY / MASTER_DELAY in seconds (a delayed replica). */
  delaySeconds?: number;
}

/** A topology over a set of servers, by index: which server replicates from which. */
export interface TopologyShape {
  name: string;
  links: ShapeLink[];
  /** Servers stopped after the shape is set up and caught up (e.g. a chain's middle). */
  stopped?: number[];
  /** MariaDB: `[server, gtid_domain_id]` set globally (a multi-source replica's sources). */
  domainIds?: Array<[number, number]>;
}

/**
 * The shapes the randomized errant-transaction test cycles through, over servers 0..2 in the
 * order given (`order` permutes the roles, so each case puts different servers in each role).
 */
export function topologyShapes(order: readonly [number, number, number]): TopologyShape[] {
  const [a, b, c] = order;
  return [
    // Three tiers: a → b → c.
    {
      name: 'chain of three tiers',
      links: [
        { replica: b, source: a },
        { replica: c, source: b },
      ],
    },
    // Circular co-masters, both writable, with a replica under one of them.
    {
      name: 'co-masters with a replica',
      links: [
        { replica: a, source: b },
        { replica: b, source: a },
        { replica: c, source: a },
      ],
    },
    // c replicates from a and b on two named channels.
    {
      name: 'multi-source replica',
      links: [
        { replica: c, source: a, channel: 'from_a' },
        { replica: c, source: b, channel: 'from_b' },
      ],
      domainIds: [
        [a, 1],
        [b, 2],
      ],
    },
    // a → b applied an hour late, a → c on time.
    {
      name: 'delayed replica',
      links: [
        { replica: b, source: a, delaySeconds: 3600 },
        { replica: c, source: a },
      ],
    },
    // a → b → c with b stopped once everything is applied.
    {
      name: 'replica of a replica, middle stopped',
      links: [
        { replica: b, source: a },
        { replica: c, source: b },
      ],
      stopped: [b],
    },
  ];
}

/**
 * Starts `count` servers of `kind` with server_id 1..count and no replication, for tests that
 * build one shape after another on the same servers (see `resetReplication`, `applyShape`).
 * Call at the top level of a test file or `describe`; destroyed in `afterAll`.
 */
export function useServerSet(
  kind: ServerKind,
  count: number,
  options: Pick<StartServerOptions, 'extraArgs'> = {},
): () => RunningServer[] {
  let servers: RunningServer[] = [];
  beforeAll(async () => {
    const settled = await Promise.allSettled(
      Array.from({ length: count }, (_, i) =>
        startServer(kind, { ...options, serverId: i + 1, name: `set-${i + 1}` }),
      ),
    );
    servers = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failure = settled.find((s) => s.status === 'rejected');
    if (failure) throw failure.reason;
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.destroy()));
  });
  return () => {
    if (servers.length !== count) throw new Error('the server set is available after beforeAll');
    return servers;
  };
}

const run = (server: RunningServer, statements: readonly string[]) =>
  withConnection(server, async (c) => {
    for (const s of statements) await c.query(s);
  });

/**
 * Back to a blank slate on every server: started if stopped, replication removed, binary logs
 * and GTID history reset, databases named `dropPrefix`... dropped (unlogged), MariaDB's
 * gtid_domain_id back to 0. Afterwards no server holds a transaction another lacks.
 */
export async function resetReplication(
  servers: readonly RunningServer[],
  dropPrefix: string,
): Promise<void> {
  for (const s of servers) if (!s.running) await s.start();
  await Promise.all(
    servers.map(async (s) => {
      const mysqlFlavor = programOf(s.kind) === 'mysql';
      await withConnection(s, async (c) => {
        if (mysqlFlavor) {
          await c.query('STOP REPLICA');
          await c.query('RESET REPLICA ALL');
        } else {
          const [rows] = await c.query<mysql.RowDataPacket[]>('SHOW ALL SLAVES STATUS');
          for (const r of rows) {
            const name = String(r.Connection_name ?? '');
            await c.query(`STOP SLAVE '${name}'`);
            await c.query(`RESET SLAVE '${name}' ALL`);
          }
        }
        const [dbs] = await c.query<mysql.RowDataPacket[]>('SHOW DATABASES');
        const drop = dbs
          .map((d) => String(Object.values(d)[0]))
          .filter((d) => d.startsWith(dropPrefix));
        await c.query('SET sql_log_bin = 0');
        for (const db of drop) await c.query(`DROP DATABASE IF EXISTS \`${db}\``);
        await c.query('SET sql_log_bin = 1');
        if (mysqlFlavor) {
          await c.query('RESET BINARY LOGS AND GTIDS');
        } else {
          await c.query('RESET MASTER');
          await c.query("SET GLOBAL gtid_slave_pos = ''");
          await c.query('SET GLOBAL gtid_domain_id = 0');
        }
      });
    }),
  );
}

/**
 * Sets up `shape` on `servers` (after `resetReplication`): every link by GTID
 * auto-positioning, on its channel and with its delay, and waits until every link's threads
 * run. Does not stop `shape.stopped` (the test does, once it has written what it wants).
 */
export async function applyShape(
  servers: readonly RunningServer[],
  shape: TopologyShape,
): Promise<void> {
  for (const [index, domain] of shape.domainIds ?? []) {
    const server = servers[index]!;
    if (programOf(server.kind) === 'mariadb') {
      await run(server, [`SET GLOBAL gtid_domain_id = ${domain}`]);
    }
  }
  for (const link of shape.links) {
    const replica = servers[link.replica]!;
    const source = servers[link.source]!;
    const channel = link.channel ?? '';
    const delay = link.delaySeconds ?? 0;
    if (programOf(replica.kind) === 'mysql') {
      await run(replica, [
        `CHANGE REPLICATION SOURCE TO SOURCE_HOST = '${source.host}', SOURCE_PORT = ${source.port},
           SOURCE_USER = '${source.user}', SOURCE_PASSWORD = '', SOURCE_AUTO_POSITION = 1,
           GET_SOURCE_PUBLIC_KEY = 1, SOURCE_DELAY = ${delay} FOR CHANNEL '${channel}'`,
        `START REPLICA FOR CHANNEL '${channel}'`,
      ]);
    } else {
      await run(replica, [
        `CHANGE MASTER '${channel}' TO MASTER_HOST = '${source.host}', MASTER_PORT = ${source.port},
           MASTER_USER = '${source.user}', MASTER_PASSWORD = '', MASTER_USE_GTID = slave_pos,
           MASTER_DELAY = ${delay}`,
        `START SLAVE '${channel}'`,
      ]);
    }
  }
  await Promise.all(shape.links.map((link) => waitForChannel(servers[link.replica]!, link)));
}

async function waitForChannel(replica: RunningServer, link: ShapeLink): Promise<void> {
  const channel = link.channel ?? '';
  const deadline = Date.now() + 30_000;
  await withConnection(replica, async (c) => {
    for (;;) {
      const threads = await replicaThreads(c, replica.kind, channel);
      if (threads?.ioRunning === 'Yes' && threads.sqlRunning === 'Yes') return;
      if (Date.now() > deadline) {
        throw new Error(
          `channel '${channel}' of ${replica.name} not running: ${JSON.stringify(threads)}`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  });
}

/**
 * Waits until every link of `shape` that is not delayed has applied all its source executed,
 * repeated until nothing moves (co-masters pass writes back and forth; a chain passes them
 * down). MySQL: WAIT_FOR_EXECUTED_GTID_SET on what the source still has in its binary logs
 * (so call it before purging); MariaDB: MASTER_GTID_WAIT on the source's gtid_binlog_pos.
 */
export async function settleShape(
  servers: readonly RunningServer[],
  shape: TopologyShape,
): Promise<void> {
  const live = shape.links.filter((l) => !l.delaySeconds);
  for (let round = 0; round < live.length + 1; round++) {
    for (const link of live) {
      await waitApplied(servers[link.source]!, servers[link.replica]!);
    }
  }
}

async function waitApplied(source: RunningServer, replica: RunningServer): Promise<void> {
  const mysqlFlavor = programOf(source.kind) === 'mysql';
  const position = await withConnection(source, async (c) => {
    const [rows] = await c.query<mysql.RowDataPacket[]>(
      // What is in the binary logs: a GTID committed with sql_log_bin=0 never reaches replicas.
      mysqlFlavor
        ? 'SELECT GTID_SUBTRACT(@@GLOBAL.gtid_executed, @@GLOBAL.gtid_purged) AS p'
        : 'SELECT @@GLOBAL.gtid_binlog_pos AS p',
    );
    return String(rows[0]!.p);
  });
  if (position === '') return;
  const result = await withConnection(replica, async (c) => {
    const [rows] = await c.query<mysql.RowDataPacket[]>(
      mysqlFlavor
        ? 'SELECT WAIT_FOR_EXECUTED_GTID_SET(?, 30) AS r'
        : 'SELECT MASTER_GTID_WAIT(?, 30) AS r',
      [position],
    );
    return Number(rows[0]!.r);
  });
  if (result !== 0) {
    const threads = await withConnection(replica, (c) => replicaThreads(c, replica.kind));
    throw new Error(
      `${replica.name} did not apply ${position} from ${source.name}: ${JSON.stringify(threads)}`,
    );
  }
}
