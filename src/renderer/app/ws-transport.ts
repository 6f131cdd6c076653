import type { ClientTransport } from '../../shared/api/client';
import {
  MAX_MESSAGE_BYTES,
  messageTooLargeError,
  utf8Length,
} from '../../shared/api/message-limits';
import { API_SUBPROTOCOL, tokenSubprotocol } from '../../shared/api/web-access';
import type { ClientMessage } from '../../shared/api/wire';

/** What the page says when it was opened without the printed URL's token. */
export const NO_TOKEN_REASON =
  'This page was opened without its access token: open the URL that npm run web printed (it ends with #token=…).';

/**
 * Browser mode: the API over a WebSocket back to the page's own server, `token` offered in the
 * handshake (see shared/api/web-access). When the socket drops, screens are told the backend is
 * down and it reconnects on its own. Without a token nothing is tried: screens are told why.
 */
export function webSocketTransport(url: string, token: string | null): ClientTransport {
  let receiver: (message: unknown) => void = () => {};
  let socket: WebSocket | null = null;
  let queue: string[] = [];
  let wasDown = false;
  let retryMs = 250;
  /** Set when the page went into the back/forward cache: no reconnecting from there. */
  let leftPage = false;

  const open = () => {
    const ws = new WebSocket(url, [API_SUBPROTOCOL, tokenSubprotocol(token!)]);
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
      if (leftPage) return;
      if (!wasDown) {
        wasDown = true;
        receiver({
          t: 'backend',
          state: 'down',
          // A server started again has a new token: this page's no longer opens the API.
          reason:
            'Lost the connection to the Sightline server; reconnecting. If it was started again, open the new URL it printed.',
        });
      }
      setTimeout(open, retryMs);
      retryMs = Math.min(retryMs * 2, 5000);
    };
  };
  if (token) {
    open();
    // A page left for another one can stay alive in the browser's back/forward cache, socket
    // included, and with it every server session it opened: open transactions and their locks
    // held for minutes by a page no one sees. Leaving closes the socket (the backend then closes
    // the sessions); coming back from that cache starts the page afresh.
    // Only in a page: tests drive this transport from Node, where there is no window.
    if (typeof window !== 'undefined') {
      window.addEventListener('pagehide', (event) => {
        if (!event.persisted) return;
        leftPage = true;
        socket?.close();
      });
      window.addEventListener('pageshow', (event) => {
        if (event.persisted && leftPage) location.reload();
      });
    }
  } else {
    wasDown = true;
    // Told once the screens listen (onMessage comes after this returns).
    queueMicrotask(() => receiver({ t: 'backend', state: 'down', reason: NO_TOKEN_REASON }));
  }

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
