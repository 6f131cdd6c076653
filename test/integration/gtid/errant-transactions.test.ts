import type mysql from 'mysql2/promise';
import { describe, expect, it } from 'vitest';
import {
  classifyErrant,
  emptyTransactionFixPlan,
  errantOf,
  formatGtidSet,
  gtidSetMembers,
  requireGtidSet,
  seedErrantOf,
  type GtidSet,
} from '../../../src/shared/gtid';
import { queryRow, withConnection } from '../../servers/connect';
import { useTopology } from '../../servers/dedicated-servers';
import type { RunningServer } from '../../servers/instance';
import { waitForCatchUp, waitForReplicaThreads } from '../../servers/replication';

// A real errant transaction on MySQL 9.7: a source and two replicas, a write made directly on
// replica 1 (untagged and tagged), found by errantOf, fixed by the empty-transaction plan; then
// the seed method with the source stopped.

const topology = useTopology('mysql', 2);

/** The value of one SQL expression on `server`. */
const scalar = async (server: RunningServer, expression: string): Promise<string> =>
  withConnection(server, async (c) => String((await queryRow(c, `SELECT ${expression} AS v`)).v));
const executedOf = async (server: RunningServer): Promise<GtidSet> =>
  requireGtidSet(await scalar(server, '@@GLOBAL.gtid_executed'));
const run = (server: RunningServer, statements: string[]) =>
  withConnection(server, async (c: mysql.Connection) => {
    for (const statement of statements) await c.query(statement);
  });

describe('errant transactions on a real MySQL 9.7 topology', () => {
  it('finds the errant transactions of replica 1, and the fix plan makes them harmless', async () => {
    const { source, replicas } = topology();
    const [replica1, replica2] = replicas as [RunningServer, RunningServer];
    const uuid1 = await scalar(replica1, '@@server_uuid');

    await run(replica1, [
      'CREATE DATABASE errant_db',
      // MySQL 8.3+ makes tagged GTIDs with AUTOMATIC:<tag>.
      "SET gtid_next = 'AUTOMATIC:errant_tag'",
      'CREATE DATABASE errant_tagged',
      "SET gtid_next = 'AUTOMATIC'",
    ]);
    const [sourceExecuted, executed1, executed2] = await Promise.all([
      executedOf(source),
      executedOf(replica1),
      executedOf(replica2),
    ]);
    const errant = errantOf(executed1, sourceExecuted);
    expect(formatGtidSet(errant)).toBe(`${uuid1}:1:errant_tag:1`);
    // The same answer as the server's own arithmetic.
    const serverAnswer = await withConnection(source, (c) =>
      queryRow(c, 'SELECT GTID_SUBTRACT(@@GLOBAL.gtid_executed, ?) AS v', [
        formatGtidSet(executed1),
      ]),
    );
    expect(String(serverAnswer.v)).toBe('');
    const replicaAnswer = await withConnection(replica1, (c) =>
      queryRow(c, 'SELECT GTID_SUBTRACT(@@GLOBAL.gtid_executed, ?) AS v', [
        formatGtidSet(sourceExecuted),
      ]),
    );
    expect(String(replicaAnswer.v)).toBe(formatGtidSet(errant));
    expect(errantOf(executed2, sourceExecuted).isEmpty).toBe(true);
    // Nothing purged yet: the errant transactions are all still in replica 1's binary logs.
    const purged1 = requireGtidSet(await scalar(replica1, '@@GLOBAL.gtid_purged'));
    expect(formatGtidSet(classifyErrant(errant, purged1).inBinlogs)).toBe(formatGtidSet(errant));

    const plan = emptyTransactionFixPlan(errant);
    expect(plan.statements).toEqual([
      `SET GTID_NEXT='${uuid1}:1'`,
      'BEGIN',
      'COMMIT',
      `SET GTID_NEXT='${uuid1}:errant_tag:1'`,
      'BEGIN',
      'COMMIT',
      "SET GTID_NEXT='AUTOMATIC'",
    ]);
    await run(source, plan.statements);
    await run(replica2, plan.statements);
    await waitForCatchUp(source, replica1);
    await waitForCatchUp(source, replica2);

    const [sourceAfter, after1, after2] = await Promise.all([
      executedOf(source),
      executedOf(replica1),
      executedOf(replica2),
    ]);
    expect(errantOf(after1, sourceAfter).isEmpty).toBe(true);
    expect(errantOf(after2, sourceAfter).isEmpty).toBe(true);
    // The databases exist only on replica 1: the injected transactions are empty.
    const errantSchemas = (server: RunningServer) =>
      scalar(
        server,
        "(SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE 'errant%')",
      );
    expect(await errantSchemas(source)).toBe('0');
    expect(await errantSchemas(replica2)).toBe('0');
    expect(await errantSchemas(replica1)).toBe('2');
    await waitForReplicaThreads(replica1, 5000);
    await waitForReplicaThreads(replica2, 5000);
  });

  it('finds errant transactions by the seed method with the source stopped', async () => {
    const { source, replicas } = topology();
    const [replica1, replica2] = replicas as [RunningServer, RunningServer];
    const [sourceUuid, uuid1] = await Promise.all([
      scalar(source, '@@server_uuid'),
      scalar(replica1, '@@server_uuid'),
    ]);
    const before1 = await executedOf(replica1);
    await run(replica1, ['CREATE DATABASE errant_again']);
    // Replica 2 falls behind: replica 1 alone gets the source's next transaction.
    await run(replica2, ['STOP REPLICA']);
    await run(source, ['CREATE DATABASE only_replica_1_has_it']);
    await waitForCatchUp(source, replica1);
    await source.stop();

    const [executed1, executed2] = await Promise.all([executedOf(replica1), executedOf(replica2)]);
    const newOnReplica1 = formatGtidSet(requireGtidSet(`${uuid1}:${countOwn(before1, uuid1) + 1}`));
    expect(formatGtidSet(seedErrantOf(executed1, [executed2], sourceUuid))).toBe(newOnReplica1);
    // Without leaving out the source UUID, replica 1's lead in the source's stream would count.
    expect(formatGtidSet(seedErrantOf(executed1, [executed2], uuid1))).toMatch(
      new RegExp(`^${sourceUuid}:\\d+$`),
    );
    expect(seedErrantOf(executed2, [executed1], sourceUuid).isEmpty).toBe(true);
  });
});

/** The last untagged transaction number of `uuid` in `set` (0 when it has none). */
function countOwn(set: GtidSet, uuid: string): number {
  const own = gtidSetMembers(set).find((member) => member.uuid === uuid && member.tag === '');
  return own ? Number(own.ranges[own.ranges.length - 1]!.last) : 0;
}
