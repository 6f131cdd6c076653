import { asBoolean, asNumber, readUiState, writeUiState } from '../data/ui-state';

/**
 * The layout a user arranged (editor/results split, rail folded) survives a reload or restart,
 * kept in the UI state store. Values read back are checked: a damaged or foreign entry gives the
 * default, never a broken layout.
 */
/** Where these values were kept before the store (moved in on first read). */
const LEGACY_PREFIX = 'sightline.layout.';

/** Editor share of an editor tab's height, 0.15-0.85, as the splitter allows. */
export const EDITOR_SPLIT = { key: 'editor-split', min: 0.15, max: 0.85, fallback: 0.45 } as const;

const read = <T>(name: string, parse: (v: unknown) => T | undefined): T | undefined =>
  readUiState(`layout.${name}`, parse, LEGACY_PREFIX + name);

const write = (name: string, value: unknown) => writeUiState(`layout.${name}`, value);

/** The editor/results split last chosen (the default when none or not a number in range). */
export function loadEditorSplit(): number {
  const value = read(EDITOR_SPLIT.key, asNumber);
  if (value === undefined) return EDITOR_SPLIT.fallback;
  return Math.min(EDITOR_SPLIT.max, Math.max(EDITOR_SPLIT.min, value));
}

export function saveEditorSplit(split: number): void {
  write(EDITOR_SPLIT.key, Number(split.toFixed(3)));
}

/** Whether the connection rail was folded away. */
export function loadRailCollapsed(): boolean {
  return read('rail-collapsed', asBoolean) ?? false;
}

export function saveRailCollapsed(collapsed: boolean): void {
  write('rail-collapsed', collapsed);
}

/** Whether a script run in the editor goes on past a failed statement (off: stop there). */
export function loadContinueOnError(): boolean {
  return read('continue-on-error', asBoolean) ?? false;
}

export function saveContinueOnError(on: boolean): void {
  write('continue-on-error', on);
}
