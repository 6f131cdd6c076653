import type { Connection } from 'mysql2/promise';
import { selectRows, textOrNull } from './metadata-query';

/**
 * The current schema of connection `threadId` (what DATABASE() says there), read from the
 * process list on another connection so that connection is not touched nor waited for.
 * A user always sees their own threads; null when the thread is gone or has no schema.
 */
export async function readCurrentSchema(
  conn: Connection,
  threadId: number | null,
): Promise<string | null> {
  if (threadId === null) return null;
  const [row] = await selectRows(
    conn,
    'SELECT DB AS db FROM information_schema.PROCESSLIST WHERE ID = ?',
    [threadId],
  );
  return textOrNull(row?.db);
}
