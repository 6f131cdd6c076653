import { readFile } from 'node:fs/promises';

/**
 * Waits until the server's slow log file holds `text` (a marker statement). The server writes
 * an entry after answering, so once the marker is in, every entry of that session before it is.
 */
export async function waitForSlowLogText(file: string, text: string): Promise<void> {
  for (let tries = 0; !(await readFile(file, 'latin1')).includes(text);) {
    if (++tries > 200) throw new Error(`the slow log never showed ${text}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `2026-11-25 10:00:07`: a whole second (of the epoch) as the slow-log filter fields take it. */
export function slowLogBound(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}
