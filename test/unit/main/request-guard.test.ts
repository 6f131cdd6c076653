import { describe, expect, it } from 'vitest';
import { checkRequest, readCookie, tokenCookieName } from '../../../src/main/web/request-guard';
import { resolveStaticPath } from '../../../src/main/web/static-files';

const PORT = 41234;
const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';
const host = `127.0.0.1:${PORT}`;

describe('checkRequest', () => {
  it('accepts the printed URL and the cookie it sets', () => {
    expect(checkRequest({ url: `/?token=${TOKEN}`, host, websocket: false }, PORT, TOKEN)).toEqual({
      ok: true,
      viaQueryToken: true,
    });
    const cookie = `other=1; ${tokenCookieName(PORT)}=${TOKEN}`;
    expect(
      checkRequest({ url: '/assets/a.js', host, cookie, websocket: false }, PORT, TOKEN),
    ).toEqual({ ok: true, viaQueryToken: false });
  });

  it('refuses a missing or wrong token with 401', () => {
    expect(checkRequest({ url: '/', host, websocket: false }, PORT, TOKEN)).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(
      checkRequest({ url: `/?token=${TOKEN}x`, host, websocket: false }, PORT, TOKEN),
    ).toMatchObject({ ok: false, status: 401 });
    const otherPortCookie = `${tokenCookieName(PORT + 1)}=${TOKEN}`;
    expect(
      checkRequest({ url: '/', host, cookie: otherPortCookie, websocket: false }, PORT, TOKEN),
    ).toMatchObject({ ok: false, status: 401 });
  });

  it('refuses a foreign Host header even with the right token (DNS rebinding)', () => {
    for (const h of ['evil.example:41234', `127.0.0.1:${PORT + 1}`, undefined, '127.0.0.1']) {
      expect(
        checkRequest({ url: `/?token=${TOKEN}`, host: h, websocket: false }, PORT, TOKEN),
      ).toMatchObject({ ok: false, status: 403, reason: 'Host not allowed' });
    }
  });

  it('refuses a WebSocket from another Origin or with none', () => {
    const cookie = `${tokenCookieName(PORT)}=${TOKEN}`;
    expect(
      checkRequest(
        { url: '/api', host, cookie, origin: `http://${host}`, websocket: true },
        PORT,
        TOKEN,
      ),
    ).toMatchObject({ ok: true });
    for (const origin of ['http://evil.example', `https://${host}`, 'null', undefined]) {
      expect(
        checkRequest({ url: '/api', host, cookie, origin, websocket: true }, PORT, TOKEN),
      ).toMatchObject({ ok: false, status: 403, reason: 'Origin not allowed' });
    }
  });

  it('reads cookies exactly by name', () => {
    expect(readCookie('a=1; ab=2', 'ab')).toBe('2');
    expect(readCookie('xa=1', 'a')).toBeNull();
    expect(readCookie(undefined, 'a')).toBeNull();
  });
});

describe('resolveStaticPath', () => {
  const root = '/srv/renderer';
  it('maps paths inside the renderer folder', () => {
    expect(resolveStaticPath(root, '/')).toBe('/srv/renderer/index.html');
    expect(resolveStaticPath(root, '/assets/index-1.js')).toBe('/srv/renderer/assets/index-1.js');
  });
  it('refuses to leave it', () => {
    expect(resolveStaticPath(root, '/../secret.key')).toBeNull();
    expect(resolveStaticPath(root, '/%2e%2e/secret.key')).toBeNull();
    expect(resolveStaticPath(root, '/..%2f..%2fetc/passwd')).toBeNull();
    expect(resolveStaticPath(root, '/a%00b')).toBeNull();
    expect(resolveStaticPath(root, '/%E0%A4%A')).toBeNull();
  });
});
