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

/** The first part of `filter` that hides `row`, or null when the row is shown. */
export function hidingPart(row: ProcessRow, filter: ProcessFilter): FilterPart | null {
  if (filter.hideSleeping && row.command === 'Sleep') return 'hideSleeping';
  if (filter.hideSystem && row.kind !== 'client') return 'hideSystem';
  // Typed parts are read trimmed: one that holds only spaces narrows nothing.
  const user = filter.user.trim();
  if (user && !same(row.user, user)) return 'user';
  const wanted = filter.host.trim();
  if (wanted) {
    const hostOnly = hostWithoutPort(wanted) === wanted;
    const have = hostOnly ? hostWithoutPort(row.host) : row.host;
    if (!same(have, wanted)) return 'host';
  }
  const schema = filter.schema.trim();
  if (schema && !same(row.db ?? '', schema)) return 'schema';
  const command = filter.command.trim();
  if (command && !same(row.command, command)) return 'command';
  const state = filter.state.trim().toLowerCase();
  if (state && !(row.state ?? '').toLowerCase().includes(state)) return 'state';
  if (filter.minSeconds > 0 && row.timeMs < filter.minSeconds * 1000) return 'minSeconds';
  if (filter.text && !(row.info ?? '').toLowerCase().includes(filter.text.toLowerCase()))
    return 'text';
  return null;
}

/** The rows the filter keeps, and for the hidden ones how many each part hid (the first that did). */
export function applyFilter(
  rows: readonly ProcessRow[],
  filter: ProcessFilter,
): { shown: ProcessRow[]; hiddenBy: Partial<Record<FilterPart, number>> } {
  const shown: ProcessRow[] = [];
  const hiddenBy: Partial<Record<FilterPart, number>> = {};
  for (const row of rows) {
    const part = hidingPart(row, filter);
    if (part === null) shown.push(row);
    else hiddenBy[part] = (hiddenBy[part] ?? 0) + 1;
  }
  return { shown, hiddenBy };
}
