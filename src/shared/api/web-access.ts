// How a browser-mode page proves it was opened from the URL the server printed. Not by a cookie:
// browsers send a cookie to every port of a host (RFC 6265 §8.5), so any other server on
// 127.0.0.1 the browser visited would receive it. The token travels in the URL's fragment
// (never sent to a server), stays in the tab's sessionStorage (kept per origin, port included)
// and reaches the server only in the API WebSocket's handshake.

/** The subprotocol the API WebSocket speaks; the server selects it. */
export const API_SUBPROTOCOL = 'sightline';

const TOKEN_SUBPROTOCOL_PREFIX = 'sightline-token.';

/**
 * The subprotocol that carries `token` in the WebSocket handshake (the one request header a
 * page may set on a WebSocket). Tokens are base64url, which a subprotocol name may hold.
 */
export function tokenSubprotocol(token: string): string {
  return `${TOKEN_SUBPROTOCOL_PREFIX}${token}`;
}

/**
 * The token offered in a `Sec-WebSocket-Protocol` header (comma-separated names), or null when
 * none is.
 */
export function tokenFromSubprotocols(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const name = part.trim();
    if (name.startsWith(TOKEN_SUBPROTOCOL_PREFIX))
      return name.slice(TOKEN_SUBPROTOCOL_PREFIX.length);
  }
  return null;
}

/** The URL fragment key of the printed URL: `http://127.0.0.1:PORT/#token=...`. */
export const TOKEN_FRAGMENT_KEY = 'token';
