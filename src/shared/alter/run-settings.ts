import type { Capabilities } from '../server/capabilities';

/**
 * The session settings an ALTER run makes before its statement, in order: what the
 * confirmation shows and what the backend runs, from this one place. lock_wait_timeout bounds
 * the metadata lock waits (at the start and at the end); on MariaDB, a max_statement_time
 * (a server or account default against runaway queries) would stop the ALTER after that long
 * and throw its work away, so the run lifts it for itself.
 */
export function runSettingsSql(lockWaitSeconds: number, capabilities: Capabilities): string[] {
  return [
    `SET SESSION lock_wait_timeout = ${Math.trunc(lockWaitSeconds)}`,
    ...(capabilities.statementTimeoutStopsAlter ? ['SET SESSION max_statement_time = 0'] : []),
  ];
}
