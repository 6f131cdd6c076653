import { randomUUID } from 'node:crypto';
import { ApiError } from '../../shared/api/errors';
import type { CallContext, Handlers } from '../backend/handlers';
import { DbSession } from '../db/db-session';
import type { ConnectionStore } from '../store/connection-store';
import { mergeSecrets } from './merge-secrets';

interface OpenSession {
  session: DbSession;
  connectionId: string;
  peerId: string;
}

/**
 * Server sessions opened by screens. Each belongs to the screen that opened it: its events go
 * there, and it is closed when that screen's transport goes away.
 */
export function sessionService(
  store: ConnectionStore,
): Handlers<'session.open' | 'session.close' | 'session.status'> & { closeAll(): Promise<void> } {
  const sessions = new Map<string, OpenSession>();

  function owned(sessionId: string, ctx: CallContext): OpenSession {
    const s = sessions.get(sessionId);
    if (!s || s.peerId !== ctx.peerId) {
      throw new ApiError({ code: 'NOT_FOUND', message: `No open session ${sessionId}` });
    }
    return s;
  }

  async function close(sessionId: string): Promise<boolean> {
    const s = sessions.get(sessionId);
    if (!s) return false;
    sessions.delete(sessionId);
    await s.session.close();
    return true;
  }

  return {
    'session.open': async ({ connectionId, secrets }, ctx) => {
      const saved = store.get(connectionId);
      const session = new DbSession(saved, mergeSecrets(store.secretsOf(connectionId), secrets));
      const server = await session.open();
      const sessionId = randomUUID();
      sessions.set(sessionId, { session, connectionId, peerId: ctx.peerId });
      session.onLost((error) => {
        if (sessions.has(sessionId)) {
          ctx.emit('session.lost', { sessionId, connectionId, error: error.toShape() });
        }
      });
      ctx.onPeerClose(() => void close(sessionId));
      return { sessionId, connectionId, server };
    },
    'session.close': async ({ sessionId }, ctx) => {
      owned(sessionId, ctx);
      return { closed: await close(sessionId) };
    },
    'session.status': async ({ sessionId }, ctx) => {
      const s = owned(sessionId, ctx);
      const { server, reconnected } = await s.session.status();
      return { sessionId, server, reconnected };
    },
    async closeAll() {
      await Promise.all([...sessions.keys()].map((id) => close(id)));
    },
  };
}
