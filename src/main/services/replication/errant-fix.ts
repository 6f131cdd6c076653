import { ApiError } from '../../../shared/api/errors';
import type { FixOutcome, FixTarget } from '../../../shared/api/replication';
import {
  emptyTransactionFixPlan,
  FixPlanTooLargeError,
} from '../../../shared/gtid/empty-transaction-fix-plan';
import { gtidSubtract } from '../../../shared/gtid/gtid-set-algebra';
import { requireGtidSet } from '../../../shared/gtid/parse-gtid-set';
import { downstreamOf } from '../../../shared/replication/errant-references';
import { errorToApi } from '../../db/error-to-api';
import type { Discovery } from './discover-topology';
import { readErrantContents } from './read-errant-contents';
import type { ErrantContents } from '../../../shared/replication/errant-binlog-contents';

/** Why the other fix exists and why Sightline does not run it. */
export const RESET_ALTERNATIVE =
  'The other way is to make the replica forget the errant transactions: on the replica, STOP REPLICA; RESET BINARY LOGS AND GTIDS (RESET MASTER before MySQL 8.4); SET GLOBAL gtid_purged = <the source’s gtid_executed>; START REPLICA. That deletes all of its binary logs, so anything replicating from it or reading its binlogs (backups, CDC) breaks, and the data the errant transactions changed stays changed on that replica only. Sightline never runs it; do it yourself if you judge it right.';

/**
 * The empty-transaction plan for `nodeId`'s errant transactions: for every other reachable
 * MySQL server, the GTIDs it lacks, sources (servers that are nobody's replica) first; all from
 * the discovery's one reading of each server. Never a server below `nodeId`: it receives the
 * real transactions by replication, and one that lags (a delayed replica, or any under
 * traffic) would otherwise get empty ones first and then skip the real ones.
 */
export function planErrantFix(
  discovery: Discovery,
  nodeId: string,
): { errant: string; targets: FixTarget[] } {
  const node = discovery.topology.nodes.find((n) => n.id === nodeId);
  if (!node) {
    throw new ApiError({
      code: 'NOT_FOUND',
      message: `${nodeId} is not in the topology any more. Refresh the topology.`,
    });
  }
  const finding = node.errant;
  if (!finding || finding.method === 'mariadb-local') {
    if (finding) {
      throw new ApiError({
        code: 'INVALID_REQUEST',
        message:
          'MariaDB local writes have no empty-transaction fix: redo the write on the source, or give local writes their own gtid_domain_id.',
      });
    }
    return { errant: '', targets: [] };
  }
  const errant = requireGtidSet(finding.gtids);
  const below = downstreamOf(discovery.graph, nodeId);
  const others = discovery.topology.nodes
    .filter(
      (n) => n.id !== nodeId && !below.has(n.id) && n.reachable && n.server?.flavor !== 'mariadb',
    )
    .sort((a, b) => Number(a.channels.length > 0) - Number(b.channels.length > 0));
  const targets: FixTarget[] = [];
  for (const other of others) {
    const missing = gtidSubtract(errant, requireGtidSet(other.server!.gtidExecuted));
    if (missing.isEmpty) continue;
    try {
      const plan = emptyTransactionFixPlan(missing);
      targets.push({
        nodeId: other.id,
        transactions: plan.transactions,
        statements: plan.statements,
        script: plan.script,
      });
    } catch (e) {
      if (e instanceof FixPlanTooLargeError) {
        throw new ApiError({ code: 'INVALID_REQUEST', message: e.message });
      }
      throw e;
    }
  }
  return { errant: finding.gtids, targets };
}

/**
 * What `nodeId`'s errant transactions did, read from its binary logs (see readErrantContents);
 * null where there is nothing to read: no errant GTIDs, or MariaDB local writes.
 */
export async function errantContents(
  discovery: Discovery,
  nodeId: string,
): Promise<ErrantContents | null> {
  const finding = discovery.topology.nodes.find((n) => n.id === nodeId)?.errant;
  const node = discovery.nodes.get(nodeId);
  if (!finding || finding.method === 'mariadb-local' || !node) return null;
  return readErrantContents(node.link, requireGtidSet(finding.inBinlogs));
}

/** True when two plans would run the same statements on the same servers. */
export function samePlan(a: readonly FixTarget[], b: readonly FixTarget[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (t, i) =>
        t.nodeId === b[i]!.nodeId &&
        t.statements.length === b[i]!.statements.length &&
        t.statements.every((s, j) => s === b[i]!.statements[j]),
    )
  );
}

/**
 * Runs each target's statements in order on one connection to it, stopping at the first
 * failure (after putting GTID_NEXT back to AUTOMATIC on that connection).
 */
// The fix's statements are never cut off by a read timeout half way through.
const WRITES = { timeoutMs: null };

export async function runErrantFix(
  discovery: Discovery,
  targets: readonly FixTarget[],
): Promise<FixOutcome[]> {
  const outcomes: FixOutcome[] = [];
  for (const target of targets) {
    const node = discovery.nodes.get(target.nodeId);
    let failedStatement: string | null = null;
    try {
      if (!node) throw new ApiError({ code: 'NOT_FOUND', message: `${target.nodeId} is gone.` });
      await node.link.run(async (conn) => {
        for (const statement of target.statements) {
          failedStatement = statement;
          try {
            await conn.query(statement);
          } catch (e) {
            await conn.query('ROLLBACK').catch(() => undefined);
            await conn.query("SET GTID_NEXT='AUTOMATIC'").catch(() => undefined);
            throw e;
          }
        }
        failedStatement = null;
      }, WRITES);
      outcomes.push({ nodeId: target.nodeId, ok: true, failedStatement: null, error: null });
    } catch (e) {
      outcomes.push({
        nodeId: target.nodeId,
        ok: false,
        failedStatement,
        error: errorToApi(e).toShape(),
      });
      break;
    }
  }
  return outcomes;
}
