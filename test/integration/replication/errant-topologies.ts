import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplicationTopology } from '../../../src/shared/replication';
import type { RunningServer } from '../../servers/instance';
import { disconnectReplicas } from '../../servers/replication';
import { startWriteLoad, type WriteLoad } from '../../servers/topology-write-load';
import { programOf, type ServerKind } from '../../servers/server-kind';
import {
  applyShape,
  resetReplication,
  settleShape,
  topologyShapes,
  useServerSet,
  type TopologyShape,
} from '../../servers/topology-shapes';
import { startBackend, type BackendUnderTest } from '../backend/backend-harness';
import { openSession } from '../backend/session-helpers';
import {
  inject,
  MARIADB_INJECTIONS,
  mariadbOracle,
  MYSQL_INJECTIONS,
  mysqlOracle,
  nodeIn,
  normalizedByServer,
  readGtidVariables,
  seededRandom,
  sourcesIn,
  topologySeed,
  type Expected,
  type GtidVariables,
} from './errant-scenario';

/**
 * The seeded randomized errant-transaction run on one flavor: three servers reshaped into each
 * topology shape in turn, errant and legitimate writes injected at random places, then every
 * node's finding from 'replication.topology' compared with the oracle. One test per shape, each
 * with its own stream from the printed seed, so a failure replays with
 * SIGHTLINE_TOPOLOGY_SEED=<seed>.
 */
/** Rounds per shape: each a fresh reset, new roles and new random writes. */
const ROUNDS = 6;

export function errantTopologySuite(kind: ServerKind, title: string): void {
  const seed = topologySeed();
  const servers = useServerSet(kind, 3);
  const mysqlFlavor = programOf(kind) === 'mysql';

  describe(`${title}: errant transactions on generated topologies (SIGHTLINE_TOPOLOGY_SEED=${seed})`, () => {
    let b: BackendUnderTest;
    let sessions: string[];

    beforeAll(async () => {
      console.log(
        `errant topologies on ${kind}: seed ${seed} (replay with SIGHTLINE_TOPOLOGY_SEED=${seed})`,
      );
      b = await startBackend();
      sessions = [];
      for (const [i, s] of servers().entries())
        sessions.push(await openSession(b, s, `set ${i + 1}`));
    });
    afterAll(async () => {
      await b?.dispose();
    });

    const topologyFrom = async (sessionId: string): Promise<ReplicationTopology> => {
      const t = await b.call('replication.topology', { sessionId });
      if (!t.ok) throw new Error(`${t.error.code}: ${t.error.message}`);
      return t.value;
    };

    const shapeNames = topologyShapes([0, 1, 2]).map((s) => s.name);
    for (const [shapeIndex, shapeName] of shapeNames.entries()) {
      it(`${shapeName}: no false positive, no miss`, async () => {
        const random = seededRandom(seed * 31 + shapeIndex);
        const all = servers();
        // Several rounds of the same shape, each with new roles and writes.
        for (let round = 0; round < ROUNDS; round++) {
          const order = permutation(random);
          const shape = topologyShapes(order)[shapeIndex]!;
          const log: string[] = [`round ${round}, shape ${shape.name}, roles ${order.join(',')}`];
          try {
            await runCase(all, shape, random, log);
          } catch (e) {
            console.log(`seed ${seed}, ${log.join('; ')}`);
            throw e;
          }
        }
      }, 150_000);
    }

    async function runCase(
      all: RunningServer[],
      shape: TopologyShape,
      random: ReturnType<typeof seededRandom>,
      log: string[],
    ): Promise<void> {
      await resetReplication(all, 'topo_');
      await applyShape(all, shape);
      // Every server that is nobody's replica, and co-masters, write their own traffic.
      for (const [i, s] of all.entries()) {
        if (sourcesIn(shape, i).length === 0 || isCoMaster(shape, i)) {
          await inject(s, 'write', `base_${i}`, random);
        }
      }
      await settleShape(all, shape);

      const injections = mysqlFlavor ? MYSQL_INJECTIONS : MARIADB_INJECTIONS;
      const delayedSources = new Set(
        shape.links.filter((l) => l.delaySeconds).map((l) => l.source),
      );
      const steps = 4 + random.int(4);
      for (let step = 0; step < steps; step++) {
        const at = random.int(all.length);
        let what = injections[random.int(injections.length)]!;
        // A delayed replica may not have fetched everything yet: never purge under it.
        if (what === 'purge' && delayedSources.has(at)) what = 'write';
        log.push(`${what}@${at}`);
        if (what === 'purge') await settleShape(all, shape);
        await inject(all[at]!, what, `${step}_${at}`, random);
        if (random.int(2) === 0) await settleShape(all, shape);
      }
      // Half the rounds, a source keeps writing while discovery runs: its own traffic only
      // adds legitimate transactions, so the errant sets read before it still hold.
      const writers = all
        .map((_, i) => i)
        .filter(
          (i) =>
            !(shape.stopped ?? []).includes(i) &&
            (sourcesIn(shape, i).length === 0 || isCoMaster(shape, i)),
        );
      const loadAt = random.int(2) === 0 ? writers[random.int(writers.length)]! : null;
      if (loadAt !== null) await inject(all[loadAt]!, 'write', `load_${loadAt}`, random);
      await settleShape(all, shape);

      // Discovery from a server that stays up, picked at random: first with every server up
      // (what the backend remembers them by), then again once the stopped ones are down.
      const stopped = shape.stopped ?? [];
      const reachable = all.map((_, i) => !stopped.includes(i));
      const candidates = all.map((_, i) => i).filter((i) => reachable[i]);
      const from = candidates[random.int(candidates.length)]!;
      log.push(`discovered from ${from}`);
      await topologyFrom(sessions[from]!);
      const lastKnown = new Map<number, GtidVariables>();
      for (const i of stopped) {
        lastKnown.set(i, await readGtidVariables(all[i]!));
        // MySQL takes ~10 s to stop with a replica attached, ~1 s once it is let go.
        await disconnectReplicas(all[i]!);
        await all[i]!.stop();
        log.push(`stopped ${i}`);
      }
      const before = await readAll(all, reachable, lastKnown);
      let load: WriteLoad | null = null;
      if (loadAt !== null) {
        log.push(`load on ${loadAt}`);
        load = await startWriteLoad(all[loadAt]!, `topo_load_${loadAt}.t`);
      }
      const t = await topologyFrom(sessions[from]!);
      if (load) {
        await load.stop();
        await settleShape(all, {
          ...shape,
          links: shape.links.filter((l) => reachable[l.replica] && reachable[l.source]),
        });
      }
      const after = await readAll(all, reachable, lastKnown);
      if (!load) expect(after, 'the servers changed during discovery').toEqual(before);

      const evaluator = all[from]!;
      const oracle = async (vars: GtidVariables[], i: number): Promise<Expected> => {
        const sources = sourcesIn(shape, i).map((j) => vars[j]!);
        if (sources.length === 0) return { gtids: '', purged: '' };
        return mysqlFlavor
          ? mysqlOracle(evaluator, vars[i]!, sources)
          : mariadbOracle(vars[i]!, sources);
      };
      for (const [i, s] of all.entries()) {
        const node = nodeIn(t, s);
        if (!reachable[i]) {
          expect(node.reachable).toBe(false);
          expect(node.errant).toBeNull();
          continue;
        }
        const expected = await oracle(before, i);
        // The load added nothing errant anywhere (checked once it has been applied).
        if (load) expect(await oracle(after, i), `load, server ${i}`).toEqual(expected);
        const found = node.errant;
        const actual: Expected = mysqlFlavor
          ? {
              gtids: await normalizedByServer(evaluator, found?.gtids ?? ''),
              purged: await normalizedByServer(evaluator, found?.purged ?? ''),
            }
          : {
              gtids: (found?.localWrites ?? [])
                .map((w) => w.gtid)
                .sort()
                .join(','),
              purged: '',
            };
        expect(actual, `server ${i} (${node.id}), ${log.join('; ')}`).toEqual(expected);
      }
    }
  });
}

function isCoMaster(shape: TopologyShape, i: number): boolean {
  return shape.links.some(
    (l) => l.source === i && shape.links.some((m) => m.source === l.replica && m.replica === i),
  );
}

function permutation(random: { int(n: number): number }): [number, number, number] {
  const items = [0, 1, 2];
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items as [number, number, number];
}

async function readAll(
  all: RunningServer[],
  reachable: boolean[],
  lastKnown: Map<number, GtidVariables>,
): Promise<GtidVariables[]> {
  const out: GtidVariables[] = [];
  for (const [i, s] of all.entries()) {
    out.push(reachable[i] ? await readGtidVariables(s) : lastKnown.get(i)!);
  }
  return out;
}
