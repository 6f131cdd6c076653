import type { AppInfo } from '../../shared/api/contract';
import { appService } from '../services/app-service';
import { connectionsService } from '../services/connections-service';
import type { ResultLimits } from '../services/query-result';
import { queryService } from '../services/query-service';
import { SessionRegistry } from '../services/session-registry';
import { sessionService } from '../services/session-service';
import { ConnectionStore } from '../store/connection-store';
import type { SecretBox } from '../store/secret-box';
import type { CallContext, Handlers } from './handlers';
import type { Peer } from './peer';
import { dispatch } from './router';
import { APP_VERSION } from './version';

export interface BackendOptions {
  mode: AppInfo['mode'];
  dataDir: string;
  secretBox: SecretBox;
  /** Row and memory limits of one result (settings; tests use small ones). */
  resultLimits?: ResultLimits;
}

export interface Backend {
  /** Serves one screen's transport until it closes. */
  attach(peer: Peer): void;
  close(): Promise<void>;
}

/** Builds every service over one store and serves them to any number of peers. */
export async function createBackend(options: BackendOptions): Promise<Backend> {
  const store = await ConnectionStore.open(options.dataDir, options.secretBox);
  if (store.warning) console.error(`[backend] ${store.warning}`);
  const sessions = new SessionRegistry();
  const handlers: Handlers = {
    ...appService(() => ({
      version: APP_VERSION,
      mode: options.mode,
      secretStorage: options.secretBox.kind,
      dataDir: options.dataDir,
      backendPid: process.pid,
      storeWarning: store.warning,
    })),
    ...connectionsService(store),
    ...sessionService(store, sessions),
    ...queryService(sessions, options.resultLimits),
  };

  return {
    attach(peer) {
      const closeListeners: Array<() => void> = [];
      let closed = false;
      const ctx: CallContext = {
        peerId: peer.id,
        emit(event, payload) {
          if (!closed) peer.send({ t: 'event', name: event, payload });
        },
        onPeerClose(listener) {
          closeListeners.push(listener);
        },
      };
      peer.onMessage((raw) => {
        dispatch(handlers, raw, ctx).then(
          (reply) => {
            if (reply && !closed) peer.send(reply);
          },
          (e: unknown) => console.error('[backend] dispatch failed:', e),
        );
      });
      peer.onClose(() => {
        closed = true;
        for (const l of closeListeners) l();
      });
    },
    close: () => sessions.closeAll(),
  };
}
