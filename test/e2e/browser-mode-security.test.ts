import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { API_SUBPROTOCOL, tokenSubprotocol } from '../../src/shared/api/web-access';
import { launchBrowser, newCheckedPage, screenshot } from './harness/browser';
import { startWebApp, type RunningWebApp } from './harness/web-app';
import { openApp } from './harness/open-app';

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
  protocols: string[] = [],
): Promise<{ status: number; ws?: WebSocket }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols, options);
    ws.once('open', () => resolve({ status: 101, ws }));
    ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    ws.once('error', (e) => reject(e));
  });
}

describe('browser mode refuses what it must', () => {
  let app: RunningWebApp;
  let host: string;
  let withToken: string[];

  beforeAll(async () => {
    app = await startWebApp();
    host = `127.0.0.1:${app.port}`;
    withToken = [API_SUBPROTOCOL, tokenSubprotocol(app.token)];
  });
  afterAll(async () => app?.stop());

  it('binds to 127.0.0.1 with a random port and a long token in the fragment', () => {
    expect(app.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{32}$/);
  });

  it('serves the page (the app, none of the user’s data) with a CSP and never sets a cookie', async () => {
    const page = await get(app.port, '/', { Host: host });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain('unsafe-eval');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    // An old printed URL's query token is nothing to this server: no cookie, no redirect.
    const old = await get(app.port, `/?token=${app.token}`, { Host: host });
    expect(old.status).toBe(200);
    expect(old.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a foreign Host header (DNS rebinding)', async () => {
    const r = await get(app.port, '/', { Host: `attacker.example:${app.port}` });
    expect(r.status).toBe(403);
    expect(r.body).toContain('Host not allowed');
  });

  it('refuses API WebSockets without the token, with a wrong one, from another Origin, or for another Host', async () => {
    const url = `ws://${host}/api`;
    const origin = `http://${host}`;
    expect((await wsStatus(url, { origin })).status).toBe(401);
    expect((await wsStatus(url, { origin }, [API_SUBPROTOCOL])).status).toBe(401);
    // One character off: a different last character (the token itself may end in 'A').
    const last = app.token.at(-1) === 'A' ? 'B' : 'A';
    const wrong = [API_SUBPROTOCOL, tokenSubprotocol(`${app.token.slice(0, -1)}${last}`)];
    expect((await wsStatus(url, { origin }, wrong)).status).toBe(401);
    // The token as a cookie, as earlier versions took it, opens nothing now.
    const cookie = { Cookie: `sightline_token_${app.port}=${app.token}` };
    expect((await wsStatus(url, { origin, headers: cookie }, [API_SUBPROTOCOL])).status).toBe(401);
    expect((await wsStatus(url, { origin: 'http://attacker.example' }, withToken)).status).toBe(
      403,
    );
    expect((await wsStatus(url, {}, withToken)).status).toBe(403);
    expect(
      (
        await wsStatus(
          url,
          { origin: `http://evil:${app.port}`, headers: { Host: `evil:${app.port}` } },
          withToken,
        )
      ).status,
    ).toBe(403);
  });

  it('keeps the token from other servers of 127.0.0.1 the browser visits, and out of the address bar', async () => {
    // Another local server (another port of the same host), as the reviewer's attack used:
    // whatever the browser sends it is recorded.
    const seen: http.IncomingHttpHeaders[] = [];
    const other = http.createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<img src="/pixel.png">');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherPort = (other.address() as { port: number }).port;
    const browser = await launchBrowser();
    try {
      const { page, errors } = await newCheckedPage(browser);
      await openApp(page, app);
      // The connections list comes from the API: it answers.
      await page.getByText('No saved connections yet.').waitFor();
      expect(page.url()).toBe(`http://${host}/`);
      await page.reload();
      // The tab kept its token: the API answers after a reload too.
      await page.getByText('No saved connections yet.').waitFor();
      expect(await page.getByTestId('backend-down').count()).toBe(0);
      await page.goto(`http://127.0.0.1:${otherPort}/`);
      await expect.poll(() => seen.length).toBeGreaterThanOrEqual(2);
      for (const headers of seen) expect(JSON.stringify(headers)).not.toContain(app.token);
      expect(seen.every((h) => h.cookie === undefined)).toBe(true);
      // A new tab at the plain address has no token: it says what to open, and reaches nothing.
      const { page: bare } = await newCheckedPage(browser);
      await bare.goto(`http://${host}/`);
      const banner = bare.getByTestId('backend-down');
      await banner.waitFor();
      expect(await banner.textContent()).toBe(
        '⚠ This page was opened without its access token: open the URL that npm run web printed (it ends with #token=…).',
      );
      // Nothing was read: the rail does not claim there are no saved connections.
      expect(await bare.getByTestId('connections-unread').textContent()).toBe(
        'Saved connections could not be read: see the message beside. They show here once the backend answers.',
      );
      expect(await bare.getByText('No saved connections yet.').count()).toBe(0);
      await screenshot(bare, 'browser-mode-no-token');
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it('serves the API to the right Origin with the token, validating every request', async () => {
    const { status, ws } = await wsStatus(
      `ws://${host}/api`,
      { origin: `http://${host}` },
      withToken,
    );
    expect(status).toBe(101);
    // The handshake's answer names the API's subprotocol, not the token.
    expect(ws!.protocol).toBe(API_SUBPROTOCOL);
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
    const r = await get(app.port, '/../main/web.js', { Host: host });
    expect(r.status).toBe(404);
    const r2 = await get(app.port, '/%2e%2e/main/web.js', { Host: host });
    expect(r2.status).toBe(404);
  });
});
