// Malformed and random messages over browser mode's real WebSocket (the transport a page uses):
// the supervisor and the backend must neither crash nor restart, and every reply must be a
// valid wire message whose errors carry a known code and no stack trace.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { tokenCookieName } from '../../src/main/web/request-guard';
import { contract } from '../../src/shared/api/contract';
import { ServerMessageSchema } from '../../src/shared/api/wire';
import { startWebApp, type RunningWebApp } from './harness/web-app';

describe('fuzzing the browser-mode WebSocket', () => {
  let app: RunningWebApp;
  let ws: WebSocket;
  const replies: string[] = [];

  beforeAll(async () => {
    app = await startWebApp();
    const host = `127.0.0.1:${app.port}`;
    ws = new WebSocket(`ws://${host}/api`, {
      origin: `http://${host}`,
      headers: { Cookie: `${tokenCookieName(app.port)}=${app.token}` },
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.on('message', (d: Buffer) => replies.push(d.toString()));
  });
  afterAll(async () => {
    ws?.close();
    await app?.stop();
  });

  it('survives thousands of random frames and answers normally afterwards', async () => {
    const methods = Object.keys(contract);
    const frame = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.json(),
      fc.anything().map((v) => JSON.stringify(v) ?? 'undefined'),
      fc
        .record({
          t: fc.constantFrom('call', 'result', 'event', 'backend', '__proto__'),
          id: fc.oneof(fc.nat(), fc.integer(), fc.double(), fc.string()),
          method: fc.oneof(fc.constantFrom(...methods), fc.string({ maxLength: 50 })),
          params: fc.anything(),
        })
        .map((m) => JSON.stringify(m)),
      fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
    );
    fc.assert(
      fc.property(frame, (f) => {
        ws.send(f);
      }),
      { numRuns: 3_000 },
    );
    // A marker call after the noise: frames arrive in order, so once it is answered every
    // earlier frame has been read (a slow handler may still answer later; those are not awaited).
    const marker = 2 ** 40;
    ws.send(JSON.stringify({ t: 'call', id: marker, method: 'app.info', params: {} }));
    await expect
      .poll(() => replies.some((r) => r.includes(`"id":${marker}`)), { timeout: 60_000 })
      .toBe(true);

    for (const raw of replies) {
      const m = ServerMessageSchema.parse(JSON.parse(raw));
      if (m.t === 'result' && !m.ok) {
        expect(JSON.stringify(m.error)).not.toMatch(/\n\s*at\s|\.(ts|js):\d+/);
        expect(m.error.code).not.toBe('INTERNAL');
      }
      expect(m.t).not.toBe('backend');
    }
    const info = JSON.parse(replies.find((r) => r.includes(`"id":${marker}`))!) as {
      ok: boolean;
      value: { mode: string; dataDir: string };
    };
    expect(info).toMatchObject({ ok: true, value: { mode: 'web', dataDir: app.dataDir } });
    expect(app.process.exitCode).toBeNull();
    expect(app.output()).not.toMatch(/restarting|uncaught|unhandled/i);
  }, 120_000);
});
