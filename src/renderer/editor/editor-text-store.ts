import { asString, readUiState, writeUiState } from '../data/ui-state';

/**
 * Editor text survives a crash or restart: every change is kept in the UI state store under the
 * connection and the tab's slot, and a new editor for that connection picks its text back up.
 */
const name = (connectionId: string, slot: number) => `editor-text.${connectionId}.${slot}`;
/** Where the text was kept before the store (moved in on first read). */
const legacyKey = (connectionId: string, slot: number) =>
  `sightline.editor-text.${connectionId}.${slot}`;

export function loadEditorText(connectionId: string, slot: number): string {
  // The old entry is free text as typed: read raw, so `"abc"` or `[1, 2]` stay what they were.
  return (
    readUiState(name(connectionId, slot), asString, legacyKey(connectionId, slot), 'text') ?? ''
  );
}

/**
 * Keeps the text; false when it could not be kept (the browser's storage is full), so the
 * editor can say that this text would not survive a restart.
 */
export function saveEditorText(connectionId: string, slot: number, text: string): boolean {
  return writeUiState(name(connectionId, slot), text === '' ? undefined : text);
}
