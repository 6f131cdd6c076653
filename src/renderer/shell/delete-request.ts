import type { SavedConnection, UnreadableConnection } from '../../shared/api/connection';
import { hostPort } from '../../shared/server/host-port';
import type { ConfirmRequest } from '../app/ConfirmDialog';
import { unreadableName, unreadableReason } from '../connections/UnreadableConnections';

/** The confirmation deleting a saved connection asks for. */
export function deleteRequest(c: SavedConnection): ConfirmRequest {
  const where =
    c.endpoint.kind === 'tcp' ? hostPort(c.endpoint.host, c.endpoint.port) : c.endpoint.path;
  return {
    title: `Delete connection “${c.name}”?`,
    consequence:
      'The saved settings and any saved passwords of this connection are removed from this computer. The server itself is not touched.',
    detail: `${c.name} — ${c.user}@${where}`,
    connectionName: c.name,
    color: c.color,
    typedConfirmation: c.production,
    confirmLabel: 'Delete connection',
  };
}

/** The confirmation deleting an entry this version cannot read asks for: it may be a newer version's only copy. */
export function deleteUnreadableRequest(u: UnreadableConnection): ConfirmRequest {
  const name = unreadableName(u);
  return {
    title: `Delete connection “${name}”?`,
    consequence:
      'This version of Sightline cannot read this saved connection (a newer version saved it, or the file was edited by hand). Deleting removes it from this computer for every version, with any saved passwords. The server itself is not touched.',
    detail: `${name} — ${unreadableReason(u)}`,
    connectionName: name,
    color: 'gray',
    typedConfirmation: false,
    confirmLabel: 'Delete connection',
  };
}
