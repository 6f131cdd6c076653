/**
 * The layout a user arranged (editor/results split, rail folded) survives a reload or restart.
 * Values read back are checked: a damaged or foreign entry gives the default, never a broken
 * layout.
 */
const PREFIX = 'sightline.layout.';

/** Editor share of an editor tab's height, 0.15-0.85, as the splitter allows. */
export const EDITOR_SPLIT = { key: 'editor-split', min: 0.15, max: 0.85, fallback: 0.45 } as const;

function read(name: string): string | null {
  try {
    return localStorage.getItem(PREFIX + name);
  } catch {
    return null;
  }
}

function write(name: string, value: string): void {
  try {
    localStorage.setItem(PREFIX + name, value);
  } catch {
    // Storage full or unavailable: the layout still works, it is only not remembered.
  }
}

/** The editor/results split last chosen (the default when none or not a number in range). */
export function loadEditorSplit(): number {
  const raw = read(EDITOR_SPLIT.key);
  const value = Number(raw);
  if (raw === null || raw.trim() === '' || !Number.isFinite(value)) return EDITOR_SPLIT.fallback;
  return Math.min(EDITOR_SPLIT.max, Math.max(EDITOR_SPLIT.min, value));
}

export function saveEditorSplit(split: number): void {
  write(EDITOR_SPLIT.key, split.toFixed(3));
}

/** Whether the connection rail was folded away. */
export function loadRailCollapsed(): boolean {
  return read('rail-collapsed') === 'true';
}

export function saveRailCollapsed(collapsed: boolean): void {
  write('rail-collapsed', String(collapsed));
}

/** Whether the processlist's filters and tools were folded away (more rows in view). */
export function loadProcesslistToolsFolded(): boolean {
  return read('processlist-tools-folded') === 'true';
}

export function saveProcesslistToolsFolded(folded: boolean): void {
  write('processlist-tools-folded', String(folded));
}

/** Whether a script run in the editor goes on past a failed statement (off: stop there). */
export function loadContinueOnError(): boolean {
  return read('continue-on-error') === 'true';
}

export function saveContinueOnError(on: boolean): void {
  write('continue-on-error', String(on));
}
