/**
 * `host:port` as a person reads it, with an IPv6 literal bracketed (`[fe80::1]:3306`) so the
 * port cannot be taken for the address's last group.
 */
export function hostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}
