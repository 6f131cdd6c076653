import type { Handlers } from '../backend/handlers';
import { openConnection } from '../db/open-connection';
import { readServerInfo } from '../db/read-server-info';
import type { ConnectionStore } from '../store/connection-store';
import { mergeSecrets } from './merge-secrets';
import { requireRetyped, secretsStillBound } from './secret-binding';

type ConnectionMethods =
  | 'connections.list'
  | 'connections.unreadable'
  | 'connections.save'
  | 'connections.duplicate'
  | 'connections.delete'
  | 'connections.test';

/** Saved connections: the store's CRUD plus a one-off connect that reports the server. */
export function connectionsService(store: ConnectionStore): Handlers<ConnectionMethods> {
  return {
    'connections.list': async () => store.list(),
    'connections.unreadable': async () => store.unreadable(),
    'connections.save': async ({ id, settings, secrets }) => {
      if (id === undefined) return store.save(id, settings, secrets);
      // Moving a connection elsewhere, or weakening its protection, forgets the secrets bound
      // to where and how they were saved.
      const { dropped } = secretsStillBound(store.get(id), settings, store.secretsOf(id));
      const patch = { ...secrets };
      for (const { secret } of dropped) if (typeof patch[secret] !== 'string') patch[secret] = null;
      return store.save(id, settings, patch);
    },
    'connections.duplicate': async ({ id }) => store.duplicate(id),
    'connections.delete': async ({ id }) => {
      await store.delete(id);
      return { deleted: true as const };
    },
    'connections.test': async ({ id, settings, secrets }) => {
      let stored = {};
      if (id !== undefined) {
        const bound = secretsStillBound(store.get(id), settings, store.secretsOf(id));
        requireRetyped(bound.dropped, secrets, settings);
        stored = bound.secrets;
      }
      const db = await openConnection(settings, mergeSecrets(stored, secrets));
      try {
        return await readServerInfo(db.conn, db.viaSsh, db.tlsCert);
      } finally {
        await db.close();
      }
    },
  };
}
