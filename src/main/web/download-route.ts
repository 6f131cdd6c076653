import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { DownloadStore } from './download-store';

/** The URL prefix of one-time downloads; the token follows. */
export const DOWNLOAD_PREFIX = '/download/';

/**
 * A Content-Disposition for `fileName` per RFC 6266: `filename*` carries the exact name in
 * UTF-8 (RFC 8187 percent-encoding), `filename` an ASCII stand-in for old clients, with
 * quotes, backslashes, control and non-ASCII characters replaced, so no name can end the
 * header value or add a parameter.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_').trim() || 'download';
  // encodeURIComponent leaves !'()* which RFC 8187's attr-char does not allow as-is.
  const exact = encodeURIComponent(fileName).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/** One answer for every token that does not work, naming nothing (no path, no reason). */
function refuse(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string>,
) {
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  res.end(`${status} ${text}\n`);
}

/**
 * Serves `GET /download/<token>` for a request the server's guard already let through (Host,
 * Origin): the page's own request only (Sec-Fetch-Site, where the browser
 * sends it), the token once and only while its page is connected (`isConnected`), the file
 * streamed from disk, then removed whatever happened.
 */
export async function serveDownload(
  req: IncomingMessage,
  res: ServerResponse,
  store: DownloadStore,
  isConnected: (client: string) => boolean,
  security: Record<string, string>,
): Promise<void> {
  if (req.method !== 'GET') return refuse(res, 405, 'Method not allowed', security);
  // A link opened from another site, a bookmark or a typed URL is not the page downloading.
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') {
    return refuse(res, 403, 'Downloads start from the Sightline page only', security);
  }
  const token = new URL(req.url ?? '/', 'http://x').pathname.slice(DOWNLOAD_PREFIX.length);
  const taken = store.take(token, isConnected);
  if (!taken.ok) {
    // Answered once its file is gone: the refusal means nothing of it is left on disk.
    await taken.removed;
    return refuse(res, 404, 'This download is not available (used, expired or unknown)', security);
  }
  const download = taken.download;
  try {
    const info = await stat(download.file);
    res.writeHead(200, {
      ...security,
      'Content-Type': download.contentType,
      'Content-Length': String(info.size),
      'Content-Disposition': contentDisposition(download.fileName),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    // Streamed with backpressure: an export of any size never sits in memory.
    await pipeline(createReadStream(download.file), res);
  } catch {
    // The file went (or the browser hung up mid-way): nothing to say that names the file.
    if (!res.headersSent) refuse(res, 404, 'This download is not available', security);
    else res.destroy();
  } finally {
    await store.release(download);
  }
}
