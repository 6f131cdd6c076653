import { describe, expect, it } from 'vitest';
import { checkRequest } from '../../../src/main/web/request-guard';
import { resolveStaticPath } from '../../../src/main/web/static-files';
import {
  API_SUBPROTOCOL,
  tokenFromSubprotocols,
  tokenSubprotocol,
} from '../../../src/shared/api/web-access';

const PORT = 41234;
const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';
const host = `127.0.0.1:${PORT}`;
const origin = `http://${host}`;
const protocols = `${API_SUBPROTOCOL}, ${tokenSubprotocol(TOKEN)}`;

describe('checkRequest', () => {
  it('serves the page and its assets at this host without a token: they are the app, not data', () => {
    expect(checkRequest({ host, websocket: false }, PORT, TOKEN)).toEqual({ ok: true });
    expect(
      checkRequest(
        { host: `localhost:${PORT}`, origin: `http://localhost:${PORT}`, websocket: false },
        PORT,
        TOKEN,
      ),
    ).toEqual({ ok: true });
  });

  it('opens the API WebSocket only with the token offered as a subprotocol', () => {
    expect(checkRequest({ host, origin, protocols, websocket: true }, PORT, TOKEN)).toEqual({
      ok: true,
    });
    for (const offered of [
      undefined,
      API_SUBPROTOCOL,
      `${API_SUBPROTOCOL}, ${tokenSubprotocol(`${TOKEN}x`)}`,
      `${API_SUBPROTOCOL}, ${tokenSubprotocol(TOKEN.slice(0, -1))}`,
      `${API_SUBPROTOCOL}, ${TOKEN}`,
    ]) {
      expect(
        checkRequest({ host, origin, protocols: offered, websocket: true }, PORT, TOKEN),
      ).toMatchObject({ ok: false, status: 401 });
    }
  });

  it('refuses a foreign Host header even with the right token (DNS rebinding)', () => {
    for (const h of ['evil.example:41234', `127.0.0.1:${PORT + 1}`, undefined, '127.0.0.1']) {
      for (const websocket of [false, true])
        expect(
          checkRequest({ host: h, origin: `http://${h}`, protocols, websocket }, PORT, TOKEN),
        ).toMatchObject({ ok: false, status: 403, reason: 'Host not allowed' });
    }
  });

  it('refuses a WebSocket from another Origin or with none, and a page request from another', () => {
    for (const o of ['http://evil.example', `https://${host}`, 'null', undefined]) {
      expect(
        checkRequest({ host, origin: o, protocols, websocket: true }, PORT, TOKEN),
      ).toMatchObject({ ok: false, status: 403, reason: 'Origin not allowed' });
    }
    expect(
      checkRequest({ host, origin: 'http://evil.example', websocket: false }, PORT, TOKEN),
    ).toMatchObject({ ok: false, status: 403, reason: 'Origin not allowed' });
  });

  it('reads the token from the subprotocols offered, by its exact prefix', () => {
    expect(tokenFromSubprotocols(`${API_SUBPROTOCOL},${tokenSubprotocol('abc')}`)).toBe('abc');
    expect(tokenFromSubprotocols(` ${tokenSubprotocol('a-b_c')} , x`)).toBe('a-b_c');
    expect(tokenFromSubprotocols('xsightline-token.abc')).toBeNull();
    expect(tokenFromSubprotocols(API_SUBPROTOCOL)).toBeNull();
    expect(tokenFromSubprotocols(undefined)).toBeNull();
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
