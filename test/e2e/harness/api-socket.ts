import WebSocket from 'ws';
import { tokenCookieName } from '../../../src/main/web/request-guard';
import type { RunningWebApp } from './web-app';

/** Calls the browser-mode API as the page does (cookie + Origin), for setting up a test fast. */
export async function callApi(
  app: RunningWebApp,
  method: string,
  params: unknown,
): Promise<unknown> {
  const host = `127.0.0.1:${app.port}`;
  const ws = new WebSocket(`ws://${host}/api`, {
    origin: `http://${host}`,
    headers: { Cookie: `${tokenCookieName(app.port)}=${app.token}` },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const reply = new Promise<{ ok: boolean; value?: unknown; error?: { message: string } }>(
      (resolve) => ws.once('message', (d: Buffer) => resolve(JSON.parse(d.toString()))),
    );
    ws.send(JSON.stringify({ t: 'call', id: 1, method, params }));
    const r = await reply;
    if (!r.ok) throw new Error(`${method} failed: ${r.error?.message}`);
    return r.value;
  } finally {
    ws.close();
  }
}
