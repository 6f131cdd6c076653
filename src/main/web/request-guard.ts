import { timingSafeEqual } from 'node:crypto';

/**
 * Browser mode listens on 127.0.0.1 only, but any web page the user visits can still try to
 * reach it: by DNS rebinding (a foreign Host header), by cross-site WebSocket (a foreign
 * Origin), or by guessing. These checks refuse all three; the token is the user's proof of
 * having been given the printed URL.
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

/** Cookies are shared by every port of a host, so the name carries the port. */
export function tokenCookieName(port: number): string {
  return `sightline_token_${port}`;
}

/** The value of one cookie from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export type GuardVerdict =
  { ok: true; viaQueryToken: boolean } | { ok: false; status: 401 | 403; reason: string };

/** Decides whether a request (page, asset or WebSocket upgrade) may be served. */
export function checkRequest(
  req: { url: string; host?: string; origin?: string; cookie?: string; websocket: boolean },
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
  const queryToken = new URL(req.url, 'http://x').searchParams.get('token');
  if (tokenMatches(queryToken, token)) return { ok: true, viaQueryToken: true };
  if (tokenMatches(readCookie(req.cookie, tokenCookieName(port)), token)) {
    return { ok: true, viaQueryToken: false };
  }
  return {
    ok: false,
    status: 401,
    reason: 'Missing or wrong token: open the URL that `npm run web` printed',
  };
}
