import type { ServerMessage } from '../../shared/api/wire';

/**
 * One screen's end of a transport (a MessagePort in the desktop app, a WebSocket relayed by the
 * browser-mode supervisor). Services never see transports: they see peers.
 */
export interface Peer {
  readonly id: string;
  send(message: ServerMessage): void;
  onMessage(receiver: (message: unknown) => void): void;
  onClose(listener: () => void): void;
}
