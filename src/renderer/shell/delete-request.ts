import type { SavedConnection } from '../../shared/api/connection';
import { hostPort } from '../../shared/server/host-port';
import type { ConfirmRequest } from '../app/ConfirmDialog';

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
