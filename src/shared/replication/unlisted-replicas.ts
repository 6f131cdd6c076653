/**
 * Binlog dump clients of a server that no known replica accounts for: each replica (given by
 * the host names it was reached under) accounts for one client from one of those hosts; what
 * is left are replicas that connect without being listed (no report_host), by client host.
 */
export function unlistedReplicaHosts(
  dumpClients: readonly string[],
  replicaHostNames: ReadonlyArray<readonly string[]>,
): string[] {
  const left = [...dumpClients];
  for (const names of replicaHostNames) {
    const at = left.findIndex((client) => names.includes(client));
    if (at >= 0) left.splice(at, 1);
  }
  return left;
}
