import type { ConnectionSettings, TlsMode } from '../../shared/api/connection';
import { hostPort } from '../../shared/server/host-port';

/**
 * What a connection attempt was aimed at, in the terms the user typed. Error messages name
 * these (host, port, user, CA file, SSH host) instead of repeating a driver's internal wording,
 * so every failure says which of the user's own settings to look at.
 */
export interface ConnectTarget {
  /** `db.example.com:3306`, or `socket /run/mysqld/mysqld.sock`. */
  server: string;
  /** The host name to look up, for TCP endpoints; absent for sockets. */
  host?: string;
  user: string;
  /** The schema selected at login, if any (an unknown one fails the login with 1049). */
  defaultSchema?: string;
  tlsMode: TlsMode;
  caFile?: string;
  /** `bastion.example.com:22` when tunnelling through SSH. */
  sshServer?: string;
  sshHost?: string;
  sshUser?: string;
  timeoutMs: number;
}

export function connectTargetOf(settings: ConnectionSettings): ConnectTarget {
  const { endpoint, tls, ssh } = settings;
  const target: ConnectTarget = {
    server:
      endpoint.kind === 'tcp' ? hostPort(endpoint.host, endpoint.port) : `socket ${endpoint.path}`,
    user: settings.user,
    tlsMode: tls.mode,
    timeoutMs: settings.connectTimeoutMs,
  };
  if (endpoint.kind === 'tcp') target.host = endpoint.host;
  if (settings.defaultSchema !== '') target.defaultSchema = settings.defaultSchema;
  if (tls.caFile !== undefined) target.caFile = tls.caFile;
  if (ssh) {
    target.sshServer = hostPort(ssh.host, ssh.port);
    target.sshHost = ssh.host;
    target.sshUser = ssh.user;
  }
  return target;
}
