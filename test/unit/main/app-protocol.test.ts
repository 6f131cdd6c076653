import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveAppRequest } from '../../../src/main/app/app-protocol';

let root = '';
const fetched: string[] = [];
/** Stands in for Electron's net.fetch of file: URLs. */
const fetchFile = vi.fn(async (fileUrl: string) => {
  fetched.push(fileUrl);
  const bytes = await readFile(fileURLToPath(fileUrl));
  return new Response(bytes, { headers: { 'content-type': 'text/html' } });
});

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sightline-app-protocol-'));
  await writeFile(path.join(root, 'index.html'), '<title>Sightline</title>');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the app:// protocol of the desktop window', () => {
  it('serves the renderer with the strict CSP and nosniff', async () => {
    const r = await serveAppRequest('app://sightline/index.html', root, fetchFile);
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('<title>Sightline</title>');
    expect(r.headers.get('content-type')).toBe('text/html');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = r.headers.get('content-security-policy')!;
    expect(csp.split('; ')).toEqual([
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "worker-src 'self' blob:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ]);
  });

  it('serves nothing for another host or outside the renderer folder, and never reads it', async () => {
    fetched.length = 0;
    for (const url of [
      'app://evil/index.html',
      'app://sightline.evil/index.html',
      'app://sightline/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      'app://sightline/..%2f..%2fetc%2fpasswd',
      'app://sightline/%00index.html',
    ]) {
      const r = await serveAppRequest(url, root, fetchFile);
      expect(r.status, url).toBe(404);
      expect(r.headers.get('content-security-policy'), url).toContain("default-src 'self'");
    }
    expect(fetched).toEqual([]);
  });

  it('answers 404 for a missing file', async () => {
    const r = await serveAppRequest('app://sightline/missing.js', root, fetchFile);
    expect(r.status).toBe(404);
  });
});
