import { SERVER_FLAVORS, type ServerFlavor } from '../../shared/server/flavor';

const KEY = 'sightline.flavor.';

/** The flavor last seen on a connection (kept in this browser/app profile), if any. */
export function knownFlavor(connectionId: string): ServerFlavor | null {
  try {
    const value = localStorage.getItem(KEY + connectionId);
    return SERVER_FLAVORS.find((f) => f === value) ?? null;
  } catch {
    return null;
  }
}

/** Remembers the flavor a connection's server reported, for the rail to show when offline. */
export function rememberFlavor(connectionId: string, flavor: ServerFlavor): void {
  try {
    if (localStorage.getItem(KEY + connectionId) !== flavor)
      localStorage.setItem(KEY + connectionId, flavor);
  } catch {
    // Storage full or refused: the mark shows again on the next connect.
  }
}
