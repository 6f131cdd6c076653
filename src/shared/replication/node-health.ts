import type { ApiErrorShape } from '../api/errors';
import { channelProblems } from './channel-health';
import type { ErrantFinding } from './errant-finding';
import type { ReplicationChannel } from './replication-channel';
import type { ReplicationProblem } from './replication-problem';
import { worstFirst, worstOf, type Severity } from '../severity';
import type { NodeServer } from './topology-model';

/**
 * Everything wrong with one server of a topology, worst first: unreachable, errant
 * transactions, each channel's problems, a writable replica.
 */
export function nodeProblems(node: {
  error: ApiErrorShape | null;
  server: NodeServer | null;
  channels: readonly ReplicationChannel[];
  errant: ErrantFinding | null;
  /** Why errant transactions could not be checked (see TopologyNode.errantUnchecked). */
  errantUnchecked?: string | null;
}): { problems: ReplicationProblem[]; health: Severity } {
  const problems: ReplicationProblem[] = [];
  if (node.error) {
    problems.push({
      severity: 'danger',
      code: 'unreachable',
      channel: null,
      title: 'Could not be read',
      detail: `${node.error.message}${node.error.serverCode ? ` (server error ${node.error.serverCode})` : ''}`,
    });
  }
  if (node.errant) {
    const mariadb = node.errant.method === 'mariadb-local';
    problems.push({
      severity: 'danger',
      code: 'errant',
      channel: null,
      title: mariadb
        ? `Local writes in a replicated domain: ${node.errant.gtids}`
        : `${node.errant.count} errant transaction${node.errant.count === '1' ? '' : 's'}: ${node.errant.gtids}`,
      detail: node.errant.consequence,
    });
  }
  if (node.errantUnchecked) {
    problems.push({
      severity: 'warning',
      code: 'errant-unchecked',
      channel: null,
      title: 'Errant transactions not checked',
      detail: node.errantUnchecked,
    });
  }
  for (const channel of node.channels)
    problems.push(...channelProblems(channel, node.server?.flavor ?? null));
  if (node.server && node.channels.length > 0 && !node.server.readOnly) {
    problems.push({
      severity: 'warning',
      code: 'writable-replica',
      channel: null,
      title: 'Replica is writable',
      detail: `read_only is OFF: anyone with write privileges can create errant transactions here. ${
        node.server.flavor === 'mariadb'
          ? 'SET GLOBAL read_only = ON (and read_only = ON in the option file).'
          : 'SET PERSIST super_read_only = ON (it sets read_only too).'
      }`,
    });
  }
  if (
    node.server !== null &&
    node.server.flavor !== 'mariadb' &&
    node.channels.length > 0 &&
    node.server.readOnly &&
    !node.server.superReadOnly
  ) {
    problems.push({
      severity: 'info',
      code: 'admin-writable-replica',
      channel: null,
      title: 'Administrators can still write here',
      detail:
        'read_only is ON but super_read_only is OFF: accounts with SUPER or CONNECTION_ADMIN (a DBA running a fix, a migration tool) still write, and each such write is an errant transaction. SET PERSIST super_read_only = ON closes that.',
    });
  }
  const sorted = worstFirst(problems);
  return { problems: sorted, health: worstOf(sorted) };
}
