/** What a server was last seen replicating from, and who it was. */
export interface LastSeen {
  /** Its sources, by the name of the node each resolved to in that discovery. */
  sources: Array<{ host: string; port: number }>;
  /** MySQL server_uuid; null on MariaDB. */
  uuid: string | null;
}

/**
 * The replication links of every server as last read, per discovery start, for the backend
 * process's life. A server that is down says nothing about its sources; this is how a replica
 * of a replica whose middle server is stopped is still tied to the top and compared with it.
 * Scoped by the start server because `host:port` only names a server as seen from there (two
 * SSH tunnels may both reach a different `10.0.0.5:3306`). Bounded: the oldest scope goes first.
 */
export class LastSeenLinks {
  private readonly scopes = new Map<string, Map<string, LastSeen>>();

  constructor(private readonly maxScopes = 50) {}

  /** The links seen from `scope`, by node id. */
  of(scope: string): ReadonlyMap<string, LastSeen> {
    return this.scopes.get(scope) ?? new Map();
  }

  /** Records what reachable servers said now; servers not in `seen` keep what they said before. */
  record(scope: string, seen: ReadonlyMap<string, LastSeen>): void {
    const links = new Map(this.scopes.get(scope) ?? []);
    for (const [id, s] of seen) links.set(id, s);
    this.scopes.delete(scope);
    this.scopes.set(scope, links);
    while (this.scopes.size > this.maxScopes) {
      this.scopes.delete(this.scopes.keys().next().value!);
    }
  }
}

/** The one memory of the backend process (discovery is called per request, with no state). */
export const lastSeenLinks = new LastSeenLinks();
