import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { defaultConnectionSettings } from '../../../src/shared/api/connection';
import type { ExportStatus } from '../../../src/shared/api/export';
import type { QueryStatus } from '../../../src/shared/api/query';
import { API_SUBPROTOCOL, tokenSubprotocol } from '../../../src/shared/api/web-access';
import { startWebServer, type WebServer } from '../../../src/main/web/web-server';
import { testServers } from '../../servers/provided';
import { startBackend } from '../backend/backend-harness';

const REPO = path.resolve(import.meta.dirname, '../../..');
const ROWS = 20_000;
/** Every row a different text, some needing CSV quotes: the download must hold them exactly. */
const SQL = `WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${ROWS})
  SELECT n, CONCAT('row "', n, '", ü') AS label FROM s`;
const EXPECTED_CSV = [
  'n,label',
  ...Array.from({ length: ROWS }, (_, i) => `${i + 1},"row ""${i + 1}"", ü"`),
  '',
].join('\r\n');

/** One page of browser mode: a WebSocket with the token and Origin the page has. */
class Page {
  private nextId = 1;
  private readonly waiting = new Map<
    number,
    (m: { ok: boolean; value?: unknown; error?: { code: string; message: string } }) => void
  >();
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (d: Buffer) => {
      const m = JSON.parse(d.toString()) as { t: string; id: number; ok: boolean };
      if (m.t === 'result') this.waiting.get(m.id)?.(m);
    });
  }

  static async open(server: WebServer): Promise<Page> {
    const host = `127.0.0.1:${server.port}`;
    const ws = new WebSocket(
      `ws://${host}/api`,
      [API_SUBPROTOCOL, tokenSubprotocol(server.token)],
      { origin: `http://${host}` },
    );
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new Page(ws);
  }

  call<T>(method: string, params: unknown): Promise<T> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (m) => {
        this.waiting.delete(id);
        if (m.ok) resolve(m.value as T);
        else reject(new Error(`${method}: ${m.error?.code} ${m.error?.message}`));
      });
      this.ws.send(JSON.stringify({ t: 'call', id, method, params }));
    });
  }

  async close(): Promise<void> {
    const closed = new Promise((r) => this.ws.once('close', r));
    this.ws.close();
    await closed;
  }
}

function get(server: WebServer, urlPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: server.port,
          path: urlPath,
          headers: {
            Host: `127.0.0.1:${server.port}`,
            'Sec-Fetch-Site': 'same-origin',
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (d: Buffer) => chunks.push(d));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

async function until<T>(what: string, probe: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const v = await probe();
    if (v !== null) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Opens a session on MySQL 9.7 and runs the statement; the finished result's id. */
async function resultOn(page: Page): Promise<string> {
  const server = testServers().mysql;
  const saved = await page.call<{ id: string }>('connections.save', {
    settings: {
      ...defaultConnectionSettings(),
      name: 'download test',
      endpoint: { kind: 'tcp', host: server.host, port: server.port },
      tls: { mode: 'preferred' },
      user: server.user,
      passwordMode: server.password === '' ? 'none' : 'saved',
    },
    secrets: server.password === '' ? {} : { password: server.password },
  });
  const { sessionId } = await page.call<{ sessionId: string }>('session.open', {
    connectionId: saved.id,
  });
  const started = await page.call<{ queryId: string }>('query.start', {
    sessionId,
    sql: `SET SESSION cte_max_recursion_depth = ${ROWS}`,
  });
  await until('SET', async () => {
    const s = await page.call<QueryStatus>('query.status', { queryId: started.queryId });
    return s.state === 'running' ? null : s;
  });
  const q = await page.call<{ queryId: string }>('query.start', { sessionId, sql: SQL });
  const done = await until('the statement', async () => {
    const s = await page.call<QueryStatus>('query.status', { queryId: q.queryId });
    return s.state === 'running' ? null : s;
  });
  expect(done.state).toBe('done');
  return q.queryId;
}

/** Exports the result as a download and waits until it is ready to fetch. */
async function exportForDownload(page: Page, queryId: string, fileName: string) {
  const started = await page.call<ExportStatus>('query.exportDownload', {
    queryId,
    format: 'csv',
    fileName,
  });
  const done = await until('the export', async () => {
    const s = await page.call<ExportStatus>('export.status', { exportId: started.exportId });
    return s.state === 'running' ? null : s;
  });
  expect(done.state).toBe('done');
  expect(done.download?.url).toMatch(/^\/download\/[A-Za-z0-9_-]{43}$/);
  return done;
}

describe('browser-mode export downloads (MySQL 9.7)', () => {
  let server: WebServer;
  let page: Page;
  let queryId: string;
  let dataDir: string;
  let rendererDir: string;
  const clock = { skew: 0 };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-dl-data-'));
    rendererDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-dl-renderer-'));
    server = await startWebServer({
      port: 0,
      rendererDir,
      backendEntry: path.join(REPO, 'src/main/backend/node-entry.ts'),
      env: { ...process.env, SIGHTLINE_DATA_DIR: dataDir, NODE_OPTIONS: '--import tsx' },
      now: () => Date.now() + clock.skew,
    });
    page = await Page.open(server);
    queryId = await resultOn(page);
  });

  afterAll(async () => {
    await page?.close();
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(rendererDir, { recursive: true, force: true });
  });

  it('streams a finished export once, with safe headers, then removes its file', async () => {
    // The name the page asked for, made safe by the backend (no separator, no quote).
    const done = await exportForDownload(page, queryId, 'Bestellungen ü/"x".csv');
    expect(done.path).toBe('Bestellungen ü-x-.csv');
    expect(done.rows).toBe(ROWS);
    // Waiting in the server's private folder, readable by this user only.
    expect((await stat(server.downloadDir)).mode & 0o777).toBe(0o700);
    const files = await readdir(server.downloadDir);
    expect(files).toHaveLength(1);
    expect((await stat(path.join(server.downloadDir, files[0]!))).mode & 0o777).toBe(0o600);

    const r = await get(server, done.download!.url);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="Bestellungen _-x-.csv"; filename*=UTF-8''Bestellungen%20%C3%BC-x-.csv`,
    );
    expect(r.headers['content-length']).toBe(String(Buffer.byteLength(EXPECTED_CSV)));
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.body.toString('utf8')).toBe(EXPECTED_CSV);
    await until('the file to go', async () =>
      (await readdir(server.downloadDir)).length === 0 ? true : null,
    );

    // Single use: the same URL again is refused, naming nothing on disk.
    const again = await get(server, done.download!.url);
    expect(again.status).toBe(404);
    expect(again.body.toString()).not.toContain(server.downloadDir);
    expect(again.body.toString()).not.toContain('.csv');
  });

  it('refuses an expired token and removes its file', async () => {
    const done = await exportForDownload(page, queryId, 'late.csv');
    clock.skew = 10 * 60_000;
    try {
      const r = await get(server, done.download!.url);
      expect(r.status).toBe(404);
      expect(r.headers['content-disposition']).toBeUndefined();
    } finally {
      clock.skew = 0;
    }
    expect(await readdir(server.downloadDir)).toEqual([]);
  });

  it('refuses bad tokens without naming any path', async () => {
    for (const bad of [
      `/download/${'A'.repeat(43)}`,
      '/download/short',
      '/download/..%2F..%2Fetc%2Fpasswd',
      `/download/${encodeURIComponent(server.downloadDir)}`,
    ]) {
      const r = await get(server, bad);
      expect(r.status, bad).toBe(404);
      // The download route's own refusal, one text for every reason, never cached.
      expect(r.body.toString()).toBe(
        '404 This download is not available (used, expired or unknown)\n',
      );
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.body.toString()).not.toContain(server.downloadDir);
      expect(r.body.toString()).not.toContain(os.tmpdir());
    }
  });

  it('refuses another origin or site, and keeps the token for its page', async () => {
    const done = await exportForDownload(page, queryId, 'mine.csv');
    const url = done.download!.url;
    // From another origin, another site, or typed into the address bar.
    expect((await get(server, url, { Origin: 'http://evil.example' })).status).toBe(403);
    expect((await get(server, url, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await get(server, url, { 'Sec-Fetch-Site': 'none' })).status).toBe(403);
    expect((await get(server, url, { Host: `evil.example:${server.port}` })).status).toBe(403);
    // None of those spent it: the page itself still gets its file.
    const mine = await get(server, url);
    expect(mine.status).toBe(200);
    expect(mine.body.toString('utf8')).toBe(EXPECTED_CSV);
  });

  it('refuses the token of a page that has gone, and removes its file', async () => {
    const other = await Page.open(server);
    const otherQuery = await resultOn(other);
    const done = await exportForDownload(other, otherQuery, 'gone.csv');
    expect(await readdir(server.downloadDir)).toHaveLength(1);
    await other.close();
    await until('the page to be gone', async () => (server.pendingDownloads() === 0 ? true : null));
    const r = await get(server, done.download!.url);
    expect(r.status).toBe(404);
    await until('the file to go', async () =>
      (await readdir(server.downloadDir)).length === 0 ? true : null,
    );
  });

  it('removes waiting downloads and their folder when the server stops', async () => {
    await exportForDownload(page, queryId, 'left.csv');
    expect(await readdir(server.downloadDir)).toHaveLength(1);
    const dir = server.downloadDir;
    await page.close();
    await server.close();
    await expect(stat(dir)).rejects.toThrow(/ENOENT/);
    page = undefined as unknown as Page;
    server = undefined as unknown as WebServer;
  });
});

describe('downloads outside browser mode', () => {
  it('are refused by a backend that has no web server to hand them to (the desktop app)', async () => {
    const b = await startBackend();
    try {
      const r = await b.call('query.exportDownload', {
        queryId: 'any',
        format: 'csv',
        fileName: 'x.csv',
      });
      expect(r).toEqual({
        ok: false,
        error: {
          code: 'INVALID_REQUEST',
          message: 'Downloads exist in browser mode only; the desktop app saves to a file.',
        },
      });
    } finally {
      await b.dispose();
    }
  });
});
