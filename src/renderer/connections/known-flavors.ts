import { SERVER_FLAVORS, type ServerFlavor } from '../../shared/server/flavor';
import { readUiState, writeUiState } from '../data/ui-state';

const asFlavor = (v: unknown): ServerFlavor | undefined => SERVER_FLAVORS.find((f) => f === v);

/** The store's name for a connection's flavor, and the localStorage key it had before. */
function names(connectionId: string): { name: string; legacyKey: string } {
  return { name: `flavor.${connectionId}`, legacyKey: `sightline.flavor.${connectionId}` };
}

/** The flavor last seen on a connection (kept in this browser/app profile), if any. */
export function knownFlavor(connectionId: string): ServerFlavor | null {
  const { name, legacyKey } = names(connectionId);
  return readUiState(name, asFlavor, legacyKey) ?? null;
}

/** Remembers the flavor a connection's server reported, for the rail to show when offline. */
export function rememberFlavor(connectionId: string, flavor: ServerFlavor): void {
  if (knownFlavor(connectionId) !== flavor) writeUiState(names(connectionId).name, flavor);
}
