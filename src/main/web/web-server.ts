import { messageShapeProblem } from '../../shared/api/message-shape';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ApiErrorShape } from '../../shared/api/errors';
import { MAX_MESSAGE_BYTES } from '../../shared/api/message-limits';
import type { ServerMessage } from '../../shared/api/wire';
import { BackendSupervisor } from './backend-supervisor';
import { contentSecurityPolicy } from './content-security-policy';
import { DOWNLOAD_PREFIX, serveDownload } from './download-route';
import { DownloadStore } from './download-store';
import { checkRequest } from './request-guard';
import { API_SUBPROTOCOL, TOKEN_FRAGMENT_KEY } from '../../shared/api/web-access';
import { serveStatic } from './static-files';

export interface WebServerOptions {
  /** 0 picks a free port. */
  port: number;
  rendererDir: string;
  backendEntry: string;
  env: NodeJS.ProcessEnv;
  /** The clock downloads expire by (tests move it instead of waiting). */
  now?: () => number;
}

export interface WebServer {
  url: string;
  port: number;
  token: string;
  /** The private folder (0700) where exports wait to be downloaded; removed on close. */
  downloadDir: string;
  /** Downloads waiting to be fetched. */
  pendingDownloads(): number;
  backendPid(): number | undefined;
  close(): Promise<void>;
}

/** A call's id, read from the start of a message that is not JSON, to answer it by. */
const LEADING_CALL_ID = /^\s*\{\s*"t"\s*:\s*"call"\s*,\s*"id"\s*:\s*(\d{1,15})\s*[,}]/;

function reject(res: ServerResponse, status: number, reason: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`${status} ${reason}\n`);
}

function rejectUpgrade(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * Browser mode: the built renderer and a WebSocket API endpoint on 127.0.0.1 only, guarded by
 * a random token, Host and Origin checks; the API is relayed to a supervised backend process.
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = randomBytes(24).toString('base64url');
  // mkdtemp makes it 0700: exports for the browser wait here, readable by this user only.
  const downloadDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-downloads-'));
  const downloads = new DownloadStore(downloadDir, options.now);
  const supervisor = new BackendSupervisor(options.backendEntry, {
    ...options.env,
    SIGHTLINE_DOWNLOAD_DIR: downloadDir,
  });
  supervisor.on('download', (handover) => downloads.add(handover));
  try {
    await supervisor.start();
  } catch (e) {
    await rm(downloadDir, { recursive: true, force: true });
    throw e;
  }

  const sockets = new Map<string, WebSocket>();
  const broadcast = (message: ServerMessage) => {
    const text = JSON.stringify(message);
    for (const ws of sockets.values()) ws.send(text);
  };
  supervisor.on('message', (client, message) => {
    sockets.get(client)?.send(JSON.stringify(message));
  });
  supervisor.on('state', (state, reason) => {
    broadcast(reason === undefined ? { t: 'backend', state } : { t: 'backend', state, reason });
  });

  // A frame over maxPayload closes the socket (and every session of the page), so the page checks
  // each message against the same limit before sending it. Text that is not UTF-8 is decoded
  // with replacement characters and answered like any malformed message, not a reason to close.
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    skipUTF8Validation: true,
    // The page offers the API's subprotocol and the one carrying its token: the answer names
    // the first only, so the token is not echoed back.
    handleProtocols: (offered) => (offered.has(API_SUBPROTOCOL) ? API_SUBPROTOCOL : false),
  });
  let port = 0;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const verdict = checkRequest(
      { host: req.headers.host, origin: req.headers.origin, websocket: false },
      port,
      token,
    );
    if (!verdict.ok) return reject(res, verdict.status, verdict.reason);
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return reject(res, 405, 'Method not allowed');
    const url = new URL(req.url ?? '/', 'http://x');
    const security: Record<string, string> = {
      'Content-Security-Policy': contentSecurityPolicy([
        `ws://127.0.0.1:${port}`,
        `ws://localhost:${port}`,
      ]),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Resource-Policy': 'same-origin',
    };
    if (url.pathname.startsWith(DOWNLOAD_PREFIX)) {
      // Same guard as every request above (Host, Origin); the download's own token then works
      // once, for the page whose export it is, while that page is connected.
      void serveDownload(req, res, downloads, (client) => sockets.has(client), security);
      return;
    }
    void serveStatic(options.rendererDir, url.pathname, res, security);
  });

  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    const verdict = checkRequest(
      {
        host: req.headers.host,
        origin: req.headers.origin,
        protocols: req.headers['sec-websocket-protocol'],
        websocket: true,
      },
      port,
      token,
    );
    if (!verdict.ok) return rejectUpgrade(socket, verdict.status, verdict.reason);
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/api') {
      return rejectUpgrade(socket, 404, 'Not found');
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const client = randomUUID();
      sockets.set(client, ws);
      supervisor.openClient(client);
      if (!supervisor.isUp) ws.send(JSON.stringify({ t: 'backend', state: 'down' }));
      const answerError = (id: unknown, error: ApiErrorShape) => {
        if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return;
        ws.send(JSON.stringify({ t: 'result', id, ok: false, error } satisfies ServerMessage));
      };
      ws.on('message', (data, isBinary) => {
        if (isBinary) return;
        const text = data.toString();
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          const id = LEADING_CALL_ID.exec(text.slice(0, 100))?.[1];
          answerError(id === undefined ? undefined : Number(id), {
            code: 'INVALID_REQUEST',
            message: 'The message is not valid JSON.',
          });
          return;
        }
        // Checked here too: handing it to the backend process serialises it recursively.
        const shape = messageShapeProblem(parsed);
        if (shape !== null) {
          answerError((parsed as { id?: unknown } | null)?.id, {
            code: 'INVALID_REQUEST',
            message: shape,
          });
          return;
        }
        if (!supervisor.sendFromClient(client, parsed)) {
          answerError((parsed as { id?: unknown } | null)?.id, {
            code: 'BACKEND_DIED',
            message: 'The backend is restarting; try again in a moment.',
          });
        }
      });
      ws.on('close', () => {
        sockets.delete(client);
        downloads.revokeClient(client);
        supervisor.closeClient(client);
      });
      ws.on('error', () => ws.terminate());
    });
  });

  await new Promise<void>((resolve, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/#${TOKEN_FRAGMENT_KEY}=${token}`,
    port,
    token,
    downloadDir,
    pendingDownloads: () => downloads.size,
    backendPid: () => supervisor.pid,
    async close() {
      for (const ws of sockets.values()) ws.terminate();
      wss.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await supervisor.stop();
      await downloads.close();
      await rm(downloadDir, { recursive: true, force: true });
    },
  };
}
