import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { tokenCookieName } from '../../src/main/web/request-guard';
import { startWebApp, type RunningWebApp } from './harness/web-app';

function get(port: number, pathAndQuery: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: pathAndQuery, headers }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/** Opens a WebSocket and reports either the HTTP status it was refused with, or 101. */
function wsStatus(
  url: string,
  options: WebSocket.ClientOptions,
): Promise<{ status: number; ws?: WebSocket }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, options);
    ws.once('open', () => resolve({ status: 101, ws }));
    ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    ws.once('error', (e) => reject(e));
  });
}

describe('browser mode refuses what it must', () => {
  let app: RunningWebApp;
  let host: string;
  let cookie: string;

  beforeAll(async () => {
    app = await startWebApp();
    host = `127.0.0.1:${app.port}`;
    cookie = `${tokenCookieName(app.port)}=${app.token}`;
  });
  afterAll(async () => app?.stop());

  it('binds to 127.0.0.1 with a random port and a long token', () => {
    expect(app.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{32}$/);
  });

  it('serves the printed URL: trades the token for an HttpOnly cookie, then serves the page with a CSP', async () => {
    const first = await get(app.port, `/?token=${app.token}`, { Host: host });
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/');
    expect(first.headers['set-cookie']?.[0]).toBe(`${cookie}; HttpOnly; SameSite=Strict; Path=/`);
    const page = await get(app.port, '/', { Host: host, Cookie: cookie });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain('unsafe-eval');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  it('refuses a page request without the token, or with a wrong one', async () => {
    expect((await get(app.port, '/', { Host: host })).status).toBe(401);
    expect((await get(app.port, '/?token=wrong', { Host: host })).status).toBe(401);
    // One character off: a different last character (the token itself may end in 'A').
    const last = app.token.at(-1) === 'A' ? 'B' : 'A';
    expect(
      (await get(app.port, `/?token=${app.token.slice(0, -1)}${last}`, { Host: host })).status,
    ).toBe(401);
  });

  it('refuses a foreign Host header even with the token (DNS rebinding)', async () => {
    const r = await get(app.port, `/?token=${app.token}`, { Host: `attacker.example:${app.port}` });
    expect(r.status).toBe(403);
    expect(r.body).toContain('Host not allowed');
  });

  it('refuses API WebSockets without the token, from another Origin, or for another Host', async () => {
    const url = `ws://${host}/api`;
    expect((await wsStatus(url, { origin: `http://${host}` })).status).toBe(401);
    expect(
      (await wsStatus(url, { origin: 'http://attacker.example', headers: { Cookie: cookie } }))
        .status,
    ).toBe(403);
    expect((await wsStatus(url, { headers: { Cookie: cookie } })).status).toBe(403);
    expect(
      (
        await wsStatus(url, {
          origin: `http://evil:${app.port}`,
          headers: { Cookie: cookie, Host: `evil:${app.port}` },
        })
      ).status,
    ).toBe(403);
  });

  it('serves the API to the right Origin with the token, validating every request', async () => {
    const { status, ws } = await wsStatus(`ws://${host}/api`, {
      origin: `http://${host}`,
      headers: { Cookie: cookie },
    });
    expect(status).toBe(101);
    const replies: unknown[] = [];
    const got = new Promise<void>((resolve) => {
      ws!.on('message', (d: Buffer) => {
        replies.push(JSON.parse(d.toString()));
        if (replies.length === 3) resolve();
      });
    });
    ws!.send(JSON.stringify({ t: 'call', id: 1, method: 'app.info', params: {} }));
    ws!.send(
      JSON.stringify({ t: 'call', id: 2, method: 'connections.delete', params: { id: 42 } }),
    );
    ws!.send(
      JSON.stringify({ t: 'call', id: 3, method: 'fs.readFile', params: { path: '/etc/passwd' } }),
    );
    await got;
    ws!.close();
    const byId = new Map(replies.map((r) => [(r as { id: number }).id, r]));
    expect(byId.get(1)).toMatchObject({
      ok: true,
      value: { mode: 'web', secretStorage: 'key-file', dataDir: app.dataDir },
    });
    expect(byId.get(2)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST', field: 'id' },
    });
    expect(byId.get(3)).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_METHOD', message: 'No such method: fs.readFile' },
    });
  });

  it('does not serve files outside the renderer', async () => {
    const r = await get(app.port, '/../main/web.js', { Host: host, Cookie: cookie });
    expect(r.status).toBe(404);
    const r2 = await get(app.port, '/%2e%2e/main/web.js', { Host: host, Cookie: cookie });
    expect(r2.status).toBe(404);
  });
});
