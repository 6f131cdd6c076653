// Screens deep in the tree (a result cut at a limit) ask the shell to show Settings without
// every parent passing a callback down.
const EVENT = 'sightline:open-settings';

/** Asks the shell to open the Settings tab. */
export function requestOpenSettings(): void {
  window.dispatchEvent(new Event(EVENT));
}

/** The shell listens here; returns the unsubscribe. */
export function onOpenSettingsRequest(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
