import { z } from 'zod';

/**
 * One run of one server: from its start to its stop. Connection (thread) ids are unique only
 * within a run: after a restart, or behind an address that now leads to another server
 * (failover), the same id names somebody else's connection. Anything that names a thread later
 * (KILL) must first check that it still talks to the run the id was seen in.
 */
export const ServerRunSchema = z.object({
  /** `@@hostname`. */
  hostname: z.string(),
  /** `@@server_id`, as text (it is an unsigned 32-bit number). */
  serverId: z.string(),
  /** When the server started, epoch ms, by the backend's clock (now − Uptime): ±1 s. */
  startedAtMs: z.number().int().nonnegative(),
});
export type ServerRun = z.infer<typeof ServerRunSchema>;

/**
 * How far two readings of the same run's start may differ: Uptime counts whole seconds, and
 * each reading adds its round trip. A server cannot stop and start again within this.
 */
export const SERVER_RUN_START_TOLERANCE_MS = 2500;

/**
 * True when both readings come from the same run of the same server: same host name and
 * server id, and starts within SERVER_RUN_START_TOLERANCE_MS of each other.
 */
export function sameServerRun(a: ServerRun, b: ServerRun): boolean {
  return (
    a.hostname === b.hostname &&
    a.serverId === b.serverId &&
    Math.abs(a.startedAtMs - b.startedAtMs) <= SERVER_RUN_START_TOLERANCE_MS
  );
}

/** Words for a run, for messages: "db-1 (server id 7), up since 2026-11-25 19:09:21 UTC". */
export function describeServerRun(run: ServerRun): string {
  const since = new Date(run.startedAtMs).toISOString().slice(0, 19).replace('T', ' ');
  return `${run.hostname} (server id ${run.serverId}), up since ${since} UTC`;
}
