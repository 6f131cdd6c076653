import type { Handlers } from '../backend/handlers';
import { openConnection } from '../db/open-connection';
import { readServerInfo } from '../db/read-server-info';
import type { ConnectionStore } from '../store/connection-store';
import { mergeSecrets } from './merge-secrets';

type ConnectionMethods =
  | 'connections.list'
  | 'connections.save'
  | 'connections.duplicate'
  | 'connections.delete'
  | 'connections.test';

/** Saved connections: the store's CRUD plus a one-off connect that reports the server. */
export function connectionsService(store: ConnectionStore): Handlers<ConnectionMethods> {
  return {
    'connections.list': async () => store.list(),
    'connections.save': async ({ id, settings, secrets }) => store.save(id, settings, secrets),
    'connections.duplicate': async ({ id }) => store.duplicate(id),
    'connections.delete': async ({ id }) => {
      await store.delete(id);
      return { deleted: true as const };
    },
    'connections.test': async ({ id, settings, secrets }) => {
      const stored = id !== undefined ? store.secretsOf(id) : {};
      const db = await openConnection(settings, mergeSecrets(stored, secrets));
      try {
        return await readServerInfo(db.conn, db.viaSsh);
      } finally {
        await db.close();
      }
    },
  };
}
