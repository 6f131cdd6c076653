// The backend of the desktop app: an Electron utilityProcess. Each window reaches it through
// its own MessagePort, handed over by the main process.
import path from 'node:path';
import type { MessagePortMain } from 'electron';
import type { ServerMessage } from '../../shared/api/wire';
import { keySecretBox } from '../store/key-secret-box';
import { openKeyFileSecretBox } from '../store/key-file-secret-box';
import { preparePrivateDataDir } from '../store/private-data-dir';
import { createBackend, type Backend } from './backend';
import { MainToBackendSchema } from './electron-protocol';
import type { Peer } from './peer';

function portPeer(port: MessagePortMain, id: string): Peer {
  return {
    id,
    send: (m: ServerMessage) => port.postMessage(m),
    onMessage: (receiver) => {
      port.on('message', (e) => receiver(e.data));
      port.start();
    },
    onClose: (listener) => port.on('close', listener),
  };
}

let backend: Promise<Backend> | null = null;
let nextPeer = 1;

process.parentPort.on('message', (e) => {
  const parsed = MainToBackendSchema.safeParse(e.data);
  if (!parsed.success) return;
  const msg = parsed.data;
  if (msg.type === 'init' && !backend) {
    backend = (async () => {
      // Before the key file in it is read or created (createBackend checks again).
      await preparePrivateDataDir(msg.dataDir);
      const secretBox = msg.dataKey
        ? keySecretBox(Buffer.from(msg.dataKey, 'base64'), 'safe-storage')
        : await openKeyFileSecretBox(path.join(msg.dataDir, 'secret.key'));
      return createBackend({ mode: 'desktop', dataDir: msg.dataDir, secretBox });
    })();
    backend.catch((err: unknown) => {
      console.error('[backend] could not start:', err);
      process.exit(1);
    });
  } else if (msg.type === 'port' && backend) {
    const port = e.ports[0];
    if (!port) return;
    const peer = portPeer(port, `window-${msg.windowId}-${nextPeer++}`);
    backend.then((b) => b.attach(peer));
  }
});
