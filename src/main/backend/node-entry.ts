// The backend process of browser mode, forked by the web supervisor. One IPC channel carries
// every browser tab, each multiplexed as its own peer.
import path from 'node:path';
import type { ServerMessage } from '../../shared/api/wire';
import { openKeyFileSecretBox } from '../store/key-file-secret-box';
import { preparePrivateDataDir } from '../store/private-data-dir';
import { relayedDownloadOffers } from '../export/download-offer';
import { createBackend } from './backend';
import { defaultDataDir } from './data-dir';
import type { Peer } from './peer';
import { SupervisorToBackendSchema, type BackendToSupervisor } from './relay-protocol';

function send(message: BackendToSupervisor): void {
  process.send?.(message);
}

interface RelayedPeer extends Peer {
  deliver(message: unknown): void;
  close(): void;
}

function relayedPeer(client: string): RelayedPeer {
  let receiver: (message: unknown) => void = () => {};
  const closeListeners: Array<() => void> = [];
  return {
    id: client,
    send: (m: ServerMessage) => send({ k: 'msg', c: client, m }),
    onMessage: (r) => (receiver = r),
    onClose: (l) => closeListeners.push(l),
    deliver: (m) => receiver(m),
    close: () => closeListeners.forEach((l) => l()),
  };
}

async function main(): Promise<void> {
  if (!process.send) throw new Error('node-entry must be started by the web supervisor');
  const dataDir = defaultDataDir();
  // Before the key file in it is read or created (createBackend checks again; it is quick).
  await preparePrivateDataDir(dataDir);
  const secretBox = await openKeyFileSecretBox(path.join(dataDir, 'secret.key'));
  // The web server's private folder for exports the browser downloads (see web-server.ts).
  const downloadDir = process.env.SIGHTLINE_DOWNLOAD_DIR;
  const downloads = downloadDir
    ? relayedDownloadOffers(downloadDir, ({ client, ...rest }) =>
        send({ k: 'download', c: client, ...rest }),
      )
    : undefined;
  const backend = await createBackend({ mode: 'web', dataDir, secretBox, downloads });
  const peers = new Map<string, RelayedPeer>();

  process.on('message', (raw) => {
    const parsed = SupervisorToBackendSchema.safeParse(raw);
    if (!parsed.success) return;
    const msg = parsed.data;
    if (msg.k === 'open') {
      const peer = relayedPeer(msg.c);
      peers.set(msg.c, peer);
      backend.attach(peer);
    } else if (msg.k === 'msg') {
      peers.get(msg.c)?.deliver(msg.m);
    } else {
      peers.get(msg.c)?.close();
      peers.delete(msg.c);
    }
  });
  process.on('disconnect', () => {
    backend.close().finally(() => process.exit(0));
  });
  send({ k: 'ready' });
}

main().catch((e: unknown) => {
  const message = e instanceof Error ? e.message : String(e);
  console.error(`[backend] could not start: ${message}`);
  send({ k: 'fatal', message });
  process.exitCode = 1;
  setTimeout(() => process.exit(1), 100);
});
