// Malformed and random messages over browser mode's real WebSocket (the transport a page uses):
// the supervisor and the backend must neither crash nor restart, the socket (which carries every
// session of the page) must stay open, and every reply must be a valid wire message whose errors
// carry a known code and no stack trace.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { pageProtocols } from './harness/api-socket';
import { contract } from '../../src/shared/api/contract';
import { ServerMessageSchema } from '../../src/shared/api/wire';
import { startWebApp, type RunningWebApp } from './harness/web-app';

describe('fuzzing the browser-mode WebSocket', () => {
  let app: RunningWebApp;
  let ws: WebSocket;
  let closed: number | null = null;
  const replies: string[] = [];

  beforeAll(async () => {
    app = await startWebApp();
    const host = `127.0.0.1:${app.port}`;
    ws = new WebSocket(`ws://${host}/api`, pageProtocols(app), {
      origin: `http://${host}`,
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.on('message', (d: Buffer) => replies.push(d.toString()));
    ws.on('close', (code: number) => (closed = code));
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
      // Text frames whose bytes need not be UTF-8.
      fc.uint8Array({ maxLength: 64 }).map((b) => ({ text: Buffer.from(b) })),
    );
    fc.assert(
      fc.property(frame, (f) => {
        if (typeof f === 'object' && 'text' in f) ws.send(f.text, { binary: false });
        else ws.send(f);
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
    expect(closed).toBeNull();
  }, 120_000);

  it('answers frames beyond 16 MiB, text that is not UTF-8, deep nesting and many keys by their ids, and stays open', async () => {
    const answer = async (id: number) => {
      await expect
        .poll(() => replies.some((r) => r.includes(`"id":${id},`)), { timeout: 60_000 })
        .toBe(true);
      return ServerMessageSchema.parse(JSON.parse(replies.find((r) => r.includes(`"id":${id},`))!));
    };
    const filler = 'x'.repeat(20 * 1024 * 1024);
    ws.send(`{"t":"call","id":71,"method":"app.info","params":{"x":"${filler}"`);
    ws.send(JSON.stringify({ t: 'call', id: 72, method: 'no.such', params: { filler } }));
    ws.send(
      Buffer.from('{"t":"call","id":73,"method":"app.info","params":{"x":"\xff\xfe"}}', 'latin1'),
      {
        binary: false,
      },
    );
    expect(await answer(71)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST', message: 'The message is not valid JSON.' },
    });
    expect(await answer(72)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
    expect(await answer(73)).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    // 10,000 nested arrays: 20 KB that overflowed the server's stack when passed to the backend.
    ws.send(
      `{"t":"call","id":75,"method":"app.info","params":${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
    );
    ws.send(`${'['.repeat(10_000)}${']'.repeat(10_000)}`);
    const manyKeys = Object.fromEntries(Array.from({ length: 1_000_001 }, (_, i) => [`k${i}`, 0]));
    ws.send(JSON.stringify({ t: 'call', id: 76, method: 'app.info', params: manyKeys }));
    expect(await answer(75)).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_REQUEST',
        message: 'The message is nested more than 64 levels deep; nothing was run.',
      },
    });
    expect(await answer(76)).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_REQUEST',
        message: 'The message holds more than 1,000,000 values; nothing was run.',
      },
    });
    ws.send(JSON.stringify({ t: 'call', id: 74, method: 'app.info', params: {} }));
    expect(await answer(74)).toMatchObject({ ok: true });
    expect(closed).toBeNull();
    expect(app.output()).not.toMatch(/restarting|uncaught|unhandled/i);
  }, 120_000);
});
