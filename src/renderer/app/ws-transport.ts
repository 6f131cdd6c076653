import type { ClientTransport } from '../../shared/api/client';
import {
  MAX_MESSAGE_BYTES,
  messageTooLargeError,
  utf8Length,
} from '../../shared/api/message-limits';
import type { ClientMessage } from '../../shared/api/wire';

/**
 * Browser mode: the API over a WebSocket back to the page's own server (the token travels as
 * the HttpOnly cookie set when the printed URL was opened). When the socket drops, screens are
 * told the backend is down and it reconnects on its own.
 */
export function webSocketTransport(url: string): ClientTransport {
  let receiver: (message: unknown) => void = () => {};
  let socket: WebSocket | null = null;
  let queue: string[] = [];
  let wasDown = false;
  let retryMs = 250;

  const open = () => {
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      retryMs = 250;
      for (const text of queue) ws.send(text);
      queue = [];
      if (wasDown) {
        wasDown = false;
        receiver({ t: 'backend', state: 'up' });
      }
    };
    ws.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      try {
        receiver(JSON.parse(event.data));
      } catch {
        // A frame that is not JSON is not ours; ignore it.
      }
    };
    ws.onclose = () => {
      socket = null;
      if (!wasDown) {
        wasDown = true;
        receiver({
          t: 'backend',
          state: 'down',
          reason: 'Lost the connection to the Sightline server; reconnecting.',
        });
      }
      setTimeout(open, retryMs);
      retryMs = Math.min(retryMs * 2, 5000);
    };
  };
  open();

  return {
    send(message: ClientMessage) {
      const text = JSON.stringify(message);
      // A frame over the server's limit would close the socket, and every session with it.
      // Three bytes per unit at most: only a long text needs counting.
      if (text.length * 3 > MAX_MESSAGE_BYTES) {
        const bytes = utf8Length(text);
        if (bytes > MAX_MESSAGE_BYTES) throw messageTooLargeError(bytes, MAX_MESSAGE_BYTES);
      }
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(text);
      else if (wasDown) throw new Error('the Sightline server is not reachable');
      else queue.push(text);
    },
    onMessage(r) {
      receiver = r;
    },
  };
}
