/**
 * Editor text survives a crash or restart: every change is kept in local storage under the
 * connection and the tab's slot, and a new editor for that connection picks its text back up.
 */
const PREFIX = 'sightline.editor-text.';

function key(connectionId: string, slot: number): string {
  return `${PREFIX}${connectionId}.${slot}`;
}

export function loadEditorText(connectionId: string, slot: number): string {
  try {
    return localStorage.getItem(key(connectionId, slot)) ?? '';
  } catch {
    return '';
  }
}

export function saveEditorText(connectionId: string, slot: number, text: string): void {
  try {
    if (text === '') localStorage.removeItem(key(connectionId, slot));
    else localStorage.setItem(key(connectionId, slot), text);
  } catch {
    // Storage full or unavailable: the text stays in the editor; nothing else to do.
  }
}
