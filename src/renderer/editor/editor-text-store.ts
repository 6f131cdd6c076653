import { readUiState, writeUiState } from '../data/ui-state';

/**
 * Editor text survives a crash or restart: every change is kept in the UI state store under the
 * connection and the tab's slot, and a new editor for that connection picks its text back up.
 */
const name = (connectionId: string, slot: number) => `editor-text.${connectionId}.${slot}`;
/** Where the text was kept before the store (moved in on first read). */
const legacyKey = (connectionId: string, slot: number) =>
  `sightline.editor-text.${connectionId}.${slot}`;

/**
 * The store hands an old entry over JSON-parsed when it parses (a text such as `42` or `null`):
 * written back as JSON, it is the text again.
 */
function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value === undefined) return undefined;
  return JSON.stringify(value);
}

export function loadEditorText(connectionId: string, slot: number): string {
  return readUiState(name(connectionId, slot), asText, legacyKey(connectionId, slot)) ?? '';
}

export function saveEditorText(connectionId: string, slot: number, text: string): void {
  writeUiState(name(connectionId, slot), text === '' ? undefined : text);
}
