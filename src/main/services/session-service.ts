import type { Handlers } from '../backend/handlers';
import { DbSession } from '../db/db-session';
import type { ConnectionStore } from '../store/connection-store';
import { mergeSecrets } from './merge-secrets';
import { pinningOpener } from './tls-pin-on-first-use';
import type { SessionRegistry } from './session-registry';

/**
 * Server sessions opened by screens. Each belongs to the screen that opened it: its events go
 * there, and it is closed when that screen's transport goes away.
 */
export function sessionService(
  store: ConnectionStore,
  sessions: SessionRegistry,
): Handlers<'session.open' | 'session.close' | 'session.status'> {
  return {
    'session.open': async ({ connectionId, secrets }, ctx) => {
      const saved = store.get(connectionId);
      const session = new DbSession(
        saved,
        mergeSecrets(store.secretsOf(connectionId), secrets),
        pinningOpener(store, connectionId),
      );
      const server = await session.open();
      const { sessionId } = sessions.add(connectionId, ctx.peerId, session);
      session.onLost((error) => {
        if (sessions.has(sessionId)) {
          ctx.emit('session.lost', { sessionId, connectionId, error: error.toShape() });
        }
      });
      session.onReconnected((now) => {
        if (sessions.has(sessionId)) {
          ctx.emit('session.reconnected', { sessionId, connectionId, server: now });
        }
      });
      ctx.onPeerClose(() => void sessions.close(sessionId));
      return { sessionId, connectionId, server };
    },
    'session.close': async ({ sessionId }, ctx) => {
      sessions.owned(sessionId, ctx.peerId);
      return { closed: await sessions.close(sessionId) };
    },
    'session.status': async ({ sessionId }, ctx) => {
      const { session } = sessions.owned(sessionId, ctx.peerId);
      const { server, reconnected } = await session.status();
      return { sessionId, server, reconnected, inTransaction: session.inTransaction };
    },
  };
}
