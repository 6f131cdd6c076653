import { createHash } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { DownloadHandover } from '../export/download-offer';

/** A download ready to be served: its file, where it may go, until when. */
export interface PendingDownload {
  client: string;
  /** Absolute, inside the store's folder. */
  file: string;
  fileName: string;
  contentType: string;
  expiresAt: number;
}

/** Why a token was not honoured; never said to the requester, who gets one answer for all. */
export type DownloadRefusal = 'malformed' | 'unknown' | 'expired' | 'other-client';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const FILE = /^[a-f0-9]{32}\.(csv|jsonl)$/;

/** Entries are kept by a hash of their token, so the store holds no usable token itself. */
function keyOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * The web server's one-time downloads. A token is good once, until it expires, and only for the
 * page (WebSocket client) whose export made it; the file goes as soon as the token is used, has
 * expired, its page has gone, or the server stops. Every file lives in the store's own folder:
 * a hand-over naming anything else is ignored.
 */
export class DownloadStore {
  readonly #entries = new Map<string, PendingDownload & { timer: NodeJS.Timeout }>();

  constructor(
    readonly dir: string,
    private readonly now: () => number = Date.now,
    private readonly remove: (file: string) => Promise<void> = (f) =>
      unlink(f).catch(() => undefined),
  ) {}

  /** Takes a finished export over; false (and the file removed when named) if it is not valid. */
  add(handover: DownloadHandover): boolean {
    if (!FILE.test(handover.file)) return false;
    const file = path.join(this.dir, handover.file);
    if (!TOKEN.test(handover.token) || handover.expiresAt <= this.now()) {
      void this.remove(file);
      return false;
    }
    const key = keyOf(handover.token);
    const timer = setTimeout(() => this.#drop(key), handover.expiresAt - this.now());
    timer.unref();
    this.#entries.set(key, {
      client: handover.client,
      file,
      fileName: handover.fileName,
      contentType: handover.contentType,
      expiresAt: handover.expiresAt,
      timer,
    });
    return true;
  }

  /**
   * Redeems `token`: the download (now the caller's to serve and then `release`), or why not.
   * `mayServe` says whether the request may have what the client `owner` asked for; a token
   * refused for that is spent all the same (whoever holds it is not who it was for).
   */
  take(
    token: string,
    mayServe: (owner: string) => boolean,
  ):
    | { ok: true; download: PendingDownload }
    | { ok: false; why: DownloadRefusal; removed?: Promise<void> } {
    if (!TOKEN.test(token)) return { ok: false, why: 'malformed' };
    const key = keyOf(token);
    const entry = this.#entries.get(key);
    if (!entry) return { ok: false, why: 'unknown' };
    this.#drop(key, false);
    // The file goes with the refusal: `removed` settles once it is gone.
    if (entry.expiresAt <= this.now()) {
      return { ok: false, why: 'expired', removed: this.remove(entry.file) };
    }
    if (!mayServe(entry.client)) {
      return { ok: false, why: 'other-client', removed: this.remove(entry.file) };
    }
    const { timer: _timer, ...download } = entry;
    return { ok: true, download };
  }

  /** Removes a served (or failed) download's file. */
  release(download: PendingDownload): Promise<void> {
    return this.remove(download.file);
  }

  /** A page went away: its downloads go with it. */
  revokeClient(client: string): void {
    for (const [key, entry] of this.#entries) if (entry.client === client) this.#drop(key);
  }

  /** How many downloads wait (for tests and shutdown). */
  get size(): number {
    return this.#entries.size;
  }

  /** Forgets everything and removes every waiting file. */
  async close(): Promise<void> {
    const files = [...this.#entries.values()].map((e) => e.file);
    for (const key of [...this.#entries.keys()]) this.#drop(key, false);
    await Promise.all(files.map((f) => this.remove(f)));
  }

  #drop(key: string, removeFile = true): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.#entries.delete(key);
    if (removeFile) void this.remove(entry.file);
  }
}
