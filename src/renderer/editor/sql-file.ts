/**
 * Opening and saving .sql files in the renderer alone, so it works the same in the desktop app
 * and in a browser: reading a picked File, and saving as a download.
 */

import { safeFileName } from '../../shared/api/download-name';
import { decodeText, describeUndecodable } from '../../shared/text/decode-text';
import { downloadBlob } from '../ui/browser-download';

/** The largest file opened into the editor: Monaco slows down well before, and memory counts. */
export const MAX_SQL_FILE_BYTES = 50 * 1024 * 1024;

/**
 * The text of a picked file: UTF-8 (a byte-order mark dropped), or UTF-16 when it starts with
 * one. Refuses files too large to edit, and files in another encoding (latin1, cp1252, ...):
 * read as UTF-8, each of their accented letters would become U+FFFD, silently, and saving the
 * file would write those instead.
 */
export async function readSqlFile(file: File): Promise<string> {
  if (file.size > MAX_SQL_FILE_BYTES) {
    throw new Error(
      `${file.name} is ${megabytes(file.size)}; Sightline opens files of up to ` +
        `${megabytes(MAX_SQL_FILE_BYTES)}. Split it, or run it with the mysql client.`,
    );
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const decoded = decodeText(bytes);
  if (decoded.ok) return decoded.text;
  throw new Error(
    `${file.name} is ${describeUndecodable(bytes, decoded)}, so opening it here would change ` +
      'its characters. Convert it first (for example `iconv -f latin1 -t utf-8`), or run it ' +
      'with the mysql client.',
  );
}

/** Saves `text` as the file `name` through the browser's download (the desktop app asks where). */
export function downloadSqlFile(name: string, text: string): void {
  downloadBlob(new Blob([text], { type: 'application/sql' }), name);
}

/**
 * A file name for saving: `name` with characters no file system accepts replaced, ending in
 * `.sql` (`prod: orders` → `prod- orders.sql`).
 */
export function sqlFileName(name: string): string {
  return safeFileName(name, 'sql', 'query');
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}
