/**
 * The one place UI state is saved (layout, filters, drafts): a single localStorage entry holding
 * `{ version, values }`. Everything read back is checked by the caller's `parse` (parse, don't
 * trust: a damaged or foreign value gives the caller's default, never a broken screen), and keys
 * this build does not know (written by a newer one) are kept when it writes.
 */
const STORE_KEY = 'sightline.ui-state';
/** The schema of the stored entry; a newer one is read as far as its values parse. */
export const UI_STATE_VERSION = 1;

interface Stored {
  version: number;
  values: Record<string, unknown>;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function load(): Stored {
  let raw: unknown = null;
  try {
    const text = storage()?.getItem(STORE_KEY) ?? null;
    raw = text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    raw = null;
  }
  if (isRecord(raw) && typeof raw.version === 'number' && isRecord(raw.values)) {
    return { version: raw.version, values: { ...raw.values } };
  }
  return { version: UI_STATE_VERSION, values: {} };
}

/** Whether it was kept: false when the storage is full (its quota) or unavailable. */
function save(stored: Stored): boolean {
  const target = storage();
  if (!target) return false;
  try {
    target.setItem(
      STORE_KEY,
      JSON.stringify({
        version: Math.max(stored.version, UI_STATE_VERSION),
        values: stored.values,
      }),
    );
    return true;
  } catch {
    // The screen still works, it is only not remembered: callers holding what the user typed
    // say so.
    return false;
  }
}

/**
 * A value kept under its own localStorage key before this store: JSON when it parses, else the
 * text; with `format` 'text', always the text (free text such as `123` or a pasted JSON plan must
 * not come back as a number or an object).
 */
function legacyValue(key: string, format: LegacyFormat): unknown {
  const text = storage()?.getItem(key) ?? null;
  if (text === null) return undefined;
  if (format === 'text') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** How a value was written under its old key: JSON, or plain text as typed. */
export type LegacyFormat = 'json' | 'text';

/**
 * The value saved under `name`, as `parse` accepts it (undefined when none or not acceptable).
 * `legacyKey`: the localStorage key the value had before this store; found there, it moves in
 * (read as `legacyFormat`, JSON by default).
 */
export function readUiState<T>(
  name: string,
  parse: (raw: unknown) => T | undefined,
  legacyKey?: string,
  legacyFormat: LegacyFormat = 'json',
): T | undefined {
  const stored = load();
  if (name in stored.values) return parse(stored.values[name]);
  if (legacyKey === undefined) return undefined;
  try {
    const old = legacyValue(legacyKey, legacyFormat);
    if (old === undefined) return undefined;
    const value = parse(old);
    if (value !== undefined) {
      stored.values[name] = value;
      save(stored);
    }
    storage()?.removeItem(legacyKey);
    return value;
  } catch {
    return undefined;
  }
}

/**
 * Saves `value` under `name` (undefined: forgets it); other names, known or not, are kept.
 * Returns whether it was kept: false when the browser's storage is full (every value shares one
 * entry within the browser's quota of about 5 million characters) or unavailable, and then what
 * was kept under `name` before stays.
 */
export function writeUiState(name: string, value: unknown): boolean {
  const stored = load();
  if (value === undefined) delete stored.values[name];
  else stored.values[name] = value;
  return save(stored);
}

/** Parsers for the usual shapes. */
export const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const asBoolean = (v: unknown): boolean | undefined =>
  typeof v === 'boolean' ? v : undefined;
export const asNumber = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;
