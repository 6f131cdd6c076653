import type { Endpoint } from '../api/connection';
import type { ServerInfo } from './server-info';

/**
 * How a session's bytes travel, as screens warn about it:
 *   tls      TLS is up (the server reported a cipher)
 *   socket   a local Unix socket: no network link to protect
 *   ssh      no TLS, but inside an SSH tunnel up to the SSH server
 *   clear    no TLS over the network: anyone on the path can read (and change) the session
 */
export type LinkTransport = 'tls' | 'socket' | 'ssh' | 'clear';

/** The transport of a session that reported `server`, opened to `endpoint`. */
export function linkTransport(server: ServerInfo, endpoint: Endpoint): LinkTransport {
  if (server.tlsCipher) return 'tls';
  if (endpoint.kind === 'socket') return 'socket';
  return server.viaSsh ? 'ssh' : 'clear';
}
