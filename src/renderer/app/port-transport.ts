import type { ClientTransport } from '../../shared/api/client';
import {
  MAX_PORT_MESSAGE_BYTES,
  messageTooLargeError,
  structuredSizeBound,
} from '../../shared/api/message-limits';
import type { ClientMessage } from '../../shared/api/wire';

export interface DesktopBridge {
  requestPort(): void;
  /** Opens an http(s) URL in the user's browser, right after a click (see open-external). */
  openExternal?(url: string): Promise<boolean>;
}

/**
 * Desktop app: the API over a MessagePort to the backend utility process. The preload script
 * posts the port (and backend up/down news) to this window; a restarted backend sends a new port.
 */
export function messagePortTransport(bridge: DesktopBridge): ClientTransport {
  let receiver: (message: unknown) => void = () => {};
  let port: MessagePort | null = null;
  let queue: ClientMessage[] = [];
  let hadPort = false;

  window.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== window || event.origin !== window.location.origin) return;
    const data = event.data as { sightline?: unknown; state?: unknown; reason?: unknown } | null;
    if (data?.sightline === 'port' && event.ports[0]) {
      port?.close();
      port = event.ports[0];
      port.onmessage = (e) => receiver(e.data);
      port.start();
      for (const m of queue) port.postMessage(m);
      queue = [];
      if (hadPort) receiver({ t: 'backend', state: 'up' });
      hadPort = true;
    } else if (data?.sightline === 'backend' && data.state === 'down') {
      port?.close();
      port = null;
      receiver({ t: 'backend', state: 'down', reason: data.reason });
    }
  });
  bridge.requestPort();

  return {
    send(message) {
      // Chromium's IPC does not carry a message over 256 MiB: the channel fails (electron#12470),
      // and every session of the window with it.
      const size = structuredSizeBound(message);
      if (size > MAX_PORT_MESSAGE_BYTES) throw messageTooLargeError(size, MAX_PORT_MESSAGE_BYTES);
      if (port) port.postMessage(message);
      else if (hadPort) throw new Error('the backend is restarting');
      else queue.push(message);
    },
    onMessage(r) {
      receiver = r;
    },
  };
}
