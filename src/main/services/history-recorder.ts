import type { SavedConnection } from '../../shared/api/connection';
import { defaultSchemaAfter } from '../../shared/sql/default-schema-change';
import { splitStatements } from '../../shared/sql/split-statements';
import type { DbSession } from '../db/db-session';
import type { ConnectionStore } from '../store/connection-store';
import type { HistoryStore } from '../store/history-store';
import type { QueryFinishedListener } from './query-service';
import { statementLexing } from './statement-lexing';

/** One session's default schema, followed from the statements it runs. */
interface SchemaTrack {
  /** What a new connection of the session starts in: the default schema, then the init SQL. */
  readonly initial: string | null;
  current: string | null;
  /** The connection broke since the last statement: the next one runs on a new connection. */
  lost: boolean;
  /** The connection as it was first seen, for when it has been deleted since. */
  readonly name: string;
  readonly color: SavedConnection['color'];
}

/**
 * The longest a statement's end waits for its history line to reach the file. Normally the
 * line is written (one append and flush) well before this; a disk that hangs must not keep the
 * screen from learning the statement ended.
 */
const MAX_WAIT_FOR_FILE_MS = 5_000;

/**
 * Records every finished statement into the history, with the connection's name and colour and
 * the session's default schema when it started. The returned promise settles once the line is
 * in the file (or the write failed: the store then keeps it, retries it and reports the
 * failure), so the query service announces the end only after it: a backend killed right after
 * a screen learns a statement finished still has it in its history. The schema is followed from the statements
 * themselves (see defaultSchemaAfter) rather than asked for, because asking would cost a round
 * trip and, worse, reset what the user's next statement may read (`ROW_COUNT()`,
 * `FOUND_ROWS()`, warnings).
 */
export function historyRecorder(
  history: HistoryStore,
  connections: ConnectionStore,
): QueryFinishedListener {
  const tracks = new WeakMap<DbSession, SchemaTrack>();
  const lexingOf = statementLexing();

  function trackOf(session: DbSession, connection: SavedConnection | null): SchemaTrack {
    let track = tracks.get(session);
    if (!track) {
      const initial = initialSchema(connection);
      const made: SchemaTrack = {
        initial,
        current: initial,
        lost: false,
        name: connection?.name ?? 'Deleted connection',
        color: connection?.color ?? 'gray',
      };
      session.onLost(() => (made.lost = true));
      tracks.set(session, made);
      track = made;
    }
    return track;
  }

  return (status, owner, startedAt) => {
    if (status.state === 'running') return;
    const connection = savedConnection(connections, owner.connectionId);
    const track = trackOf(owner.session, connection);
    // The statement that found the connection broken still ran on the old one.
    if (track.lost && status.error?.code !== 'CONNECTION_LOST') {
      track.current = track.initial;
      track.lost = false;
    }
    const schema = track.current;
    if (status.state === 'done') track.current = defaultSchemaAfter(status.sql, schema);
    const error = status.error;
    const written = history.append({
      connectionId: owner.connectionId,
      connectionName: connection?.name ?? track.name,
      connectionColor: connection?.color ?? track.color,
      schema,
      startedAt: new Date(startedAt).toISOString(),
      durationMs: status.elapsedMs,
      state: status.state,
      rows: status.columns ? status.rowCount : null,
      affectedRows: status.columns ? null : status.affectedRows,
      error: error && {
        code: error.code,
        ...(error.serverCode !== undefined ? { serverCode: error.serverCode } : {}),
        ...(error.sqlState !== undefined ? { sqlState: error.sqlState } : {}),
        message: error.message,
      },
      sql: status.sql,
      lexing: lexingOf(owner.session),
    });
    // A failed write is the store's to report (at once, to every screen) and to retry.
    return settledWithin(written, MAX_WAIT_FOR_FILE_MS);
  };
}

/** Resolves when `promise` settles, or after `ms`, whichever comes first; never rejects. */
function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    promise.then(done, done);
  });
}

function savedConnection(connections: ConnectionStore, id: string): SavedConnection | null {
  try {
    return connections.get(id);
  } catch {
    return null;
  }
}

/** The schema a new connection starts in: the default schema, then any `USE` in the init SQL. */
function initialSchema(connection: SavedConnection | null): string | null {
  if (!connection) return null;
  let schema = connection.defaultSchema === '' ? null : connection.defaultSchema;
  for (const statement of splitStatements(connection.initSql)) {
    schema = defaultSchemaAfter(statement.text, schema);
  }
  return schema;
}
