// Update notifications against a real HTTP server this test starts on loopback.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RELEASE_FEED } from '../../../src/shared/api/updates';
import { SettingsStore } from '../../../src/main/store/settings-store';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';
import { startBackend, type BackendUnderTest } from './backend-harness';

failOnUnhandledErrors();

interface Route {
  status: number;
  body: string;
  type?: string;
}

let server: Server;
let base = '';
const routes = new Map<string, Route>();
const requests: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req);
    const route = routes.get(req.url ?? '');
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no such feed');
      return;
    }
    res
      .writeHead(route.status, { 'content-type': route.type ?? 'application/json' })
      .end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests.length = 0;
  routes.clear();
});

function githubRelease(tag: string, extra: Record<string, unknown> = {}) {
  return {
    tag_name: tag,
    html_url: `https://github.com/sightline-app/sightline/releases/tag/${tag}`,
    name: `Sightline ${tag.slice(1)}`,
    draft: false,
    prerelease: false,
    published_at: '2026-11-20T09:30:00Z',
    ...extra,
  };
}

describe('update notifications (backend, local feed server)', () => {
  let b: BackendUnderTest;

  beforeAll(async () => {
    b = await startBackend();
  });
  afterAll(async () => {
    await b?.dispose();
  });

  it('are off on a fresh install and fetch nothing', async () => {
    expect(await b.call('updates.settings', {})).toEqual({
      ok: true,
      value: { enabled: false, feedUrl: DEFAULT_RELEASE_FEED },
    });
    expect(await b.call('updates.check', { force: true })).toEqual({
      ok: true,
      value: {
        state: 'off',
        currentVersion: '0.0.0-dev',
        latest: null,
        checkedAt: null,
        problem: null,
      },
    });
    expect(requests).toHaveLength(0);
  });

  it('refuses a feed that is not an http(s) address, and saves nothing', async () => {
    for (const feedUrl of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'ftp://host/feed',
      'https://u:p@host/feed',
    ]) {
      const r = await b.call('updates.saveSettings', { enabled: true, feedUrl });
      expect(r, feedUrl).toMatchObject({
        ok: false,
        error: {
          code: 'INVALID_REQUEST',
          field: 'feedUrl',
          message:
            'Invalid request to updates.saveSettings: feedUrl: The release feed must be an http:// or https:// address',
        },
      });
    }
    expect(
      (await b.call('updates.settings', {})).ok && (await b.call('updates.settings', {})),
    ).toMatchObject({
      value: { enabled: false },
    });
  });

  it('says a newer version exists, with its link, after the user turns checks on', async () => {
    routes.set('/releases', {
      status: 200,
      body: JSON.stringify([
        githubRelease('v0.3.0-beta.1', { prerelease: true }),
        githubRelease('v0.2.0'),
        githubRelease('v0.1.0'),
      ]),
    });
    const saved = await b.call('updates.saveSettings', {
      enabled: true,
      feedUrl: `${base}/releases`,
    });
    expect(saved).toEqual({ ok: true, value: { enabled: true, feedUrl: `${base}/releases` } });

    const before = Date.now();
    const r = await b.call('updates.check', {});
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toMatchObject({
      state: 'available',
      currentVersion: '0.0.0-dev',
      latest: {
        version: '0.2.0',
        url: 'https://github.com/sightline-app/sightline/releases/tag/v0.2.0',
        name: 'Sightline 0.2.0',
        publishedAt: '2026-11-20T09:30:00Z',
      },
      problem: null,
    });
    expect(Date.parse(r.value.checkedAt!)).toBeGreaterThanOrEqual(before - 5);
    expect(requests.map((q) => [q.method, q.url, q.headers['user-agent']])).toEqual([
      ['GET', '/releases', 'Sightline/0.0.0-dev'],
    ]);

    // A second screen asking soon after gets the same answer without another request...
    expect(await b.call('updates.check', {})).toEqual(r);
    expect(requests).toHaveLength(1);
    // ...and "Check now" asks again.
    // Only a pre-release is newer: nothing to offer.
    routes.set('/releases', {
      status: 200,
      body: JSON.stringify([githubRelease('v0.1.0-rc.1', { prerelease: true })]),
    });
    const forced = await b.call('updates.check', { force: true });
    expect(forced).toMatchObject({ ok: true, value: { state: 'current', latest: null } });
    expect(requests).toHaveLength(2);
  });

  it('reads a plain {version, url} manifest too', async () => {
    routes.set('/latest.json', {
      status: 200,
      body: JSON.stringify({ version: '1.0.0', url: 'https://downloads.example.com/sightline' }),
    });
    await b.call('updates.saveSettings', { enabled: true, feedUrl: `${base}/latest.json` });
    expect(await b.call('updates.check', {})).toMatchObject({
      ok: true,
      value: {
        state: 'available',
        latest: { version: '1.0.0', url: 'https://downloads.example.com/sightline', name: null },
      },
    });
  });

  it('explains a failed check in plain words: HTTP error, not JSON, no releases, nobody listening', async () => {
    routes.set('/broken', { status: 500, body: 'oops', type: 'text/plain' });
    routes.set('/html', { status: 200, body: '<html>login page</html>', type: 'text/html' });
    routes.set('/empty', { status: 200, body: '{"message":"Not Found"}' });
    // A port nobody listens on: a server's, just closed.
    const gone = createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const closedPort = (gone.address() as AddressInfo).port;
    await new Promise((resolve) => gone.close(resolve));
    const cases: Array<[string, string]> = [
      [`${base}/broken`, 'the server answered 500 Internal Server Error'],
      [`${base}/missing`, 'the server answered 404 Not Found'],
      [`${base}/html`, 'the answer is not JSON'],
      [`${base}/empty`, 'the answer lists no release versions'],
      [`http://127.0.0.1:${closedPort}/feed`, 'the connection was refused'],
      ['http://127.0.0.1:1/feed', 'the connection failed (bad port)'],
    ];
    for (const [feedUrl, why] of cases) {
      await b.call('updates.saveSettings', { enabled: true, feedUrl });
      const r = await b.call('updates.check', { force: true });
      expect(r, feedUrl).toMatchObject({
        ok: true,
        value: {
          state: 'failed',
          latest: null,
          problem: `Could not check ${feedUrl} for a newer Sightline: ${why}. Check the feed address in the update settings, or try again later.`,
        },
      });
    }
  });

  it('gives up on an endless chunked answer past 4 MiB, reading no more than that', async () => {
    let sent = 0;
    let sentWhenClosed: number | null = null;
    const endless = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      // Up to 800 MB, as fast as the reader takes it; chunked (no content-length).
      const pump = () => {
        while (sent < 800 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => {
        sentWhenClosed = sent;
        sent = Number.POSITIVE_INFINITY;
      });
      pump();
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    const feedUrl = `http://127.0.0.1:${(endless.address() as AddressInfo).port}/feed`;
    try {
      await b.call('updates.saveSettings', { enabled: true, feedUrl });
      const before = process.memoryUsage().rss;
      const r = await b.call('updates.check', { force: true });
      expect(r).toMatchObject({
        ok: true,
        value: {
          state: 'failed',
          problem: `Could not check ${feedUrl} for a newer Sightline: the answer is over 4 MiB, too big to be a release feed. Check the feed address in the update settings, or try again later.`,
        },
      });
      // The reader stopped: the server sees its answer closed long before 800 MB.
      await expect.poll(() => sentWhenClosed).not.toBeNull();
      expect(sentWhenClosed).toBeLessThan(64 * 1024 * 1024);
      expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    } finally {
      endless.closeAllConnections();
      await new Promise((resolve) => endless.close(resolve));
    }
  });

  it('keeps the settings in settings.json (0600), atomically, with keys it does not know', async () => {
    await b.call('updates.saveSettings', { enabled: true, feedUrl: `${base}/releases` });
    const file = path.join(b.dataDir, 'settings.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      version: 1,
      updates: { enabled: true, feedUrl: `${base}/releases` },
    });
    // A newer Sightline's setting survives this version's next save.
    const doc = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    await writeFile(file, JSON.stringify({ ...doc, theme: 'dark' }));
    const reopened = await SettingsStore.open(b.dataDir);
    expect(reopened.warning).toBeNull();
    expect(reopened.updates).toEqual({ enabled: true, feedUrl: `${base}/releases` });
    await reopened.saveUpdates({ enabled: false, feedUrl: `${base}/releases` });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      version: 1,
      updates: { enabled: false, feedUrl: `${base}/releases` },
      theme: 'dark',
    });
    expect(JSON.parse(await readFile(`${file}.bak`, 'utf8'))).toMatchObject({ theme: 'dark' });
  });

  it('a damaged settings file is kept aside and the defaults (checks off) apply', async () => {
    const file = path.join(b.dataDir, 'settings.json');
    await writeFile(file, '{ not json');
    const reopened = await SettingsStore.open(b.dataDir);
    // The backup from the previous save is used.
    expect(reopened.updates).toEqual({ enabled: true, feedUrl: `${base}/releases` });
    expect(reopened.warning).toMatch(
      /^The settings file .*settings\.json could not be used because it is not valid JSON: .* The damaged file was kept as .*settings\.json\.corrupt-/,
    );
  });
});
