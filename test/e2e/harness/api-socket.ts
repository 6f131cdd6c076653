import WebSocket from 'ws';
import { API_SUBPROTOCOL, tokenSubprotocol } from '../../../src/shared/api/web-access';
import type { RunningWebApp } from './web-app';

/** What a page of `app` offers in the API WebSocket's handshake: its token, as a subprotocol. */
export function pageProtocols(app: { token: string }): string[] {
  return [API_SUBPROTOCOL, tokenSubprotocol(app.token)];
}

/** Calls the browser-mode API as the page does (token + Origin), for setting up a test fast. */
export async function callApi(
  app: RunningWebApp,
  method: string,
  params: unknown,
): Promise<unknown> {
  const host = `127.0.0.1:${app.port}`;
  const ws = new WebSocket(`ws://${host}/api`, pageProtocols(app), { origin: `http://${host}` });
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
