import type { ThreadKind } from './process-row';

/** What tells a thread's purpose: columns of the processlist and, on MySQL, of threads. */
export interface ThreadFacts {
  user: string;
  command: string;
  /** performance_schema.threads NAME (`thread/sql/one_connection`), when known. */
  threadName?: string | null;
  /** performance_schema.threads TYPE (`FOREGROUND` / `BACKGROUND`), when known. */
  threadType?: string | null;
}

const REPLICATION_COMMANDS =
  /^(binlog dump|binlog dump gtid|slave_io|slave_sql|slave_worker|connect out|register slave)$/i;
const REPLICATION_THREADS = /^thread\/sql\/(replica|slave|rpl|applier|coordinator)/i;

/**
 * Tells clients from the server's own threads: replication (a replica's dump thread here, the
 * applier threads there), daemons (event scheduler, InnoDB purge shown as `Daemon`) and other
 * background threads. Clients are everything else.
 */
export function classifyThread(facts: ThreadFacts): ThreadKind {
  if (REPLICATION_COMMANDS.test(facts.command)) return 'replication';
  if (facts.threadName && REPLICATION_THREADS.test(facts.threadName)) return 'replication';
  if (facts.command === 'Daemon' || facts.user === 'event_scheduler') return 'daemon';
  if (facts.threadType === 'BACKGROUND' || facts.user === 'system user') return 'system';
  return 'client';
}
