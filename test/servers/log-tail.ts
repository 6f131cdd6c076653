import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { lastLines } from './run-command';

/**
 * The last lines of each of a server's log files, labelled, for error messages: why a server did
 * not start is only ever written there.
 */
export function logTails(paths: readonly string[], lines = 30): string {
  return paths
    .map((path) => {
      let text: string;
      try {
        text = readFileSync(path, 'utf8').trimEnd();
      } catch {
        return '';
      }
      return text
        ? `--- last lines of ${basename(path)} (${path}):\n${lastLines(text, lines)}`
        : '';
    })
    .filter(Boolean)
    .join('\n');
}
