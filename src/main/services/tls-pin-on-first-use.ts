import {
  samePasswordTarget,
  tlsModePins,
  type ConnectionSettings,
  type Secrets,
} from '../../shared/api/connection';
import type { DbConnection } from '../db/db-connection';
import { openConnection } from '../db/open-connection';
import type { ConnectionStore } from '../store/connection-store';

/**
 * Opens connections for the saved connection `connectionId`, trusting the server's TLS
 * certificate on first use: in the modes that do not verify it (preferred, required), the first
 * login over TLS without a pin stores the certificate presented, and every later connection
 * (reconnects and side connections of a session opened before, too) is held to it.
 */
export function pinningOpener(
  store: ConnectionStore,
  connectionId: string,
): (settings: ConnectionSettings, secrets: Secrets) => Promise<DbConnection> {
  return async (settings, secrets) => {
    const used = withStoredPin(store, connectionId, settings);
    const db = await openConnection(used, secrets);
    if (db.tlsCert && !db.tlsCert.pinned && mayPin(used)) {
      try {
        if (await store.pinTlsCertificate(connectionId, used, db.tlsCert.sha256)) {
          db.tlsCert.pinned = true;
        }
      } catch (err) {
        // Unsaved, the pin is taken on a later connect: the session itself is fine.
        process.emitWarning(`The TLS certificate could not be pinned: ${String(err)}`);
      }
    }
    return db;
  };
}

function mayPin(settings: ConnectionSettings): boolean {
  return tlsModePins(settings.tls.mode) && settings.tls.serverCertSha256 === undefined;
}

/**
 * `settings` with the pin stored since they were read (a session outlives the first-use pin of
 * its own first connection), while the stored connection still aims at the same server.
 */
function withStoredPin(
  store: ConnectionStore,
  connectionId: string,
  settings: ConnectionSettings,
): ConnectionSettings {
  if (!mayPin(settings)) return settings;
  let stored: ConnectionSettings;
  try {
    stored = store.get(connectionId);
  } catch {
    return settings;
  }
  const pin = stored.tls.serverCertSha256;
  if (pin === undefined || stored.tls.mode !== settings.tls.mode) return settings;
  if (!samePasswordTarget(stored, settings)) return settings;
  return { ...settings, tls: { ...settings.tls, serverCertSha256: pin } };
}
