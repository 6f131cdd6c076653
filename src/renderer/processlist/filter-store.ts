import { readUiState, writeUiState } from '../data/ui-state';
import { DEFAULT_FILTER, type ProcessFilter } from '../../shared/processlist/filters';

/** A named filter the user saved. */
export interface FilterPreset {
  name: string;
  filter: ProcessFilter;
}

const filterKey = (connectionId: string) => `sightline.processlist.filter.${connectionId}`;
const stagesNoticeKey = (connectionId: string) =>
  `sightline.processlist.stages-notice-hidden.${connectionId}`;
const PRESETS_KEY = 'sightline.processlist.presets';

/** A stored filter made whole: unknown or broken parts fall back to the defaults. */
export function filterFrom(stored: unknown): ProcessFilter {
  const s = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<
    string,
    unknown
  >;
  const out: ProcessFilter = { ...DEFAULT_FILTER };
  for (const key of Object.keys(DEFAULT_FILTER) as Array<keyof ProcessFilter>) {
    const v = s[key];
    if (typeof v === typeof DEFAULT_FILTER[key])
      (out as unknown as Record<string, unknown>)[key] = v;
  }
  return out;
}

/** Through the UI state store, under the key's name without its `sightline.` prefix. */
const read = (key: string): unknown =>
  readUiState(key.replace(/^sightline\./, ''), (v) => v, key) ?? null;

const write = (key: string, value: unknown) => writeUiState(key.replace(/^sightline\./, ''), value);

/** The filter last used on this connection (survives restarts). */
export function loadFilter(connectionId: string): ProcessFilter {
  return filterFrom(read(filterKey(connectionId)));
}

export function saveFilter(connectionId: string, filter: ProcessFilter): void {
  write(filterKey(connectionId), filter);
}

/** Saved presets, shared by every connection. */
export function loadPresets(): FilterPreset[] {
  const stored = read(PRESETS_KEY);
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((p: unknown) => {
    const o = p as { name?: unknown; filter?: unknown } | null;
    return o && typeof o.name === 'string' && o.name !== ''
      ? [{ name: o.name, filter: filterFrom(o.filter) }]
      : [];
  });
}

export function savePresets(presets: readonly FilterPreset[]): void {
  write(PRESETS_KEY, presets);
}

/** The "stage progress is off" notice was read and put away for this connection. */
export function loadStagesNoticeHidden(connectionId: string): boolean {
  return read(stagesNoticeKey(connectionId)) === true;
}

export function saveStagesNoticeHidden(connectionId: string): void {
  write(stagesNoticeKey(connectionId), true);
}

/**
 * Whether the filters, counts and bulk KILL are unfolded. Folded unless the user opened them:
 * at 1,280×800 the table needs the room (the old "folded" value defaulted to open).
 */
export function loadToolsOpen(): boolean {
  return read('sightline.processlist.tools-open') === true;
}

export function saveToolsOpen(open: boolean): void {
  write('sightline.processlist.tools-open', open);
}
