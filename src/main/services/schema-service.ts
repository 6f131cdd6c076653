import type { Connection } from 'mysql2/promise';
import type { schemaContract } from '../../shared/api/schema';
import type { ServerInfo } from '../../shared/server/server-info';
import type { CallContext, Handlers } from '../backend/handlers';
import { readColumns } from './schema/read-columns';
import { readCompletion } from './schema/read-completion';
import { readCreateStatement } from './schema/read-create-statement';
import { readCurrentSchema } from './schema/read-current-schema';
import { readIndexes } from './schema/read-indexes';
import { readObjects } from './schema/read-objects';
import { readSchemas } from './schema/read-schemas';
import { defaultScreenReadTimeout, type ScreenReadTimeout } from './screen-read-timeout';
import type { SessionRegistry } from './session-registry';

type SchemaMethods = keyof typeof schemaContract;

/**
 * Metadata for the schema browser and completion. Each call belongs to a session its screen
 * owns, and runs on that session's side connection: the editor's own connection is never used.
 */
export function schemaService(
  sessions: SessionRegistry,
  /** How long one read may go unanswered before the side connection is given up. */
  readTimeoutMs: ScreenReadTimeout = defaultScreenReadTimeout,
): Handlers<SchemaMethods> {
  // A frozen or cut-off server never fails a read: without a limit the browser's spinner would
  // turn for ever, and every later call on the side connection (completion, other screens of
  // the session) would queue behind it.
  function onSide<T>(
    sessionId: string,
    ctx: CallContext,
    fn: (conn: Connection, server: ServerInfo) => Promise<T>,
  ): Promise<T> {
    return sessions.owned(sessionId, ctx.peerId).session.withSideConnection(fn, {
      timeoutMs: readTimeoutMs(),
    });
  }

  return {
    'schema.schemas': async ({ sessionId }, ctx) => onSide(sessionId, ctx, readSchemas),
    'schema.objects': async ({ sessionId, schema }, ctx) =>
      onSide(sessionId, ctx, (conn, server) => readObjects(conn, server, schema)),
    'schema.columns': async ({ sessionId, schema, table }, ctx) =>
      onSide(sessionId, ctx, (conn, server) => readColumns(conn, server, schema, table)),
    'schema.indexes': async ({ sessionId, schema, table }, ctx) =>
      onSide(sessionId, ctx, (conn, server) => readIndexes(conn, server, schema, table)),
    'schema.createStatement': async ({ sessionId, schema, name, kind }, ctx) =>
      onSide(sessionId, ctx, (conn) => readCreateStatement(conn, schema, name, kind)),
    'schema.completion': async ({ sessionId }, ctx) => onSide(sessionId, ctx, readCompletion),
    'schema.current': async ({ sessionId }, ctx) => {
      const { session } = sessions.owned(sessionId, ctx.peerId);
      // The editor connection's id now (it changes when the session reconnects).
      const schema = await session.withSideConnection(
        (conn) => readCurrentSchema(conn, session.threadId),
        { timeoutMs: readTimeoutMs() },
      );
      return { schema };
    },
  };
}
