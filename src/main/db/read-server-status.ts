import type { Connection } from 'mysql2/promise';
import { streamStatement } from './stream-statement';
import { ownStatement } from './tagged-connection';

/**
 * Asks for the session's status flags after a statement that failed (an error packet carries
 * none, and a failed statement may still have committed: DDL commits before it runs). `SHOW
 * COUNT(*) WARNINGS` is a diagnostic statement: it leaves the failed statement's errors and
 * warnings in place for the user's own SHOW WARNINGS.
 */
export function readServerStatus(conn: Connection): Promise<number | null> {
  return new Promise((resolve) => {
    streamStatement(conn, ownStatement('SHOW COUNT(*) WARNINGS'), {
      columns() {},
      row() {},
      end: (_header, status) => resolve(status),
      error: () => resolve(null),
    });
  });
}
