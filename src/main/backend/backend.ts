import type { AppInfo } from '../../shared/api/contract';
import { appService } from '../services/app-service';
import { alterService } from '../services/alter-service';
import { connectionsService } from '../services/connections-service';
import type { ScreenReadTimeout } from '../services/screen-read-timeout';
import { explainService } from '../services/explain-service';
import { exportService } from '../services/export-service';
import type { DownloadOffers } from '../export/download-offer';
import type { ResultLimits } from '../services/query-result';
import { historyRecorder } from '../services/history-recorder';
import { historyService } from '../services/history-service';
import { processlistService } from '../services/processlist-service';
import { queryService } from '../services/query-service';
import { replicationService } from '../services/replication-service';
import { resultEditService } from '../services/result-edit-service';
import { schemaService } from '../services/schema-service';
import { SessionLocks } from '../services/session-locks';
import { slowlogService } from '../services/slowlog-service';
import { driftService } from '../services/drift-service';
import type { LivenessLimits } from '../services/drift/liveness-watch';
import { SessionRegistry } from '../services/session-registry';
import { sessionService } from '../services/session-service';
import { AlterHistoryStore } from '../store/alter-history-store';
import { ConnectionStore } from '../store/connection-store';
import { HistoryStore } from '../store/history-store';
import { PlanStore } from '../store/plan-store';
import { SettingsStore } from '../store/settings-store';
import { StoreWriteMonitor } from '../store/store-write-monitor';
import { lockDataDir } from '../store/data-dir-lock';
import { preparePrivateDataDir } from '../store/private-data-dir';
import { updatesService } from '../services/updates-service';
import { resultLimitsOf, settingsService } from '../services/settings-service';
import { TableSizesStore } from '../store/table-sizes-store';
import { tuningService } from '../services/tuning-service';
import { planRecorder, recordingExplain } from '../services/tuning/plan-recorder';
import type { SecretBox } from '../store/secret-box';
import type { CallContext, Handlers } from './handlers';
import type { Peer } from './peer';
import { checkedEvent, dispatch } from './router';
import { APP_VERSION } from './version';

export interface BackendOptions {
  mode: AppInfo['mode'];
  dataDir: string;
  secretBox: SecretBox;
  /** Row and memory limits of one result, instead of the user's settings (tests use small ones). */
  resultLimits?: ResultLimits;
  /** Browser mode: where exports become browser downloads (`query.exportDownload`). */
  downloads?: DownloadOffers;
  /** How data drift runs tell a silent server (tests use short ones). */
  driftLiveness?: LivenessLimits;
  /** How long a drift fix waits for a locked table on the replica, in s (tests use a short one). */
  driftFixLockWaitSeconds?: number;
  /**
   * How long a screen's poll (processlist, replication status, ALTER progress, Tuning) may go
   * unanswered before its connection is given up (tests use a short one); without it, the
   * user's setting (settings.screenReads), read at each call.
   */
  readTimeoutMs?: number;
}

export interface Backend {
  /** Serves one screen's transport until it closes. */
  attach(peer: Peer): void;
  close(): Promise<void>;
}

/** Builds every service over one store and serves them to any number of peers. */
export async function createBackend(options: BackendOptions): Promise<Backend> {
  await preparePrivateDataDir(options.dataDir);
  const lock = await lockDataDir(options.dataDir);
  const store = await ConnectionStore.open(options.dataDir, options.secretBox);
  if (store.warning) console.error(`[backend] ${store.warning}`);
  // Writes the disk refuses: told to every screen at once, kept in memory and retried.
  const writes = new StoreWriteMonitor();
  const screens = new Set<CallContext>();
  writes.onChange((status) => {
    for (const screen of screens) screen.emit('store.writeStatus', status);
  });
  const history = await HistoryStore.open(options.dataDir, { monitor: writes });
  if (history.warning) console.error(`[backend] ${history.warning}`);
  const settings = await SettingsStore.open(options.dataDir, { monitor: writes });
  if (settings.warning) console.error(`[backend] ${settings.warning}`);
  const alterHistory = new AlterHistoryStore(options.dataDir, { monitor: writes });
  const sessions = new SessionRegistry();
  const locks = new SessionLocks();
  const fixedLimits = options.resultLimits;
  const queries = queryService(
    store,
    sessions,
    fixedLimits ? () => fixedLimits : () => resultLimitsOf(settings.results),
    locks,
    historyRecorder(history, store),
  );
  const plans = await PlanStore.open(options.dataDir, {}, { monitor: writes });
  if (plans.warning) console.error(`[backend] ${plans.warning}`);
  const explain = explainService(store, sessions, locks, () => settings.plan);
  const fixedReadTimeout = options.readTimeoutMs;
  const screenReadTimeout: ScreenReadTimeout =
    fixedReadTimeout !== undefined
      ? () => fixedReadTimeout
      : () => settings.screenReads.timeoutSeconds * 1000;
  const recordPlan = planRecorder(plans, store, sessions);
  const handlers: Handlers = {
    ...appService(() => ({
      version: APP_VERSION,
      mode: options.mode,
      secretStorage: options.secretBox.kind,
      dataDir: options.dataDir,
      backendPid: process.pid,
      storeWarning:
        // The ALTER history is read at its first use: its warning shows from then on.
        [store.warning, history.warning, settings.warning, plans.warning, alterHistory.warning]
          .filter((w) => w !== null)
          .join(' ') || null,
      storeWrites: writes.failing,
    })),
    ...connectionsService(store),
    ...sessionService(store, sessions),
    ...queries,
    ...exportService(store, sessions, locks, queries['query.status'], {
      downloads: options.downloads,
    }),
    ...schemaService(sessions, screenReadTimeout),
    ...historyService(history),
    ...updatesService(settings, { currentVersion: APP_VERSION }),
    ...settingsService(settings),
    'explain.run': recordingExplain(explain['explain.run'], recordPlan),
    'explain.cancel': explain['explain.cancel'],
    'explain.giveUp': explain['explain.giveUp'],
    ...tuningService({
      store,
      sessions,
      plans,
      sizes: new TableSizesStore(options.dataDir),
      explain: explain['explain.run'],
      record: recordPlan,
      readTimeoutMs: screenReadTimeout,
    }),
    ...slowlogService(store, sessions),
    ...replicationService(store, sessions, screenReadTimeout),
    ...driftService(store, sessions, options.driftLiveness, options.driftFixLockWaitSeconds),
    ...processlistService(store, sessions, () => settings.plan, screenReadTimeout),
    ...alterService(store, sessions, alterHistory, { readTimeoutMs: screenReadTimeout }),
    ...resultEditService(store, sessions, locks),
  };

  return {
    attach(peer) {
      const closeListeners: Array<() => void> = [];
      let closed = false;
      const ctx: CallContext = {
        peerId: peer.id,
        emit(event, payload) {
          if (closed) return;
          const checked = checkedEvent(event, payload);
          if (checked !== null) peer.send({ t: 'event', name: event, payload: checked });
        },
        onPeerClose(listener) {
          closeListeners.push(listener);
        },
      };
      screens.add(ctx);
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
        screens.delete(ctx);
        for (const l of closeListeners) l();
      });
    },
    close: async () => {
      await sessions.closeAll();
      // What the last statements recorded is written before the process goes (a last try for
      // writes that were failing: whatever the disk still refuses is lost with the process).
      await Promise.all(
        [history, plans, settings, alterHistory].map(async (s) => {
          await s.flush().catch(() => undefined);
          s.close();
        }),
      );
      await lock.release();
    },
  };
}
