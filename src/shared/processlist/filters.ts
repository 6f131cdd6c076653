import { hostWithoutPort } from './host-name';
import type { ProcessRow } from './process-row';

/** What the processlist screen shows; every field narrows, empty means "any". */
export interface ProcessFilter {
  hideSleeping: boolean;
  /** Hide the server's own threads: system, replication and daemons. */
  hideSystem: boolean;
  user: string;
  /** With a port (`10.0.0.5:53122`) matches that connection; without, every port of the host. */
  host: string;
  schema: string;
  command: string;
  state: string;
  /** Seconds; rows in their command for less are hidden. */
  minSeconds: number;
  /** Case-insensitive text searched in the statement. */
  text: string;
}

/** Shows everything but sleepers and the server's own threads. */
export const DEFAULT_FILTER: ProcessFilter = {
  hideSleeping: true,
  hideSystem: true,
  user: '',
  host: '',
  schema: '',
  command: '',
  state: '',
  minSeconds: 0,
  text: '',
};

/** Names of the filter's parts, as the screen labels them. */
export type FilterPart = keyof ProcessFilter;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * A test of rows against `filter`: the first part that hides a row, or null when it is shown.
 * Typed parts are read once here, trimmed (a part of spaces only narrows nothing), not once per
 * row: this runs over every session on every poll.
 */
export function filterTest(filter: ProcessFilter): (row: ProcessRow) => FilterPart | null {
  const user = filter.user.trim();
  const host = filter.host.trim();
  const hostOnly = hostWithoutPort(host) === host;
  const schema = filter.schema.trim();
  const command = filter.command.trim();
  const state = filter.state.trim().toLowerCase();
  const text = filter.text.toLowerCase();
  return (row) => {
    if (filter.hideSleeping && row.command === 'Sleep') return 'hideSleeping';
    if (filter.hideSystem && row.kind !== 'client') return 'hideSystem';
    if (user && !same(row.user, user)) return 'user';
    if (host && !same(hostOnly ? hostWithoutPort(row.host) : row.host, host)) return 'host';
    if (schema && !same(row.db ?? '', schema)) return 'schema';
    if (command && !same(row.command, command)) return 'command';
    if (state && !(row.state ?? '').toLowerCase().includes(state)) return 'state';
    if (filter.minSeconds > 0 && row.timeMs < filter.minSeconds * 1000) return 'minSeconds';
    if (text && !(row.info ?? '').toLowerCase().includes(text)) return 'text';
    return null;
  };
}

/** The first part of `filter` that hides `row`, or null when the row is shown. */
export function hidingPart(row: ProcessRow, filter: ProcessFilter): FilterPart | null {
  return filterTest(filter)(row);
}

/** The rows the filter keeps, and for the hidden ones how many each part hid (the first that did). */
export function applyFilter(
  rows: readonly ProcessRow[],
  filter: ProcessFilter,
): { shown: ProcessRow[]; hiddenBy: Partial<Record<FilterPart, number>> } {
  const shown: ProcessRow[] = [];
  const hiddenBy: Partial<Record<FilterPart, number>> = {};
  const test = filterTest(filter);
  for (const row of rows) {
    const part = test(row);
    if (part === null) shown.push(row);
    else hiddenBy[part] = (hiddenBy[part] ?? 0) + 1;
  }
  return { shown, hiddenBy };
}
