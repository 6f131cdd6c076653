import { timingSafeEqual } from 'node:crypto';
import { tokenFromSubprotocols } from '../../shared/api/web-access';

/**
 * Browser mode listens on 127.0.0.1 only, but any web page the user visits can still try to
 * reach it: by DNS rebinding (a foreign Host header), by cross-site WebSocket (a foreign
 * Origin), or by guessing. These checks refuse all three; the token is the user's proof of
 * having been given the printed URL (see shared/api/web-access for how it travels).
 */

/** The Host header must name this loopback server exactly (defeats DNS rebinding). */
export function isAllowedHost(hostHeader: string | undefined, port: number): boolean {
  return hostHeader === `127.0.0.1:${port}` || hostHeader === `localhost:${port}`;
}

/** A WebSocket must come from a page served by this server, at the host it asked for. */
export function isAllowedOrigin(
  origin: string | undefined,
  hostHeader: string | undefined,
): boolean {
  return origin !== undefined && hostHeader !== undefined && origin === `http://${hostHeader}`;
}

/** Compares tokens in constant time. */
export function tokenMatches(candidate: string | null | undefined, token: string): boolean {
  if (!candidate) return false;
  const a = Buffer.from(candidate);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type GuardVerdict = { ok: true } | { ok: false; status: 401 | 403; reason: string };

/**
 * Decides whether a request may be served. Pages and assets (the app's code, nothing of the
 * user's) need the right Host and, when sent, Origin; the API WebSocket also needs the token,
 * offered as a subprotocol (`protocols`: its Sec-WebSocket-Protocol header). Downloads carry a
 * one-time token of their own (see download-route).
 */
export function checkRequest(
  req: { host?: string; origin?: string; protocols?: string; websocket: boolean },
  port: number,
  token: string,
): GuardVerdict {
  if (!isAllowedHost(req.host, port)) {
    return { ok: false, status: 403, reason: 'Host not allowed' };
  }
  if (req.websocket && !isAllowedOrigin(req.origin, req.host)) {
    return { ok: false, status: 403, reason: 'Origin not allowed' };
  }
  if (!req.websocket && req.origin !== undefined && !isAllowedOrigin(req.origin, req.host)) {
    return { ok: false, status: 403, reason: 'Origin not allowed' };
  }
  if (!req.websocket || tokenMatches(tokenFromSubprotocols(req.protocols), token))
    return { ok: true };
  return {
    ok: false,
    status: 401,
    reason: 'Missing or wrong token: open the URL that `npm run web` printed',
  };
}
