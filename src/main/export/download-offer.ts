import { randomBytes } from 'node:crypto';
import type { ExportDownload } from '../../shared/api/export';

/** How long a finished download waits for the browser to fetch it. */
export const DOWNLOAD_TTL_MS = 2 * 60_000;

/** A finished export file handed over to the web server, which serves it once. */
export interface DownloadHandover {
  /** The WebSocket client (peer) that asked for the export: the only page that may fetch it. */
  client: string;
  /** 256 random bits, base64url: the last segment of the download URL. */
  token: string;
  /** The file's name inside the download folder (never a path). */
  file: string;
  /** The name offered to the browser. */
  fileName: string;
  contentType: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/**
 * Where browser-mode exports become downloads: the private folder the web server made for them
 * (0700, removed when it stops), and the hand-over of a finished file to it. Absent in the
 * desktop app, which saves through its own dialog.
 */
export interface DownloadOffers {
  readonly dir: string;
  offer(file: Omit<DownloadHandover, 'token' | 'expiresAt'>): ExportDownload;
}

/** A fresh download token: 32 random bytes in base64url, 43 characters. */
export function newDownloadToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Offers that post each hand-over to the web server (`send`) before the export's final status
 * reaches the page: both travel over the same ordered IPC channel, so the web server knows the
 * token before the page can use it.
 */
export function relayedDownloadOffers(
  dir: string,
  send: (handover: DownloadHandover) => void,
  now: () => number = Date.now,
): DownloadOffers {
  return {
    dir,
    offer(file) {
      const token = newDownloadToken();
      const expiresAt = now() + DOWNLOAD_TTL_MS;
      send({ ...file, token, expiresAt });
      return { url: `/download/${token}`, fileName: file.fileName, expiresAt };
    },
  };
}
